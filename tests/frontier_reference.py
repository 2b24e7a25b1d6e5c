"""The frontier transition in plain Python, written another way, for the tests.

Where :func:`boardpuzzles.knights.frontier.successors` works on the codes' 4-bit
cells with bit tricks, this one decodes a code into degrees and *mates* (for
each path end, the place of the other end, or :data:`TOUR_END` when the other
end is an end of the whole tour), adds the moves one at a time, and encodes
again; it finds the squares that finish and those with one neighbour left from
the board itself, not from the plan's tables.  The tests compare the two on
every code met while counting small boards (blocked squares and starts
included), and :func:`count` (this transition over a whole sweep) with the
published counts.
"""

from __future__ import annotations

from itertools import combinations

from boardpuzzles.knights.codes import CELL_BITS, DANGLING, EMPTY, FIRST_LABEL, FULL
from boardpuzzles.knights.frontier import Plan, initial, row_code

TOUR_END = -1


def neighbours(plan: Plan, square: int) -> list[int]:
    """The free squares a knight's move from a free square, in sweep order (square = column * height + row)."""
    h, w = plan.height, plan.width
    c, r = divmod(square, h)
    found = []
    for dc, dr in ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)):
        if 0 <= c + dc < w and 0 <= r + dr < h and (c + dc) * h + r + dr not in plan.blocked:
            found.append((c + dc) * h + r + dr)
    return found


def decode(code: int, plan: Plan, step: int) -> tuple[list[int], dict[int, int]]:
    """Degrees of places 0..slots of step ``step`` (the new square last) and the mates of path ends."""
    stored = [(code >> (CELL_BITS * k)) & 15 for k in range(plan.cells)]
    if plan.closed:  # the oldest place: the label the code holds once, else FULL
        alone = [x for x in stored if x >= FIRST_LABEL and stored.count(x) == 1]
        stored = [alone[0] if alone else FULL] + stored
    cells = stored + [FULL if step in plan.blocked else EMPTY]
    degree = [{EMPTY: 0, FULL: 2}.get(x, 1) for x in cells]
    mate = {}
    for j, x in enumerate(cells):
        if x == DANGLING:
            mate[j] = TOUR_END
        elif x >= FIRST_LABEL:
            mate[j] = next(k for k, y in enumerate(cells) if y == x and k != j)
    return degree, mate


def encode(degree: list[int], mate: dict[int, int], plan: Plan) -> int:
    """The code of places 1.. (place 0 leaves; for closed tours place 1 is implied too)."""
    names: dict[int, int] = {}
    code = 0
    first = 1 + int(plan.closed)
    for j in range(first, len(degree)):
        if degree[j] != 1:
            x = EMPTY if degree[j] == 0 else FULL
        elif mate[j] == TOUR_END:
            x = DANGLING
        else:
            pair = min(j, mate[j])
            names.setdefault(pair, FIRST_LABEL + len(names))
            x = names[pair]
        code |= x << (CELL_BITS * (j - first))
    return code


def successors(code: int, plan: Plan, step: int) -> list[int]:
    """The codes that ``code`` leads to at step ``step``, one for each choice of moves back that survives
    the squares that finish (two choices may lead to the same code: both count)."""
    slots, base = plan.slots, step - plan.slots
    place = {square: square - base for square in range(max(0, base), step + 1)}
    back = [place[t] for t in neighbours(plan, step) if t < step] if step not in plan.blocked else []
    finishing = [place[s] for s in place if s not in plan.blocked and max([s] + neighbours(plan, s)) == step]
    left = {place[s]: sum(1 for t in neighbours(plan, s) if t > step) for s in place if s not in plan.blocked}
    start = place.get(plan.start, -1) if plan.start >= 0 else -1
    last = step == max(set(range(plan.squares)) - plan.blocked)
    found = []
    for size in range(3):
        for moves in combinations(back, size):
            degree, mate = decode(code, plan, step)
            complete = False
            ok = True
            for u in moves:  # the move between the new square and u
                ok, whole = _add_move(degree, mate, slots, u, plan.closed)
                complete = complete or whole
                if not ok:
                    break
            if not ok or (start >= 0 and degree[start] > 1):
                continue
            for f in finishing:
                ok, whole = _finish(degree, mate, f, plan.closed, complete)
                complete = complete or whole
                if not ok:
                    break
            if not ok or (complete and not last) or degree[0] != 2:
                continue
            ends = sum(1 for j in range(1, slots + 1) if (degree[j] == 1 and mate[j] == TOUR_END)
                       or (degree[j] == 0 and left.get(j) == 1))
            if ends <= (0 if plan.closed else 2):
                found.append(encode(degree, mate, plan))
    return found


def _other_end(degree, mate, a):
    return a if degree[a] == 0 else mate[a]


def _add_move(degree, mate, a, b, closed) -> tuple[bool, bool]:
    """Join a and b: (allowed, the tour is whole)."""
    if degree[a] == 2 or degree[b] == 2:
        return False, False
    x, y = _other_end(degree, mate, a), _other_end(degree, mate, b)
    degree[a] += 1
    degree[b] += 1
    if x == b:  # a cycle
        return closed, True
    if x == TOUR_END and y == TOUR_END:  # the paths from both ends of an open tour meet
        return not closed, True
    for end, other in ((x, y), (y, x)):
        if end != TOUR_END:
            mate[end] = other
    return True, False


def _finish(degree, mate, f, closed, complete) -> tuple[bool, bool]:
    """Square f gains no more moves: (allowed, the tour is whole)."""
    if degree[f] == 2:
        return True, False
    if degree[f] == 0 or closed or complete:
        return False, False
    degree[f] = 2
    if mate[f] == TOUR_END:
        return True, True
    if sum(1 for j, m in mate.items() if degree[j] == 1 and m == TOUR_END) >= 2:
        return False, False
    mate[mate[f]] = TOUR_END
    return True, False


def count(plan: Plan) -> int:
    """Paths (open) or cycles (closed) through every free square of the plan's board, swept with this
    transition."""
    counts = {row_code(initial(plan)[0], plan): 1}
    for step in range(plan.squares):
        following: dict[int, int] = {}
        for code, number in counts.items():
            for after in successors(code, plan, step):
                following[after] = following.get(after, 0) + number
        counts = following
    return sum(counts.values())
