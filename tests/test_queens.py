import random
import sys
import xml.etree.ElementTree as ET

import pytest

from boardpuzzles import InputError, TooLong, queens, render
from boardpuzzles.queens import Completions, NoSolution, Solution, completion, estimate
from boardpuzzles.queens.construction import construct
from boardpuzzles.queens.published import FUNDAMENTAL, TOTAL


@pytest.mark.parametrize("n", range(1, 11))
def test_every_method_lists_the_same_solutions_in_the_same_order(n):
    listed = {method: [s.columns for s in queens.solutions(n, method)] for method in queens.SEARCH_METHODS}
    reference = listed["recursive"]
    assert len(reference) == TOTAL[n]
    assert reference == sorted(reference)
    for method, found in listed.items():
        assert found == reference, method


@pytest.mark.parametrize("n", range(1, 11))
def test_fundamental_solutions_match_a002562(n):
    fundamental = list(queens.solutions(n, unique=True))
    assert len(fundamental) == FUNDAMENTAL[n]
    assert sum(s.class_size() for s in fundamental) == TOTAL[n]
    assert all(s.canonical() == s for s in fundamental)


def test_the_seed_prints_92_solutions_starting_with_15863724():
    every = list(queens.solutions(8))
    assert len(every) == 92
    assert every[0].columns == (1, 5, 8, 6, 3, 7, 2, 4)
    assert every[-1].columns == (8, 4, 1, 3, 6, 2, 7, 5)


def test_solve_with_each_search_method_gives_the_first_solution():
    for method in queens.SEARCH_METHODS:
        assert queens.solve(8, method).columns == (1, 5, 8, 6, 3, 7, 2, 4)


@pytest.mark.parametrize("n", [*range(1, 200), 1000, 1001, 10**5 + 2, 10**5 + 3])
def test_the_construction_is_a_solution(n):
    if n in (2, 3):
        with pytest.raises(NoSolution):
            queens.solve(n)
    else:
        solution = queens.solve(n)
        assert solution.n == n and solution.is_valid()


def test_the_construction_covers_every_residue_mod_12():
    for n in range(4, 400):
        assert Solution(construct(n)).is_valid(), n


def test_is_valid_rejects_attacks():
    assert not Solution([0, 1, 2]).is_valid()
    assert not Solution([0, 0]).is_valid()
    assert Solution.from_columns([2, 4, 1, 3]).is_valid()


def test_trace_shows_the_seed_steps():
    steps = []
    queens.solve(4, "recursive", trace=steps.append)
    lines = [step.words() for step in steps]
    assert lines[:3] == ["test 1, 1: free", "occupy 1, 1: queen 1 on row 1, column 1",
                         "test 2, 1: refused, cm[1] is taken by queen 1"]
    assert "free 1, 1: queen 1 taken back" in lines
    steps = []
    assert list(queens.solutions(4, "iterative", trace=steps.append))
    assert {step.state for step in steps} == {"И", "СОК", "СБ", "С8"}
    assert str(steps[-1]).endswith("СБ     free 1, 4: queen 1 taken back")
    steps = []
    queens.solve(4, "freelist", trace=steps.append)
    assert steps[1].words() == "place q(1,1) -> board([q(1,1)],[2,3,4],[2,3,4],[1,2,3,5,6,7],[2,3,4,5,6,7])"


def test_the_iterative_trace_of_the_first_eight_queens_solution_is_the_seeds():
    lines = []
    queens.solve(8, "iterative", trace=lines.append)
    assert len(lines) == 876 + 112 + 105 + 1  # tests, occupations, frees (see test_queens_watch.py), the solution


def test_completion_agrees_with_filtering_all_solutions():
    every = [s.columns for s in queens.solutions(8)]
    for given in ([(4, 3)], [(4, 3), (3, 1)], [(0, 0), (1, 2)], [(0, 0), (1, 4), (2, 7)]):
        expected = [c for c in every if all(c[row] == col + 1 for row, col in given)]
        assert [s.columns for s in queens.complete(8, given, all=True)] == expected
        first = queens.complete(8, given)
        assert (first[0].columns in expected) if expected else len(first) == 0


def test_completion_proves_that_none_exists():
    # 4 queens have only 2 solutions, neither with a1.
    assert not queens.complete(4, [(0, 0)])
    assert len(queens.complete(6, [(0, 0)], all=True)) == 0


def test_completion_takes_algebraic_names_and_answers_with_its_json():
    found = queens.complete(8, "d5,b4", all=True)
    assert isinstance(found, Completions) and found.queens == ((4, 3), (3, 1))
    assert found.to_json() == {"n": 8, "solutions": [{"columns": [3, 6, 8, 2, 4, 1, 7, 5]}, {"columns": [6, 3, 7, 2, 4, 8, 1, 5]}]}
    assert queens.complete(4, "a1").to_json() == {"n": 4, "solutions": []}


@pytest.mark.parametrize(
    "given, message",
    [
        ("", "queens is empty"),
        ("  ", "queens is empty"),
        ("d5,,b4", "queens has an empty square between commas"),
        ("d5,", "queens has an empty square between commas"),
        ("d9", "square d9 is off the 8x8 board"),
        ("d5,d5", "two queens on d5"),
        ([(8, 0)], "queens: square (8, 0) is off the 8x8 board"),
    ],
)
def test_bad_given_queens_name_the_parameter(given, message):
    with pytest.raises(InputError, match=message.replace("(", r"\(").replace(")", r"\)")) as caught:
        queens.complete(8, given)
    assert caught.value.parameter == "queens"


@pytest.mark.parametrize(
    "call, parameter",
    [
        (lambda: queens.solve(0), "n"),
        (lambda: queens.solve(8, "nope"), "method"),
        (lambda: queens.solve(8, trace=print), "method"),
        (lambda: queens.solutions(99), "n"),
        (lambda: queens.solutions(8, "construction"), "method"),
        (lambda: queens.solutions(8, limit=-1), "limit"),
        (lambda: queens.complete(1001, "a1"), "n"),
        (lambda: queens.count(31), "n"),
        (lambda: queens.count(8, workers=0), "workers"),
    ],
)
def test_library_errors_name_parameters_never_flags(call, parameter):
    with pytest.raises(InputError) as caught:
        call()
    assert caught.value.parameter == parameter
    assert "--" not in str(caught.value)


def test_solution_and_no_solution_have_the_json_of_solve():
    assert queens.solve(8, "recursive").to_json() == {"n": 8, "columns": [1, 5, 8, 6, 3, 7, 2, 4]}
    assert queens.solve(4).to_json(with_n=False) == {"columns": [2, 4, 1, 3]}
    with pytest.raises(NoSolution) as none:
        queens.solve(3)
    assert none.value.to_json() == {"n": 3, "columns": None} and none.value.proved


def test_completion_needs_no_deeper_recursion_of_the_interpreter(monkeypatch):
    monkeypatch.setattr(sys, "setrecursionlimit", None)  # any call would fail
    limit = sys.getrecursionlimit()
    found = queens.complete(600, [(0, 0), (599, 1)])
    assert found[0].is_valid() and sys.getrecursionlimit() == limit


def test_a_listing_that_cannot_end_is_refused_before_it_starts_unless_forced():
    with pytest.raises(TooLong, match=r"every completion of a1 on 1000x1000: about 10\^\d+ completions") as caught:
        queens.complete(1000, "a1", all=True)
    assert caught.value.parameter == "force"
    with pytest.raises(TooLong, match="every completion of a1 on 30x30"):
        queens.complete(30, "a1", all=True)
    with pytest.raises(TooLong, match="solutions of 20 queens: about 39,029,188,884 solutions"):
        queens.solutions(20)
    assert len(list(queens.solutions(20, limit=3))) == 3  # a limit makes it short
    assert len(list(queens.solutions(20, force=True, limit=2))) == 2
    with pytest.raises(TooLong, match="first solution of 40 queens"):  # any limit waits for the first one
        queens.solutions(40, limit=3)
    assert len(queens.complete(30, "a1", all=False)) == 1  # one completion is quick
    assert queens.complete(12, "a1", all=True, force=True)
    estimate.check("x", 30, 8, "bitboard", "things", force=True)  # force: never refused


def test_the_estimate_meets_the_published_counts():
    assert estimate.log10_solutions(27) == pytest.approx(17.371, abs=1e-3)
    assert estimate.log10_solutions(28) > estimate.log10_solutions(27) + 1
    assert estimate.log10_solutions(2) == float("-inf")


@pytest.mark.parametrize("seed", range(8))
def test_completion_is_fast_on_200_with_ten_given_queens(seed):
    rng = random.Random(seed)
    given: list[tuple[int, int]] = []
    while len(given) < 10:
        square = (rng.randrange(200), rng.randrange(200))
        if all(not completion._attack(square, other) and square != other for other in given):
            given.append(square)
    found = queens.complete(200, given)
    assert found and found[0].is_valid()
    assert all(found[0].array[row] == col for row, col in given)


def test_solution_draws_itself():
    found = queens.solve(8, "recursive")
    assert "♛" in str(found)
    root = ET.fromstring(found._repr_svg_())
    assert root.tag.endswith("svg")
    assert render.text(found.diagram(), ascii=True).count("Q") == 8


@pytest.mark.slow
def test_drawings_of_huge_solutions_are_bounded():
    large = queens.solve(501)
    assert large._repr_svg_() is None
    with pytest.raises(InputError, match="too large to draw") as caught:
        large.svg()
    assert caught.value.parameter == "svg"
    assert ET.fromstring(queens.solve(500).svg()).tag.endswith("svg")


@pytest.mark.parametrize("columns, words", [([1, 1, 1], "a1 and a2 attack each other in one column"),
                                            ([1, 3, 2], "c2 and b3 attack each other on a diagonal"),
                                            ([3, 1, 2], "a2 and b3 attack each other on a diagonal")])
def test_from_columns_refuses_queens_that_attack_each_other(columns, words):
    with pytest.raises(InputError, match=words) as refused:
        Solution.from_columns(columns)
    assert refused.value.parameter == "columns"
