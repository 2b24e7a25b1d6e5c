"""The seed's program, line for line: the longest capture of one white man (seed 004).

Read it beside the Pascal listing. The board ``desk`` holds 0 (empty), 1 (a black
man) and 2 (the white man), indexed ``desk[x][y]`` with ``x`` the file and ``y`` the
rank, both 1..8; any of the 64 squares may hold a man. ``hod`` builds the tree of
every capture path (a :class:`Node` per square the man lands on) and stores in each
node's ``num`` the number of men taken by the longest path through it; ``search``
then walks from the root along every child whose ``num`` equals the root's, which
lists all the longest paths; :func:`program` is the seed's main program around them.

The three functions are written without type annotations, as the seed's
Pascal reads.  Each ``watch....`` call tells whoever watches what the program does (a
:class:`Watch`, which does nothing; :mod:`.seed_steps` makes the steps), so that
the line lit beside the board is the line that made the step.

Where this differs from the listing, on purpose:

* the typo ``desk[list^.x+x, list^.x+x]`` is read as ``desk[list^.x+x, list^.y+y]``;
* a move off the board returns ``num - 1`` like any refused move (the listing leaves
  the function result undefined there);
* a node keeps a list of children: the root can have four (``uk1..uk3`` hold three);
* the white man leaves its square when it starts capturing (the listing leaves the 2
  there, so a path could never come back through the start square).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .. import checks
from ..errors import InputError, InputTypeError
from ..geometry import Square, is_number, square_name, too_long

#: The seed's four capture vectors, in its order.
SEED_DIRECTIONS = ((-2, -2), (2, -2), (2, 2), (-2, 2))


@dataclass
class Node:
    """A square the white man lands on: ``x`` file, ``y`` rank (1-based), the longest ``num`` through it."""

    x: int
    y: int
    num: int = 0
    children: list[Node] = field(default_factory=list)

    @property
    def square(self) -> Square:
        """The square as (row, col) from a1."""
        return self.y - 1, self.x - 1

    @property
    def name(self) -> str:
        return square_name(*self.square)

    def __str__(self) -> str:
        """The node as a step's variables show it: its square and its ``num``."""
        return f"{self.name} (num {self.num})"


def read_seed_input(text: str) -> tuple[list[tuple[int, int]], tuple[int, int]]:
    """Parse the seed's input: ``n``, ``n`` pairs ``x y`` of black men, then ``x y`` of the white man.

    A text that is not such an input is an InputError naming ``text`` (a front end names its own field:
    ``--seed-input``, ``seed_input``)."""
    if not isinstance(text, str):
        raise InputTypeError("{parameter} must be text: n, then n pairs x y of black men, then x y of the white man",
                             parameter="text", value=type(text).__name__)

    def refuse(problem: str) -> InputError:
        return InputError(problem, parameter="text", value=text, show_value=False)

    tokens = text.split()
    numbers = []
    for index, token in enumerate(tokens, start=1):
        digits = token[1:] if token[:1] in ("+", "-") else token
        if not is_number(digits):
            raise refuse(f"{{parameter}}: item {index} '{token}' is not a whole number (digits 0-9)")
        if too_long(digits):
            raise refuse(f"{{parameter}}: item {index} has {len(token)} digits: n is 0 to 63, x and y 1 to 8")
        numbers.append(int(token))
    if not numbers:
        raise refuse("{parameter} is empty: give n, then n pairs x y of black men, then x y of the white man")
    n = numbers[0]
    if not 0 <= n <= 63:
        raise refuse(f"{{parameter}}: the number of black men must be 0 to 63, not {n}")
    if len(numbers) != 2 * n + 3:
        raise refuse(f"{{parameter}}: n = {n} needs {2 * n + 3} numbers (n, {n} pairs x y, then x y of the white "
                     f"man), found {len(numbers)}")
    pairs = [(numbers[i], numbers[i + 1]) for i in range(1, 2 * n + 3, 2)]
    for index, (x, y) in enumerate(pairs, start=1):
        who = "the white man" if index == len(pairs) else f"black man {index}"
        if not (1 <= x <= 8 and 1 <= y <= 8):
            raise refuse(f"{{parameter}}: {who} at x={x} y={y} is off the board: x and y run 1..8")
    if len(set(pairs)) != len(pairs):
        twice = next(p for p in pairs if pairs.count(p) > 1)
        raise refuse(f"{{parameter}}: two men on x={twice[0]} y={twice[1]} ({square_name(twice[1] - 1, twice[0] - 1)})")
    return pairs[:-1], pairs[-1]


def make_desk(blacks: list[tuple[int, int]], white: tuple[int, int]) -> list[list[int]]:
    """The seed's ``desk``: index 1..8 both ways (row and column 0 unused)."""
    desk = [[0] * 9 for _ in range(9)]
    for x, y in blacks:
        desk[x][y] = 1
    desk[white[0]][white[1]] = 2
    return desk


class Watch:
    """What the program tells whoever watches it: a call a step.  This one watches nothing;
    :mod:`.seed_steps` makes the steps."""

    def made(self, node: Node, parent: Node | None) -> None:
        """``node`` has just been made, a child of ``parent`` (None: the root), the man it jumped taken."""

    def test(self, node: Node, x: int, y: int, landing: int | None = None, halfway: int | None = None) -> None:
        """``hod`` tries the capture (x, y) from ``node``: ``desk`` holds ``landing`` on the landing square
        and ``halfway`` on the square jumped (both None: the landing square is off the board)."""

    def stored(self, node: Node) -> None:
        """``hod`` has stored ``node.num`` (every capture from the node tried)."""

    def visit(self, node: Node, path: list[Node]) -> None:
        """``search`` walks down to ``node`` along ``path``."""

    def check(self, path: list[Node], child: Node, num: int) -> None:
        """``search``, at the end of ``path``, compares the ``num`` of ``child`` with the root's ``num``."""

    def found(self, path: list[Node]) -> None:
        """``search`` has walked a longest path to its end."""


def hod(desk, node, num, watch):
    """Try the four captures from ``node`` (``num`` = nodes on the path so far); return and store the longest."""

    def move(x, y):
        if 0 < node.x + x < 9 and 0 < node.y + y < 9:
            jumped_x, jumped_y = node.x + x // 2, node.y + y // 2
            watch.test(node, x, y, desk[node.x + x][node.y + y], desk[jumped_x][jumped_y])
            if desk[node.x + x][node.y + y] == 0 and desk[jumped_x][jumped_y] == 1:
                desk[jumped_x][jumped_y] = 0  # the jumped man is taken at once
                child = Node(node.x + x, node.y + y)
                node.children.append(child)
                watch.made(child, node)
                num1 = hod(desk, child, num + 1, watch)
                desk[jumped_x][jumped_y] = 1  # and put back when we return
                return num1
        else:
            watch.test(node, x, y)  # off the board
        return num - 1

    best = move(*SEED_DIRECTIONS[0])
    for x, y in SEED_DIRECTIONS[1:]:
        n = move(x, y)
        if n > best:
            best = n
    node.num = best
    watch.stored(node)
    return best


def search(root, watch):
    """Walk from the root along every child whose ``num`` equals the root's (the seed's ``print``):
    every path walked to its end is a longest one."""
    paths = []

    def walk(node, path):
        path = path + [node]
        watch.visit(node, path)
        ended = True
        for child in node.children:
            watch.check(path, child, root.num)
            if child.num == root.num:
                ended = False
                walk(child, path)
        if ended:
            paths.append(path)
            watch.found(path)

    if root.num > 0:
        walk(root, [])
    return paths


def program(blacks, white, watch):
    """The seed's main program: the board, the root, ``hod`` building the tree, ``search`` listing the
    longest paths; returns the root and the paths."""
    desk = make_desk(blacks, white)
    desk[white[0]][white[1]] = 0  # the white man leaves its square (see the module notes)
    root = Node(*white)
    watch.made(root, None)
    root.num = hod(desk, root, 1, watch)
    paths = search(root, watch)
    return root, paths


def check_men(blacks: Any, white: Any) -> tuple[list[tuple[int, int]], tuple[int, int]]:
    """The seed's men as its program takes them (what :func:`read_seed_input` reads): ``blacks``
    pairs ``(x, y)`` of the black men and ``white`` the white man's, ``x`` the file and ``y`` the rank,
    both 1..8, no two men on one square; else an InputError naming ``blacks`` or ``white``."""
    man = _man(white, "white")
    men = [_man(black, "blacks") for black in checks.items(blacks, "blacks", "a list of pairs (x, y), x and y 1..8")]
    if len(set(men)) < len(men) or man in men:
        twice = next(square for square in [*men, man] if [*men, man].count(square) > 1)
        raise InputError(f"{{parameter}}: two men on x={twice[0]} y={twice[1]}", parameter="blacks",
                         value=twice, show_value=False)
    return men, man


def _man(value: Any, parameter: str) -> tuple[int, int]:
    problem = "{parameter} must be a pair (x, y) of whole numbers 1..8: the file and the rank"
    if isinstance(value, (str, bytes, Mapping)):
        raise checks.refused(problem, parameter, value)
    try:
        x, y = value
    except (TypeError, ValueError):
        raise checks.refused(problem, parameter, value) from None
    return checks.whole_number(x, parameter, 1, 8), checks.whole_number(y, parameter, 1, 8)


def build_tree(blacks: list[tuple[int, int]], white: tuple[int, int]) -> Node:
    """The root of the capture tree, its ``num`` the length of the longest capture (the men as
    :func:`check_men` takes them)."""
    root: Node = program(*check_men(blacks, white), Watch())[0]
    return root


def longest_paths(root: Node) -> list[list[Node]]:
    """Every path from the root that follows children whose ``num`` equals the root's: all the longest."""
    if not isinstance(root, Node):
        raise InputTypeError("{parameter} must be the root Node of a capture tree (build_tree's answer)",
                             parameter="root", value=type(root).__name__)
    paths: list[list[Node]] = search(root, Watch())
    return paths


def jumped(path: list[Node]) -> list[Square]:
    """The squares of the men taken along a path (halfway between landings)."""
    return [((a.y + b.y) // 2 - 1, (a.x + b.x) // 2 - 1) for a, b in zip(path, path[1:])]


def tree_lines(node: Node, depth: int = 0) -> list[str]:
    """The tree as indented lines ``square (num)``, the seed's nodes and their ``num`` fields."""
    lines = ["  " * depth + f"{node.name} ({node.num})"]
    for child in node.children:
        lines.extend(tree_lines(child, depth + 1))
    return lines


def tree_json(node: Node) -> dict[str, Any]:
    """The tree as nested JSON: ``{"square", "num", "children"}``."""
    return {"square": node.name, "num": node.num, "children": [tree_json(child) for child in node.children]}
