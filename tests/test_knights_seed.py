"""The seed's program: accessibility table, move codes, Warnsdorff's rule and its look-ahead."""

import pytest

from boardpuzzles.knights import HORIZONTAL, VERTICAL, accessibility, find_tour
from boardpuzzles.knights import warnsdorff as W
from boardpuzzles.knights.tour import NoTour

from knights_helpers import assert_tour

SEED_TABLE = """\
2 3 4 4 4 4 3 2
3 4 6 6 6 6 4 3
4 6 8 8 8 8 6 4
4 6 8 8 8 8 6 4
4 6 8 8 8 8 6 4
4 6 8 8 8 8 6 4
3 4 6 6 6 6 4 3
2 3 4 4 4 4 3 2"""


def test_accessibility_table_is_the_seeds():
    table = accessibility(8, 8)
    assert "\n".join(" ".join(map(str, row)) for row in reversed(table)) == SEED_TABLE
    assert table[0][0] == 2  # a1 is reached from c2 and b3, as the seed says


def test_move_codes_are_the_seeds():
    assert HORIZONTAL == (2, 1, -1, -2, -2, -1, 1, 2)
    assert VERTICAL == (-1, -2, -2, -1, 1, 2, 2, 1)


@pytest.mark.parametrize("rule,depth", [(W.SEED, 1), (W.LOOKAHEAD, 2), (W.LOOKAHEAD, 3), (W.ROTH, 1)])
@pytest.mark.parametrize("rows,cols", [(5, 5), (6, 7), (8, 8), (3, 9)])
def test_kernel_follows_the_reference(rule, depth, rows, cols):
    for start in [(0, 0), (rows // 2, cols // 2), (rows - 1, 1)]:
        reference = W.tour_reference(rows, cols, start, rule, depth)
        kernel = W.run_rule(rows, cols, start[0] * cols + start[1], rule, depth)
        assert [r * cols + c for r, c in reference] == kernel.tolist()


def test_warnsdorff_tours_8x8_from_every_square_but_c5():
    for r in range(8):
        for c in range(8):
            if (r, c) == (4, 2):
                with pytest.raises(NoTour, match="got stuck on"):  # 60 squares, then no move
                    find_tour(8, 8, (r, c), method="warnsdorff")
                continue
            tour = find_tour(8, 8, (r, c), method="warnsdorff")
            assert_tour(8, 8, tour.squares(), start=(r, c))
    assert find_tour(8, 8, (4, 2)).method == "roth"  # the default still finds one


def test_warnsdorff_says_where_it_got_stuck():
    with pytest.raises(NoTour) as stuck:
        find_tour(41, 41, (0, 40), method="warnsdorff")  # the first board where the seed's order fails
    assert not stuck.value.proved
    assert "got stuck on" in stuck.value.reason and "moves" in stuck.value.reason


def test_lookahead_and_roth_tour_8x8():
    for method, lookahead in (("lookahead", 3), ("roth", None)):
        tour = find_tour(8, 8, (2, 3), method=method, lookahead=lookahead)
        assert_tour(8, 8, tour.squares(), start=(2, 3))


def test_roth_with_its_fallback_does_not_fail_on_large_boards():
    for n in (7, 11, 27, 41, 67, 100):
        for start in [(0, 0), (0, n - 1), (n - 1, 0), (n - 1, n - 1)]:
            if n % 2 and sum(start) % 2:
                continue
            tour = find_tour(n, n, start, method="roth")
            assert_tour(n, n, tour.squares(), start=start)
