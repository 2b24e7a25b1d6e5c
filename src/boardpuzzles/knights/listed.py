"""The knight's watched methods as a learner reads them beside seed 003.

The seed keeps two tables, ``board`` (visited or not) and ``accessibility`` (from
how many free squares a square can still be reached), and codes the eight moves
0..7 in ``horizontal`` and ``vertical``.  The functions here are that program in
Python, run on a ``knight`` that holds the tables (``knight.board[row][col]``,
``knight.accessibility[row][col]``; row 0 is rank 1, blocked squares count as
visited) and makes the steps: each ``knight.test(...)``, ``knight.move(...)`` or
``knight.back(...)`` makes one step and hands it to whoever watches, so the line
lit beside the board is the line that made it (:class:`~boardpuzzles.listing.Listing`).

* :func:`walk` is the seed's loop: move to the free square of lowest score until
  none is left; the score is the rule: :func:`warnsdorff` (the accessibility, ties
  to the lower move code), :func:`lookahead` (the seed's deeper look,
  :func:`look`) or :func:`roth` (ties to the square farthest from the centre, a
  dead end only as the last square).  It chooses as the kernel
  :func:`.warnsdorff.run_rule` does.
* :func:`backtrack` is the exhaustive method: a depth-first search (:func:`search`
  and :func:`onward`) that tries each square's moves in Warnsdorff's order, cuts a
  branch as soon as some free square can no longer be fitted in (:func:`hopeless`)
  and goes back; runs in several tie orders take turns with growing budgets.  It
  is the search of the kernel :mod:`.search` as :func:`.tour.exhaustive` runs it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..geometry import square_name
from ..i18n import Note
from ..listing import Listing
from .moves import HORIZONTAL, VERTICAL
from .warnsdorff import BASE


class OutOfBudget(Exception):
    """A run of :func:`backtrack` made its budget of moves without an answer."""


def reason(why: str, squares: Sequence[tuple[int, int]] = (), left: int | None = None) -> Note:
    """Why the search goes back or finds no tour: the catalogue's ``knight.why_<why>`` with the ``squares``
    it names and the squares ``left`` to visit."""
    fields: tuple[tuple[str, Any], ...] = (("squares", tuple(square_name(*square) for square in squares)),) if squares else ()
    return Note(f"knight.why_{why}", fields + ((("left", left),) if left is not None else ()))


def jumps(knight, row, col, shift=0):
    """(move, r, c) for each square (r, c) a knight's move from (row, col) on the board, by move
    code from ``shift`` on.  (Rows count up from rank 1; the seed's ``vertical`` points down.)"""
    squares = []
    for i in range(8):
        move = (shift + i) % 8
        r, c = row - VERTICAL[move], col + HORIZONTAL[move]
        if 0 <= r < knight.rows and 0 <= c < knight.cols:
            squares.append((move, r, c))
    return squares


def counts(knight, r, c):
    """Whether (r, c) counts in its neighbours' accessibility: a free square, or the start of a
    closed tour (the tour comes back to it)."""
    return not knight.board[r][c] or (knight.closed and (r, c) == knight.start)


def occupy(knight, row, col):
    """The knight is on (row, col): the square is visited and every square a move away loses one."""
    knight.board[row][col] = True
    if knight.closed and (row, col) == knight.start:
        return
    for _, r, c in jumps(knight, row, col):
        if counts(knight, r, c):
            knight.accessibility[r][c] -= 1


def release(knight, row, col):
    """Undo :func:`occupy`: (row, col) is free again and the squares a move away win one back."""
    knight.board[row][col] = False
    if knight.closed and (row, col) == knight.start:
        return
    for _, r, c in jumps(knight, row, col):
        if counts(knight, r, c):
            knight.accessibility[r][c] += 1


# ---------------------------------------------------------------- the rules


def walk(knight, score, shift):
    """The seed's loop: from the start, move to the free square of lowest ``score`` until every
    free square is visited, or none is a move away (stuck).  Ties go to the first square in
    the order of the move codes from ``shift`` (the seed's order: 0)."""
    row, col = knight.start
    occupy(knight, row, col)
    knight.begin()
    for number in range(2, knight.squares + 1):
        best = None
        for _, r, c in jumps(knight, row, col, shift):
            if not knight.board[r][c]:
                key = score(knight, r, c, number)
                knight.test(r, c, key)
                if key is not None and (best is None or key < best_key):
                    best, best_key = (r, c), key
        if best is None:
            knight.stuck()
            return
        row, col = best
        occupy(knight, row, col)
        knight.move(row, col)
    knight.done()


def warnsdorff(knight, row, col, number):
    """The seed's rule: the square's accessibility (the fewer ways on, the sooner to go there)."""
    return knight.accessibility[row][col]


def lookahead(knight, row, col, number):
    """The seed's deeper look: the score of :func:`look`, ``knight.depth`` moves ahead."""
    return look(knight, row, col, knight.depth)


def look(knight, row, col, depth):
    """The square's accessibility, then (for a tie) the lowest score one move further on: one
    hexadecimal digit a move, so 0x35 reads "3, then 5"."""
    a = knight.accessibility[row][col]
    if depth <= 1:
        return a
    scale = BASE ** (depth - 1)
    best = scale - 1  # nowhere to go on: the worst tie-break
    occupy(knight, row, col)
    for _, r, c in jumps(knight, row, col):
        if not knight.board[r][c]:
            best = min(best, look(knight, r, c, depth - 1))
    release(knight, row, col)
    return a * scale + best


def roth(knight, row, col, number):
    """Roth's rule: the accessibility, ties to the square farthest from the centre; a square
    with no way on is refused (None) unless it is the last one."""
    a = knight.accessibility[row][col]
    if a == 0 and number < knight.squares:
        return None  # a dead end before the last move
    far = (2 * row - knight.rows + 1) ** 2 + (2 * col - knight.cols + 1) ** 2
    return a, -far


# ---------------------------------------------------------------- the exhaustive search


def backtrack(knight):
    """The exhaustive method: :func:`search` from the start, in runs that take turns, each in its
    tie order with its budget of moves, until one ends within its budget: with a tour, or
    having tried every move (no tour)."""
    for budget, order in knight.runs():
        row, col = knight.start
        occupy(knight, row, col)
        knight.begin(budget, order)
        try:
            found, why = onward(knight, row, col, 1, 0, budget)
        except OutOfBudget:
            knight.clear()
            continue
        if found:
            knight.done()
        else:
            knight.exhausted(why)
        return


def onward(knight, row, col, number, across, budget):
    """The knight has reached (row, col), the number-th square of the path: (True, None) when the
    path is a tour or goes on to one, else (False, why not)."""
    if number == knight.squares:
        start_row, start_col = knight.start
        if not knight.closed or abs(row - start_row) * abs(col - start_col) == 2:
            return True, None
        return False, reason("not_closing")  # the last square is not a knight's move from the start
    why = hopeless(knight, row, col, knight.squares - number)
    if why:
        return False, why
    if search(knight, row, col, number, across, budget):
        return True, None
    return False, reason("no_move", [(row, col)])


def search(knight, row, col, number, across, budget):
    """Try the moves from (row, col) in Warnsdorff's order: fewest ways on first, then the run's
    tie order, then the move code.  ``across`` counts the moves between the middle lines of a
    board four lines wide, where an open tour makes at most ``knight.across`` (-1: no limit)."""
    candidates = []
    for move, r, c in jumps(knight, row, col):
        if not knight.board[r][c]:
            crossing = int(knight.middle[row][col] and knight.middle[r][c])
            capped = crossing and 0 <= knight.across <= across
            knight.test(r, c, capped=capped)
            if not capped:
                candidates.append((knight.accessibility[r][c], knight.tie[r][c], move, r, c, crossing))
    candidates.sort()
    for _, _, move, r, c, crossing in candidates:
        if knight.made == budget:
            raise OutOfBudget
        occupy(knight, r, c)
        knight.move(r, c)
        found, why = onward(knight, r, c, number + 1, across + crossing, budget)
        if found:
            return True
        release(knight, r, c)
        knight.back(r, c, why)
    return False


def hopeless(knight, row, col, remaining):
    """Why no tour can go on from (row, col) with ``remaining`` squares still to visit (None when
    one may).  A free square needs two ways (one in, one out), but the knight's next square
    needs one, and so does the last square of an open tour, of which there is one."""
    a = knight.accessibility
    near = [(r, c) for _, r, c in jumps(knight, row, col) if not knight.board[r][c]]
    dead = [(r, c) for r, c in near if a[r][c] == 0]  # the knight could go in, never out
    single = [(r, c) for r, c in near if a[r][c] == 1]
    low = [(r, c) for r in range(knight.rows) for c in range(knight.cols)
           if not knight.board[r][c] and a[r][c] <= 1 and (r, c) not in near]
    if knight.closed:
        if low:
            return reason("closed_low", low[:1])  # fewer than two ways left: it cannot be gone in and out
        if dead:
            return reason("closed_dead", dead[:1])  # no way on: the knight could go in and never out
        if len(single) > 1:
            return reason("closed_singles", single)  # one way on each: only one of them can come next
        if a[knight.start[0]][knight.start[1]] == 0:
            return reason("closed_start")  # no free square next to the start: no way back
        return None
    unreachable = [(r, c) for r, c in low if a[r][c] == 0]
    if unreachable:
        return reason("unreachable", unreachable[:1])
    if len(dead) > 1:
        return reason("dead_ends", dead)  # a tour has one end
    if dead and remaining > 1:
        return reason("dead_end", dead, left=remaining)  # it could only be the last square
    ends = low + dead + single[1:]
    if len(ends) > 1:
        return reason("ends", ends)  # each could only be the last square
    return None


_RULE_VARIABLES = ("shift", "number", "row", "col", "r", "c", "key", "best", "best_key")
_SHARED: list[Callable[..., Any]] = [jumps, counts, occupy, release]

#: The listing of each method that can be watched, in the order a learner reads it.
LISTINGS = {
    "warnsdorff": Listing("warnsdorff", [walk, warnsdorff, *_SHARED], frames={"walk": "walk"},
                          variables=_RULE_VARIABLES),
    "lookahead": Listing("lookahead", [walk, lookahead, look, *_SHARED], frames={"walk": "walk"},
                         variables=_RULE_VARIABLES),
    "roth": Listing("roth", [walk, roth, *_SHARED], frames={"walk": "walk"}, variables=_RULE_VARIABLES),
    "backtrack": Listing("backtrack", [backtrack, onward, search, hopeless, *_SHARED],
                         frames={"backtrack": "backtrack", "search": "search"},
                         variables=("budget", "order", "found", "why", "number", "row", "col", "move", "r", "c")),
}
