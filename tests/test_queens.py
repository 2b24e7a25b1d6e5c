import random
import xml.etree.ElementTree as ET

import pytest

from boardpuzzles import queens, render
from boardpuzzles.queens import Solution, completion
from boardpuzzles.queens.construction import construct

# OEIS A000170 and A002562, n = 1..10 (counted here by listing; the counting engine has its own tests).
TOTAL = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724]
FUNDAMENTAL = [1, 0, 0, 1, 2, 1, 6, 12, 46, 92]


@pytest.mark.parametrize("n", range(1, 11))
def test_every_method_lists_the_same_solutions_in_the_same_order(n):
    listed = {method: [s.columns for s in queens.solutions(n, method)] for method in queens.SEARCH_METHODS}
    reference = listed["recursive"]
    assert len(reference) == TOTAL[n - 1]
    assert reference == sorted(reference)
    for method, found in listed.items():
        assert found == reference, method


@pytest.mark.parametrize("n", range(1, 11))
def test_fundamental_solutions_match_a002562(n):
    fundamental = list(queens.solutions(n, unique=True))
    assert len(fundamental) == FUNDAMENTAL[n - 1]
    assert sum(s.class_size() for s in fundamental) == TOTAL[n - 1]
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
    solution = queens.solve(n)
    if n in (2, 3):
        assert solution is None
    else:
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
    lines = [str(step) for step in steps]
    assert lines[0] == "occupy 1, 1" and "free 1, 1" in lines
    steps = []
    queens.solve(4, "iterative", trace=steps.append)
    states = {step.action for step in steps}
    assert {"С", "И", "СОК", "СБ"} <= states
    steps = []
    assert list(queens.solutions(4, "iterative", trace=steps.append))
    lines = [str(step) for step in steps]
    assert lines[-1].startswith("Я") and any(line.startswith("С8") for line in lines)
    steps = []
    queens.solve(4, "freelist", trace=steps.append)
    assert str(steps[0]) == "place q(1,1) -> board([q(1,1)],[2,3,4],[2,3,4],[1,2,3,5,6,7],[2,3,4,5,6,7])"


def test_the_iterative_trace_of_the_first_eight_queens_solution_is_short():
    lines = []
    queens.solve(8, "iterative", trace=lines.append)
    assert 100 < len(lines) < 1000


def test_completion_agrees_with_filtering_all_solutions():
    every = [s.columns for s in queens.solutions(8)]
    for given in ([(4, 3)], [(4, 3), (3, 1)], [(0, 0), (1, 2)], [(0, 0), (1, 4), (2, 7)]):
        expected = [c for c in every if all(c[row] == col + 1 for row, col in given)]
        assert [s.columns for s in queens.complete(8, given, all=True)] == expected
        first = queens.complete(8, given)
        assert (first[0].columns in expected) if expected else first == []


def test_completion_proves_that_none_exists():
    # a1 and b3 on 4x4 leave no completion (4 queens has only 2 solutions, neither with a1).
    assert queens.complete(4, [(0, 0)]) == []
    assert queens.complete(6, [(0, 0)], all=True) == []


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
    solution = queens.solve(8, "recursive")
    assert "♛" in str(solution)
    root = ET.fromstring(solution._repr_svg_())
    assert root.tag.endswith("svg")
    assert render.text(solution.diagram(), ascii=True).count("Q") == 8
