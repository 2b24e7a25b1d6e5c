"""The divide-and-conquer construction of closed tours."""

import numpy as np
import pytest

from boardpuzzles.knights import check_tour, find_tour
from boardpuzzles.knights.divide import block_tour, closed_tour, split

from knights_helpers import assert_tour


def test_split_uses_allowed_pieces():
    for length in range(5, 100):
        parts = split(length, (8, 5, 6, 7, 9))
        assert sum(parts) == length and set(parts) <= {5, 6, 7, 8, 9}
        if length % 2 == 0 and length >= 6:
            parts = split(length, (8, 6, 10))
            assert sum(parts) == length and set(parts) <= {6, 8, 10}


def test_block_tours_are_closed_tours():
    for h in range(5, 11):
        for w in range(5, 11):
            if h * w % 2 == 0:
                squares = [(int(s) // w, int(s) % w) for s in block_tour(h, w)]
                assert_tour(h, w, squares, closed=True)


@pytest.mark.parametrize("rows", range(5, 41, 3))
def test_divide_closed_tours_on_many_boards(rows):
    for cols in range(5, 41):
        if rows * cols % 2:
            continue
        start = (rows * cols) // 2
        path = closed_tour(rows, cols, start)
        assert path[0] == start
        squares = [(int(s) // cols, int(s) % cols) for s in path]
        assert_tour(rows, cols, squares, closed=True)


def test_strips_of_three_rows():
    for n in range(10, 120, 2):
        for rows, cols in [(3, n), (n, 3)]:
            path = closed_tour(rows, cols, 4)
            assert path[0] == 4
            assert_tour(rows, cols, [(int(s) // cols, int(s) % cols) for s in path], closed=True)
    assert check_tour(3, 10000, closed_tour(3, 10000, 7), closed=True)


def test_divide_large_board_checked_by_kernel():
    path = closed_tour(300, 402, 12345)
    assert check_tour(300, 402, path, closed=True)
    broken = path.copy()
    broken[[10, 11]] = broken[[11, 10]]
    assert check_tour(300, 402, broken, closed=True).fault == 10
    missing = check_tour(300, 402, path[:-1], closed=False)
    assert not missing and missing.fault == len(path) - 1 and "misses 1 free square" in missing.reason


def test_default_closed_method():
    assert find_tour(50, 50, (7, 9), closed=True).method == "divide"
    for rows, cols in [(3, 14), (3, 60), (62, 3), (3, 10)]:
        tour = find_tour(rows, cols, (1, 2), closed=True)
        assert tour.method == "divide"
        assert_tour(rows, cols, tour.squares(), closed=True, start=(1, 2))
    assert np.all(find_tour(12, 10, (0, 0), method="divide").path[:1] == [0])
