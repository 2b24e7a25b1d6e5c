"""Drawing boards: plain text (Unicode or ASCII), colour on a terminal, SVG.

Every puzzle describes what it wants drawn as a :class:`Diagram`: pieces by
one-letter code, labels (move numbers), marked squares, blocked squares and a
path. The three renderers below turn that one description into text, a rich
renderable for the terminal, or an SVG document, so the puzzles never draw
boards themselves.

Text and colour boards have the same layout: each square is a space and its
content right-aligned, the rank names on the left, the file names below, and a
line is never wrapped.  A marked square says what it is in every form: in
colour by its background, in plain text by its sign (``x`` on a taken man,
``X`` on a taken king, ``*`` on an empty highlighted square).

Colours pass WCAG AA (contrast at least :data:`MIN_CONTRAST`) for every
foreground on every square they can stand on; they are explicit RGB values,
never bold and never the terminal's "black", which many terminals show bright
grey when it is bold.

SVG drawings are limited to :data:`MAX_SVG_SQUARES` squares: :func:`svg` refuses a
larger board with an :class:`~boardpuzzles.errors.InputError` (parameter
``svg``), and :func:`drawable` tells beforehand (``_repr_svg_`` draws nothing
for such a board).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape
from pathlib import Path

from rich.text import Text

from .errors import InputError, OutputError
from .geometry import Square, file_name

#: Piece codes: queen, knight, white man/king, black man/king (in ASCII the code itself is drawn).
GLYPHS = {"Q": "♛", "N": "♞", "w": "○", "W": "◎", "b": "●", "B": "◉"}
#: The other signs of a Unicode board: an empty square, a blocked one.
EMPTY, BLOCKED = "·", "■"
#: Every character a Unicode board may hold beyond ASCII (an output that cannot encode them gets ASCII boards).
UNICODE_SIGNS = "".join(GLYPHS.values()) + EMPTY + BLOCKED

#: What a marked square means (the values of ``Diagram.marks``).
HIGHLIGHT, TAKEN = "highlight", "taken"
MARKS = (HIGHLIGHT, TAKEN)

#: The least contrast between a foreground and its background (WCAG AA for text).
MIN_CONTRAST = 4.5

#: Terminal colours: the squares by kind, and the one ink every sign is drawn in
#: (white men are outlines, black men solid, so both are dark ink).
TERMINAL_SQUARES = {
    "light": "#f0d9b5", "dark": "#b58863", HIGHLIGHT: "#8cc78a", TAKEN: "#ee8f8f", "blocked": "#9e9e9e",
}
TERMINAL_INK = "#000000"

#: SVG colours (python-chess's squares); marks are laid over a square at :data:`SVG_MARK_OPACITY`.
SVG_SQUARES = {"light": "#f0d9b5", "dark": "#b58863", "blocked": "#444444"}
SVG_MARKS = {HIGHLIGHT: "#43a047", TAKEN: "#e53935"}
SVG_MARK_OPACITY = 0.55
SVG_INK = "#000000"  # labels and queen/knight glyphs
SVG_EDGE, SVG_EDGE_INK = "#5a3d26", "#eeeeee"  # the frame and the file and rank names on it

#: The largest board :func:`svg` draws, in squares (500 x 500).
MAX_SVG_SQUARES = 250_000


@dataclass
class Diagram:
    """What to draw on a ``rows`` x ``cols`` board; squares are (row, col) from a1.

    ``marks`` maps squares to :data:`HIGHLIGHT` (given queens, capture paths,
    start squares) or :data:`TAKEN` (men taken by a capture).
    """

    rows: int
    cols: int
    pieces: dict[Square, str] = field(default_factory=dict)
    labels: dict[Square, str] = field(default_factory=dict)
    marks: dict[Square, str] = field(default_factory=dict)
    blocked: set[Square] = field(default_factory=set)
    path: list[Square] = field(default_factory=list)
    closed_path: bool = False
    more_paths: list[list[Square]] = field(default_factory=list)  # further paths, drawn dashed (SVG)
    light_a1: bool = False  # a turned board (Italian, Spanish draughts): h1 is the dark corner
    title: str = ""
    corner_labels: dict[Square, str] = field(default_factory=dict)  # small, in the top left corner (SVG)


def _cell_width(diagram: Diagram) -> int:
    return max([1, *(len(label) for label in diagram.labels.values())])


def _cell(diagram: Diagram, square: Square, ascii: bool) -> str:
    mark = diagram.marks.get(square)
    if square in diagram.pieces:
        code = diagram.pieces[square]
        if mark == TAKEN:
            return "X" if code.isupper() else "x"
        return code if ascii else GLYPHS[code]
    if square in diagram.labels:
        return diagram.labels[square]
    if square in diagram.blocked:
        return "#" if ascii else BLOCKED
    if mark is not None:
        return "*"
    return "." if ascii else EMPTY


def _rank_width(diagram: Diagram) -> int:
    return len(str(diagram.rows))


def _files_line(diagram: Diagram, width: int) -> str:
    names = "".join(file_name(col).rjust(width + 1) for col in range(diagram.cols))
    return " " * _rank_width(diagram) + names


def _mark(diagram: Diagram, square: Square) -> str:
    mark = diagram.marks[square]
    if mark not in MARKS:
        raise InputError(f"{{parameter}} holds {mark!r}: a mark is render.HIGHLIGHT or render.TAKEN, not a colour",
                         parameter="marks", value=mark, show_value=False)
    return mark


def _square_kind(diagram: Diagram, square: Square) -> str:
    if square in diagram.marks:
        return _mark(diagram, square)
    if square in diagram.blocked:
        return "blocked"
    row, col = square
    return "dark" if (row + col + diagram.light_a1) % 2 == 0 else "light"


def text(diagram: Diagram, ascii: bool = False) -> str:
    """The board as plain text, rank 1 at the bottom, with file and rank names."""
    width = _cell_width(diagram)
    lines = [diagram.title] if diagram.title else []
    for row in reversed(range(diagram.rows)):
        cells = "".join(_cell(diagram, (row, col), ascii).rjust(width + 1) for col in range(diagram.cols))
        lines.append(str(row + 1).rjust(_rank_width(diagram)) + cells)
    lines.append(_files_line(diagram, width))
    return "\n".join(lines)


def rich_board(diagram: Diagram, ascii: bool = False) -> Text:
    """The board for a colour terminal: :func:`text`'s layout, each square in its colour."""
    width = _cell_width(diagram)
    board = Text(no_wrap=True, overflow="ignore")
    if diagram.title:
        board.append(diagram.title + "\n", style="bold")
    for row in reversed(range(diagram.rows)):
        board.append(str(row + 1).rjust(_rank_width(diagram)))
        for col in range(diagram.cols):
            square = (row, col)
            style = f"{TERMINAL_INK} on {TERMINAL_SQUARES[_square_kind(diagram, square)]}"
            board.append(_cell(diagram, square, ascii).rjust(width + 1), style=style)
        board.append("\n")
    board.append(_files_line(diagram, width))
    return board


def drawable(rows: int, cols: int) -> bool:
    """Whether :func:`svg` draws a ``rows`` x ``cols`` board (at most :data:`MAX_SVG_SQUARES` squares)."""
    return rows * cols <= MAX_SVG_SQUARES


def check_drawable(rows: int, cols: int) -> None:
    """Refuse a board too large to draw, before anything is built for it."""
    if not drawable(rows, cols):
        raise InputError(
            f"{{parameter}}: the {rows}x{cols} board is too large to draw "
            f"(a drawing has at most {MAX_SVG_SQUARES:,} squares, such as 500x500)",
            parameter="svg",
        )


def _svg_piece(code: str, x: float, y: float, size: float) -> str:
    cx, cy, r = x + size / 2, y + size / 2, size * 0.36
    if code in "wWbB":
        fill, line = ("#fafafa", "#222222") if code in "wW" else ("#222222", "#fafafa")
        shape = f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r:.1f}" fill="{fill}" stroke="#222" stroke-width="2"/>'
        if code in "WB":
            shape += f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r * 0.55:.1f}" fill="none" stroke="{line}" stroke-width="2"/>'
        return shape
    glyph = GLYPHS[code]
    return (
        f'<text x="{cx:.1f}" y="{cy:.1f}" font-size="{size * 0.8:.1f}" text-anchor="middle" '
        f'dominant-baseline="central" fill="{SVG_INK}">{glyph}</text>'
    )


#: Labels (move numbers) are drawn only on squares at least this many pixels wide; a board drawn
#: smaller gets its path alone, since numbers there could not be read.
MIN_LABEL_SQUARE = 14.0
#: The halo behind labels, so a number stays readable over the path drawn under it.
SVG_HALO = "#ffffff"
#: The path: its line, the start (a disc) and the end (a ring).
SVG_PATH, SVG_PATH_START, SVG_PATH_END = "#1565c0", "#2e7d32", "#b71c1c"

#: The layers of a drawing's overlay, from the bottom: what :meth:`SvgBoard.overlay` returns each part with.
MARK_LAYER, MORE_PATH_LAYER, PATH_LAYER, ARROW_LAYER, END_LAYER, PIECE_LAYER, LABEL_LAYER, CORNER_LAYER = range(8)


@dataclass(frozen=True)
class SvgBoard:
    """Where things go on the SVG of a ``rows`` x ``cols`` board: squares ``size`` pixels wide
    inside a frame ``margin`` wide that holds the file and rank names."""

    rows: int
    cols: int
    size: float
    margin: float

    @classmethod
    def of(cls, diagram: Diagram, square_size: float | None = None) -> SvgBoard:
        """The layout of a diagram: squares of ``square_size`` or as large as fits 720 pixels (4 to 45)."""
        check_drawable(diagram.rows, diagram.cols)
        longest = max(diagram.rows, diagram.cols)
        size = square_size or max(4.0, min(45.0, 720.0 / longest))
        return cls(diagram.rows, diagram.cols, size, size * 0.6 if longest <= 64 else 0.0)

    @property
    def width(self) -> float:
        return 2 * self.margin + self.cols * self.size

    @property
    def height(self) -> float:
        return 2 * self.margin + self.rows * self.size

    def corner(self, square: Square) -> tuple[float, float]:
        row, col = square
        return self.margin + col * self.size, self.margin + (self.rows - 1 - row) * self.size

    def centre(self, square: Square) -> tuple[float, float]:
        x, y = self.corner(square)
        return x + self.size / 2, y + self.size / 2

    @property
    def labelled(self) -> bool:
        """Whether squares are large enough for labels (:data:`MIN_LABEL_SQUARE`)."""
        return self.size >= MIN_LABEL_SQUARE

    def background(self, diagram: Diagram) -> list[str]:
        """The frame, the squares (blocked ones grey) and the file and rank names: what never changes."""
        size, margin = self.size, self.margin
        parts = [f'<rect width="{self.width:.1f}" height="{self.height:.1f}" fill="{SVG_EDGE}"/>']
        for row in range(self.rows):
            for col in range(self.cols):
                x, y = self.corner((row, col))
                fill = SVG_SQUARES["dark" if (row + col + diagram.light_a1) % 2 == 0 else "light"]
                if (row, col) in diagram.blocked:
                    fill = SVG_SQUARES["blocked"]
                parts.append(f'<rect x="{x:.1f}" y="{y:.1f}" width="{size:.1f}" height="{size:.1f}" fill="{fill}"/>')
        if margin:
            font = margin * 0.6
            for col in range(self.cols):
                x = margin + (col + 0.5) * size
                parts.append(
                    f'<text x="{x:.1f}" y="{self.height - margin * 0.3:.1f}" font-size="{font:.1f}" '
                    f'text-anchor="middle" fill="{SVG_EDGE_INK}">{file_name(col)}</text>'
                )
            for row in range(self.rows):
                y = margin + (self.rows - 1 - row + 0.5) * size
                parts.append(
                    f'<text x="{margin / 2:.1f}" y="{y:.1f}" font-size="{font:.1f}" text-anchor="middle" '
                    f'dominant-baseline="central" fill="{SVG_EDGE_INK}">{row + 1}</text>'
                )
        return parts

    def overlay(self, diagram: Diagram, segments: bool = False) -> list[tuple[int, str]]:
        """What stands on the squares, each part with its layer: marks, paths (with arrows and
        their start and end marked), pieces and labels.  With ``segments`` the path is one line
        per move, so that drawings of a growing path share their lines (:mod:`.animate`)."""
        size = self.size
        parts: list[tuple[int, str]] = []
        for square in diagram.marks:
            x, y = self.corner(square)
            parts.append((MARK_LAYER, f'<rect x="{x:.1f}" y="{y:.1f}" width="{size:.1f}" height="{size:.1f}" '
                                      f'fill="{SVG_MARKS[_mark(diagram, square)]}" fill-opacity="{SVG_MARK_OPACITY}"/>'))
        for other in diagram.more_paths:
            joined = " ".join(f"{x:.1f},{y:.1f}" for x, y in map(self.centre, other))
            parts.append((MORE_PATH_LAYER,
                          f'<polyline points="{joined}" fill="none" stroke="#ef6c00" '
                          f'stroke-width="{max(1.0, size * 0.05):.1f}" stroke-dasharray="{size * 0.15:.1f}" '
                          f'stroke-linejoin="round" stroke-opacity="0.8"/>'))
        if diagram.path:
            parts.extend(self._path(diagram.path, diagram.closed_path, segments))
        for square, code in diagram.pieces.items():
            parts.append((PIECE_LAYER, _svg_piece(code, *self.corner(square), size)))
        if self.labelled:
            for square, label in diagram.labels.items():
                x, y = self.centre(square)
                font = size * min(0.38, 1.5 / max(1, len(label)))
                parts.append((LABEL_LAYER,
                              f'<text x="{x:.1f}" y="{y:.1f}" font-size="{font:.1f}" text-anchor="middle" '
                              f'dominant-baseline="central" fill="{SVG_INK}" stroke="{SVG_HALO}" '
                              f'stroke-width="{font * 0.18:.1f}" stroke-linejoin="round" paint-order="stroke">'
                              f'{escape(label)}</text>'))
        for square, label in diagram.corner_labels.items():
            x, y = self.corner(square)
            parts.append((CORNER_LAYER,
                          f'<text x="{x + size * 0.05:.1f}" y="{y + size * 0.05:.1f}" font-size="{size * 0.2:.1f}" '
                          f'dominant-baseline="hanging" fill="#000">{escape(label)}</text>'))
        return parts

    def _path(self, path: list[Square], closed: bool, segments: bool) -> list[tuple[int, str]]:
        """The path's line, an arrowhead halfway along each move (on boards large enough for
        labels), a disc on the start and a ring on the end."""
        size = self.size
        points = [self.centre(square) for square in path]
        if closed and len(points) > 1:
            points.append(points[0])
        stroke = f'stroke="{SVG_PATH}" stroke-width="{max(1.0, size * 0.08):.1f}" stroke-opacity="0.85"'
        parts: list[tuple[int, str]] = []
        if segments:
            parts.extend((PATH_LAYER, f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" {stroke} '
                                      f'stroke-linecap="round"/>')
                         for (x1, y1), (x2, y2) in zip(points, points[1:]))
        else:
            joined = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
            parts.append((PATH_LAYER, f'<polyline points="{joined}" fill="none" {stroke} stroke-linejoin="round"/>'))
        if self.labelled:
            parts.extend((ARROW_LAYER, self._arrow(a, b)) for a, b in zip(points, points[1:]) if a != b)
        sx, sy = points[0]
        parts.append((END_LAYER, f'<circle cx="{sx:.1f}" cy="{sy:.1f}" r="{size * 0.3:.1f}" fill="{SVG_PATH_START}" '
                                 f'fill-opacity="0.8"/>'))
        if len(path) > 1:
            ex, ey = self.centre(path[-1])
            parts.append((END_LAYER, f'<circle cx="{ex:.1f}" cy="{ey:.1f}" r="{size * 0.36:.1f}" fill="none" '
                                     f'stroke="{SVG_PATH_END}" stroke-width="{max(1.0, size * 0.08):.1f}"/>'))
        return parts

    def _arrow(self, start: tuple[float, float], end: tuple[float, float]) -> str:
        """An arrowhead halfway from ``start`` to ``end``, pointing at ``end``."""
        (x1, y1), (x2, y2) = start, end
        length = ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5
        ux, uy = (x2 - x1) / length, (y2 - y1) / length
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        tip, back, half = self.size * 0.16, self.size * 0.14, self.size * 0.13
        corners = [(mx + ux * tip, my + uy * tip), (mx - ux * back - uy * half, my - uy * back + ux * half),
                   (mx - ux * back + uy * half, my - uy * back - ux * half)]
        joined = " ".join(f"{x:.1f},{y:.1f}" for x, y in corners)
        return f'<polygon points="{joined}" fill="{SVG_PATH}"/>'

    def header(self, title: str, extra_height: float = 0.0) -> list[str]:
        """The document's opening tag (``extra_height`` pixels below the board) and its title."""
        height = self.height + extra_height
        parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {self.width:.1f} {height:.1f}" '
                 f'width="{self.width:.0f}" height="{height:.0f}">']
        if title:
            parts.append(f"<title>{escape(title)}</title>")
        return parts


def svg(diagram: Diagram, square_size: float | None = None) -> str:
    """The board as an SVG document, with names on the edges and the path drawn as lines with arrows,
    its start and end marked; labels only on squares of :data:`MIN_LABEL_SQUARE` pixels or more.

    Raises :class:`~boardpuzzles.errors.InputError` for a board over :data:`MAX_SVG_SQUARES` squares.
    """
    board = SvgBoard.of(diagram, square_size)
    parts = board.header(diagram.title) + board.background(diagram)
    parts.extend(part for _, part in sorted(board.overlay(diagram), key=lambda layered: layered[0]))
    parts.append("</svg>")
    return "\n".join(parts)


def write_svg(drawing: Diagram | str, path: str | Path) -> None:
    """Write a drawing to a file: a diagram's SVG, or an SVG document already made (an animation).

    A board too large to draw is an :class:`~boardpuzzles.errors.InputError`;
    a file that cannot be written is an :class:`~boardpuzzles.errors.OutputError`.
    """
    document = drawing if isinstance(drawing, str) else svg(drawing)
    try:
        Path(path).write_text(document, encoding="utf-8")
    except OSError as error:
        raise OutputError(f"cannot write SVG file {path}: {error.strerror or error}") from None
