"""The frontier transition in plain Python, written another way, for the tests.

Where :func:`.frontier.successors` works on the codes' digits (pair labels),
this one decodes a frontier into degrees and *mates* (for each path end, the
place of the other end, or :data:`TOUR_END` when the other end is an end of the
whole tour), adds the moves one at a time, and encodes again.  The tests
compare the two on every frontier met while counting small boards, and
:func:`count` (this transition over a whole sweep) with the published counts.
"""

from __future__ import annotations

from itertools import combinations

from .frontier import BASE, DANGLING, EMPTY, FIRST_LABEL, FULL, Plan, initial

TOUR_END = -1


def decode(code: int, slots: int) -> tuple[list[int], dict[int, int]]:
    """Degrees of places 0..slots (the new square last, degree 0) and the mates of path ends."""
    digits = [(code // BASE ** j) % BASE for j in range(slots)] + [EMPTY]
    degree = [{EMPTY: 0, FULL: 2}.get(x, 1) for x in digits]
    mate = {}
    for j, x in enumerate(digits):
        if x == DANGLING:
            mate[j] = TOUR_END
        elif x >= FIRST_LABEL:
            mate[j] = next(k for k, y in enumerate(digits) if y == x and k != j)
    return degree, mate


def encode(degree: list[int], mate: dict[int, int]) -> int:
    """The code of places 1.. (place 0 leaves the frontier)."""
    names: dict[int, int] = {}
    code = 0
    for j in range(1, len(degree)):
        if degree[j] != 1:
            x = EMPTY if degree[j] == 0 else FULL
        elif mate[j] == TOUR_END:
            x = DANGLING
        else:
            pair = min(j, mate[j])
            names.setdefault(pair, FIRST_LABEL + len(names))
            x = names[pair]
        code += x * BASE ** (j - 1)
    return code


def successors(code: int, plan: Plan, step: int, closed: bool) -> list[int]:
    """The frontiers that ``code`` leads to at step ``step``, one for each choice of moves back that
    survives the squares that finish (two choices may lead to the same frontier: both count)."""
    slots = plan.slots
    back = [int(b) for b in plan.back[step] if b >= 0]
    finish = [int(f) for f in plan.finish[step] if f >= 0]
    start = plan.start_place(step)
    last = step == plan.squares - 1
    found = []
    for size in range(3):
        for moves in combinations(back, size):
            degree, mate = decode(code, slots)
            complete = False
            ok = True
            for u in moves:  # the move between the new square and u
                ok, whole = _add_move(degree, mate, slots, u, closed)
                complete = complete or whole
                if not ok:
                    break
            if not ok or (start >= 0 and degree[start] > 1):
                continue
            for f in finish:
                ok, whole = _finish(degree, mate, f, closed, complete)
                complete = complete or whole
                if not ok:
                    break
            if not ok or (complete and not last) or degree[0] != 2:
                continue
            ends = sum(1 for j in range(1, slots + 1) if (degree[j] == 1 and mate[j] == TOUR_END)
                       or (degree[j] == 0 and plan.rem[step][j] == 1))
            if ends <= (0 if closed else 2):
                found.append(encode(degree, mate))
    return found


def _other_end(degree: list[int], mate: dict[int, int], a: int) -> int:
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


def count(plan: Plan, closed: bool) -> int:
    """Paths (open) or cycles (closed) through every square of the plan's board, swept with this transition."""
    counts = {int(initial(plan.slots)[0][0]): 1}
    for step in range(plan.squares):
        following: dict[int, int] = {}
        for code, number in counts.items():
            for after in successors(code, plan, step, closed):
                following[after] = following.get(after, 0) + number
        counts = following
    return sum(counts.values())
