"""The knight's tour (seed 003): Warnsdorff's rule and its look-ahead, exhaustive search,
a divide-and-conquer construction for large boards, counts and the existence theorems."""

from .moves import HORIZONTAL, VERTICAL, accessibility
from .theory import closed_exists, open_exists, open_from
from .counting import TourCount, count_tours
from .tour import KnightTour, NoTour, find_tour, tour_starts
from .verify import check_tour

__all__ = [
    "HORIZONTAL", "VERTICAL", "accessibility", "closed_exists", "open_exists", "open_from",
    "KnightTour", "NoTour", "TourCount", "count_tours", "find_tour", "tour_starts", "check_tour",
]
