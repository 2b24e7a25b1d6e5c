"""What a count of tours is asked, checked before any work: the board, its blocked squares and start, the
memory and threads of the frontier method, and the order in which the frontier sweeps the board.

:mod:`.counting` and :mod:`.estimate` both start here, so a count and its estimate refuse the same things
with the same words.
"""

from __future__ import annotations

import os
from typing import Any

from .. import checks, runner
from ..errors import InputError
from ..geometry import Square, square_name
from .moves import check_board

#: the most threads a frontier count runs in one process
MOST_THREADS = 8


def check_squares(rows: Any, cols: Any, start: Any, blocked: Any) -> tuple[int, int, Square | None, frozenset[Square]]:
    """``(rows, cols, start, blocked)`` checked: the board's sides, the start square (or None) and the blocked
    squares (a set) of that board; an InputError naming the parameter otherwise."""
    rows, cols = check_board(rows, cols)
    holes = frozenset(checks.squares(blocked, "blocked", rows, cols))
    if len(holes) == rows * cols:
        raise InputError("{parameter} takes every square off the board: leave some free", parameter="blocked",
                         value=len(holes), show_value=False)
    if start is not None:
        start = checks.square(start, "start", rows, cols)
        if start in holes:
            raise InputError(f"the start square {square_name(*start)} is blocked: choose another {{parameter}}",
                             parameter="start", value=square_name(*start), show_value=False)
    return rows, cols, start, holes


def check_memory(memory: Any) -> int | None:
    """``memory`` (bytes, or None for :func:`default_memory`) checked."""
    return None if memory is None else checks.whole_number(memory, "memory", lo=1)


def parse_memory(text: str) -> int:
    """Bytes from a size such as ``2G``, ``512M``, ``64k`` or ``1000000``."""
    units = {"": 1, "B": 1, "K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40}
    clean = text.strip().upper().removesuffix("IB").removesuffix("B") if text.strip().upper() != "B" else ""
    number, unit = clean, ""
    if clean and clean[-1] in units:
        number, unit = clean[:-1], clean[-1]
    if not number or not all(ch in "0123456789." for ch in number) or number.count(".") > 1:
        raise InputError("{parameter} must be a size such as 2G, 512M or 1000000 bytes", parameter="memory",
                         value=text)
    return int(float(number) * units[unit])


def size_text(size: float) -> str:
    """Bytes as they are read: ``42.9 GB``, ``310 MB``, ``12 kB`` (three digits)."""
    for unit, scale in (("TB", 1e12), ("GB", 1e9), ("MB", 1e6)):
        if size >= scale:
            return f"{size / scale:.3g} {unit}"
    return f"{size / 1e3:.3g} kB"


def default_memory() -> int:
    """Half of the machine's memory."""
    return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") // 2


def default_threads() -> int:
    """A thread a core this process may use, at most :data:`MOST_THREADS`."""
    return min(runner.cpu_count(), MOST_THREADS)


def sweep_order(rows: int, cols: int) -> tuple[int, int, bool]:
    """(height, width, turned): the board swept along its longer side, ``height`` squares a column;
    ``turned`` when its rows are the columns of the sweep."""
    return (rows, cols, False) if rows <= cols else (cols, rows, True)


def sweep_index(rows: int, cols: int, square: Square) -> int:
    """The step at which the sweep reaches ``square``."""
    height, _, turned = sweep_order(rows, cols)
    r, c = square
    return r * height + c if turned else c * height + r


__all__ = ["MOST_THREADS", "check_squares", "check_memory", "parse_memory", "size_text", "default_memory",
           "default_threads", "sweep_order", "sweep_index"]
