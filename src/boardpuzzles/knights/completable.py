"""Which frontiers of a count can still be completed, as far as the squares' degrees tell: the *degree
relaxation* of the frontier count, solved backward from the end of the board.

A frontier is dead when no choice of the moves still to come gives every square
its two moves (one at each end of an open tour): none of its successors reaches
the end of the board, yet the count carries it and its successors step after
step.  Near the end of a board most frontiers are dead: on 6x8 closed, 78% of
the states of the whole sweep and 83% of its widest step are (the last columns'
squares have few moves left, and a frontier that leaves them too few partners,
or asks too much of them, cannot be finished).

The relaxation forgets how the paths join.  It describes a frontier by what
each of its squares still needs (2 moves when EMPTY, 1 with one move, 0 when
FULL; the start square of an open tour is an end, so one fewer) and, for open
tours, by how many ends the tour has still to get (2, less the ends already
made: a DANGLING path's finished end, the start square not yet finished).  Each
square still to come needs 2 moves, or 1 if it becomes an end.  A relaxed state
is *completable* when the moves still free (between two squares, at least one
of them to come) can give every square exactly what it needs.  The sets of
completable states are found backward: after the last free square only "nothing
needed, no end to come" is; a state after square ``i - 1`` is completable when
one choice of square ``i``'s moves back (the choices of the count's own
transition, on degrees alone: at most two moves, none to a square that needs
none, each square whose last neighbour ``i`` is must then need nothing more or
become an end) leads to a completable state after square ``i``.  The knight's
graph is bipartite, so for one state this is what a flow would tell; the
backward sweep tells it for all states at once.

The count (the transition, :func:`.frontier.successor_words`, indexes a state) drops each successor
whose relaxed state is not in its step's set: no tour is lost (a dead frontier
has no completion), and the states kept are about a third.  A state is a number:
the needs of the frontier's places as base-3 digits (the oldest lowest), then for
open tours the ends still to come; a set is its sorted members (uint32), and a
step's test a bitmap of :attr:`.frontier.Plan.relaxed_size` bits.  Boards more
than 8 squares across have too many states (:data:`.frontier.MOST_RELAXED`): they
are counted without the test (every set is None).  The plain-Python reference that
the tests compare these sets with searches each relaxed state's completions
one by one (``tests/completable_reference.py``).
"""

from __future__ import annotations

import os
from dataclasses import dataclass

import numpy as np
from numba import njit

from .. import checks
from ..errors import InputError
from ..progress import Tracker
from .codes import FULL
from .frontier import KEEP_ALL, POWERS_OF_3, Plan

#: states of a step taken back at a time (about 0.1 s): ``cancel`` is looked at between two
CHUNK = 1 << 21


@njit(cache=True, inline="always")
def _mark(bits, index):
    bits[index >> 6] |= np.uint64(1) << np.uint64(index & 63)


@njit(cache=True, inline="always")
def _ends_at(finish, nf, ended, place):
    """Whether the finishing places chosen by the bits of ``ended`` include ``place``."""
    for k in range(nf):
        if (ended >> k) & 1 and finish[k] == place:
            return True
    return False


@njit(cache=True, nogil=True)
def _before(after, bits, slots, back, nb, finish, nf, fill, start_place, ends):
    """Mark in ``bits`` every relaxed state after the step before this one that this step's square (working
    places ``0 .. slots``, the square itself at ``slots``; its moves back to places ``back[:nb]``; the places
    whose last neighbour it is ``finish[:nf]``; ``fill``: the moves it needs, 0 when blocked, 1 as the start
    of an open tour, else 2; ``start_place``: the start's place, -1 if none, which is an end already) leads to
    one of the states ``after`` (the completable ones after it; a state holds working places ``1 .. slots``
    after the step, ``0 .. slots - 1`` before it).  ``ends``: 1 for closed tours, 3 for open ones (0, 1 or 2
    ends to come)."""
    size = POWERS_OF_3[slots]
    need = np.zeros(slots + 1, dtype=np.int64)
    finishing = np.zeros(slots + 1, dtype=np.bool_)
    for k in range(nf):
        finishing[finish[k]] = True
    for state in after:
        left = np.int64(state) // size
        rest = np.int64(state) % size
        dead = False
        for j in range(1, slots + 1):  # a place that finishes here needs nothing after it
            need[j] = rest % 3
            rest //= 3
            dead |= finishing[j] and need[j] != 0
        if dead:
            continue
        need[0] = 0  # place 0 leaves: its moves were made before, unless it finishes here
        for ended in range(1 << nf if ends > 1 else 1):  # the finishing places that become ends of the tour
            made = 0
            for k in range(nf):
                need[finish[k]] = (ended >> k) & 1
                made += need[finish[k]]
            if left + made >= ends or (ended and _ends_at(finish, nf, ended, start_place)):
                continue
            moves = fill - need[slots]  # the new square takes the moves it needs but those still to come
            if moves < 0 or moves > 2 or moves > nb:
                continue
            base = (left + made) * size
            for j in range(slots):
                base += need[j] * POWERS_OF_3[j]
            if moves == 0:
                _mark(bits, base)
                continue
            for a in range(nb):
                if need[back[a]] == 2:
                    continue  # a move to it would ask three of it
                if moves == 1:
                    _mark(bits, base + POWERS_OF_3[back[a]])
                    continue
                for b in range(a + 1, nb):
                    if need[back[b]] < 2:
                        _mark(bits, base + POWERS_OF_3[back[a]] + POWERS_OF_3[back[b]])


@njit(cache=True, nogil=True)
def _members(bits):
    """The set bits of a bitmap, in order, as uint32 indices."""
    count = 0
    for word in bits:
        while word:
            word &= word - np.uint64(1)
            count += 1
    out = np.empty(count, dtype=np.uint32)
    at = 0
    for k in range(len(bits)):
        word = bits[k]
        while word:
            low = word & (~word + np.uint64(1))
            below = low - np.uint64(1)  # the bits under the lowest set one: its position is their number
            below = below - ((below >> np.uint64(1)) & np.uint64(0x5555555555555555))
            below = (below & np.uint64(0x3333333333333333)) + ((below >> np.uint64(2)) & np.uint64(0x3333333333333333))
            below = (((below + (below >> np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)) *
                     np.uint64(0x0101010101010101)) >> np.uint64(56)
            out[at] = np.uint32(k * 64 + np.int64(below))
            at += 1
            word ^= low
    return out


@njit(cache=True, nogil=True)
def _bitmap(members, bits):
    for index in members:
        _mark(bits, np.int64(index))


def _square_needs(plan: Plan, square: int) -> int:
    """The moves a square needs when it is swept: none when blocked, one for the start of an open tour
    (an end), else two."""
    if plan.fill[square] == FULL:
        return 0
    return 1 if not plan.closed and square == plan.start else 2


@dataclass(frozen=True, eq=False)
class Completable:
    """The completable relaxed states after each square of ``plan``'s sweep: ``members[i]`` those after square
    ``i`` (sorted uint32 indices), None where nothing is tested (the last free square, where the count checks
    that the tour is whole, and after it).  Squares with the same set share one array.  ``files[i]``: the
    file the set is mapped from (numpy's format), when they were written in a folder (else None)."""

    plan: Plan
    members: tuple[np.ndarray | None, ...]
    files: tuple[str | None, ...]

    @property
    def nbytes(self) -> int:
        """The bytes the sets take (each shared array once): memory, or disk when in files."""
        return sum(a.nbytes for a in {id(a): a for a in self.members if a is not None}.values())

    def close(self) -> None:
        """Remove the sets' files."""
        for path in {name for name in self.files if name is not None}:
            if os.path.exists(path):
                os.remove(path)

    def bitmap(self, step: int) -> np.ndarray:
        """The test of the successors made at ``step`` (:func:`bitmap`)."""
        return bitmap(self.members[step], self.plan)


def bitmap(members: np.ndarray | None, plan: Plan) -> np.ndarray:
    """The test of a step's successors from its completable states ``members`` (sorted uint32 indices, as a
    :class:`Completable` holds them or a file keeps them): a bitmap of :attr:`.frontier.Plan.relaxed_size`
    bits, or :data:`.frontier.KEEP_ALL` where nothing is tested (None)."""
    if members is None:
        return KEEP_ALL
    if members.dtype != np.uint32 or members.ndim != 1 or (len(members) and int(members[-1]) >= plan.relaxed_size):
        raise InputError(f"{{parameter}} must be uint32 states below {plan.relaxed_size}", parameter="members",
                         value=getattr(members, "shape", None))
    bits = np.zeros((plan.relaxed_size + 63) // 64, dtype=np.uint64)
    _bitmap(members, bits)
    return bits


def completable(plan: Plan, tracker: Tracker | None = None, folder: str | None = None) -> Completable:
    """The completable relaxed states after each square of ``plan``, found backward from its last free square
    (none on a board whose relaxation has too many states: :attr:`.frontier.Plan.relaxes`); ``tracker`` hears
    of each square (its detail) and is where ``cancel`` is looked at.  With ``folder``, each set is written
    there as it is found and mapped back (8x8 open: 3.1 GB of sets, read a step at a time): files
    ``completable-N.npy``.  The tracker's detail is given back as it was (the count's states)."""
    if not isinstance(plan, Plan):
        raise InputError("{parameter} must be a frontier.Plan", parameter="plan", value=type(plan).__name__)
    if folder is not None:
        checks.path(folder, "folder")
    members: list[np.ndarray | None] = [None] * plan.squares
    files: list[str | None] = [None] * plan.squares
    words = (plan.relaxed_size + 63) // 64 if plan.relaxes else 0
    after = np.zeros(1, dtype=np.uint32)  # after the last free square: nothing needed, no end to come
    ends = 1 if plan.closed else 3
    detail = tracker.detail if tracker is not None else ""
    for i in range(plan.last_free if plan.relaxes else 0, 0, -1):
        bits = np.zeros(words, dtype=np.uint64)
        for lo in range(0, len(after), CHUNK):
            _before(after[lo:lo + CHUNK], bits, plan.slots, plan.back[i], plan.nback[i], plan.finish[i],
                    plan.nfinish[i], _square_needs(plan, i), plan.step(i).start_place, ends)
            if tracker is not None:
                tracker.update(detail=f"the end of the board looked at: {plan.last_free - i} of "
                                      f"{plan.last_free} squares")
        after = _members(bits)
        path = None
        for later in (i - 1 + plan.height, i - 1 + 2 * plan.height):  # far from the end the sets repeat with
            same = members[later] if later < plan.squares else None    # the columns (two: the colours alternate)
            if same is not None and np.array_equal(same, after):
                after, path = same, files[later]
                break
        else:
            if folder is not None:
                path = os.path.join(folder, f"completable-{i - 1}.npy")
                np.save(path, after)
                after = np.load(path, mmap_mode="c")
        members[i - 1], files[i - 1] = after, path
    if tracker is not None:
        tracker.update(detail=detail)
    return Completable(plan, tuple(members), tuple(files))
