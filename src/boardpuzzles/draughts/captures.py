"""The results that draw themselves: the longest captures in a position (the puzzle), and the
legal moves of a position. Both are values (``==``, ``hash``); ``str`` draws the board and says
the moves, ``repr`` is the text form (``text()``: the rule set, the position, the moves in
notation), as the other puzzles' results."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .. import animate, i18n, notebook, render
from ..errors import InputError, InputTypeError
from ..geometry import Square, square_name
from . import seed
from .seed import check_men
from .seed_steps import LISTING, seed_steps
from .board import Position, board_square, require_position, square_text
from .moves import Move, capture_paths, distinct, legal_moves, select_captures
from .rules import get_variant


@dataclass(frozen=True)
class LongestCaptures:
    """Every capture path taking the most pieces (for the side to move, or one piece): ``paths`` (a
    sequence of :class:`.Move`), ``max_captures`` (the pieces each takes), ``distinct`` (how many
    distinct moves they make: same start, end and set of pieces taken)."""

    position: Position
    paths: tuple[Move, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "paths", tuple(self.paths))

    @property
    def max_captures(self) -> int:
        """The pieces each path takes (0 when there is no capture)."""
        return len(self.paths[0].captured) if self.paths else 0

    @property
    def distinct(self) -> int:
        """The number of distinct moves among the paths (same start, end and captured set)."""
        return len(distinct(self.paths))

    def notation(self) -> list[str]:
        """Each path in the variant's notation, with every landing square."""
        return [move.notation(full=True) for move in self.paths]

    def __str__(self) -> str:
        lines = [render.text(self.diagram(), ascii=True),
                 f"longest capture: {self.max_captures} piece(s); {len(self.paths)} path(s), {self.distinct} distinct "
                 "move(s)"]
        return "\n".join(lines + ["  " + text for text in self.notation()])

    def text(self) -> str:
        """The text form: ``'russian W:Wc3:Bb6,d6,b4,d4: 4 pieces by c3:a5:c7:e5:c3, c3:e5:c7:a5:c3'``."""
        head = f"{self.position.variant.name} {self.position.fen()}"
        if not self.paths:
            return f"{head}: no capture"
        return f"{head}: {self.max_captures} piece{'s' if self.max_captures != 1 else ''} by {', '.join(self.notation())}"

    def __repr__(self) -> str:
        return f"LongestCaptures({self.text()!r})"

    def to_json(self) -> dict[str, Any]:
        """``variant``, ``max_captures``, ``moves`` (the number of distinct moves: :attr:`distinct`) and
        ``sequences`` (each path's ``squares`` and ``captured``)."""
        variant = self.position.variant
        return {
            "variant": variant.name,
            "max_captures": self.max_captures,
            "moves": self.distinct,
            "sequences": [
                {
                    "squares": [square_text(s, variant) for s in move.path],
                    "captured": [square_text(s, variant) for s in move.captured],
                }
                for move in self.paths
            ],
        }

    def diagram(self, title: str = "", numbers: bool = False) -> render.Diagram:
        """The board with every path square marked, taken pieces in red; the paths drawn in the SVG
        (straight lines between the squares where the piece stops: diagonal or orthogonal, as it moved);
        ``numbers`` as in :meth:`.Position.diagram`."""
        marks: dict[Square, str] = {}
        for move in self.paths:
            for square in move.captured:
                marks[square] = render.TAKEN
            for square in move.path:
                marks[square] = render.HIGHLIGHT
        diagram = self.position.diagram(title, numbers)
        diagram.marks = marks
        diagram.labels = {square: label for square, label in diagram.labels.items() if square not in marks}
        diagram.path = list(self.paths[0].path) if self.paths else []
        diagram.more_paths = [list(move.path) for move in self.paths[1:]]
        return diagram

    def _repr_svg_(self) -> str:
        return render.svg(self.diagram())

    def frames(self) -> list[animate.Frame]:
        """Every path played jump by jump: the piece on each landing square, the pieces it jumped
        marked (still on the board: they are taken off only when the move ends, so none is jumped
        twice), then the move's end with them gone.  One frame for a position with no capture.

        Raises :class:`~..errors.InputError` (``position``) past :data:`.animate.MAX_FRAMES` frames.
        """
        position = self.position
        count = sum(len(move.path) + 1 for move in self.paths)
        animate.check_frames(count, "position", position.fen(), f"playing its {len(self.paths):,} longest captures")
        if not self.paths:
            return [animate.Frame(position.diagram(), "No capture in this position")]
        frames = []
        notation = self.notation()
        for number, move in enumerate(self.paths, start=1):
            head = f"{number} of {len(self.paths)}: {notation[number - 1]}"
            for jump in range(len(move.path)):
                diagram = position.diagram()
                del diagram.pieces[move.start]
                diagram.pieces[move.path[jump]] = move.piece
                diagram.marks = {square: render.TAKEN for square in move.captured[:jump]}
                diagram.marks[move.path[jump]] = render.HIGHLIGHT
                diagram.path = list(move.path[: jump + 1])
                jumped = square_text(move.captured[jump - 1], position.variant) if jump else ""
                what = f"jump {jump} of {len(move.captured)} takes {jumped}" if jump else "the start"
                frames.append(animate.Frame(diagram, f"Capture {head}; {what}"))
            ended = position.diagram()
            for square in (move.start, *move.captured):
                del ended.pieces[square]
            ended.pieces[move.end] = move.piece.upper() if move.promotes else move.piece
            ended.path = list(move.path)
            frames.append(animate.Frame(ended, f"Capture {head}; the move ends: {len(move.captured)} "
                                               f"piece{'s' if len(move.captured) != 1 else ''} taken off"))
        return frames

    def animation(self, seconds: float = 1.0) -> str:
        """:meth:`frames` as a self-playing SVG (``draughts captures --animate``), ``seconds`` a jump."""
        variant = self.position.variant.name
        return animate.animation(self.frames(), seconds, f"{variant}: the longest captures, jump by jump")


def longest_captures(position: Position, piece: Square | None = None) -> LongestCaptures:
    """The legal captures taking the most pieces, for the side to move or the piece on the square ``piece``."""
    require_position(position)
    if piece is not None:
        piece = board_square(piece, "piece", position.variant)
    if piece is not None and piece not in position.pieces:
        name = square_text(piece, position.variant)
        raise InputError(f"{{parameter}}: no piece on {name}", parameter="piece", value=name, show_value=False)
    paths = select_captures(capture_paths(position, piece), position)
    if paths:
        most = max(len(move.captured) for move in paths)
        paths = [move for move in paths if len(move.captured) == most]
    return LongestCaptures(position, tuple(paths))


@dataclass(frozen=True)
class LegalMoves:
    """The legal moves of a position: ``moves`` (a sequence of :class:`.Move`: distinct moves, or every
    capture path), ``count`` (how many)."""

    position: Position
    moves: tuple[Move, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "moves", tuple(self.moves))

    @property
    def count(self) -> int:
        """How many moves there are."""
        return len(self.moves)

    def notation(self) -> list[str]:
        """Each move in the variant's notation (the full path where two moves share their ends)."""
        return [str(move) for move in self.moves]

    def __str__(self) -> str:
        return f"{render.text(self.diagram(), ascii=True)}\n{self.count} legal move(s): {' '.join(self.notation())}"

    def text(self) -> str:
        """The text form: ``'international W:W28:B14,23: 28x10'`` (the moves in notation; ``no move``)."""
        return f"{self.position.variant.name} {self.position.fen()}: {' '.join(self.notation()) or 'no move'}"

    def __repr__(self) -> str:
        return f"LegalMoves({self.text()!r})"

    def to_json(self) -> dict[str, Any]:
        """``variant``, ``fen``, ``count`` and ``moves`` (their notation)."""
        return {
            "variant": self.position.variant.name, "fen": self.position.fen(), "count": self.count,
            "moves": self.notation(),
        }

    def diagram(self, title: str = "", numbers: bool = False) -> render.Diagram:
        """The position, with nothing marked; ``numbers`` as in :meth:`.Position.diagram`."""
        return self.position.diagram(title, numbers)

    def _repr_svg_(self) -> str:
        return render.svg(self.diagram())


def moves_of(position: Position, paths: bool = False) -> LegalMoves:
    """The legal moves of ``position`` as a result (JSON, diagram); with ``paths`` every capture path."""
    return LegalMoves(position, tuple(legal_moves(position, paths)))


def seed_captures(blacks: list[tuple[int, int]], white: tuple[int, int]) -> tuple[seed.Node, LongestCaptures]:
    """Run the seed's program (:func:`.seed.program`) on its men (``(x, y)``, file and rank 1..8:
    :func:`.seed.check_men`); its tree and its longest paths."""
    blacks, white = check_men(blacks, white)
    root, longest = seed.program(blacks, white, seed.Watch())
    pieces = {(y - 1, x - 1): "b" for x, y in blacks}
    pieces[root.square] = "w"
    rules = get_variant("seed")
    position = Position.from_pieces(pieces, "W", rules)
    found = tuple(
        Move(tuple(node.square for node in path), tuple(seed.jumped(path)), "w", ("b",) * (len(path) - 1), False,
             variant=rules)
        for path in longest
    )
    return root, LongestCaptures(position, found)


def watch(position: Position | None = None, *, seed_input: str | None = None, lang: str | None = None) -> notebook.Player:
    """The seed's program (seed 004) watched as it finds the longest capture of one white man among
    black men, as a player for a notebook: its ``_repr_html_`` is the web page's player (the board
    with the white man's route and the men taken, the code of ``hod`` and ``search`` with the line
    executing lit, the stack, the capture tree growing node by node with each ``num``, the counts,
    the timeline), self-contained.

    Give ``position`` (a :class:`.Position` on an 8 x 8 board holding one white man and black men
    only, in any variant: the seed's program plays by its own rules, those of the variant ``seed``)
    or ``seed_input`` (the text of the seed's input: n, n pairs ``x y`` of black men, then ``x y``
    of the white man).  No input makes more than :data:`.seed_steps.MOST_STEPS` steps.  ``lang``
    (``"en"``, ``"ru"``) fixes the language it speaks; None leaves it to the reader's browser.

    >>> watch(Position("W:Wc3:Bd4,d6,f6,f4", "russian"))
    Player(the seed's capture tree of the white man on c3 among 4 black men: 42 steps)
    """
    lang = None if lang is None else i18n.language(lang)
    if (position is None) == (seed_input is None):
        raise InputError("give the men once: {parameter} or seed_input, not both and not neither", parameter="position")
    if seed_input is not None:
        if not isinstance(seed_input, str):
            raise InputTypeError("{parameter} must be the text of the seed's input", parameter="seed_input",
                                 value=type(seed_input).__name__)
        try:
            blacks, white = seed.read_seed_input(seed_input)
        except InputError as error:
            raise InputError(error.problem, parameter="seed_input", value=seed_input[:60], show_value=False) from None
    else:
        blacks, white = _seed_men(require_position(position))
    steps = [step.to_json() for step in seed_steps(blacks, white)]
    start = square_name(white[1] - 1, white[0] - 1)
    men = sorted(square_name(y - 1, x - 1) for x, y in blacks)
    key = "player.draughts_title_one" if len(men) == 1 else "player.draughts_title"
    title = i18n.text(key, lang or "en", start=start, count=i18n.number(len(men), lang or "en"))
    return notebook.Player("draughts", LISTING, steps, title, {"white": start, "blacks": men}, lang)


def _seed_men(position: Position) -> tuple[list[tuple[int, int]], tuple[int, int]]:
    """The black men and the white man of ``position`` as the seed reads them (``x y``, 1-based): InputError
    unless it is an 8 x 8 board holding one white man and black men only."""
    whites = [square for square, piece in position.pieces.items() if piece == "w"]
    others = sorted({piece for piece in position.pieces.values()} - {"w", "b"})
    if position.size != 8 or len(whites) != 1 or others:
        raise InputError("{parameter} must hold one white man and black men only, on an 8x8 board: the seed's "
                         f"program finds the longest capture of one man (this one has {len(whites)} white men"
                         f"{', kings' if others else ''} on {'an' if position.size == 8 else 'a'} {position.size}x{position.size} board)",
                         parameter="position", value=position.fen(), show_value=False)
    blacks = [(col + 1, row + 1) for (row, col), piece in sorted(position.pieces.items()) if piece == "b"]
    row, col = whites[0]
    return blacks, (col + 1, row + 1)
