"""Shared by the knight's tour tests: an independent square-by-square tour check, and the plain-Python
references the kernels are compared with (a count of tours, the rules' walk)."""

from __future__ import annotations

from boardpuzzles.knights.moves import DCOL, DROW
from boardpuzzles.knights.warnsdorff import BASE, LOOKAHEAD, ROTH, SEED


def assert_tour(rows, cols, squares, closed=False, start=None, blocked=()):
    """Every free square once, each step a knight's move (and back to the start if closed)."""
    blocked = set(blocked)
    free = {(r, c) for r in range(rows) for c in range(cols)} - blocked
    assert len(squares) == len(free)
    assert set(squares) == free
    if start is not None:
        assert squares[0] == start
    steps = list(zip(squares, squares[1:]))
    if closed and len(squares) > 1:
        steps.append((squares[-1], squares[0]))
    for (r1, c1), (r2, c2) in steps:
        assert {abs(r1 - r2), abs(c1 - c2)} == {1, 2}, ((r1, c1), (r2, c2))


def count_reference(nbr, start, closed):
    """Plain-Python count of the tours from ``start`` over every square of the table ``nbr``
    (``nbr[s]``: the squares a move from s, -1 for none), without pruning: boards of a few dozen squares."""
    n = len(nbr)
    seen = [False] * n
    seen[start] = True
    neighbours = [[int(t) for t in row if t >= 0] for row in nbr]

    def extend(p, placed):
        if placed == n:
            return int(not closed or start in neighbours[p])
        total = 0
        for t in neighbours[p]:
            if not seen[t]:
                seen[t] = True
                total += extend(t, placed + 1)
                seen[t] = False
        return total

    return extend(start, 1)


def tour_reference(rows: int, cols: int, start: tuple[int, int], rule: int = SEED,
                   depth: int = 1) -> list[tuple[int, int]]:
    """The squares ``rule`` visits from ``start`` on a board without blocked squares, walked in plain
    Python: what :func:`boardpuzzles.knights.warnsdorff.run_rule` answers, as (row, col) pairs."""
    moves = list(zip(DROW.tolist(), DCOL.tolist()))

    def free_neighbours(r, c):
        return [(r + dr, c + dc) for dr, dc in moves
                if 0 <= r + dr < rows and 0 <= c + dc < cols and not board[r + dr][c + dc]]

    board = [[False] * cols for _ in range(rows)]
    access = [[len(free_neighbours(r, c)) for c in range(cols)] for r in range(rows)]

    def occupy(r, c):
        board[r][c] = True
        for tr, tc in free_neighbours(r, c):
            access[tr][tc] -= 1

    def release(r, c):
        board[r][c] = False
        for tr, tc in free_neighbours(r, c):
            access[tr][tc] += 1

    def look(r, c, d):
        if d <= 1:
            return access[r][c]
        occupy(r, c)
        onward = [look(tr, tc, d - 1) for tr, tc in free_neighbours(r, c)]
        release(r, c)
        return access[r][c] * BASE ** (d - 1) + min(onward, default=BASE ** (d - 1) - 1)

    path = [start]
    occupy(*start)
    while len(path) < rows * cols:
        r, c = path[-1]
        options = []
        for code, (tr, tc) in enumerate(free_neighbours(r, c)):
            key = look(tr, tc, depth) if rule == LOOKAHEAD else access[tr][tc]
            if rule == ROTH and key == 0 and len(path) + 1 < rows * cols:
                continue
            far = (2 * tr - rows + 1) ** 2 + (2 * tc - cols + 1) ** 2
            options.append((key, -far if rule == ROTH else 0, code, (tr, tc)))
        if not options:
            break
        square = min(options)[3]
        occupy(*square)
        path.append(square)
    return path
