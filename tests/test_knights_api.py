"""The knights library answers for itself: to_json() is what the commands print, errors
name the API's parameters, limits live in the API, a theorem wins over any method."""

import json

import numpy as np
import pytest

from boardpuzzles import InputError
from boardpuzzles.errors import TooLong
from boardpuzzles.knights import check_tour, find_tour, tour_starts
from boardpuzzles.knights.divide import _open_tours_3x4, block_tour
from boardpuzzles.knights.tour import NoTour


def test_tour_to_json_is_what_the_command_prints(cli):
    tour = find_tour(8, 8, (3, 4))
    printed = cli("knight", "tour", "8", "--start", "e4", "--json").json()
    assert tour.to_json() == printed
    assert printed["method"] == "roth"  # the key to_json() lacked


@pytest.mark.parametrize("rows,cols,part", [(8, 8, 7), (3, 4, 1 << 20), (1, 1, 5), (30, 31, 100)])
def test_json_parts_join_to_the_same_document(rows, cols, part):
    tour = find_tour(rows, cols)
    assert "".join(tour.json_parts(part)) == json.dumps(tour.to_json())


@pytest.mark.parametrize("args,proved", [
    (("5", "--closed"), True),
    (("8", "--start", "c5", "--method", "warnsdorff"), False),
    (("5", "--method", "divide"), False),
])
def test_no_tour_to_json_is_what_the_command_prints(cli, args, proved):
    run = cli("knight", "tour", *args, "--json")
    assert run.status == 1
    rows, cols = (int(args[0]),) * 2
    start = (4, 2) if "c5" in args else (0, 0)
    with pytest.raises(NoTour) as no:
        find_tour(rows, cols, start, "--closed" in args, args[args.index("--method") + 1] if "--method" in args else None)
    assert no.value.to_json() == run.json()
    assert no.value.proved == proved and run.json()["exists"] is (False if proved else None)


def test_start_squares_to_json_is_what_the_command_prints(cli):
    answer = tour_starts(3, 4)
    assert answer.to_json() == cli("knight", "starts", "3x4", "--json").json()
    assert answer[(0, 0)][0] and not answer[(1, 1)][0]  # still a mapping square -> (exists, reason)


def test_open_tours_of_4xn_are_refused_beyond_the_longest_decided_in_reasonable_time():
    assert len(tour_starts(4, 30).squares()) > 0  # the longest taken without force: 0.04 s here
    assert tour_starts(40, 4, closed=True).squares() == []  # closed: a theorem decides every square at once
    with pytest.raises(TooLong):
        tour_starts(31, 4)


def test_no_start_square_is_exit_1(cli):
    run = cli("knight", "starts", "3x4", "--closed", "--json")
    assert run.status == 1
    assert run.json()["starts"] == [] and "Schwenk" in run.err
    assert cli("knight", "starts", "4").status == 1


@pytest.mark.parametrize("call,message", [
    (lambda: find_tour(8, 8, method="lookahead", lookahead=9), "lookahead must be 1..8 (got 9)"),
    (lambda: find_tour(8, 8, method="roth", lookahead=3), "lookahead is how far method lookahead looks ahead"),
    (lambda: find_tour(8, 8, method="guess"), "unknown method 'guess'"),
    (lambda: find_tour(20_000, 8), "rows must be 1..10000 (got 20000)"),
    (lambda: find_tour(8, 0), "cols must be 1..10000 (got 0)"),
    (lambda: find_tour(8, 8, (8, 0)), "start: square (8, 0) is off the 8x8 board"),
    (lambda: find_tour(8, 8, (0, 0), blocked=[(0, 0)]), "choose another start"),
    (lambda: find_tour(8, 8, method="divide", blocked=[(3, 3)]), "takes no blocked squares"),
    (lambda: find_tour(2000, 2000, method="backtrack"), "choose method divide or roth"),
    (lambda: tour_starts(200, 200), "starts answers boards up to 10000 squares"),
    (lambda: tour_starts(4, 31), "pass force to run it anyway"),
    (lambda: find_tour(600, 600, closed=True).diagram(), "svg: the 600x600 board is too large to draw"),
])
def test_library_errors_name_parameters_not_flags(call, message):
    with pytest.raises(InputError) as error:
        call()
    assert message in str(error.value)
    assert "--" not in str(error.value)
    assert error.value.parameter is not None


def test_huge_tours_draw_no_svg_in_jupyter():
    assert find_tour(502, 502, closed=True)._repr_svg_() is None
    assert "<svg" in find_tour(6, 6)._repr_svg_()
    assert "<svg" in tour_starts(5, 5)._repr_svg_()


@pytest.mark.parametrize("method", ["roth", "warnsdorff", "lookahead", "backtrack", "divide"])
@pytest.mark.parametrize("rows,cols", [(5, 5), (5, 7), (3, 7), (4, 6)])
def test_a_theorem_wins_over_any_method(rows, cols, method):
    with pytest.raises(NoTour) as no:
        find_tour(rows, cols, closed=True, method=method)
    assert no.value.proved and "Schwenk" in no.value.reason


def test_the_cli_says_exists_false_where_schwenk_decides(cli):
    for board in ("5", "5x7"):
        run = cli("knight", "tour", board, "--closed", "--method", "roth", "--json")
        assert run.status == 1 and run.json()["exists"] is False


def test_divide_answers_the_open_question_it_was_asked():
    tour = find_tour(8, 8, method="divide")
    assert tour.closed is False and tour.to_json()["closed"] is False
    assert check_tour(8, 8, tour.path, closed=True)  # the open tour it returns happens to be closed
    assert find_tour(8, 8, method="divide", closed=True).to_json()["closed"] is True


def test_cached_tables_are_read_only():
    table = block_tour(6, 6)
    with pytest.raises(ValueError):
        table[0] = 1
    assert isinstance(_open_tours_3x4(), tuple) and isinstance(_open_tours_3x4()[0], tuple)
    assert np.array_equal(block_tour(6, 6), table)


def test_short_options_and_the_lookahead_option(cli):
    run = cli("knight", "tour", "8", "-s", "e4", "-m", "lookahead", "--lookahead", "3", "--json")
    assert run.status == 0 and run.json()["path"][0] == "e4" and run.json()["method"] == "lookahead"
    old = cli("knight", "tour", "8", "-s", "e4", "-m", "lookahead", "--depth", "3", "--json")
    assert old.json() == run.json()
    help_text = cli("knight", "tour", "--help").out
    assert "--lookahead" in help_text and "--depth" not in help_text
