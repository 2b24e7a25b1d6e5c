"""The puzzle: the longest captures in a position, as a result that draws itself."""

from __future__ import annotations

from dataclasses import dataclass

from .. import render
from ..errors import InputError
from ..geometry import Square
from . import seed
from .board import Position, square_text
from .moves import Move, capture_paths, distinct, move_text, select_captures
from .rules import get_variant


@dataclass
class LongestCaptures:
    """Every capture path taking the most pieces (for the side to move, or one piece)."""

    position: Position
    paths: list[Move]

    @property
    def max_captures(self) -> int:
        return len(self.paths[0].captured) if self.paths else 0

    @property
    def moves(self) -> int:
        """The number of distinct moves among the paths (same start, end and captured set)."""
        return len(distinct(self.paths))

    def notation(self) -> list[str]:
        """Each path in the variant's notation, with every landing square."""
        return [move_text(move, self.position, full=True) for move in self.paths]

    def to_json(self) -> dict:
        variant = self.position.variant
        return {
            "variant": variant.name,
            "max_captures": self.max_captures,
            "moves": self.moves,
            "sequences": [
                {
                    "squares": [square_text(s, variant) for s in move.path],
                    "captured": [square_text(s, variant) for s in move.captured],
                }
                for move in self.paths
            ],
        }

    def diagram(self, title: str = "") -> render.Diagram:
        """The board with every path square marked, taken pieces in red; the paths drawn in the SVG."""
        marks: dict[Square, str] = {}
        for move in self.paths:
            for square in move.captured:
                marks[square] = render.TAKEN
            for square in move.path:
                marks[square] = render.HIGHLIGHT
        size = self.position.size
        return render.Diagram(
            size, size, pieces=dict(self.position.pieces), marks=marks,
            path=list(self.paths[0].path) if self.paths else [],
            more_paths=[list(move.path) for move in self.paths[1:]], title=title,
            light_a1=self.position.variant.mirrored,
        )

    def _repr_svg_(self) -> str:
        return render.svg(self.diagram())


def longest_captures(position: Position, square: Square | None = None) -> LongestCaptures:
    """The legal captures taking the most pieces, for the side to move or the piece on ``square``."""
    if square is not None and square not in position.pieces:
        raise InputError(f"no piece on {square_text(square, position.variant)}")
    paths = select_captures(capture_paths(position, square), position)
    if paths:
        most = max(len(move.captured) for move in paths)
        paths = [move for move in paths if len(move.captured) == most]
    return LongestCaptures(position, paths)


def seed_captures(blacks: list[tuple[int, int]], white: tuple[int, int]) -> tuple[seed.Node, LongestCaptures]:
    """Run the seed's program (``seed.build_tree``, ``seed.search``); its tree and its longest paths."""
    root = seed.build_tree(blacks, white)
    pieces = {(y - 1, x - 1): "b" for x, y in blacks}
    pieces[root.square] = "w"
    position = Position(get_variant("seed"), pieces, "W")
    found = [
        Move(tuple(node.square for node in path), tuple(seed.jumped(path)), "w", ("b",) * (len(path) - 1), False)
        for path in seed.search(root)
    ]
    return root, LongestCaptures(position, found)
