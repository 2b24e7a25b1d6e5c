"""Cheap necessary conditions on boards with blocked squares: they answer in milliseconds
with the argument, and never refuse a board where exhaustive search finds a tour."""

import random
import time

import numpy as np
import pytest
from bounds import AT_ONCE_CPU

from boardpuzzles.knights import find_tour
from boardpuzzles.knights.conditions import _reach, free_squares_verdict
from boardpuzzles.knights.moves import neighbour_table
from boardpuzzles.knights.search import EXHAUSTED, FOUND, Search
from boardpuzzles.knights.tour import NoTour, free_mask, tie_order
from boardpuzzles.geometry import parse_square

from knights_helpers import assert_tour


@pytest.fixture(scope="module", autouse=True)
def compiled():
    """Load the kernels first, so that the timings below are of the work, not of the compiler."""
    with pytest.raises(NoTour):
        find_tour(5, 5, (0, 0), method="backtrack", blocked=[(1, 2), (2, 1)])
    find_tour(6, 6, (0, 0), method="backtrack", blocked=[(2, 2), (2, 3)])


def blocked_squares(names, rows, cols):
    return [parse_square(name, rows, cols) for name in names.split(",")]


@pytest.mark.parametrize("rows,cols,start,blocked,words", [
    # the two: ten and fifteen minutes of search before
    (8, 8, "c1", "b3,h8", "a1 has one free neighbour (c2), so a tour from c1 must end on it"),
    (17, 6, "a7", "b9,b12,d12,f14,c16,a14", "a17 has one free neighbour (b15)"),
    (8, 8, "a1", "b3,c2,d4,e5", "no free square is a knight's move away"),  # a1's two exits gone
    (4, 10, "a1", "e1,e2,e3,e4,f1,f2,f3,f4", "the free squares fall apart: from a1 the knight cannot reach "
                                             "g1, h1, i1, j1, g2, h2 and 10 more (16 squares)"),
    (8, 8, "b6", "d5,c7,d7,g3", "h1, a8 each have one free neighbour"),
])
def test_short_arguments_answer_at_once(rows, cols, start, blocked, words):
    t = time.process_time()
    with pytest.raises(NoTour) as no:
        find_tour(rows, cols, parse_square(start, rows, cols), method="backtrack",
                  blocked=blocked_squares(blocked, rows, cols))
    assert time.process_time() - t < AT_ONCE_CPU
    assert no.value.proved and words in no.value.reason


def test_the_argument_is_a_catalogue_key_said_in_russian_too():
    """The reason is a catalogue key with its fields (``NoTour.said``, and ``said`` in the JSON) beside the English."""
    with pytest.raises(NoTour) as no:
        find_tour(4, 10, (0, 0), method="backtrack", blocked=blocked_squares("e1,e2,e3,e4,f1,f2,f3,f4", 4, 10))
    assert str(no.value.said) == no.value.reason
    more = {"key": "knight.condition_more", "fields": {"squares": "g1, h1, i1, j1, g2, h2", "more": "10"}}
    assert no.value.to_json()["said"] == {"key": "knight.condition_apart",
                                          "fields": {"start": "a1", "squares": more, "count": "16"}}
    assert no.value.said.text("ru") == ("свободные поля распадаются на части: с a1 конь не доберётся до "
                                        "g1, h1, i1, j1, g2, h2 и ещё 10 (полей: 16)")


def test_closed_tours_need_two_ways_at_every_square():
    with pytest.raises(NoTour, match=r"two different moves, but a1 has only one free neighbour \(b3\)"):
        find_tour(6, 6, (2, 2), closed=True, blocked=[(1, 2), (4, 4)])


def test_the_cli_gives_the_argument(cli):
    run = cli("knight", "tour", "8", "--start", "c1", "--blocked", "b3,h8", "--json")
    assert run.status == 1 and run.json()["exists"] is False and "a1 has one free neighbour" in run.json()["reason"]


def reached_reference(nbr: np.ndarray, start: int) -> set[int]:
    """Plain Python: the squares reachable from ``start`` along ``nbr`` (the reference of the kernel ``_reach``)."""
    seen, todo = {start}, [start]
    while todo:
        for t in nbr[todo.pop()]:
            if t >= 0 and int(t) not in seen:
                seen.add(int(t))
                todo.append(int(t))
    return seen


def test_reach_kernel_agrees_with_the_reference():
    rng = random.Random(5)
    for _ in range(50):
        rows, cols = rng.randint(1, 9), rng.randint(1, 9)
        free = np.array([rng.random() < 0.7 for _ in range(rows * cols)], dtype=np.bool_)
        start = rng.randrange(rows * cols)
        free[start] = True
        nbr = neighbour_table(rows, cols, free)
        seen = np.zeros(rows * cols, dtype=np.bool_)
        count = _reach(nbr, start, seen)
        assert set(np.flatnonzero(seen).tolist()) == reached_reference(nbr, start)
        assert count == int(seen.sum())


def boards_with_holes(seed, count):
    rng = random.Random(seed)
    for _ in range(count):
        rows, cols = rng.choice([(4, 5), (5, 5), (5, 6), (3, 8), (4, 7)])
        squares = [(r, c) for r in range(rows) for c in range(cols)]
        holes = rng.sample(squares, rng.randint(1, 4))
        yield rows, cols, holes, rng.choice([s for s in squares if s not in holes]), rng.random() < 0.3


@pytest.mark.parametrize("rows,cols,holes,start,closed", list(boards_with_holes(10, 300)))
def test_conditions_never_refuse_a_board_with_a_tour(rows, cols, holes, start, closed):
    free = free_mask(rows, cols, holes)
    s = start[0] * cols + start[1]
    status = Search(neighbour_table(rows, cols, free), tie_order(rows, cols, free, "far"), np.array([s]), closed).run()
    assert status in (FOUND, EXHAUSTED)
    verdict, _ = free_squares_verdict(rows, cols, free, s, closed)
    if status == FOUND:
        assert verdict is None
        assert_tour(rows, cols, find_tour(rows, cols, start, closed, blocked=holes).squares(), closed, start, holes)
