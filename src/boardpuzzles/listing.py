"""The code a learner reads beside the board, and where a running search stands in it.

Each seed method is plain Python written in its seed's shape and with its seed's
names (``HR``, ``k``, ``i``, ``cm``, ``dp``, ``dm``; the automaton's states;
``place_a_queen`` and ``findandremove``; ``accessibility``; ``hod`` and ``num``).
Its :class:`Listing` is the source of those functions as Python itself holds it:
the text shown on the web page, in the notebook player and by ``--trace``.

While a method runs watched, each operation that makes a step (a test, an
occupation, a retreat, ...) calls :meth:`Listing.where` to learn where the seed's
code stands at that instant: the line of the listing that is executing (the line
that called the operation), the variables of that frame that the listing names,
and the stack of the listed functions' frames, outermost first.  All of it is read
from Python's own frames while the code runs, never rebuilt from a result, so the
line lit beside the board is the line executing.

Lines are numbered from 1 in the listing; a listing of several functions shows
them one after another with an empty line between two.
"""

from __future__ import annotations

import inspect
import sys
import textwrap
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import FrameType
from typing import Any

from .errors import InternalError


@dataclass(frozen=True)
class Frame:
    """A running frame of a listed function: ``name`` as the listing calls it (``HR``), the
    ``line`` it stands on (1-based in the listing) and the ``variables`` it holds that the
    listing names, in the listing's order."""

    name: str
    line: int
    variables: tuple[tuple[str, Any], ...]

    def to_json(self) -> dict[str, Any]:
        """``{"name", "line", "vars"}``, the variables as an object."""
        return {"name": self.name, "line": self.line, "vars": dict(self.variables)}


@dataclass(frozen=True)
class Where:
    """Where the listed code stands when a step is made: its frames, outermost first; the
    last one is the frame running, whose line is lit."""

    stack: tuple[Frame, ...]

    @property
    def line(self) -> int:
        """The line executing (1-based in the listing)."""
        return self.stack[-1].line

    @property
    def variables(self) -> dict[str, Any]:
        """The running frame's variables that the listing names."""
        return dict(self.stack[-1].variables)

    def to_json(self) -> dict[str, Any]:
        """``line`` and ``vars`` of the running frame, and the whole ``stack`` (outermost first)."""
        return {"line": self.line, "vars": self.variables, "stack": [frame.to_json() for frame in self.stack]}


@dataclass(frozen=True)
class _Span:
    """Where one listed function's lines are: in its file, and in the listing."""

    filename: str
    first: int
    last: int
    offset: int  # listing line = file line + offset


class Listing:
    """The source of a seed method's functions, and the frames of them that run.

    ``functions`` are shown in the order given (nested functions are part of
    their enclosing one).  ``frames`` maps the code names of the functions whose
    calls make up the stack to the names the listing gives them (``{"hr": "HR"}``):
    the stack shows those frames, and always the frame running.  ``variables``
    are the names whose values a frame shows (those it holds, in this order).
    """

    def __init__(self, method: str, functions: Sequence[Callable[..., Any]], frames: Mapping[str, str],
                 variables: Sequence[str]) -> None:
        self.method = method
        self.frames = dict(frames)
        self.variables = tuple(variables)
        lines: list[str] = []
        spans = []
        for function in functions:
            source, first = inspect.getsourcelines(function)
            text = textwrap.dedent("".join(source)).splitlines()
            if lines:
                lines.append("")
            spans.append(_Span(inspect.getsourcefile(function) or "", first, first + len(text) - 1,
                               len(lines) + 1 - first))
            lines.extend(text)
        self.lines = tuple(lines)
        self._spans = tuple(spans)

    def __repr__(self) -> str:
        return f"Listing({self.method!r}: {len(self.lines)} lines)"

    def __str__(self) -> str:
        """The listing with its line numbers, as ``--trace`` shows it."""
        width = len(str(len(self.lines)))
        return "\n".join(f"{number:>{width}}  {text}" for number, text in enumerate(self.lines, start=1))

    def line_of(self, frame: FrameType) -> int | None:
        """The listing's line that ``frame`` stands on, or None when it runs code outside the listing."""
        filename, line = frame.f_code.co_filename, frame.f_lineno
        for span in self._spans:
            if span.first <= line <= span.last and span.filename == filename:
                return line + span.offset
        return None

    def where(self) -> Where:
        """Where the listed code stands now, seen from the operation that calls this.

        The frame running is the innermost frame of a listed function; the stack
        holds it and, outside it, the frames named in ``frames``.  Raises
        :class:`~.errors.InternalError` when no listed function is running (a bug in the caller).
        """
        stack: list[Frame] = []
        frame: FrameType | None = sys._getframe(1)
        while frame is not None:
            line = self.line_of(frame)
            if line is not None and (not stack or frame.f_code.co_name in self.frames):
                stack.append(self._frame(frame, line))
            frame = frame.f_back
        if not stack:
            raise InternalError(f"Listing.where() called while no function of the {self.method} listing runs")
        return Where(tuple(reversed(stack)))

    def _frame(self, frame: FrameType, line: int) -> Frame:
        name = frame.f_code.co_name
        held = frame.f_locals
        values = tuple((variable, _plain(held[variable])) for variable in self.variables if variable in held)
        return Frame(self.frames.get(name, name), line, values)

    def to_json(self) -> dict[str, Any]:
        """``method``, the ``lines`` (without their numbers), the stack's ``frames`` and the ``variables`` shown."""
        return {"method": self.method, "lines": list(self.lines), "frames": list(self.frames.values()),
                "variables": list(self.variables)}


def _plain(value: Any) -> Any:
    """A variable's value as JSON can hold it: numbers, text, truth values and lists of them stay,
    anything else is written as text."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, (tuple, list)):
        return [_plain(item) for item in value]
    return str(value)
