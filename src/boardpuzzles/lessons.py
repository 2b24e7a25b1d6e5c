"""Lessons: a seed's real search cut into short stages, some of which ask the learner to predict.

A lesson runs one seed method on a small board (:data:`LESSONS` names them) and keeps its steps,
as the Watch tab shows them.  Each stage stands on one step: a sentence or two of the lesson, or a
question about the step that comes next.  The questions are never written by hand: each kind of
question is a function of a step and the step after it (:data:`KINDS`), and the answer and the
reason given come from that step after it (where the draughts seed's search walks next: from the tree
its steps built, each node with its num), so a question is right by construction and a test checks
every one against the search.

The texts are keys of the catalogue (``boardpuzzles/catalogue``), with their fields:

>>> lesson = make_lesson("backtracking")
>>> lesson
Lesson('backtracking: 4 queens by recursive, 13 stages, 9 questions')
>>> lesson.stages[0].text
'lesson.backtracking.intro'
>>> question = next(stage.question for stage in lesson.stages if stage.question)
>>> question.kind, question.answer
('refusal', {'cells': [['cm', 1]]})
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from itertools import islice
from typing import Any

from . import checks
from .errors import InputError, InternalError
from .geometry import Square, square_name

__all__ = ["LESSONS", "KINDS", "Lesson", "Stage", "Question", "make_lesson", "lesson_puzzle"]

Step = dict[str, Any]


@dataclass(frozen=True)
class Question:
    """What a stage asks about the step after its own: its ``kind`` (one of :data:`KINDS`), the
    ``answer`` (``{"square": name}`` clicked on the board, with the search tree's ``node`` of that square
    where the tree may be clicked instead, ``{"node": n}`` clicked in the search tree only,
    ``{"cells": [[table, entry], ...]}`` any of
    the table cells that are right, the seed's own first, or ``{"number": n}``), and the ``fields``
    of its texts: the catalogue's ``lesson.ask.<kind>`` asks, ``why`` says why the answer is right."""

    kind: str
    answer: dict[str, Any]
    why: str
    fields: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        """``kind``, ``ask`` and ``why`` (catalogue keys), ``answer``, ``fields``."""
        return {"kind": self.kind, "ask": f"lesson.ask.{self.kind}", "why": self.why, "answer": self.answer,
                "fields": self.fields}


@dataclass(frozen=True)
class Stage:
    """One stage of a lesson: the ``step`` it shows (an index into the lesson's steps), its ``text``
    (a catalogue key) with its ``fields``, and its ``question`` (None: the stage only says)."""

    step: int
    text: str
    fields: dict[str, Any] = field(default_factory=dict)
    #: what the stage asks about the step after its own (None: the stage only says)
    question: Question | None = None

    def to_json(self) -> dict[str, Any]:
        """``step``, ``text``, ``fields`` and ``question`` (null when the stage only says)."""
        return {"step": self.step, "text": self.text, "fields": self.fields,
                "question": self.question.to_json() if self.question else None}


@dataclass(frozen=True)
class Lesson:
    """A lesson: its ``name``, the ``puzzle`` and seed ``method`` it watches, the ``setup`` that the
    page's watch adapter reads (the board, the start, the men), its ``stages`` and the ``steps`` of the
    search they stand on (each step's JSON, as ``<puzzle>/steps`` gives it, from the first)."""

    name: str
    puzzle: str
    method: str
    setup: dict[str, Any]
    stages: tuple[Stage, ...]
    steps: tuple[Step, ...]

    @property
    def questions(self) -> list[Question]:
        """The questions of the lesson, in order."""
        return [stage.question for stage in self.stages if stage.question is not None]

    def __repr__(self) -> str:
        return f"Lesson({str(self)!r})"

    def __str__(self) -> str:
        return (f"{self.name}: {_PLANS[self.name].what} by {self.method}, {len(self.stages)} stages, "
                f"{len(self.questions)} questions")

    def to_json(self) -> dict[str, Any]:
        """``name``, ``title`` (a catalogue key), ``puzzle``, ``method``, ``setup``, ``stages`` and ``steps``."""
        return {"name": self.name, "title": f"lesson.{self.name}.title", "puzzle": self.puzzle, "method": self.method,
                "setup": self.setup, "stages": [stage.to_json() for stage in self.stages], "steps": list(self.steps)}


# ---------------------------------------------------------------- what the steps say


class _Tree:
    """What a lesson remembers of the steps before: each node's children, parent, square and num (the
    draughts seed)."""

    def __init__(self) -> None:
        self.children: dict[int, list[int]] = {}
        self.parents: dict[int, int] = {}
        self.squares: dict[int, str] = {}
        self.nums: dict[int, int] = {}

    def add(self, step: Step) -> None:
        if step.get("parent") is not None:
            self.children.setdefault(step["parent"], []).append(step["node"])
            self.parents[step["node"]] = step["parent"]
        if step.get("action") == "node":
            self.squares[step["node"]] = step["square"]
        if step.get("action") == "num":
            self.nums[step["node"]] = step["num"]

    def next_on_the_longest(self, node: int) -> tuple[int, int] | None:
        """Where the seed's search walks from ``node`` (every num stored): (the node it goes on from, the node it
        visits) for the first child whose num is the root's, else, going back up, a later brother's; None
        when the walk is over."""
        longest = self.nums[0]
        below = [child for child in self.children.get(node, []) if self.nums[child] == longest]
        if below:
            return node, below[0]
        while node in self.parents:
            parent = self.parents[node]
            kids = self.children[parent]
            later = [kid for kid in kids[kids.index(node) + 1:] if self.nums[kid] == longest]
            if later:
                return parent, later[0]
            node = parent
        return None


def _queen_square(step: Step) -> str:
    """The square a queens step is about."""
    if step["method"] == "freelist":
        return square_name(step["row"] - 1, step["col"] - 1)
    return square_name(step["k"] - 1, step["i"] - 1)


def _row(step: Step) -> int:
    return step["row"] if step["method"] == "freelist" else step["k"]


def _who(step: Step) -> str:
    """The seed's name for what tests the squares of a row: HR(k), the automaton in its state, place_a_queen."""
    if step["method"] == "recursive":
        return f"HR({step['k']})"
    if step["method"] == "iterative":
        return f"automaton ({step['state']}, k = {step['k']})"
    return "place_a_queen"


def _next_test(step: Step, after: Step, tree: _Tree) -> Question | None:
    """Which square is tested next (after a queen placed, a square refused or a queen taken back)."""
    if after.get("action") != "test" or step.get("action") not in ("occupy", "test", "free"):
        return None
    family = "freelist" if step["method"] == "freelist" else "arsac"
    case = {"occupy": "placed", "test": "refused" if step.get("reason") else "free", "free": "back"}[step["action"]]
    if case == "free":
        return None  # a free square is occupied next, not tested
    return Question("next-test", {"square": _queen_square(after)}, f"lesson.why.next-test.{family}.{case}",
                    {"who": _who(after), "square": _queen_square(after), "before": _queen_square(step),
                     "row": _row(after)})


def _refusal(step: Step, after: Step, tree: _Tree) -> Question | None:
    """Which table entry (or free list) refuses the square tested next, and because of which queen."""
    if after.get("action") != "test" or not after.get("reason"):
        return None
    blocker = after["blocker"]
    row, col = (after["row"], after["col"]) if after["method"] == "freelist" else (after["k"], after["i"])
    if after["method"] == "freelist":
        n = len(after["board"]["rows"]) + len(after["board"]["queens"])
        lines = {"diag1": n + col - row, "diag2": row + col - 1}
        held = [[table, entry] for table, entry in lines.items() if entry not in step["board"][table]]
        table = {"diag1": "FreeDiag1", "diag2": "FreeDiag2"}[blocker["table"]]
    else:
        n = len(step["cm"])
        lines = {"cm": col, "dp": row + col - 1, "dm": row - col + n}
        held = [[table, entry] for table, entry in lines.items() if step[table][entry - 1]]
        table = blocker["table"]
    first = [blocker["table"], blocker["entry"]]
    cells = [first] + [cell for cell in held if cell != first]
    return Question("refusal", {"cells": cells}, f"lesson.why.refusal.{'freelist' if after['method'] == 'freelist' else 'arsac'}",
                    {"who": _who(after), "square": _queen_square(after), "table": table, "entry": blocker["entry"],
                     "queen": blocker["row"], "holder": square_name(blocker["row"] - 1, blocker["col"] - 1)})


def _taken_back(step: Step, after: Step, tree: _Tree) -> Question | None:
    """Which queen is taken back when a row has no square left."""
    if after.get("action") != "free" or step.get("action") == "solution":
        return None
    return Question("taken-back", {"square": _queen_square(after)}, "lesson.why.taken-back",
                    {"square": _queen_square(after), "row": _row(after), "next": _row(after) + 1})


def _pick(step: Step, after: Step, tree: _Tree) -> Question | None:
    """Which square Warnsdorff's rule (or its look-ahead) moves the knight to, where one candidate is best."""
    if step.get("kind") != "test" or after.get("kind") != "move" or after["method"] not in ("warnsdorff", "lookahead"):
        return None
    key = "score" if after["method"] == "lookahead" else "accessibility"
    candidates = [c for c in after["candidates"] if not c["refused"]]
    if len(candidates) < 2 or step["candidates"] != after["candidates"]:
        return None
    best = min(c[key] for c in candidates)
    chosen = [c for c in candidates if c[key] == best]
    if len(chosen) > 1:
        return None  # a tie: the seed's move order decides, which the board does not show
    if chosen[0]["square"] != after["square"]:
        raise InternalError(f"{after['method']} moved to {after['square']}, not to its best candidate {chosen[0]['square']}")
    others = sorted(c[key] for c in candidates if c is not chosen[0])
    return Question("pick", {"square": after["square"]}, f"lesson.why.pick.{after['method']}",
                    {"square": after["square"], "from": step["square"], "value": best, "count": len(candidates),
                     "others": ", ".join(map(str, others))})


def _back(step: Step, after: Step, tree: _Tree) -> Question | None:
    """Which square the exhaustive search takes the knight back to."""
    if after.get("kind") != "back" or step.get("kind") == "back":
        return None
    return Question("back", {"square": after["square"], "node": after["node"]}, "lesson.why.back",
                    {"square": after["square"], "left": after["left"], "number": after["number"]})


def _num(step: Step, after: Step, tree: _Tree) -> Question | None:
    """What num the seed's hod stores in a node: the most men a capture through it takes."""
    if after.get("action") != "num":
        return None
    kids = tree.children.get(after["node"], [])
    fields = {"square": after["square"], "num": after["num"], "node": after["node"], "taken": len(after["taken"])}
    if not kids:
        if after["num"] != len(after["taken"]):
            raise InternalError(f"the leaf on {after['square']} stores num {after['num']}, not the men taken")
        return Question("num", {"number": after["num"]}, "lesson.why.num.leaf", fields)
    nums = [tree.nums[kid] for kid in kids]
    if after["num"] != max(nums):
        raise InternalError(f"node {after['node']} stores num {after['num']}, not its children's largest")
    return Question("num", {"number": after["num"]}, "lesson.why.num.inner", {**fields, "nums": ", ".join(map(str, nums))})


def _next_visit(step: Step, after: Step, tree: _Tree) -> Question | None:
    """Which node the seed's search (the walk down the longest captures) visits next: clicked in the tree.
    Asked where it has a choice: a node with two children or more, or a leaf it leaves for another branch."""
    if step.get("action") not in ("visit", "path") or after.get("action") != "check":
        return None
    found = tree.next_on_the_longest(step["node"])
    kids = tree.children.get(step["node"], [])
    if found is None or step["action"] == "visit" and len(kids) < 2:
        return None
    source, node = found
    up = source != step["node"]
    children = ", ".join(f"{tree.squares[kid]} (num {tree.nums[kid]})" for kid in tree.children[source])
    return Question("next-visit", {"node": node}, f"lesson.why.next-visit.{'up' if up else 'down'}",
                    {"square": step["square"], "at": step["node"], "num": tree.nums[0], "next": tree.squares[node],
                     "node": node, "source": tree.squares[source], "children": children})


#: The kinds of question: each a function of a step, the step after it and the tree so far, that gives
#: the question asked at the step (or None where the kind does not apply there).
KINDS: dict[str, Callable[[Step, Step, _Tree], Question | None]] = {
    "next-test": _next_test, "refusal": _refusal, "taken-back": _taken_back, "pick": _pick, "back": _back, "num": _num,
    "next-visit": _next_visit,
}


def _event(step: Step) -> str | None:
    """What happens at a step that a lesson may say the first time it happens."""
    kind = step.get("action") or step.get("kind")
    if kind == "test":
        refused = step.get("reason") or (step.get("candidate") or {}).get("refused")
        return "refused" if refused else None
    return kind


def _facts(step: Step) -> dict[str, Any]:
    """The fields a lesson's own sentences about a step may use: the square it is about, the seed's name
    for what works (queens), the queen that refuses, the tour's number, the counts."""
    counts = step["counts"]
    if "k" in step or "row" in step and "board" in step:
        facts: dict[str, Any] = {"who": _who(step), "square": _queen_square(step), "row": _row(step),
                                 "next": _row(step) + 1, "solutions": counts["solutions"]}
        if step.get("blocker"):
            facts["holder"] = square_name(step["blocker"]["row"] - 1, step["blocker"]["col"] - 1)
        return facts
    if "kind" in step:
        return {"square": step["square"], "number": step["number"], "left": step["left"] or "",
                "backs": counts["backs"]}
    return {"square": step["square"], "num": step["num"] if step["num"] is not None else "", "paths": counts["paths"]}


# ---------------------------------------------------------------- the lessons


@dataclass(frozen=True)
class _Plan:
    """How a lesson cuts a search: its steps (``steps()``, up to ``stop``), the question ``kinds`` it asks
    (at most ``most`` of each), the ``events`` it says the first time they happen, at least ``gap`` steps
    between two stages."""

    puzzle: str
    method: str
    what: str
    setup: dict[str, Any]
    steps: Callable[[], Iterator[Any]]
    kinds: tuple[str, ...]
    events: tuple[str, ...]
    stop: str
    most: int = 2
    gap: int = 2


def _queens(n: int, method: str, placed: tuple[Square, ...] = ()) -> Callable[[], Iterator[Any]]:
    def steps() -> Iterator[Any]:
        from . import queens

        return queens.search_steps(n, method, placed=placed)
    return steps


def _knight(rows: int, start: tuple[int, int], method: str) -> Callable[[], Iterator[Any]]:
    def steps() -> Iterator[Any]:
        from . import knights

        result = knights.find_tour(rows, rows, start, False, method)
        return iter(knights.tour_steps(rows, rows, start, False, method, None, [], result))
    return steps


_SEED_INPUT = "5\n4 4\n4 6\n2 6\n2 4\n6 4\n3 3\n"


def _draughts() -> Iterator[Any]:
    from . import draughts

    return draughts.seed_steps(*draughts.read_seed_input(_SEED_INPUT))


def _knight_setup(rows: int, start: str, method: str) -> dict[str, Any]:
    return {"rows": rows, "cols": rows, "method": method, "start": start, "blocked": [], "closed": False,
            "squares": rows * rows}


_QUEENS_KINDS = ("refusal", "taken-back", "next-test")
_PLANS: dict[str, _Plan] = {
    "backtracking": _Plan("queens", "recursive", "4 queens", {"n": 4, "method": "recursive"}, _queens(4, "recursive"),
                          _QUEENS_KINDS, ("refused", "occupy", "solution"), "solution", most=3, gap=2),
    "queens-hr": _Plan("queens", "recursive", "6 queens", {"n": 6, "method": "recursive"}, _queens(6, "recursive"),
                       _QUEENS_KINDS, ("refused", "free", "solution"), "solution", most=2, gap=12),
    "queens-automaton": _Plan("queens", "iterative", "6 queens", {"n": 6, "method": "iterative"},
                              _queens(6, "iterative"), _QUEENS_KINDS, ("refused", "free", "solution"), "solution",
                              most=2, gap=12),
    "queens-prolog": _Plan("queens", "freelist", "6 queens", {"n": 6, "method": "freelist"}, _queens(6, "freelist"),
                           _QUEENS_KINDS, ("refused", "free", "solution"), "solution", most=2, gap=10),
    "knight-warnsdorff": _Plan("knight", "warnsdorff", "the 5x5 board from a1", _knight_setup(5, "a1", "warnsdorff"),
                               _knight(5, (0, 0), "warnsdorff"), ("pick",), ("move", "done"), "done", most=4, gap=6),
    "knight-lookahead": _Plan("knight", "lookahead", "the 6x6 board from a1", _knight_setup(6, "a1", "lookahead"),
                              _knight(6, (0, 0), "lookahead"), ("pick",), ("move", "done"), "done", most=4, gap=10),
    "knight-backtrack": _Plan("knight", "backtrack", "the 7x7 board from g7", _knight_setup(7, "g7", "backtrack"),
                              _knight(7, (6, 6), "backtrack"), ("back",), ("move", "done"), "done", most=4,
                              gap=8),
    "draughts-captures": _Plan("draughts", "seed", "the seed's position",
                               {"white": "c3", "blacks": ["d4", "d6", "b6", "b4", "f4"], "seed_input": _SEED_INPUT},
                               _draughts, ("num", "next-visit"), ("node", "visit", "path"), "end", most=5, gap=2),
}

#: The lessons' names, in the order the lesson index lists them: the first, ``backtracking``, is "What is
#: backtracking?" on the 4-queens search.
LESSONS: tuple[str, ...] = tuple(_PLANS)


def lesson_puzzle(name: str) -> str:
    """The puzzle a lesson is about (``queens``, ``knight``, ``draughts``), without running its search."""
    return _plan(name).puzzle


def _plan(name: str) -> _Plan:
    if not isinstance(name, str) or name not in _PLANS:
        raise InputError("{parameter} must be one of " + ", ".join(_PLANS), parameter="name", value=name,
                         allowed=list(_PLANS))
    return _PLANS[name]


def _steps(plan: _Plan) -> list[Step]:
    """The search's steps as JSON, up to the first step of kind ``stop`` (``"end"``: all)."""
    steps: list[Step] = []
    stream = plan.steps()
    try:
        for step in islice(stream, 5000):
            steps.append(step.to_json())
            if _event(steps[-1]) == plan.stop:
                break
    finally:
        close = getattr(stream, "close", None)
        if close is not None:
            close()
    return steps


def _from_placed(plan: _Plan, placed: str | Iterable[str | Square]) -> tuple[_Plan, str]:
    """A queens lesson's plan run from the queens ``placed`` (as :func:`.queens.watch` takes them), and their
    names; the plan as it is when none are placed."""
    if not isinstance(placed, str):
        placed = checks.items(placed, "placed", "a list of squares")
    if not placed:
        return plan, ""
    if plan.puzzle != "queens":
        raise InputError("{parameter}: only a queens lesson starts from queens placed on the board", parameter="placed")
    from .queens.steps import placed_squares

    squares = tuple(sorted(placed_squares(plan.setup["n"], placed)))
    names = ", ".join(square_name(*square) for square in squares)
    setup = {**plan.setup, "first": len(squares) + 1, "placed": [square_name(*square) for square in squares]}
    return replace(plan, setup=setup, steps=_queens(plan.setup["n"], plan.method, squares)), names


def make_lesson(name: str, placed: str | Iterable[str | Square] = ()) -> Lesson:
    """The lesson ``name`` (one of :data:`LESSONS`): its search run, cut into stages.

    The first stage introduces the lesson at the first step; each event of the lesson's ``events``
    is said where it first happens; questions of the lesson's kinds are asked where their kind
    applies, at most a few of each, a few steps apart; the last stage says how the search ended.
    ``placed``: for a queens lesson, queens a teacher placed on the first rows, one a row (``"b1,d2"``,
    names or (row, col) squares from 0): the search keeps them and the lesson starts from them.
    Raises :class:`~.errors.InputError` (``name``) for a lesson not in :data:`LESSONS`, (``placed``) for
    queens the seeds cannot start from (see :func:`.queens.steps.check_placed`) or another puzzle's lesson.
    """
    plan, names = _from_placed(_plan(name), placed)
    steps = _steps(plan)
    tree = _Tree()
    tree.add(steps[0])
    intro = "lesson.placed.intro" if names else f"lesson.{name}.intro"
    stages = [Stage(0, intro, {**_facts(steps[0]), "placed": names} if names else _facts(steps[0]))]
    said: set[str] = set()
    asked: Counter[str] = Counter()
    free_from = 1  # the first step a stage may stand on
    for s in range(1, len(steps)):
        tree.add(steps[s])
        if s < free_from:
            continue
        event = _event(steps[s])
        if event in plan.events and event not in said:
            said.add(event)
            stages.append(Stage(s, f"lesson.{name}.{event}", _facts(steps[s])))
            free_from = s + 1
            continue
        if s + 1 >= len(steps) or s - stages[-1].step < plan.gap:
            continue
        for kind in sorted(plan.kinds, key=lambda kind: asked[kind]):  # the kind asked least first: variety
            question = KINDS[kind](steps[s], steps[s + 1], tree) if asked[kind] < plan.most else None
            if question is not None:
                asked[kind] += 1
                stages.append(Stage(s, question.to_json()["ask"], question.fields, question))
                free_from = s + 1
                break
    last = len(steps) - 1
    if stages[-1].step != last:
        ending = "lesson.placed.end" if names else f"lesson.{name}.end"
        stages.append(Stage(last, ending, {**_facts(steps[last]), "placed": names} if names else _facts(steps[last])))
    return Lesson(name, plan.puzzle, plan.method, dict(plan.setup), tuple(stages), tuple(steps))
