"""The lessons (boardpuzzles.lessons): every question's answer checked against the search itself, from
the library's own step stream and from the board worked out here in plain Python, not from the lesson."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from boardpuzzles import draughts, i18n, knights, queens
from boardpuzzles.errors import InputError
from boardpuzzles.geometry import parse_square, square_name
from boardpuzzles.lessons import KINDS, LESSONS, Lesson, lesson_puzzle, make_lesson
from boardpuzzles.registry import PUZZLES

STATIC = Path(__file__).resolve().parents[1] / "src" / "boardpuzzles" / "web" / "static"
KNIGHT = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]


#: Queens lessons started from queens a teacher placed, checked as the others are.
PLACED = [("backtracking", "a1"), ("backtracking", "b1"), ("queens-hr", "b1,d2"), ("queens-prolog", "a1")]


@pytest.fixture(scope="module", params=[(name, "") for name in LESSONS] + PLACED, ids=lambda param: "-".join(filter(None, param)))
def lesson(request) -> Lesson:
    return make_lesson(*request.param)


def search(lesson: Lesson) -> list[dict]:
    """The lesson's search run again here, as the Watch tab gets it, as many steps as the lesson keeps."""
    setup = lesson.setup
    if lesson.puzzle == "queens":
        placed = [parse_square(name, setup["n"], setup["n"]) for name in setup.get("placed", [])]
        stream = queens.search_steps(setup["n"], lesson.method, placed=placed)
    elif lesson.puzzle == "knight":
        start = parse_square(setup["start"], setup["rows"], setup["cols"])
        found = knights.find_tour(setup["rows"], setup["cols"], start, False, lesson.method)
        stream = iter(knights.tour_steps(setup["rows"], setup["cols"], start, False, lesson.method, None, [], found))
    else:
        stream = draughts.seed_steps(*draughts.read_seed_input(setup["seed_input"]))
    steps = [step.to_json() for _, step in zip(range(len(lesson.steps)), stream)]
    if hasattr(stream, "close"):
        stream.close()
    return steps


def queens_on_board(step: dict) -> list[tuple[int, int]]:
    """(row, col) from 1 of every queen on the board at a queens step."""
    if step["method"] == "freelist":
        return [tuple(queen) for queen in step["board"]["queens"]]
    return [(k + 1, c) for k, c in enumerate(step["c"])]


def square_tested(step: dict) -> tuple[int, int]:
    return (step["row"], step["col"]) if step["method"] == "freelist" else (step["k"], step["i"])


def line_of(table: str, entry: int, n: int):
    """Whether a square (row, col) from 1 lies on the line of a seed's table entry."""
    return {"cm": lambda r, c: c == entry, "dp": lambda r, c: r + c - 1 == entry, "dm": lambda r, c: r - c + n == entry,
            "diag1": lambda r, c: n + c - r == entry, "diag2": lambda r, c: r + c - 1 == entry}[table]


def test_the_lessons_steps_are_the_searchs_own(lesson):
    assert list(lesson.steps) == search(lesson)
    assert lesson_puzzle(lesson.name) == lesson.puzzle


def test_the_stages_stand_in_order_on_steps_of_the_search(lesson):
    places = [stage.step for stage in lesson.stages]
    assert places[0] == 0 and places[-1] == len(lesson.steps) - 1
    assert places == sorted(places)
    for stage in lesson.stages:
        if stage.question:  # a question shows the step after its own: the next stage stands on it or after
            assert stage.step + 1 < len(lesson.steps)
            later = [other.step for other in lesson.stages if other.step > stage.step]
            assert not later or later[0] >= stage.step + 1
            assert stage.question.kind in KINDS and stage.text == f"lesson.ask.{stage.question.kind}"
    assert lesson.questions, "every lesson asks"


def test_every_questions_answer_is_what_the_search_does(lesson):
    steps = lesson.steps
    for stage in lesson.stages:
        question = stage.question
        if question is None:
            continue
        before, after = steps[stage.step], steps[stage.step + 1]
        answer = question.answer
        if question.kind == "next-test":
            assert after["action"] == "test"
            assert answer["square"] == square_name(square_tested(after)[0] - 1, square_tested(after)[1] - 1)
        elif question.kind == "refusal":
            assert after["action"] == "test" and after["reason"]
            assert answer["cells"][0] == [after["blocker"]["table"], after["blocker"]["entry"]]
            n = lesson.setup["n"]
            row, col = square_tested(after)
            for table, entry in answer["cells"]:  # each cell accepted: a queen on the board holds that line
                on_line = line_of(table, entry, n)
                assert on_line(row, col)
                assert any(on_line(r, c) for r, c in queens_on_board(before)), (table, entry)
            holder = after["blocker"]["row"], after["blocker"]["col"]
            assert holder in queens_on_board(before)
            assert question.fields["holder"] == square_name(holder[0] - 1, holder[1] - 1)
        elif question.kind == "taken-back":
            assert after["action"] == "free"
            row, col = square_tested(after)
            assert (row, col) in queens_on_board(before) and (row, col) not in queens_on_board(after)
            assert answer["square"] == square_name(row - 1, col - 1)
        elif question.kind == "pick":
            assert after["kind"] == "move" and answer["square"] == after["square"]
            if lesson.method == "warnsdorff":  # the fewest onward moves, counted here on the board
                onward = {name: free_neighbours(name, after["path"], lesson.setup["rows"]) for name in
                          [c["square"] for c in after["candidates"] if not c["refused"]]}
                best = min(onward.values())
                assert [name for name, count in onward.items() if count == best] == [answer["square"]]
        elif question.kind == "back":
            assert after["kind"] == "back"
            assert answer["square"] == after["path"][-1] == before["path"][before["path"].index(after["square"])]
            assert len(after["path"]) < len(before["path"])
            made = {step["node"]: step["square"] for step in steps[: stage.step + 1] if step.get("parent") is not None}
            assert made[answer["node"]] == answer["square"]  # the tree's node of that square, made before
        elif question.kind == "num":
            assert after["action"] == "num" and answer["number"] == after["num"]
            assert answer["number"] == longest_below(steps, after["node"])
        elif question.kind == "next-visit":  # the node that the seed's search visits next, further on
            assert before["action"] in ("visit", "path") and after["action"] == "check"
            visited = next(step for step in steps[stage.step + 1:] if step["action"] == "visit")
            assert answer == {"node": visited["node"]} and question.fields["next"] == visited["square"]
            assert visited["num"] == steps[-1]["num"] == question.fields["num"]  # it walks the longest captures
            made = {step["node"] for step in steps[: stage.step + 1] if step["action"] == "node"}
            assert answer["node"] in made  # a node of the tree shown, to be clicked
        else:
            pytest.fail(f"no check for the kind {question.kind}")


def free_neighbours(name: str, path: list[str], size: int) -> int:
    """The squares a knight on ``name`` could go on to, not yet visited (``name`` itself counts as visited)."""
    row, col = parse_square(name, size, size)
    seen = set(path) | {name}
    return sum(1 for dr, dc in KNIGHT if 0 <= row + dr < size and 0 <= col + dc < size
               and square_name(row + dr, col + dc) not in seen)


def longest_below(steps: tuple[dict, ...], node: int) -> int:
    """The most men a capture through ``node`` takes: the deepest node below it (its depth is the men taken)."""
    parent = {step["node"]: step["parent"] for step in steps if step.get("parent") is not None}
    depth = {step["node"]: len(step["taken"]) for step in steps if step["action"] == "node"}

    def under(ancestor: int, other: int) -> bool:
        while other != ancestor and other in parent:
            other = parent[other]
        return other == ancestor

    return max(depth[other] for other in depth if under(node, other))


def test_the_capture_walk_is_asked_where_it_has_a_choice():
    """The draughts lesson asks which node search visits next: down past a child whose num is not the root's,
    and back up from the end of a longest capture."""
    asked = [stage.question for stage in make_lesson("draughts-captures").stages
             if stage.question and stage.question.kind == "next-visit"]
    assert [question.why.rsplit(".", 1)[1] for question in asked] == ["down", "down", "up"]
    assert asked[0].fields["children"] == "g3 (num 2), c7 (num 4)" and asked[0].answer == {"node": 3}


def test_a_lesson_is_json_with_a_repr_and_a_sentence():
    lesson = make_lesson("backtracking")
    payload = lesson.to_json()
    assert payload["title"] == "lesson.backtracking.title" and payload["setup"] == {"n": 4, "method": "recursive"}
    assert len(payload["stages"]) == len(lesson.stages) and payload["steps"][0]["index"] == 0
    assert repr(lesson) == f"Lesson({str(lesson)!r})"
    assert make_lesson("backtracking") == lesson


def test_a_queens_lesson_starts_from_the_queens_placed():
    lesson = make_lesson("queens-hr", "d2,b1")
    assert lesson.setup == {"n": 6, "method": "recursive", "first": 3, "placed": ["b1", "d2"]}
    assert lesson.stages[0].text == "lesson.placed.intro" and lesson.stages[0].fields["placed"] == "b1, d2"
    assert make_lesson("queens-hr", [(0, 1), "d2"]) == lesson
    assert make_lesson("queens-hr", "") == make_lesson("queens-hr", []) == make_lesson("queens-hr")
    ended = make_lesson("backtracking", "a1")  # no solution keeps a queen on a1
    assert ended.stages[-1].text == "lesson.placed.end" and ended.steps[-1]["counts"]["solutions"] == 0


@pytest.mark.parametrize("name, placed, says", [("backtracking", "b2", "rank 1 has none"),
                                                ("queens-hr", "a1,b2", "attack each other"),
                                                ("knight-warnsdorff", "a1", "only a queens lesson")])
def test_queens_placed_that_a_lesson_cannot_start_from_are_refused_naming_placed(name, placed, says):
    with pytest.raises(InputError, match=says) as caught:
        make_lesson(name, placed)
    assert caught.value.parameter == "placed"


def test_an_unknown_lesson_is_refused_naming_it():
    with pytest.raises(InputError, match="name must be one of backtracking") as caught:
        make_lesson("backtrack")
    assert caught.value.parameter == "name"


def test_the_page_finds_each_lessons_puzzle_from_its_name():
    """lesson.js reads the puzzle from the name's first word (the first lesson's is the queens')."""
    names = {puzzle.name for puzzle in PUZZLES}
    for name in LESSONS:
        first = name.split("-")[0]
        assert lesson_puzzle(name) == (first if first in names else "queens")


def test_the_index_lists_every_lesson_in_order():
    listed = re.findall(r'data-lesson="([a-z-]+)"><a href="/learn/([a-z-]+)"', (STATIC / "lessons.html").read_text())
    assert [name for name, _ in listed] == list(LESSONS) == [link for _, link in listed]


def test_every_text_of_a_lesson_is_in_the_catalogue_with_its_fields(lesson):
    """The keys a lesson and its page use are in the catalogue (both languages: tests/test_i18n.py), and each
    text's slots are among the fields the lesson gives it."""
    words = i18n.catalogue("en")
    used = [(f"lesson.{lesson.name}.title", {}), (f"lesson.{lesson.name}.summary", {})]
    for stage in lesson.stages:
        used.append((stage.text, stage.fields))
        if stage.question:
            used.append((stage.question.why, stage.question.fields))
    for key, fields in used:
        assert key in words, key
        assert i18n.slots(words[key]) <= set(fields), (key, i18n.slots(words[key]) - set(fields))
    page = (STATIC / "lesson.js").read_text() + (STATIC / "lessons.js").read_text() + (STATIC / "lesson.html").read_text()
    written = set(re.findall(r"lesson\.(?:ui|index)\.[a-z-]+(?:\.[a-z-]+)*(?![.a-z$-])", page))
    for key in written | {"lesson.home.start"} | {f"lesson.ui.how.{how}" for how in ("square", "node", "cell", "number")}:
        assert key in words, key
