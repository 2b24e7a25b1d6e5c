"""The seed's program step by step, for watching its capture tree being built (``--trace``, the web).

:func:`seed_steps` runs :func:`.seed.program` with a :class:`Watching` that turns each
call the program makes into a :class:`SeedStep`, in the order the seed's ``hod``
builds the tree: each capture tried from a node (``test``; a refused one says why),
each node made with the man it jumped taken at once (``node``), each ``num`` stored as
``hod`` returns (``num``, bottom-up), then ``search`` walking down from the root
(``visit``) along every child whose ``num`` equals the root's (``check``), each walk
that ends a longest path (``path``).  Each step says where the program stands (the line,
its variables, the stack of ``program``, ``hod``, ``move``, ``search`` and ``walk``
frames), the counters so far and the node of the tree it stands on (0 the root, then
in the order made).

>>> steps = list(seed_steps([(4, 4), (4, 6), (6, 6), (6, 4), (2, 6)], (3, 3)))
>>> [(s.action, s.name) for s in steps[:4]]
[('node', 'c3'), ('test', 'a1'), ('test', 'e1'), ('test', 'e5')]
>>> steps[3].reason, steps[4].action, steps[4].jumped
(None, 'node', (3, 3))
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from ..geometry import Square, square_name
from ..i18n import Note, text
from ..listing import Listing
from ..watching import Moment, Recorder, WatchedStep, stream
from . import seed
from .seed import Node, check_men

#: The most steps the program makes on any input: the white man can take only the nine men inside
#: the squares it can land on, and all nine round c3 make the largest tree (52 nodes; every input
#: tried, each subset of the nine men with each square of the man's colour).
MOST_STEPS = 411

LISTING = Listing("seed", [seed.program, seed.hod, seed.search],
                  frames={"program": "program", "hod": "hod", "move": "move", "search": "search", "walk": "walk"},
                  variables=("num", "x", "y", "num1", "n", "best", "node", "child", "ended"))

#: What the program counts as it runs (the tree's ``nodes`` too, the root included).
COUNTERS = ("tests", "nodes", "nums", "visits", "checks", "paths")

#: Why a capture tried cannot be made (a test's ``said``): the catalogue's keys (:mod:`~boardpuzzles.i18n`).
OFF_BOARD_KEY, NOT_EMPTY_KEY, NO_MAN_KEY = "draughts.reason_off", "draughts.reason_not_empty", "draughts.reason_no_man"
#: The same reasons in English (a test's ``reason``).
OFF_BOARD, NOT_EMPTY, NO_MAN = (text(key, "en") for key in (OFF_BOARD_KEY, NOT_EMPTY_KEY, NO_MAN_KEY))


@dataclass(frozen=True)
class SeedStep(WatchedStep):
    """One step of the seed's program.

    ``action``: ``node`` (a node made; ``jumped`` the man it took), ``test`` (a capture tried
    from the node towards ``target``; ``reason`` says why it cannot be made, None when it
    can), ``num`` (``hod`` stored the node's ``num``), ``visit`` (``search`` walks down to the
    node), ``check`` (``search`` compares the ``num`` of the child on ``target`` with the
    root's; ``reason`` says why it does not follow it) or ``path`` (a longest path walked to
    its end).  ``reason`` is in English; ``said`` is the same reason as the catalogue says it
    (a :class:`~boardpuzzles.i18n.Note`; None with no reason), for another language.
    ``square`` is the node's square (where the white man stands), ``path`` the
    squares from the root to it, ``taken`` the men off the board at the step, ``num`` the
    node's ``num`` (for ``check``: the child's; None before ``hod`` stored it).  ``moment``
    says where the program stands, the counters and the tree's node
    (:class:`~..watching.Moment`).
    """

    moment: Moment
    action: str
    square: Square
    path: tuple[Square, ...]
    taken: tuple[Square, ...]
    num: int | None = None
    direction: tuple[int, int] | None = None
    target: Square | None = None
    jumped: Square | None = None
    said: Note | None = None
    root_num: int | None = None  # for a check: the root's num, which the child's must equal

    @property
    def reason(self) -> str | None:
        """Why a test's capture cannot be made, or a check's child is not followed, in English (None: it can, it is)."""
        return str(self.said) if self.said else None

    @property
    def name(self) -> str:
        """The square the step is about: the target of a test or a check, else the node's."""
        return square_name(*(self.target or self.square))

    def words(self, lang: str = "en") -> str:
        """What the step does, in words, in ``lang`` (see :mod:`~boardpuzzles.i18n`)."""
        where, node, num = square_name(*self.square), self.node, self.num
        jumped = square_name(*self.jumped) if self.jumped else ""
        if self.action == "node":
            return text("trace.draughts.node" if jumped else "trace.draughts.root", lang, node=node, where=where,
                        jumped=jumped)
        if self.action == "test":
            reason = (self.said.text(lang) if self.said
                      else text("trace.draughts.takes", lang, jumped=jumped, target=self.name))
            return text("trace.draughts.test", lang, where=where, direction=self.direction, reason=reason)
        if self.action in ("num", "visit"):
            return text(f"trace.draughts.{self.action}", lang, node=node, where=where, num=num)
        if self.action == "check":
            reason = self.said.text(lang) if self.said else text("trace.draughts.follow", lang)
            return text("trace.draughts.check", lang, target=self.name, num=num, reason=reason)
        return text("trace.draughts.path", lang, squares=" ".join(square_name(*square) for square in self.path))

    def line(self, lang: str = "en") -> str:
        """The ``--trace`` line in ``lang``: the step's number, the line and the function of the listing that
        made it, its words."""
        return f"{self.index + 1:>7}  {text('trace.line', lang, line=f'{self.moment.line:>2}')}  {self.moment.frame:<7} {self.words(lang)}"

    def __str__(self) -> str:
        """The ``--trace`` line, in English (:meth:`line`)."""
        return self.line()

    def to_json(self) -> dict[str, Any]:
        """The step with the keys every watched step has (``index``, ``method``, ``line``, ``vars``,
        ``stack``, ``counts``, ``node`` and, on a node made but the root, ``parent``) and the seed's own."""
        def named(square: Square | None) -> str | None:
            return square_name(*square) if square else None

        moment = self.moment.to_json()
        return {
            "index": moment.pop("index"), "method": "seed", **moment, "action": self.action, "square": named(self.square),
            "direction": list(self.direction) if self.direction else None, "target": named(self.target),
            "jumped": named(self.jumped), "reason": self.reason, "said": self.said.to_json() if self.said else None,
            "num": self.num,
            "taken": [square_name(*square) for square in self.taken],
            "path": [square_name(*square) for square in self.path],
        }


def _between(a: Node, b: Node) -> Square:
    """The square halfway between two nodes: the man a capture from one to the other jumps."""
    return (a.y + b.y) // 2 - 1, (a.x + b.x) // 2 - 1


class Watching(seed.Watch):
    """A watch that makes the steps and hands them to ``trace`` (``offset`` and ``cancel``: see
    :class:`~..watching.Recorder`)."""

    def __init__(self, offset: int = 0, cancel: threading.Event | None = None) -> None:
        self.recorder = Recorder(LISTING, COUNTERS, offset, cancel)
        self.trace: Callable[[SeedStep], None] = lambda step: None
        self.numbers: dict[int, int] = {}  # id of a node -> its number in the tree, in the order made
        self.line: list[Node] = []  # the nodes from the root to the one hod works on

    def _step(self, counter: str | None, action: str, node: Node, path: list[Node], taken: bool = True,
              **fields: Any) -> None:
        """Make the step (``path``: the nodes from the root to ``node``, where it stands) and hand it on."""
        if id(node) in self.numbers:
            moment = self.recorder.step(counter, at=self.numbers[id(node)])
        else:  # hod has just made the node: one deeper than its parent
            moment = self.recorder.step(counter, len(path) - 1)
            self.numbers[id(node)] = self.recorder.node
        if moment is not None:
            men = tuple(_between(a, b) for a, b in zip(path, path[1:])) if taken else ()
            self.trace(SeedStep(moment, action, node.square, tuple(n.square for n in path), men, **fields))

    def made(self, node: Node, parent: Node | None) -> None:
        self.line.append(node)
        jumped = _between(parent, node) if parent else None
        self._step(None, "node", node, self.line, jumped=jumped)

    def test(self, node: Node, x: int, y: int, landing: int | None = None, halfway: int | None = None) -> None:
        inside = landing is not None
        key = OFF_BOARD_KEY if not inside else NOT_EMPTY_KEY if landing != 0 else NO_MAN_KEY if halfway != 1 else None
        target = (node.y + y - 1, node.x + x - 1) if inside else None
        jumped = (node.y + y // 2 - 1, node.x + x // 2 - 1) if inside else None
        self._step("tests", "test", node, self.line, direction=(x, y), target=target, jumped=jumped,
                   said=Note(key) if key else None)

    def stored(self, node: Node) -> None:
        self._step("nums", "num", node, self.line, num=node.num)
        self.line.pop()  # hod returns to the node before: the man is put back

    def visit(self, node: Node, path: list[Node]) -> None:
        self._step("visits", "visit", node, path, taken=False, num=node.num)

    def check(self, path: list[Node], child: Node, num: int) -> None:
        said = None if child.num == num else Note("trace.draughts.not_root", (("num", num),))
        self._step("checks", "check", path[-1], path, taken=False, num=child.num, target=child.square, said=said,
                   root_num=num)

    def found(self, path: list[Node]) -> None:
        self._step("paths", "path", path[-1], path, taken=False, num=path[-1].num)


def seed_steps(blacks: list[tuple[int, int]], white: tuple[int, int], *, offset: int = 0,
               cancel: threading.Event | None = None) -> Iterator[SeedStep]:
    """The seed's program on this input (:func:`check_men`) step by step, from ``offset`` on (the steps
    before it are made but not built): at most :data:`MOST_STEPS` steps.
    :class:`~..errors.Cancelled` when ``cancel`` is set."""
    men, man = check_men(blacks, white)
    watching = Watching(offset, cancel)

    def run(trace: Callable[[SeedStep], None]) -> None:
        watching.trace = trace
        seed.program(men, man, watching)

    return stream(run, "the seed's capture tree")
