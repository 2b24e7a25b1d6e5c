"""Exact counts by exhaustive search, against OEIS and the plain-Python reference."""

import pytest

from boardpuzzles.knights import count_tours
from boardpuzzles.knights.moves import neighbour_table
from boardpuzzles.knights.search import count_reference


def test_5x5_open_tours_A165134():
    assert count_tours(5, 5) == 1728


def test_5x5_open_tours_from_a_corner():
    for corner in [(0, 0), (0, 4), (4, 0), (4, 4)]:
        assert count_tours(5, 5, start=corner) == 304


def test_6x6_closed_tours_A001230():
    assert count_tours(6, 6, closed=True) == 9862


def test_3xn_closed_tours_A070030():
    assert count_tours(3, 10, closed=True) == 16
    assert count_tours(10, 3, closed=True) == 16
    assert count_tours(3, 12, closed=True) == 176
    assert count_tours(3, 14, closed=True) == 1536


def test_no_tours_counts_zero():
    assert count_tours(4, 4) == 0
    assert count_tours(5, 5, closed=True) == 0
    assert count_tours(1, 1) == 1


@pytest.mark.parametrize("rows,cols", [(3, 4), (4, 5), (3, 7), (3, 8)])
def test_kernel_counts_agree_with_the_reference(rows, cols):
    nbr = neighbour_table(rows, cols)
    total = sum(count_reference(nbr, s, False) for s in range(rows * cols))
    assert count_tours(rows, cols) == total
    assert count_tours(rows, cols, start=(0, 1)) == count_reference(nbr, 1, False)


def test_closed_count_agrees_with_the_reference():
    # the reference counts directed closed tours from a1: each undirected one twice
    assert 2 * count_tours(3, 10, closed=True) == count_reference(neighbour_table(3, 10), 0, True)


def test_progress_reaches_the_whole():
    done = []
    count_tours(5, 5, start=(0, 0), advance=done.append)
    assert sum(done) == pytest.approx(1.0)
