"""The knight's watched methods: their listings run, each step names the line executing, and the
search they make is the kernels' search (same choices, same nodes, same tour)."""

from __future__ import annotations

import doctest
import re
import threading

import pytest
from playwright.sync_api import expect

from boardpuzzles import knights, notebook
from boardpuzzles.errors import Cancelled, InputError
from boardpuzzles.knights import find_tour, steps as knight_steps
from boardpuzzles.knights.listed import LISTINGS
from boardpuzzles.knights.steps import backtrack_steps, rule_steps, search_size, tour_steps
from boardpuzzles.knights.tour import NoTour

from knights_helpers import assert_tour
from web_helpers import chromium_path, players_page
from listing_helpers import LineTracer


def final_path(steps):
    """The path the steps leave: moves add a square, retreats take the last one off."""
    path = []
    for step in steps:
        if step.kind in ("start", "restart"):
            path = [step.square]
        elif step.kind == "move":
            path.append(step.square)
        elif step.kind == "back":
            assert path.pop() == step.left
    return path


@pytest.mark.parametrize("method, make", [
    ("warnsdorff", lambda: rule_steps(7, 7, (6, 6), "warnsdorff")),
    ("lookahead", lambda: rule_steps(5, 6, (0, 0), "lookahead", 3)),
    ("roth", lambda: rule_steps(6, 6, (2, 3), "roth")),
    ("backtrack", lambda: backtrack_steps(7, 7, (6, 6))),
    ("backtrack", lambda: backtrack_steps(6, 6, (0, 0), closed=True)),
])
def test_every_step_names_the_line_executing(method, make):
    steps, agreed = LineTracer(LISTINGS[method]).steps_checked(make)
    assert len(agreed) == len(steps) > 50 and all(agreed)
    code = LISTINGS[method].lines
    said = {"test": "knight.test(", "move": "knight.move(", "back": "knight.back(", "start": "knight.begin(",
            "done": "knight.done()", "stuck": "knight.stuck()"}
    for step in steps:
        assert said[step.kind] in code[step.where.line - 1]


def test_the_variables_and_the_stack_are_the_running_frames():
    steps = list(backtrack_steps(7, 7, (6, 6)))
    for step in steps:
        names = [frame.name for frame in step.where.stack]
        assert names[0] == "backtrack" and set(names[1:]) <= {"search"}
        searching = len(names) - 1  # a search frame for each square the path goes on from
        assert searching == (0 if step.kind in ("start", "done") else step.number - (step.kind == "move"))
        if step.kind == "test":
            held = step.where.variables
            assert (held["r"], held["c"]) == step.candidate.square and (held["row"], held["col"]) == step.square
    first_move = next(step for step in steps if step.kind == "move").to_json()
    assert first_move["stack"][0]["vars"] == {"budget": 2000, "order": "far", "row": 6, "col": 6}
    assert first_move["vars"]["number"] == 1 and first_move["line"] == first_move["stack"][-1]["line"]


@pytest.mark.parametrize("rows, cols, start, closed, blocked", [
    (5, 5, (0, 0), False, ()), (7, 7, (6, 6), False, ()), (6, 6, (0, 0), True, ()), (5, 6, (0, 0), True, ()),
    (8, 8, (4, 2), False, ()), (4, 7, (0, 0), False, ()), (3, 12, (0, 4), False, ()),
    (5, 5, (0, 0), True, ((2, 2),)), (4, 4, (0, 0), False, ((0, 1),)), (6, 6, (0, 0), False, ((0, 5), (5, 5))),
])
@pytest.mark.slow
def test_the_watched_search_is_the_kernels(rows, cols, start, closed, blocked):
    """Same number of steps as the kernel's runs count, same tests, moves and retreats, same tour."""
    steps = list(backtrack_steps(rows, cols, start, closed, blocked))
    assert len(steps) == search_size(rows, cols, start, closed, blocked)
    assert [step.index for step in steps] == list(range(len(steps)))
    try:
        tour = find_tour(rows, cols, start, closed, "backtrack", blocked=blocked)
    except NoTour as no:
        assert no.proved and steps[-1].kind == "exhausted"
        return
    assert steps[-1].kind == "done" and final_path(steps) == tour.squares()
    assert_tour(rows, cols, final_path(steps), closed, start, blocked)


def test_warnsdorff_gets_stuck_where_backtracking_goes_back_and_on():
    """7x7 from g7: the seed's rule is stuck after 33 squares; the search (Warnsdorff's order, ties far
    from the centre first) goes back 11 times and finds a tour in 59 moves."""
    stuck = list(rule_steps(7, 7, (6, 6), "warnsdorff"))
    assert stuck[-1].kind == "stuck" and stuck[-1].number == 33
    steps = list(backtrack_steps(7, 7, (6, 6)))
    assert steps[-1].counts == {"tests": 129, "moves": 59, "backs": 11, "nodes": 60, "restarts": 0} and len(steps) == 201
    backs = [step for step in steps if step.kind == "back"]
    assert [step.number for step in backs] == [31, 30, 31, 30, 30, 29, 39, 38, 39, 38, 37]
    assert backs[0].note == "d4 is a dead end: it could only be the last square, and 17 are left"
    assert backs[1].note == "no move from a1 leads to a tour"


def test_the_search_tree_grows_a_node_a_move():
    steps = list(backtrack_steps(7, 7, (6, 6)))
    assert steps[0].node == 0 and steps[0].parent is None
    for before, step in zip(steps, steps[1:]):
        if step.kind == "move":
            assert step.node == step.counts["moves"] == step.counts["nodes"] - 1 and step.parent == before.node
        elif step.kind == "back":
            assert before.node != step.node  # the node left is the one the step before stood on
        else:
            assert step.node == before.node and step.parent is None


@pytest.mark.slow
def test_a_search_that_made_its_budget_starts_again_in_another_order():
    steps = list(backtrack_steps(3, 12, (0, 4)))
    restarts = [step for step in steps if step.kind == "restart"]
    assert len(restarts) == steps[-1].counts["restarts"] == 2
    assert restarts[0].node == 0 and restarts[0].number == 1 and "at most 2,000 moves" in restarts[0].note
    assert steps[-1].counts["moves"] == 4112


def test_a_proof_by_exhaustion_is_watched_to_its_end():
    with pytest.raises(NoTour) as searched:  # no condition decides: the search does
        find_tour(5, 5, (0, 0), True, blocked=[(2, 2)])
    assert searched.value.method == "backtrack" and searched.value.proved
    steps = list(tour_steps(5, 5, (0, 0), True, None, None, [(2, 2)], searched.value))
    assert steps[-1].kind == "exhausted" and steps[-1].note == "no closed tour from a1: no move from a1 leads to a tour"
    assert len(steps) == search_size(5, 5, (0, 0), True, [(2, 2)]) == 116
    with pytest.raises(NoTour) as theorem:
        find_tour(4, 4, (0, 0), method="backtrack")
    assert theorem.value.method is None and list(tour_steps(4, 4, (0, 0), False, "backtrack", None, [],
                                                                 theorem.value)) == []


def test_too_long_a_search_is_refused_before_its_first_step(monkeypatch):
    monkeypatch.setattr(knight_steps, "MAX_WATCHED_STEPS", 200)
    with pytest.raises(InputError) as error:
        backtrack_steps(7, 7, (6, 6))
    assert error.value.parameter == "start"
    assert str(error.value) == "the search from start g7 on the 7x7 board makes 201 steps; a watched search makes at most 200"


def test_a_page_far_on_is_the_same_steps():
    every = [step.to_json() for step in backtrack_steps(7, 7, (6, 6))]
    assert [step.to_json() for step in backtrack_steps(7, 7, (6, 6), offset=150)] == every[150:]
    assert [step.to_json() for step in rule_steps(5, 5, (0, 0), "roth", offset=70)] == [
        step.to_json() for step in rule_steps(5, 5, (0, 0), "roth")][70:]


def test_a_cancelled_stream_stops():
    cancel = threading.Event()
    cancel.set()
    with pytest.raises(Cancelled):
        next(backtrack_steps(5, 5, (0, 0), cancel=cancel))


def test_the_lookahead_score_is_read_move_by_move():
    test = next(step for step in rule_steps(6, 6, (0, 0), "lookahead", 3) if step.kind == "test")
    candidate = test.candidate
    assert candidate.ahead[0] == candidate.accessibility and len(candidate.ahead) == 3
    assert candidate.score == int("".join(f"{digit:x}" for digit in candidate.ahead), 16)
    assert str(test).endswith(f"score {candidate.score} ({', then '.join(map(str, candidate.ahead))})")


def test_the_tie_order_that_found_the_tour_is_the_one_watched():
    tour = find_tour(7, 7, (6, 6), method="roth")  # Roth's rule is stuck from g7 in the move order 0
    walked = [step.square for step in tour_steps(7, 7, (6, 6), False, "roth", None, [], tour)
              if step.kind in ("start", "move")]
    assert walked == tour.squares()


def test_the_docstring_examples():
    assert doctest.testmod(knight_steps).failed == 0


def test_trace_of_the_search_prints_its_retreats(cli, monkeypatch):
    run = cli("knight", "tour", "7", "--start", "g7", "--method", "backtrack", "--trace", "--json")
    *steps, result = run.json_lines()
    assert run.status == 0 and steps == [step.to_json() for step in backtrack_steps(7, 7, (6, 6))]
    assert [step["kind"] for step in steps].count("back") == 11 and steps[-1]["counts"]["backs"] == 11
    assert result["method"] == "backtrack" and steps[-1]["kind"] == "done"
    text = cli("knight", "tour", "7", "--start", "g7", "--method", "backtrack", "--trace")
    backs = [line for line in text.out.splitlines() if " back from " in line and "  line " in line]
    assert backs[0].endswith(" search    back from b3 to a1: d4 is a dead end: it could only be the last square, and 17 are left")
    monkeypatch.setattr(knight_steps, "MAX_WATCHED_STEPS", 200)
    refused = cli("knight", "tour", "7", "--start", "g7", "--method", "backtrack", "--trace")
    assert refused.status == 2 and refused.err.count("\n") == 1
    assert "--start g7 on the 7x7 board makes 201 steps; a watched search makes at most 200" in refused.err


def test_the_animation_plays_the_moves_and_the_retreats(monkeypatch):
    from boardpuzzles import animate, render
    from boardpuzzles.knights.steps import tour_frames

    frames = tour_frames(7, 7, backtrack_steps(7, 7, (6, 6)))
    assert len(frames) == 1 + 59 + 11 + 1  # the start, each move, each retreat, the end: no test
    back = next(frame for frame in frames if frame.caption.startswith("Back from b3 to a1"))
    assert back.diagram.marks[(2, 1)] == render.TAKEN and back.diagram.pieces == {(0, 0): "N"}
    assert len(back.diagram.path) == 31
    monkeypatch.setattr(animate, "MAX_FRAMES", 50)
    with pytest.raises(InputError, match="backtrack from g7, move by move, has more than 50 steps") as error:
        tour_frames(7, 7, backtrack_steps(7, 7, (6, 6)))
    assert error.value.parameter == "board"


@pytest.mark.parametrize("call, parameter", [
    (lambda: backtrack_steps("8", 8, (0, 0)), "rows"),
    (lambda: backtrack_steps(5, 5, (9, 9)), "start"),
    (lambda: backtrack_steps(5, 5, (0, 0), blocked=[(0, 0)]), "start"),
    (lambda: backtrack_steps(5, 5, (0, 0), closed="yes"), "closed"),
    (lambda: backtrack_steps(21, 20, (0, 0)), "board"),
    (lambda: backtrack_steps(5, 5, (0, 0), offset=-1), "offset"),
    (lambda: backtrack_steps(5, 5, (0, 0), cancel=3), "cancel"),
    (lambda: rule_steps(5, 5, (0, 0), "backtrack"), "method"),
    (lambda: rule_steps(5, 5, (0, 0), "lookahead", 9), "depth"),
    (lambda: rule_steps(5, 5, (0, 0), "roth", shift=8), "shift"),
    (lambda: search_size(5, 5, (0, 0), blocked=["a1"]), "blocked"),
    (lambda: tour_steps(5, 5, (0, 0), False, None, None, [], "a tour"), "result"),
])
def test_a_wrong_argument_is_refused_naming_it(call, parameter):
    with pytest.raises(InputError) as error:
        call()
    assert error.value.parameter == parameter


def test_the_notebook_player_holds_the_tour_and_refuses_too_many_steps(monkeypatch):
    player = knights.watch("5x5", start="a1", method="backtrack")
    assert repr(player) == "Player(the backtrack search from a1 on the 5x5 board: 74 steps)"
    assert player.steps == [step.to_json() for step in backtrack_steps(5, 5, (0, 0))]
    assert player.setup == {"rows": 5, "cols": 5, "method": "backtrack", "start": "a1", "blocked": [], "closed": False,
                            "squares": 25}
    html = player._repr_html_()
    assert html.count("<script>") == 1 and 'modules["knight-watch.js"].puzzle' in html
    assert "http" not in html.replace("http://www.w3.org/2000/svg", "")
    assert knights.watch((7, 7), start=(6, 6), method="warnsdorff").steps[-1]["kind"] == "stuck"  # watched to where it sticks
    proved = knights.watch("5x5", start="a1", closed=True, blocked=["c3"])  # the search proves there is none
    assert proved.steps[-1]["kind"] == "exhausted" and len(proved) == 116
    with pytest.raises(NoTour):  # a theorem decides: no search to watch
        knights.watch("4x4")
    monkeypatch.setattr(notebook, "MAX_STEPS", 100)
    with pytest.raises(InputError, match=r"^board: the backtrack search from g7 on the 7x7 board has more than 100 "
                                         r"steps, too many for a player \(a player holds at most 100\)$"):
        knights.watch("7x7", start="g7", method="backtrack")


def test_the_notebook_player_speaks_the_language_asked():
    """``lang`` fixes the player's language (its title and its page); None leaves it to the reader's browser."""
    russian = knights.watch("5x5", start="a1", method="backtrack", lang="ru")
    assert repr(russian) == "Player(поиск backtrack с a1 на доске 5x5: 74 steps)"
    assert russian.steps == knights.watch("5x5", start="a1", method="backtrack").steps
    assert 'data-lang="ru"' in russian._repr_html_() and russian.to_html().startswith('<!doctype html>\n<html lang="ru">')
    assert knights.watch("5x5", method="backtrack", lang="en").lang == "en" and knights.watch("5x5", method="backtrack").lang is None


@pytest.mark.parametrize("call, parameter", [
    (lambda: knights.watch("5y5"), "board"), (lambda: knights.watch("21x20"), "board"), (lambda: knights.watch(True), "board"),
    (lambda: knights.watch("5x5", start="f1"), "start"), (lambda: knights.watch("5x5", blocked=["a1"]), "start"),
    (lambda: knights.watch("5x5", blocked="c3,z1"), "blocked"), (lambda: knights.watch("5x5", method="fast"), "method"),
    (lambda: knights.watch("5x5", lang="fr"), "lang"), (lambda: knights.watch("5x5", lang=1), "lang"),
])
def test_the_notebook_player_refuses_a_wrong_argument_naming_it(call, parameter):
    with pytest.raises(InputError) as error:
        call()
    assert error.value.parameter == parameter


@pytest.mark.slow
@pytest.mark.skipif(chromium_path() is None, reason="no Chromium found (apt-get install chromium, or set BOARDPUZZLES_CHROMIUM)")
def test_the_notebook_player_plays_offline_in_chromium(tmp_path):
    player = knights.watch("7x7", start="g7", method="backtrack")
    with players_page(tmp_path, [player]) as (page, problems):
        box = page.locator(".bp-player")
        expect(box.locator(".counter")).to_have_text(f"step 1 of {len(player)}")
        box.get_by_role("button", name="Next backtrack").click()
        back = next(index for index, step in enumerate(player.steps) if step["kind"] == "back")
        expect(box.locator(".counter")).to_have_text(f"step {back + 1} of {len(player)}")
        expect(box.locator(".caption")).to_contain_text("Backtrack: the knight goes back from b3 to a1")
        assert int(box.locator(".listing .ln.now").get_attribute("data-line")) == player.steps[back]["line"]
        expect(box.locator('[role="gridcell"][aria-label^="b3"]')).to_have_attribute("aria-label", re.compile("left by the retreat"))
        box.get_by_role("button", name="End ⇥").click()
        expect(box.locator(".status")).to_contain_text("Tour found by backtrack: 49 squares after 129 tests, 59 moves, 11 backtracks")
    assert problems == []
