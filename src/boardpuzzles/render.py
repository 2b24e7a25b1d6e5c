"""Drawing boards: plain text (Unicode or ASCII), colour on a terminal, SVG.

Every puzzle describes what it wants drawn as a :class:`Diagram`: pieces by
one-letter code, labels (move numbers), marked squares, blocked squares and a
path. The three renderers below turn that one description into text, a rich
renderable for the terminal, or an SVG document, so the puzzles never draw
boards themselves.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape
from pathlib import Path

from rich.text import Text

from .errors import InputError
from .geometry import Square, file_name

#: Piece codes: queen, knight, white man/king, black man/king.
GLYPHS = {"Q": "♛", "N": "♞", "w": "○", "W": "◎", "b": "●", "B": "◉"}
ASCII_GLYPHS = {"Q": "Q", "N": "N", "w": "w", "W": "W", "b": "b", "B": "B"}

_LIGHT, _DARK = "#f0d9b5", "#b58863"  # the colours of python-chess's boards
_TERMINAL_LIGHT, _TERMINAL_DARK = "#d7b98e", "#8f6a46"


@dataclass
class Diagram:
    """What to draw on a ``rows`` x ``cols`` board; squares are (row, col) from a1."""

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
    if square in diagram.pieces:
        return (ASCII_GLYPHS if ascii else GLYPHS)[diagram.pieces[square]]
    if square in diagram.labels:
        return diagram.labels[square]
    if square in diagram.blocked:
        return "#" if ascii else "■"
    if square in diagram.marks:
        return "*"
    return "." if ascii else "·"


def _rank_width(diagram: Diagram) -> int:
    return len(str(diagram.rows))


def _files_line(diagram: Diagram, width: int) -> str:
    names = "".join(file_name(col).rjust(width + 1) for col in range(diagram.cols))
    return " " * _rank_width(diagram) + names


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
    """The board for a colour terminal: light and dark squares, marked squares in their colour."""
    width = _cell_width(diagram)
    board = Text()
    if diagram.title:
        board.append(diagram.title + "\n", style="bold")
    for row in reversed(range(diagram.rows)):
        board.append(str(row + 1).rjust(_rank_width(diagram)) + " ", style="dim")
        for col in range(diagram.cols):
            square = (row, col)
            background = _TERMINAL_DARK if (row + col + diagram.light_a1) % 2 == 0 else _TERMINAL_LIGHT
            background = diagram.marks.get(square, background)
            piece = diagram.pieces.get(square, "")
            colour = "white" if piece in ("w", "W") else "black"
            style = f"bold {colour} on {background}"
            board.append(_cell(diagram, square, ascii).center(width + 1), style=style)
        board.append("\n")
    board.append(" " + _files_line(diagram, width), style="dim")
    return board


def _svg_piece(code: str, x: float, y: float, size: float) -> str:
    cx, cy, r = x + size / 2, y + size / 2, size * 0.36
    if code in "wWbB":
        fill, line = ("#fafafa", "#222") if code in "wW" else ("#222", "#fafafa")
        shape = f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r:.1f}" fill="{fill}" stroke="#222" stroke-width="2"/>'
        if code in "WB":
            shape += f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r * 0.55:.1f}" fill="none" stroke="{line}" stroke-width="2"/>'
        return shape
    glyph = GLYPHS[code]
    return (
        f'<text x="{cx:.1f}" y="{cy:.1f}" font-size="{size * 0.8:.1f}" text-anchor="middle" '
        f'dominant-baseline="central" fill="#111">{glyph}</text>'
    )


def svg(diagram: Diagram, square_size: float | None = None) -> str:
    """The board as an SVG document, with names on the edges and the path drawn as lines."""
    size = square_size or max(4.0, min(45.0, 720.0 / max(diagram.rows, diagram.cols)))
    margin = size * 0.6 if max(diagram.rows, diagram.cols) <= 64 else 0.0
    width, height = 2 * margin + diagram.cols * size, 2 * margin + diagram.rows * size

    def corner(square: Square) -> tuple[float, float]:
        row, col = square
        return margin + col * size, margin + (diagram.rows - 1 - row) * size

    def centre(square: Square) -> tuple[float, float]:
        x, y = corner(square)
        return x + size / 2, y + size / 2

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.1f} {height:.1f}" '
        f'width="{width:.0f}" height="{height:.0f}">',
        f'<rect width="{width:.1f}" height="{height:.1f}" fill="#5a3d26"/>',
    ]
    if diagram.title:
        parts.insert(1, f"<title>{escape(diagram.title)}</title>")
    for row in range(diagram.rows):
        for col in range(diagram.cols):
            square = (row, col)
            x, y = corner(square)
            fill = _DARK if (row + col + diagram.light_a1) % 2 == 0 else _LIGHT
            if square in diagram.blocked:
                fill = "#444"
            parts.append(f'<rect x="{x:.1f}" y="{y:.1f}" width="{size:.1f}" height="{size:.1f}" fill="{fill}"/>')
            if square in diagram.marks:
                parts.append(
                    f'<rect x="{x:.1f}" y="{y:.1f}" width="{size:.1f}" height="{size:.1f}" '
                    f'fill="{diagram.marks[square]}" fill-opacity="0.55"/>'
                )
    if margin:
        font = margin * 0.6
        for col in range(diagram.cols):
            x = margin + (col + 0.5) * size
            parts.append(
                f'<text x="{x:.1f}" y="{height - margin * 0.3:.1f}" font-size="{font:.1f}" '
                f'text-anchor="middle" fill="#eee">{file_name(col)}</text>'
            )
        for row in range(diagram.rows):
            y = margin + (diagram.rows - 1 - row + 0.5) * size
            parts.append(
                f'<text x="{margin / 2:.1f}" y="{y:.1f}" font-size="{font:.1f}" text-anchor="middle" '
                f'dominant-baseline="central" fill="#eee">{row + 1}</text>'
            )
    for other in diagram.more_paths:
        joined = " ".join(f"{x:.1f},{y:.1f}" for x, y in map(centre, other))
        parts.append(
            f'<polyline points="{joined}" fill="none" stroke="#ef6c00" stroke-width="{max(1.0, size * 0.05):.1f}" '
            f'stroke-dasharray="{size * 0.15:.1f}" stroke-linejoin="round" stroke-opacity="0.8"/>'
        )
    if diagram.path:
        points = [centre(square) for square in diagram.path]
        if diagram.closed_path:
            points.append(points[0])
        joined = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
        stroke = max(1.0, size * 0.08)
        parts.append(
            f'<polyline points="{joined}" fill="none" stroke="#1565c0" stroke-width="{stroke:.1f}" '
            f'stroke-linejoin="round" stroke-opacity="0.85"/>'
        )
        sx, sy = points[0]
        parts.append(f'<circle cx="{sx:.1f}" cy="{sy:.1f}" r="{size * 0.18:.1f}" fill="#2e7d32"/>')
    for square, code in diagram.pieces.items():
        parts.append(_svg_piece(code, *corner(square), size))
    for square, label in diagram.labels.items():
        x, y = centre(square)
        parts.append(
            f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size * 0.38:.1f}" text-anchor="middle" '
            f'dominant-baseline="central" fill="#000">{escape(label)}</text>'
        )
    for square, label in diagram.corner_labels.items():
        x, y = corner(square)
        parts.append(
            f'<text x="{x + size * 0.05:.1f}" y="{y + size * 0.05:.1f}" font-size="{size * 0.2:.1f}" '
            f'dominant-baseline="hanging" fill="#000">{escape(label)}</text>'
        )
    parts.append("</svg>")
    return "\n".join(parts)


def write_svg(diagram: Diagram, path: str | Path) -> None:
    """Write the SVG of a diagram to a file; an unwritable path is an InputError."""
    try:
        Path(path).write_text(svg(diagram), encoding="utf-8")
    except OSError as error:
        raise InputError(f"cannot write SVG file {path}: {error.strerror or error}") from None
