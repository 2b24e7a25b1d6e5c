"""Exists / does not exist: the theorems, the command's answers and exhaustive search agree."""

import numpy as np
import pytest

from boardpuzzles.knights import closed_exists, find_tour, open_exists, open_from, tour_starts
from boardpuzzles.knights.moves import neighbour_table
from boardpuzzles.knights.search import EXHAUSTED, FOUND, Search
from boardpuzzles.knights.tour import NoTour

from knights_helpers import assert_tour
from language_helpers import english_runs

BOARDS = sorted({(r, c) for r in range(1, 13) for c in range(r, 13)}
                | {(m, n) for m in (3, 4) for n in range(1, 17)})
#: boards small enough for exhaustive search from every square, without any theorem
SMALL = [(r, c) for r, c in BOARDS if r * c <= 32]


def plain_search(rows, cols, start, closed):
    """Exhaustive search with no help from the theorems: True if a tour starts on ``start``."""
    status = Search(neighbour_table(rows, cols), np.zeros(rows * cols, dtype=np.int64), np.array([start]),
                    closed).run()
    assert status in (FOUND, EXHAUSTED)
    return status == FOUND


def test_every_theorems_reason_is_said_in_russian():
    """Each reason is a catalogue key with its fields: said in Russian with no English phrase, in English as before."""
    said = {str(verdict(*args)[1]): verdict(*args)[1] for rows, cols in SMALL for verdict, args in (
        (closed_exists, (rows, cols)), (open_exists, (rows, cols)),
        *((open_from, (rows, cols, r, c)) for r in range(rows) for c in range(cols)))}
    assert len({note.key for note in said.values()}) == 12  # every reason the theorems give
    assert all(not english_runs(note.text("ru")) for note in said.values())
    assert str(open_from(4, 5, 1, 0)[1]).startswith("on a 4xn board every move from the edge lines (ranks 1 and 4)")
    assert open_from(4, 5, 1, 0)[1].to_json() == {
        "key": "knight.theory_from_4xn", "fields": {"side": {"key": "knight.theory_ranks_1_4", "fields": {}}}}


def test_schwenk_and_the_open_characterisation():
    closed = {(m, n) for m, n in BOARDS if closed_exists(m, n)[0]}
    assert (5, 6) in closed and (3, 10) in closed and (6, 6) in closed
    assert not {(3, 4), (3, 6), (3, 8), (4, 12), (5, 5), (1, 1)} & closed
    opened = {(m, n) for m, n in BOARDS if open_exists(m, n)[0]}
    assert {(1, 1), (3, 4), (3, 7), (4, 5), (5, 5)} <= opened
    assert not {(2, 8), (3, 3), (3, 5), (3, 6), (4, 4)} & opened


@pytest.mark.parametrize("rows,cols", BOARDS)
def test_closed_answer_agrees_with_schwenk(rows, cols):
    exists = closed_exists(rows, cols)[0]
    try:
        tour = find_tour(rows, cols, (0, 0), closed=True)
        assert exists
        assert_tour(rows, cols, tour.squares(), closed=True, start=(0, 0))
    except NoTour as no:
        assert not exists and no.proved


@pytest.mark.parametrize("rows,cols", BOARDS)
def test_start_squares_agree_with_the_theorems(rows, cols):
    starts = tour_starts(rows, cols)
    assert any(ok for ok, _ in starts.values()) == open_exists(rows, cols)[0]
    for (r, c), (ok, _) in starts.items():
        decided = open_from(rows, cols, r, c)[0]
        assert decided is None or decided == ok
        if ok:
            tour = find_tour(rows, cols, (r, c))
            assert_tour(rows, cols, tour.squares(), start=(r, c))
        else:
            with pytest.raises(NoTour) as no:
                find_tour(rows, cols, (r, c))
            assert no.value.proved


@pytest.mark.parametrize("rows,cols", SMALL)
def test_start_squares_agree_with_plain_exhaustive_search(rows, cols):
    starts = tour_starts(rows, cols)
    for (r, c), (ok, _) in starts.items():
        assert plain_search(rows, cols, r * cols + c, False) == ok
    assert plain_search(rows, cols, 0, True) == bool(closed_exists(rows, cols)[0])


def test_the_4xn_middle_lines_by_plain_search():
    # the theorem behind the middle-line cap, checked without it
    for n in (5, 6, 7, 8):
        for c in range(n):
            for r in (1, 2):
                assert not plain_search(4, n, r * n + c, False)


def test_closed_starts_are_all_or_nothing():
    assert all(ok for ok, _ in tour_starts(6, 6, closed=True).values())
    assert not any(ok for ok, _ in tour_starts(5, 5, closed=True).values())


def test_blocked_squares_are_searched_exhaustively():
    holes = [(0, 0), (3, 4), (4, 4), (7, 6)]  # two squares of each colour
    tour = find_tour(8, 8, (0, 1), blocked=holes)
    assert tour.method == "backtrack"
    assert_tour(8, 8, tour.squares(), start=(0, 1), blocked=holes)
    closed = find_tour(6, 6, (0, 0), closed=True, blocked=[(2, 2), (2, 3)])
    assert_tour(6, 6, closed.squares(), closed=True, start=(0, 0), blocked=[(2, 2), (2, 3)])
    with pytest.raises(NoTour) as no:  # the colours allow it, the search says no
        find_tour(5, 5, (2, 1), blocked=[(2, 2)])
    assert no.value.proved and "exhaustive" in no.value.reason


def test_blocked_squares_and_the_colour_argument():
    with pytest.raises(NoTour, match="colour argument") as no:
        find_tour(8, 8, (0, 1), blocked=[(0, 0), (3, 3), (4, 4), (7, 7)])
    assert no.value.proved
    with pytest.raises(NoTour, match="colour argument"):
        find_tour(6, 6, (0, 0), closed=True, blocked=[(2, 2), (3, 3)])


@pytest.mark.parametrize("rows,cols", BOARDS)
@pytest.mark.slow
def test_the_commands_answers(cli, rows, cols):
    board = f"{rows}x{cols}"
    closed = cli("knight", "tour", board, "--closed", "--json")
    assert closed.status == (0 if closed_exists(rows, cols)[0] else 1)
    starts = set(cli("knight", "starts", board, "--json").json()["starts"])
    assert bool(starts) == open_exists(rows, cols)[0]
    small = rows * cols <= 32
    for r in range(rows):
        for c in range(cols):
            name = f"{chr(ord('a') + c)}{r + 1}"
            decided = open_from(rows, cols, r, c)[0]
            if decided is not None:
                assert (name in starts) == decided
            if small:
                assert (name in starts) == plain_search(rows, cols, r * cols + c, False)
    run = cli("knight", "tour", board, "--json")
    assert run.status == (0 if "a1" in starts else 1)
    if run.status == 0:
        assert_tour(rows, cols, [(int(n[1:]) - 1, ord(n[0]) - ord("a")) for n in run.json()["path"]], start=(0, 0))
