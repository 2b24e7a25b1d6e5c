"""The step streams: the seeds' own state at each step, and the same choices as the searches."""

from __future__ import annotations

import pytest

from boardpuzzles import queens
from boardpuzzles.errors import InputError
from boardpuzzles.knights import steps as knight_steps
from boardpuzzles.knights import warnsdorff
from boardpuzzles.knights.moves import square_of
from boardpuzzles.queens.steps import search_steps


@pytest.mark.parametrize("method", ["recursive", "iterative", "freelist"])
def test_the_steps_find_the_solutions_of_the_search(method):
    steps = list(search_steps(6, method))
    found = [step.solution for step in steps if step.solution]
    assert found == [s.columns for s in queens.solutions(6)]
    assert [step.index for step in steps] == list(range(len(steps)))
    assert steps[-1].moment.count("solutions") == 4


def test_the_recursive_tables_hold_the_number_of_the_queen_on_each_line():
    for step in search_steps(6, "recursive"):
        state = step.to_json()
        placed = state["c"]
        assert len(placed) == (state["k"] if state["action"] in ("occupy", "solution") else state["k"] - 1)
        for k, i in enumerate(placed, start=1):
            assert state["cm"][i - 1] == k and state["dp"][k + i - 2] == k and state["dm"][k - i + 6 - 1] == k
        assert sum(map(bool, state["cm"])) == len(placed)


def test_the_freelist_board_shrinks_as_queens_are_placed():
    for step in search_steps(5, "freelist"):
        board = step.to_json()["board"]
        placed = len(board["queens"])
        assert len(board["rows"]) == len(board["cols"]) == 5 - placed
        assert len(board["diag1"]) == len(board["diag2"]) == 9 - placed


def test_the_iterative_steps_carry_the_automaton_state_of_their_operation():
    steps = list(search_steps(4, "iterative"))
    states = {(step.action, step.state) for step in steps}
    assert states == {("test", "И"), ("occupy", "СОК"), ("free", "СБ"), ("solution", "С8")}
    assert all(step.to_json()["state"] == step.to_json()["vars"]["state"] for step in steps)


def test_only_the_seed_methods_and_small_boards_can_be_watched():
    with pytest.raises(InputError) as error:
        next(search_steps(8, "bitboard"))
    assert error.value.parameter == "method"
    with pytest.raises(InputError) as error:
        next(search_steps(33, "recursive"))
    assert error.value.parameter == "n"


@pytest.mark.parametrize("rows,cols,start", [(5, 5, (0, 0)), (6, 6, (2, 3)), (8, 8, (3, 4)), (7, 7, (6, 6)),
                                             (5, 8, (1, 1)), (3, 4, (0, 0)), (10, 10, (0, 0))])
@pytest.mark.parametrize("method,rule,depth", [("warnsdorff", warnsdorff.SEED, 1), ("lookahead", warnsdorff.LOOKAHEAD, 2),
                                               ("lookahead", warnsdorff.LOOKAHEAD, 3), ("roth", warnsdorff.ROTH, 1)])
def test_the_knight_steps_choose_as_the_kernel_does(rows, cols, start, method, rule, depth):
    for shift in (0, 3):
        walked = [s.square for s in knight_steps.rule_steps(rows, cols, start, method, depth, shift=shift)
                  if s.kind in ("start", "move")]
        kernel = warnsdorff.run_rule(rows, cols, start[0] * cols + start[1], rule, depth, shift=shift)
        assert walked == [square_of(s, cols) for s in kernel]


def test_the_knight_steps_show_accessibility_falling_and_where_the_rule_is_stuck():
    steps = list(knight_steps.rule_steps(7, 7, (6, 6), "warnsdorff"))  # the seed's rule fails from g7
    assert steps[0].accessibility[6][6] is None and steps[0].accessibility[0][0] == 2
    last = steps[-1]
    assert last.kind == "stuck" and last.note.startswith("stuck on ") and "left" in last.note
    tests = [step for step in steps[1:] if step.kind == "test"]
    chosen = next(step for step in steps if step.kind == "move")
    assert [c.square for c in chosen.candidates] == [step.candidate.square for step in tests[:len(chosen.candidates)]]
    assert chosen.square in [c.square for c in chosen.candidates]
    assert min(c.accessibility for c in chosen.candidates) == next(
        c.accessibility for c in chosen.candidates if c.square == chosen.square)


def test_a_replayed_tour_ends_done_and_says_whether_it_closes():
    path = [square_of(s, 6) for s in warnsdorff.run_rule(6, 6, 0, warnsdorff.SEED)]
    steps = list(knight_steps.path_steps(6, 6, path, "divide"))
    assert [s.square for s in steps[:-1]] == path and steps[-1].kind == "done"
    assert all(s.where is None for s in steps) and steps[-1].counts == {"tests": 0, "moves": 35, "backs": 0, "nodes": 36}
    assert all(value is None for row in steps[-1].accessibility for value in row)


@pytest.mark.slow
def test_a_search_far_from_its_first_solution_streams_and_stops_when_closed():
    """32 queens: millions of steps before the first solution; the steps come at once (the search
    runs ahead by a few batches only) and closing the stream ends the search's thread."""
    import threading
    from itertools import islice

    before = threading.active_count()
    stream = search_steps(32, "iterative")
    steps = list(islice(stream, 20_000))
    assert [step.index for step in steps] == list(range(20_000)) and not any(step.solution for step in steps)
    stream.close()
    assert threading.active_count() == before
