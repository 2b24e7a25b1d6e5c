"""Which frontiers can still be completed as far as the degrees tell, one at a time, by a flow: the plain-Python
reference of :mod:`boardpuzzles.knights.completable`.

Where the module sweeps the board backward once for all relaxed states, this
one takes a single state (what each swept square still needs, the tour's ends
still to come) and asks the board itself: the moves still free are the knight's
moves between two free squares, one of them not swept yet; the squares still to
come need two moves (the start square of an open tour one); the ends to come are
chosen among the squares that need a move (every choice is tried); and the
knight's graph being bipartite (a move joins a light and a dark square), the
needs can be met exactly when a flow from the light squares to the dark ones,
each square passing what it needs and each move one unit, carries all of them.
"""

from __future__ import annotations

from itertools import combinations

from boardpuzzles.knights.frontier import Plan

from frontier_reference import TOUR_END, decode, neighbours


def relaxed(code: int, plan: Plan, step: int) -> tuple[dict[int, int], int]:
    """The relaxed state of ``code``, a frontier after square ``step``: what each of its swept squares still
    needs (2 - its moves; the start square of an open tour one fewer) and the ends the tour has still to get."""
    degree, mate = decode(code, plan, step + 1)
    base = step + 1 - plan.slots
    needs = {}
    ends = 0
    start_pending = not plan.closed and plan.start > step
    for place in range(plan.slots):
        square = base + place
        if square < 0:
            continue
        needs[square] = 2 - degree[place]
        if degree[place] == 1 and mate[place] == TOUR_END:
            ends += 1
        if not plan.closed and square == plan.start and degree[place] < 2:
            needs[square] -= 1
            start_pending = True
    return needs, 0 if plan.closed else 2 - ends - start_pending


def index(plan: Plan, step: int, needs: dict[int, int], ends: int) -> int:
    """The number of a relaxed state among the module's (its places' needs in base 3, then its ends)."""
    base = step + 1 - plan.slots
    number = sum(needs.get(base + place, 0) * 3 ** place for place in range(plan.slots))
    return number + (0 if plan.closed else ends * 3 ** plan.slots)


def completable(plan: Plan, step: int, needs: dict[int, int], ends: int) -> bool:
    """Whether the moves still free after square ``step`` can give every square what it needs, with ``ends``
    more squares taking one move fewer (neither the start, an end already, nor a square whose moves are all
    made: the count makes a square an end when its last neighbour comes)."""
    if ends < 0:
        return False
    free = sorted(set(range(plan.squares)) - plan.blocked)
    need = {}
    for square in free:
        if square <= step:
            need[square] = needs.get(square, 0)
        else:
            need[square] = 1 if not plan.closed and square == plan.start else 2
    for square, value in needs.items():  # a square off the board, or blocked, can get no move
        if value and square not in need:
            return False
    moves = {(min(u, w), max(u, w)) for w in free if w > step for u in neighbours(plan, w)}
    candidates = [s for s in free if need[s] >= 1 and not (not plan.closed and s == plan.start)
                  and max([s] + neighbours(plan, s)) > step]
    for chosen in combinations(candidates, ends):
        wanted = dict(need)
        for s in chosen:
            wanted[s] -= 1
        if _flows(plan, wanted, moves):
            return True
    return False


def _light(plan: Plan, square: int) -> bool:
    column, row = divmod(square, plan.height)
    return (column + row) % 2 == 0


def _flows(plan: Plan, wanted: dict[int, int], moves: set[tuple[int, int]]) -> bool:
    """Whether a set of the moves gives each square exactly ``wanted`` of them (augmenting paths)."""
    light = [s for s in wanted if _light(plan, s) and wanted[s]]
    if sum(wanted[s] for s in wanted if _light(plan, s)) != sum(wanted[s] for s in wanted if not _light(plan, s)):
        return False
    partners: dict[int, list[int]] = {s: [] for s in wanted}
    for u, w in moves:
        a, b = (u, w) if _light(plan, u) else (w, u)
        if wanted[a] and wanted[b]:
            partners[a].append(b)
    taken: set[tuple[int, int]] = set()  # (light, dark) moves in the flow
    given = {s: 0 for s in wanted}

    def augment(a: int, seen: set[int]) -> bool:
        for b in partners[a]:
            if (a, b) in taken or b in seen:
                continue
            seen.add(b)
            if given[b] < wanted[b]:
                taken.add((a, b))
                given[b] += 1
                return True
            for a2 in [x for (x, y) in taken if y == b]:  # b is full: move one of its moves elsewhere
                if a2 != a and augment(a2, seen):
                    taken.discard((a2, b))
                    taken.add((a, b))
                    return True
        return False

    for a in light:
        for _ in range(wanted[a]):
            if not augment(a, set()):
                return False
    return True
