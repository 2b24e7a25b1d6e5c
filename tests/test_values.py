"""One library, one voice: every error is a BoardpuzzlesError, "none" is a NoSolution in
every puzzle, the results of the queens and the knight's tour are values (repr their
text form, str the board or words, ==, hash), and the three counts are one shape."""

from __future__ import annotations

import dataclasses
import inspect

import numpy as np
import pytest

import boardpuzzles
from boardpuzzles import BoardpuzzlesError, Count, InputError, InternalError, NoSolution, draughts, errors, knights, queens
from boardpuzzles.knights import tour as tour_module
from boardpuzzles.knights.tour import NoTour
from boardpuzzles.queens import Counts, Solution, SolutionCount, Subproblem


# --- the family of errors ---

def test_every_error_class_is_one_of_the_family_and_exported():
    declared = [cls for _, cls in inspect.getmembers(errors, inspect.isclass) if issubclass(cls, Exception)]
    assert all(issubclass(cls, BoardpuzzlesError) for cls in declared)
    assert {cls.__name__ for cls in declared} <= set(boardpuzzles.__all__)
    assert issubclass(NoTour, NoSolution) and issubclass(InternalError, BoardpuzzlesError)


def test_none_is_a_no_solution_in_both_puzzles():
    with pytest.raises(NoSolution) as queens_none:
        queens.solve(2)
    with pytest.raises(NoSolution) as knights_none:
        knights.find_tour(3, 3)
    assert str(queens_none.value) == "no solution exists for 2 queens on a 2x2 board"
    assert queens_none.value.proved and queens_none.value.to_json() == {"n": 2, "columns": None}
    assert isinstance(knights_none.value, NoTour) and str(knights_none.value).startswith("no tour: ")
    assert knights_none.value.to_json()["exists"] is False


def test_a_method_that_finds_none_is_not_a_proof():
    with pytest.raises(NoTour) as none:
        knights.find_tour(8, 8, (4, 2), method="warnsdorff")
    assert not none.value.proved and str(none.value).startswith("no tour found: warnsdorff got stuck")
    assert none.value.to_json()["exists"] is None and none.value.to_json()["visited"] == len(none.value.path)


def test_no_solutions_are_values():
    def no(n):
        with pytest.raises(NoSolution) as caught:
            queens.solve(n)
        return caught.value

    assert no(3) == no(3) and hash(no(3)) == hash(no(3)) and no(2) != no(3)
    assert repr(no(3)) == "NoSolution('no solution exists for 3 queens on a 3x3 board')"


def test_no_tours_are_values():
    def no(**kw):
        with pytest.raises(NoTour) as caught:
            knights.find_tour(5, 5, **kw)
        return caught.value

    assert no(closed=True) == no(closed=True) and len({no(closed=True), no(closed=True)}) == 1
    assert no(closed=True) != no(start=(0, 1))  # another start, another answer
    assert repr(no(start=(0, 1))).startswith("NoTour('5x5 open from b1: no tour: colour argument")
    stuck = no(method="divide")
    assert not stuck.proved and stuck == no(method="divide")


def test_a_tour_that_fails_its_check_is_an_internal_error(monkeypatch, cli):
    monkeypatch.setattr(tour_module, "closed_tour", lambda rows, cols, start, tracker: np.arange(rows * cols))
    with pytest.raises(InternalError, match="divide returned a path that is not a tour .*a bug of boardpuzzles"):
        knights.find_tour(6, 6, closed=True)
    run = cli("knight", "tour", "6", "--closed")
    assert run.status == 2 and "a bug of boardpuzzles; please report it" in run.err and "Traceback" not in run.err


# --- queens ---

def test_a_solution_is_a_value():
    eight = queens.solve(8, "recursive")
    assert repr(eight) == "Solution('8 queens: 1 5 8 6 3 7 2 4')"
    assert eight == Solution.from_columns((1, 5, 8, 6, 3, 7, 2, 4)) == Solution(np.array([0, 4, 7, 5, 2, 6, 1, 3]))
    assert eight != queens.solve(8) and eight != (1, 5, 8, 6, 3, 7, 2, 4)
    assert len({eight, Solution.from_columns([1, 5, 8, 6, 3, 7, 2, 4])}) == 1
    assert str(eight).splitlines()[-1].split() == list("abcdefgh") and str(eight).count("♛") == 8
    with pytest.raises(ValueError):
        eight.array[0] = 3  # read-only: its hash cannot change


def test_a_big_solution_is_shortened_and_said_in_words():
    big = queens.solve(10_000)
    assert repr(big) == "Solution('10000 queens: 2 4 6 8 10 12 14 16 ...')"
    assert str(big).startswith("a solution of 10,000 queens, one a row, by column: 2 4 6")
    assert len(str(big)) < 100


def test_a_solution_keeps_its_own_columns():
    columns = np.array([1, 3, 0, 2])
    solution = Solution(columns)
    columns[0] = 0
    assert solution.columns == (2, 4, 1, 3) and columns.flags.writeable


@pytest.mark.parametrize("columns, words", [
    ([], "zero_based_columns is empty"),
    ([0, 4, 1, 2], "a column is off the 4x4 board (columns are 0..3)"),
    ([0.0, 1.0], "must be a one-dimensional array of whole numbers (got an array of float64)"),
    ([[0, 1], [1, 0]], "(got a 2-dimensional array of int64)"),
    ("0123", "(got '0123')"),
])
def test_a_solution_refuses_columns_it_cannot_hold(columns, words):
    with pytest.raises(InputError) as refused:
        Solution(columns)
    assert words in str(refused.value) and refused.value.parameter == "zero_based_columns"


def test_completions_are_values():
    found = queens.complete(8, "d5,b4", all=True)
    assert repr(found) == "Completions('d5,b4 on 8x8: 2 completions: 3 6 8 2 4 1 7 5, 6 3 7 2 4 8 1 5')"
    assert str(found).splitlines() == ["2 completions of d5,b4 on 8x8", "3 6 8 2 4 1 7 5", "6 3 7 2 4 8 1 5"]
    assert found == queens.complete(8, [(4, 3), (3, 1)], all=True) and hash(found) == hash(queens.complete(8, "d5,b4", all=True))
    none = queens.complete(4, "a1", all=True)
    assert repr(none) == "Completions('a1 on 4x4: no completion')" and str(none) == "no completions of a1 on 4x4"
    with pytest.raises(InputError, match="nothing to draw"):
        none.diagram()


def test_counts_are_values():
    result = queens.count(8, workers=1)
    assert repr(result) == "SolutionCount('8 queens: 92 solutions, 12 fundamental')"
    assert str(result) == "8 queens: 92 solutions, 12 fundamental" and str(queens.count(1)) == "1 queen: 1 solution, 1 fundamental"
    assert result == SolutionCount(8, 92, 12, "symmetry", 0.0) and len({result, SolutionCount(8, 92, 12, "symmetry", 1.0)}) == 1
    assert repr(Counts(92, 12)) == "Counts(total=92, fundamental=12)" and str(Counts(14200, 1787)) == "14,200 solutions, 1,787 fundamental"
    sub = queens.subproblems(8)[1]
    assert eval(repr(sub), {"Subproblem": Subproblem}) == sub and hash(sub) == hash(queens.subproblems(8)[1])
    assert str(sub).startswith("subproblem 1 of 8 queens: a queen on a1, the second-row queen on file d")


# --- knights ---

def test_a_tour_is_a_value():
    tour = knights.find_tour(5, 5)
    assert repr(tour) == "KnightTour('5x5 open from a1: a1 c2 e1 d3 e5 c4 a5 b3 ... c3')"
    assert repr(knights.find_tour(3, 4)) == "KnightTour('3x4 open from a1: a1 c2 a3 b1 d2 b3 c1 d3 b2 d1 c3 a2')"
    assert tour == knights.find_tour(5, 5) and len({tour, knights.find_tour(5, 5)}) == 1  # once raised "ambiguous"
    assert tour == knights.find_tour(5, 5, method="roth") and tour != knights.find_tour(5, 5, (2, 2)) and tour != 1
    assert str(tour).splitlines()[1].split()[:2] == ["5", "7"]  # the seed's numbered grid
    with pytest.raises(ValueError):
        tour.path[0] = 1
    blocked = knights.find_tour(5, 5, (0, 0), blocked=[(2, 2)], method="backtrack")
    assert repr(blocked).startswith("KnightTour('5x5 open from a1, c3 blocked: a1 ")


def test_a_big_tour_is_said_in_words():
    tour = knights.find_tour(40, 40, closed=True)
    assert str(tour) == tour.summary() == "closed knight's tour of the 40x40 board by divide: 1600 squares from a1 to " \
        + knights.find_tour(40, 40, closed=True).names()[-1]
    assert repr(tour).count(" ") < 20


def test_start_maps_are_values():
    starts = knights.tour_starts(3, 4)
    assert repr(starts) == "TourStarts('3x4 open: a1 a2 a3 d1 d2 d3')"
    assert starts == knights.tour_starts(3, 4) and len({starts, knights.tour_starts(3, 4)}) == 1
    assert repr(knights.tour_starts(4, 4, closed=True)) == "TourStarts('4x4 closed: none')"
    assert str(starts).splitlines()[-1].split() == list("abcd")
    with pytest.raises(TypeError):
        starts.verdicts[(0, 0)] = (False, "changed")  # read-only


def test_check_tour_says_where_and_why():
    path = knights.find_tour(5, 5).path
    assert knights.check_tour(5, 5, path) and knights.check_tour(5, 5, list(path))
    assert repr(knights.check_tour(5, 5, path)) == "TourCheck('a tour of the 5x5 board: 25 squares')"
    cases = [
        ([*path[:3], 99], 3, "square 4 of the path, index 99, is off the 5x5 board"),
        ([*path[:3], path[1]], 3, "was visited before"),
        ([path[0], path[2]], 1, "move 1, a1 to e1, is not a knight's move"),
        (path[:-1], 24, "it misses 1 free square, the first c3"),
    ]
    for given, fault, words in cases:
        check = knights.check_tour(5, 5, given)
        assert not check and check.fault == fault and words in str(check), (given, str(check))
    free = np.ones(25, dtype=bool)
    free[path[3]] = False
    assert "is blocked" in knights.check_tour(5, 5, path, free=free).reason
    assert knights.check_tour(5, 5, path[:-1], free=np.arange(25) != path[-1])  # the missing square is blocked


# --- the three counts: one shape ---

def _counts() -> list[Count]:
    return [queens.count(6, workers=1), knights.count_tours(3, 4),
            draughts.perft_count(draughts.Position("start", "russian"), 2, divide=True)]


def test_the_three_counts_are_one_shape():
    for counted in _counts():
        assert isinstance(counted, Count) and isinstance(counted.count, int) and counted.seconds >= 0
        answer = counted.to_json()
        assert answer["method"] == counted.method and answer["seconds"] == round(counted.seconds, 3)
        assert repr(counted) == f"{type(counted).__name__}({counted.text()!r})" and str(counted) == counted.text()
        slower = dataclasses.replace(counted, seconds=counted.seconds + 60, method="another")
        assert slower == counted and hash(slower) == hash(counted)  # how it was counted is not what it says
        assert dataclasses.replace(counted, count=counted.count + 1) != counted
    assert [counted.count for counted in _counts()] == [4, 16, 49]
    assert [repr(counted) for counted in _counts()][1:] == [
        "TourCount('3x4 open: 16 tours (directed)')",
        "PerftCount('russian W:Wa3,c3,e3,g3,b2,d2,f2,h2,a1,c1,e1,g1:Bb8,d8,f8,h8,a7,c7,e7,g7,b6,d6,f6,h6: "
        "perft(2) = 49 (distinct moves)')",
    ]


def test_a_count_of_thousands_of_digits_is_said_short_and_compared_whole():
    huge = knights.TourCount(3, 10000, True, None, 7 ** 6000, "frontier", 153, 20.0)
    assert repr(huge) == "TourCount('3x10000 closed: 387471786866... (5,071 digits) tours (undirected)')"
    assert huge == dataclasses.replace(huge, seconds=1.0) != dataclasses.replace(huge, count=7 ** 6000 + 1)
