"""The knight's tour (seed 003): Warnsdorff's rule and its look-ahead, exhaustive search,
a divide-and-conquer construction for large boards, counts and the existence theorems.

Squares: the API takes a square as ``(row, col)`` counted from 0, row 0 being rank 1
(the bottom of a drawn board) and column 0 file ``a``, so ``(3, 4)`` is e4
(:func:`boardpuzzles.geometry.square_name`). A board is ``rows`` x ``cols``. Paths
(``KnightTour.path``) are numpy arrays of square indices ``row * cols + col``;
``KnightTour.squares()`` and ``names()`` turn them into pairs and names.

The long calls (:func:`find_tour` on big boards or with search, :func:`tour_starts`,
:func:`count_tours`, :func:`count_part`, :func:`count_parts`; :func:`estimate_count` tells its cost first) follow :mod:`boardpuzzles.progress`; answers have ``to_json()``
and are values (``repr`` their text form, ``str`` the board or words, ``==``, ``hash``).
:func:`watch` plays a watched method in a notebook; :func:`tour_steps` gives its steps as a
stream, behind the answer of :func:`find_tour`, and :data:`LISTINGS` the code they cite.
"No tour" is :class:`NoTour`, a :class:`~boardpuzzles.errors.NoSolution`.  Every
argument is checked before any kernel runs (:mod:`boardpuzzles.checks`): a wrong
type, shape or range is an :class:`~boardpuzzles.errors.InputError` naming it.
"""

from .moves import HORIZONTAL, VERTICAL, accessibility
from .theory import closed_exists, open_exists, open_from
from .counting import TourCount, count_part, count_parts, count_tours
from .estimate import CountEstimate, estimate_count
from .tour import METHODS, KnightTour, NoTour, TourStarts, find_tour, tour_starts
from .verify import TourCheck, check_tour
from .listed import LISTINGS
from .steps import MAX_STEPPED, search_size, tour_steps, watch

__all__ = [
    "HORIZONTAL", "VERTICAL", "accessibility", "closed_exists", "open_exists", "open_from", "METHODS",
    "KnightTour", "NoTour", "TourStarts", "TourCount", "count_tours", "count_part", "count_parts", "CountEstimate", "estimate_count", "find_tour", "tour_starts",
    "check_tour",
    "TourCheck", "watch", "tour_steps", "search_size", "MAX_STEPPED", "LISTINGS",
]


def __dir__() -> list[str]:
    """The public names only (``dir(knights)`` as a user sees it): those of ``__all__``."""
    return sorted(__all__)
