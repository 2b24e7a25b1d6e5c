"""The seed's program: accessibility table, move codes, Warnsdorff's rule and its look-ahead."""

import pytest

from boardpuzzles.geometry import square_name
from boardpuzzles.knights import HORIZONTAL, VERTICAL, accessibility, find_tour
from boardpuzzles.knights import warnsdorff as W
from boardpuzzles.knights.tour import NoTour

from knights_helpers import assert_tour, tour_reference

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
        reference = tour_reference(rows, cols, start, rule, depth)
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
        find_tour(7, 7, (6, 6), method="warnsdorff")
    assert not stuck.value.proved
    assert "got stuck on" in stuck.value.reason and "(33 of 49 squares visited)" in stuck.value.reason


def corner_failures(rule, sizes):
    """(n, corner, squares visited) wherever ``rule`` (first move order) gets stuck from a corner of n x n."""
    failures = []
    for n in sizes:
        for r, c in [(0, 0), (0, n - 1), (n - 1, 0), (n - 1, n - 1)]:
            if n % 2 and (r + c) % 2:
                continue  # no tour starts there (the colour argument)
            visited = len(W.run_rule(n, n, r * n + c, rule))
            if visited < n * n:
                failures.append((n, square_name(r, c), visited))
    return failures


def test_where_the_seeds_rule_fails_from_a_corner():
    # docs/cli.md's and docs/knights.md's figures: first on 7x7 from g7, then 38x38 and 41x41
    assert corner_failures(W.SEED, range(5, 42)) == [(7, "g7", 33), (38, "al38", 1428), (41, "ao1", 1628),
                                                     (41, "ao41", 1673)]


def test_where_roths_rule_needs_its_fallback_from_a_corner():
    assert corner_failures(W.ROTH, range(5, 42)) == [(7, "g7", 47), (11, "a1", 119), (27, "a27", 727),
                                                     (30, "a30", 898), (37, "ak37", 1367)]


def test_lookahead_and_roth_tour_8x8():
    for method, lookahead in (("lookahead", 3), ("roth", None)):
        tour = find_tour(8, 8, (2, 3), method=method, lookahead=lookahead)
        assert_tour(8, 8, tour.squares(), start=(2, 3))


def test_roth_with_its_fallback_does_not_fail_on_large_boards():
    for n in (7, 11, 27, 30, 37, 41, 100):
        for start in [(0, 0), (0, n - 1), (n - 1, 0), (n - 1, n - 1)]:
            if n % 2 and sum(start) % 2:
                continue
            tour = find_tour(n, n, start, method="roth")
            assert_tour(n, n, tour.squares(), start=start)
