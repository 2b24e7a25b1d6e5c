"""How long a listing of solutions would take, so that one that cannot end is refused before it starts.

The number of solutions of N queens is the published count up to N = 27 and,
beyond, Simkin's asymptotic ``(0.1431 N)^N`` scaled to meet the table at N = 27.
Listing or completing costs about a fixed time per solution and per row
(measured on the 2-core test machine at N = 12: :data:`SECONDS_PER_SOLUTION_ROW`).
The search for a first solution costs a known number of steps where
:data:`.bitboard.FIRST_SOLUTION_STEPS` has them, at :data:`SECONDS_PER_STEP`.
A run estimated above :data:`MOST_SECONDS` raises :class:`~boardpuzzles.errors.TooLong`
unless it is given ``force=True``.
"""

from __future__ import annotations

import math

from ..errors import TooLong
from .published import SIMKIN_CONSTANT, TOTAL

#: Estimated seconds above which a call refuses to start without ``force``: an hour.
MOST_SECONDS = 3600.0

#: Seconds per solution listed and per row of the board (N = 12: 14,200 solutions;
#: bitboard 0.031 s, recursive 1.13 s, iterative 1.11 s, freelist 3.8 s; a completion
#: of a1 on 12 x 12: 500 in 0.079 s).
SECONDS_PER_SOLUTION_ROW = {
    "bitboard": 2.2e-6 / 12,
    "recursive": 8.0e-5 / 12,
    "iterative": 7.8e-5 / 12,
    "freelist": 2.7e-4 / 12,
    "complete": 1.6e-4 / 12,
}

#: Seconds per step of the search for a first solution (the steps of
#: :data:`.bitboard.FIRST_SOLUTION_STEPS`; every search method takes the same
#: steps in the same order), on one core of the 2-core test machine, measured
#: with ``python benchmarks/queens.py --first``: bitboard at N = 30..34 (N = 34:
#: 4,589,210,534 steps in 33 s), the seeds' searches at N = 20 (0.71, 1.07 and
#: 2.08 s for 399,250 steps).
SECONDS_PER_STEP = {
    "bitboard": 7.1e-9,
    "recursive": 1.8e-6,
    "iterative": 2.7e-6,
    "freelist": 5.2e-6,
}

_LARGEST_PUBLISHED = max(TOTAL)


def log10_solutions(n: int) -> float:
    """log10 of the number of solutions of ``n`` queens (-inf when there is none):
    published up to N = 27, Simkin's asymptotic (scaled to the table) beyond."""
    if n in TOTAL:
        return math.log10(TOTAL[n]) if TOTAL[n] else -math.inf
    top = _LARGEST_PUBLISHED
    scale = math.log10(TOTAL[top]) - top * math.log10(SIMKIN_CONSTANT * top)
    return n * math.log10(SIMKIN_CONSTANT * n) + scale


def _amount(log10_count: float) -> str:
    if log10_count < 15:
        return f"{10 ** log10_count:,.0f}"
    return f"10^{log10_count:.0f}"


def _duration(log10_seconds: float) -> str:
    if log10_seconds < math.log10(48 * 3600):
        return f"{10 ** log10_seconds / 3600:,.0f} hours"
    log10_years = log10_seconds - math.log10(365.25 * 86400)
    if log10_years < 6:
        return f"{max(1, round(10 ** log10_years)):,} years" if log10_years >= 0 else f"{10 ** log10_seconds / 86400:,.0f} days"
    return f"10^{log10_years:.0f} years"


def check(problem: str, log10_count: float, n: int, kind: str, what: str, force: bool) -> None:
    """Raise :class:`TooLong` for ``problem`` if listing ``10 ** log10_count`` solutions of
    ``n`` queens by ``kind`` (a method, or ``complete``) would run past :data:`MOST_SECONDS`."""
    if force or log10_count == -math.inf:
        return
    log10_seconds = log10_count + math.log10(SECONDS_PER_SOLUTION_ROW[kind] * n)
    if log10_seconds > math.log10(MOST_SECONDS):
        raise TooLong(problem, f"about {_amount(log10_count)} {what}, some {_duration(log10_seconds)} of work")


def check_steps(problem: str, steps: int, method: str, force: bool) -> None:
    """Raise :class:`TooLong` for ``problem`` if ``steps`` steps of the search by
    ``method`` would run past :data:`MOST_SECONDS`."""
    seconds = steps * SECONDS_PER_STEP[method]
    if not force and seconds > MOST_SECONDS:
        raise TooLong(problem, f"about {steps:,} steps, some {_duration(math.log10(seconds))} of work")
