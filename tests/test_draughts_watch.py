"""The seed's draughts program watched: the tree built node by node in the order its ``hod`` builds
it, ``num`` stored bottom-up, then ``search`` walking down the longest branches."""

from __future__ import annotations

import doctest
import importlib
import threading

import pytest
from playwright.sync_api import expect

from boardpuzzles.draughts import seed, seed_captures
from boardpuzzles.draughts.cli import EXAMPLE_SEED
from boardpuzzles.draughts.seed_steps import LISTING, MOST_STEPS, seed_steps
from boardpuzzles.errors import Cancelled
from boardpuzzles.geometry import square_name

from listing_helpers import LineTracer
from web_helpers import chromium_path, players_page

EXAMPLE = seed.read_seed_input(EXAMPLE_SEED)  # four men round d5, one more on f4; the white man on c3


def test_every_step_names_the_line_executing():
    steps, agreed = LineTracer(LISTING).steps_checked(lambda: seed_steps(*EXAMPLE))
    assert len(agreed) == len(steps) == 89 and all(agreed)
    said = {"node": "watch.made(", "test": "watch.test(", "num": "watch.stored(", "visit": "watch.visit(",
            "check": "watch.check(", "path": "watch.found("}
    for step in steps:
        assert said[step.action] in LISTING.lines[step.where.line - 1]


def test_the_tree_of_the_seeds_example_is_built_in_hods_order():
    steps = list(seed_steps(*EXAMPLE))
    made = [(step.node, step.parent, step.name) for step in steps if step.action == "node"]
    assert made == [(0, None, "c3"), (1, 0, "e5"), (2, 1, "g3"), (3, 1, "c7"), (4, 3, "a5"), (5, 4, "c3"),
                    (6, 0, "a5"), (7, 6, "c7"), (8, 7, "e5"), (9, 8, "c3"), (10, 8, "g3")]
    stored = [(step.node, step.num) for step in steps if step.action == "num"]  # bottom-up, as hod returns
    assert stored == [(2, 2), (5, 4), (4, 4), (3, 4), (1, 4), (9, 4), (10, 4), (8, 4), (7, 4), (6, 4), (0, 4)]
    assert steps[-1].counts == {"tests": 44, "nodes": 11, "nums": 11, "visits": 10, "checks": 10, "paths": 3}
    walked = [(step.action, step.node, step.name) for step in steps if step.action in ("visit", "path")]
    assert walked[:6] == [("visit", 0, "c3"), ("visit", 1, "e5"), ("visit", 3, "c7"), ("visit", 4, "a5"),
                          ("visit", 5, "c3"), ("path", 5, "c3")]
    skipped = [step for step in steps if step.action == "check" and step.reason]
    assert [(step.node, step.name, step.num) for step in skipped] == [(1, "g3", 2)]
    assert skipped[0].to_json()["said"] == {"key": "trace.draughts.not_root", "fields": {"num": 4}}
    assert skipped[0].reason == "its num is not the root's 4: no longest path goes through it"
    paths = [[square_name(*square) for square in step.path] for step in steps if step.action == "path"]
    _, result = seed_captures(*EXAMPLE)
    assert paths == [sequence["squares"] for sequence in result.to_json()["sequences"]]


def test_each_capture_tried_says_why_it_cannot_be_made():
    steps = list(seed_steps(*EXAMPLE))
    tests = [step for step in steps if step.action == "test"]
    assert len(tests) == 4 * 11  # hod tries the four directions from every node
    assert {step.reason for step in tests} == {None, "the landing square is off the board", "no black man to take"}
    first = tests[0].to_json()
    assert first["direction"] == [-2, -2] and first["target"] == "a1" and first["jumped"] == "b2"
    assert first["reason"] == "no black man to take"
    assert first["said"] == {"key": "draughts.reason_no_man", "fields": {}}  # the page says it in its language
    assert tests[0].words("ru") == "с c3 пробуем (-2, -2): нет чёрной шашки, которую можно взять"
    capture = next(index for index, step in enumerate(steps) if step.action == "test" and step.reason is None)
    assert steps[capture + 1].action == "node" and steps[capture + 1].jumped == steps[capture].jumped
    blocked = list(seed_steps([(4, 4), (5, 5)], (3, 3)))  # d4 with e5 behind it
    assert blocked[3].name == "e5" and blocked[3].reason == "the landing square is not empty"
    assert str(blocked[3]).endswith("  move    from c3 try (2, 2): the landing square is not empty")


def test_the_men_taken_are_off_the_board_until_hod_returns():
    steps = list(seed_steps(*EXAMPLE))
    for step in steps:
        if step.action in ("test", "node", "num"):
            assert len(step.taken) == len(step.path) - 1
            assert [square_name(*square) for square in step.path][0] == "c3"
        else:
            assert step.taken == ()


def test_the_json_keys_and_the_stack():
    step = list(seed_steps(*EXAMPLE))[5].to_json()
    assert list(step) == ["index", "method", "line", "vars", "stack", "counts", "node", "action", "square",
                          "direction", "target", "jumped", "reason", "said", "num", "taken", "path"]
    assert list(seed_steps(*EXAMPLE))[4].to_json()["parent"] == 0
    assert [frame["name"] for frame in step["stack"]] == ["program", "hod", "move", "hod", "move"]
    assert step["vars"] == {"num": 2, "x": -2, "y": -2, "node": "e5 (num 0)"}
    assert step["taken"] == ["d4"] and step["path"] == ["c3", "e5"]


def test_the_largest_tree_of_any_input():
    nine = [(x, y) for x in (2, 4, 6) for y in (2, 4, 6)]
    steps = list(seed_steps(nine, (3, 3)))
    assert len(steps) == MOST_STEPS and steps[-1].counts["nodes"] == 52


def test_a_page_far_on_is_the_same_steps():
    every = [step.to_json() for step in seed_steps(*EXAMPLE)]
    assert [step.to_json() for step in seed_steps(*EXAMPLE, offset=40)] == every[40:]


def test_a_cancelled_stream_stops():
    cancel = threading.Event()
    cancel.set()
    with pytest.raises(Cancelled):
        next(seed_steps(*EXAMPLE, cancel=cancel))


def test_the_docstring_examples():  # the module: draughts.seed_steps is its function
    assert doctest.testmod(importlib.import_module("boardpuzzles.draughts.seed_steps")).failed == 0


def test_trace_prints_the_program_then_its_steps(cli, tmp_path):
    source = tmp_path / "seed.txt"
    source.write_text(EXAMPLE_SEED)
    text = cli("draughts", "captures", "--seed-input", str(source), "--trace")
    assert text.status == 0
    lines = text.out.splitlines()
    assert lines[0] == "the seed's program (each step below names its line):"
    assert lines[1:1 + len(LISTING.lines)] == str(LISTING).splitlines()
    assert lines[1 + len(LISTING.lines)] == "      1  line  7  program node 0 on c3: the white man's square"
    run = cli("draughts", "captures", "--seed-input", str(source), "--trace", "--json")
    *steps, result = run.json_lines()
    assert steps == [step.to_json() for step in seed_steps(*EXAMPLE)]
    assert result == cli("draughts", "captures", "--seed-input", str(source), "--json").json()
    alone = cli("draughts", "captures", "start", "--trace")
    assert alone.status == 2 and "--trace shows the seed's capture tree: use it with --seed-input FILE" in alone.err


def test_the_notebook_player_of_a_position_or_of_the_seeds_input():
    from boardpuzzles.draughts import Position, watch

    player = watch(seed_input=EXAMPLE_SEED)
    assert repr(player) == "Player(the seed's capture tree of the white man on c3 among 5 black men: 89 steps)"
    assert player.steps == [step.to_json() for step in seed_steps(*EXAMPLE)]
    assert player.setup == {"white": "c3", "blacks": ["b4", "b6", "d4", "d6", "f4"]}
    assert watch(Position("W:Wc3:Bb6,d6,b4,d4,f4", "seed")).steps == player.steps  # the same men as a position
    html = player._repr_html_()
    assert html.count("<script>") == 1 and 'modules["draughts-watch.js"].puzzle' in html


def test_the_notebook_player_speaks_the_language_asked():
    from boardpuzzles.draughts import watch

    russian = watch(seed_input=EXAMPLE_SEED, lang="ru")
    assert repr(russian) == "Player(дерево взятий программы из статьи: белая шашка на c3, чёрных шашек: 5: 89 steps)"
    assert russian.steps == watch(seed_input=EXAMPLE_SEED).steps and russian.lang == "ru"
    assert 'data-lang="ru"' in russian._repr_html_()
    assert repr(watch(seed_input="1 4 4 3 3", lang="en")).startswith("Player(the seed's capture tree of the white man on c3 among 1 black man:")


@pytest.mark.parametrize("call, parameter", [
    (lambda watch, Position: watch(), "position"),
    (lambda watch, Position: watch(Position("start", "russian")), "position"),
    (lambda watch, Position: watch(Position("W:W31:B22", "international")), "position"),
    (lambda watch, Position: watch(seed_input="1 9 9 3 3"), "seed_input"),
    (lambda watch, Position: watch("W:Wc3:Bd4"), "position"),
    (lambda watch, Position: watch(seed_input="1 4 4 3 3", lang="de"), "lang"),
])
def test_the_notebook_player_refuses_other_men_naming_the_argument(call, parameter):
    from boardpuzzles.draughts import Position, watch
    from boardpuzzles.errors import InputError

    with pytest.raises(InputError) as error:
        call(watch, Position)
    assert error.value.parameter == parameter


@pytest.mark.slow
@pytest.mark.skipif(chromium_path() is None, reason="no Chromium found (apt-get install chromium, or set BOARDPUZZLES_CHROMIUM)")
def test_the_notebook_player_plays_offline_in_chromium(tmp_path):
    from boardpuzzles.draughts import watch

    player = watch(seed_input=EXAMPLE_SEED)
    with players_page(tmp_path, [player]) as (page, problems):
        box = page.locator(".bp-player")
        expect(box.locator(".counter")).to_have_text("step 1 of 89")
        box.get_by_role("button", name="Next num").click()
        first = next(index for index, step in enumerate(player.steps) if step["action"] == "num")
        expect(box.locator(".counter")).to_have_text(f"step {first + 1} of 89")
        expect(box.locator(".tree-focus")).to_contain_text("num 2")  # the first num stored: a leaf's
        assert int(box.locator(".listing .ln.now").get_attribute("data-line")) == player.steps[first]["line"]
        box.get_by_role("button", name="End ⇥").click()
        expect(box.locator(".status")).to_contain_text("search found 3 longest captures, each taking 4 men")
    assert problems == []


def test_the_seed_programs_calls_check_what_they_are_given():
    from boardpuzzles.errors import InputError, InputTypeError

    with pytest.raises(InputTypeError, match="text must be text"):
        seed.read_seed_input(5)
    with pytest.raises(InputError, match=r"white must be 1..8 \(got 9\)"):
        seed.build_tree([(3, 3)], (9, 1))
    with pytest.raises(InputError, match="blacks must be a pair"):
        seed.build_tree(["c3"], (1, 1))
    with pytest.raises(InputError, match="two men on x=3 y=3"):
        seed.build_tree([(3, 3)], (3, 3))
    with pytest.raises(InputTypeError, match="root must be the root Node"):
        seed.longest_paths("d4")
    root = seed.build_tree([(4, 4)], (3, 3))
    assert [[node.name for node in path] for path in seed.longest_paths(root)] == [["c3", "e5"]]
