"""Self-playing SVG: a sequence of boards (the steps of a search) as one SVG that plays itself.

Each puzzle turns its step stream (the one ``--trace`` prints and the web page
plays) into :class:`Frame` s, a :class:`~.render.Diagram` and a caption each;
:func:`animation` draws the board once and every thing that stands on it
(a queen, a number, a mark, a move of the path, a caption) once, with a SMIL
``<animate>`` that shows it during the frames that hold it.  No script is
needed: a browser plays it, and it loops after holding its last frame.  A viewer without SMIL shows the last frame.

The file grows with the number of changes between frames, not with frames x
squares; :data:`MAX_FRAMES` and :data:`~.render.MAX_SVG_SQUARES` bound it
(:func:`check_frames`).

>>> from boardpuzzles.render import Diagram
>>> frames = [Frame(Diagram(4, 4, pieces={(0, 0): "Q"}), "one"), Frame(Diagram(4, 4), "two")]
>>> document = animation(frames)
>>> document.count('class="frame"'), 'data-frames="2"' in document
(2, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from textwrap import wrap
from typing import Any

from . import checks, render
from .errors import InputError

#: The most frames an animation holds (about 10 minutes at 0.3 s a frame; a few MB at most).
MAX_FRAMES = 2000
#: How long the last frame stays before the animation starts again, in seconds.
HOLD_SECONDS = 3.0
#: Small boards are drawn this many pixels wide, so that the captions fit below them.
MIN_WIDTH = 480.0
#: The captions' font size in pixels, and the width of an average character as a share of it (sans-serif).
CAPTION_FONT, CHARACTER_WIDTH = 17.0, 0.52


@dataclass(frozen=True)
class Frame:
    """One picture of an animation: the board as it stands and a line saying what happened."""

    diagram: render.Diagram
    caption: str


def check_frames(count: int, parameter: str, value: Any, what: str) -> None:
    """Refuse an animation of more than :data:`MAX_FRAMES` frames, naming the input that asks for it:
    ``what`` says what has that many steps (``"the recursive search of 16 queens"``)."""
    if count > MAX_FRAMES:
        raise InputError(f"{{parameter}}: {what} has more than {MAX_FRAMES:,} steps, too many to animate "
                         f"(an animation has at most {MAX_FRAMES:,} frames)",
                         parameter=parameter, value=value, show_value=False)


def _timeline(shown: list[bool], seconds: float, total: float) -> str:
    """The ``<animate>`` that shows a part exactly in the frames where ``shown`` is true."""
    values, times = [], []
    for index, visible in enumerate(shown):
        if index == 0 or visible != shown[index - 1]:
            values.append("visible" if visible else "hidden")
            times.append(f"{index * seconds / total:.5f}".rstrip("0").rstrip(".") or "0")
    return (f'<animate attributeName="visibility" calcMode="discrete" dur="{total:g}s" repeatCount="indefinite" '
            f'values="{";".join(values)}" keyTimes="{";".join(times)}"/>')


def animation(frames: Sequence[Frame], seconds: float = 0.5, title: str = "") -> str:
    """The frames as one SVG document that shows each for ``seconds`` (the last one for
    :data:`HOLD_SECONDS` more) and loops; every frame's board has the size and blocked squares
    of the first.

    Raises :class:`~.errors.InputError` for no frames, more than :data:`MAX_FRAMES`, or a board
    over :data:`~.render.MAX_SVG_SQUARES` squares.
    """
    seconds = checks.real(seconds, "seconds")
    if seconds <= 0:
        raise InputError("{parameter} must be more than 0: how long each frame shows", parameter="seconds",
                         value=seconds)
    if not frames:
        raise InputError("{parameter}: nothing to animate", parameter="frames")
    check_frames(len(frames), "frames", len(frames), f"a sequence of {len(frames):,} frames")
    first = frames[0].diagram
    longest = max(first.rows, first.cols)
    board = render.SvgBoard.of(first, MIN_WIDTH / longest if longest * 45 < MIN_WIDTH else None)
    font = CAPTION_FONT
    left = max(board.margin, font * 0.5)
    width = max(8, int((board.width - 2 * left) / (font * CHARACTER_WIDTH)))
    captions = [wrap(frame.caption, width) or [""] for frame in frames]
    band = font * (1.25 * max(map(len, captions)) + 0.8)
    total = len(frames) * seconds + HOLD_SECONDS
    # Every part once, in drawing order (layer, then first appearance), with the frames it is in.
    order: dict[str, tuple[int, int]] = {}
    shown: dict[str, set[int]] = {}
    for index, (frame, lines) in enumerate(zip(frames, captions)):
        for layer, part in board.overlay(frame.diagram, segments=True):
            order.setdefault(part, (layer, len(order)))
            shown.setdefault(part, set()).add(index)
        spans = "".join(f'<tspan x="{left:.1f}" dy="{font * (1.25 if number else 1.0):.1f}">{escape(line)}</tspan>'
                        for number, line in enumerate(lines))
        caption = (f'<text class="frame" y="{board.height + font * 0.2:.1f}" font-size="{font:.1f}" '
                   f'font-family="sans-serif" fill="{render.SVG_EDGE_INK}">{spans}</text>')
        order.setdefault(caption, (render.CORNER_LAYER + 1, len(order)))
        shown.setdefault(caption, set()).add(index)
    last = len(frames) - 1
    parts = board.header(title or first.title, band)
    parts[0] = parts[0][:-1] + f' data-frames="{len(frames)}">'
    parts.extend(board.background(first))
    parts.append(f'<rect y="{board.height - 1:.1f}" width="{board.width:.1f}" height="{band + 1:.1f}" fill="{render.SVG_EDGE}"/>')
    for part in sorted(order, key=order.__getitem__):
        frames_in = shown[part]
        if len(frames_in) == len(frames):
            parts.append(part)
            continue
        visible = [index in frames_in for index in range(len(frames))]
        parts.append(f'<g visibility="{"visible" if last in frames_in else "hidden"}">'
                     f"{_timeline(visible, seconds, total)}{part}</g>")
    parts.append("</svg>")
    return "\n".join(parts)
