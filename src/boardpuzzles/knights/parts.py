"""A frontier count cut into parts, each a smaller count of its own, whose values add up to the whole.

The frontier after the first ``after`` squares of the sweep (by default half of
its columns: :func:`default_after`; each part finds it again, a small cost
beside the rest) is cut into ``parts`` groups by a hash of the codes
(:func:`group_of`).  Part ``j`` counts the
tours whose first ``after`` squares leave a code of group ``j``: it sweeps the
rest of the board from those codes alone.  Every tour leaves exactly one code
after ``after`` squares, so the parts' counts add up to the whole count exactly.

A part's frontier is narrower than the whole one (its codes reach fewer codes
later), but the parts sweep again the codes that their descendants share, so
together they do more work: ``benchmarks/knight_counts.py --split`` measures both
(``docs/knights.md`` has the figures).  Each part is counted, checkpointed and
recorded on its own (:class:`Results`), so a count longer than one sitting keeps
its finished parts.
"""

from __future__ import annotations

import json
import os
import platform
import time
from dataclasses import dataclass
from typing import Any

import numpy as np

from .. import checks
from ..errors import CheckpointError, InputError, OutputError
from .codes import CELL_BITS
from .frontier import Plan
from .packed import dense
from .sweep import Frontier, Part, Sweep, start_frontier

#: the multipliers of the groups' hash (odd; products and shifts, as the tables' hashes)
_MIX = np.uint64(0x9E3779B97F4A7C15)
_OTHER = np.uint64(0xD6E8FEB86659FD93)


@dataclass(frozen=True)
class Split:
    """Part ``part`` (0 to ``parts - 1``) of a count cut after square ``after`` of its sweep (a column's end:
    a multiple of the board's height)."""

    parts: int
    part: int
    after: int

    def __str__(self) -> str:
        return f"part {self.part + 1} of {self.parts}"

    def to_json(self) -> dict[str, int]:
        """``{"part": ..., "parts": ..., "after": ...}``: ``part`` counted from 0."""
        return {"part": self.part, "parts": self.parts, "after": self.after}


def default_after(plan: Plan) -> int:
    """Where a count is cut when not told: after half of its columns (rounded down, at least one).  Cut later,
    the parts are narrower for as much work (6x6 open in 16 parts: the widest part had 0.45 of the whole
    count's peak states cut after 2 columns, 0.26 after 3, for 2.9 and 3.6 times the work of the whole)."""
    return plan.height * max(1, plan.width // 2)


def check_split(parts: int, part: int, after: int | None, plan: Plan) -> Split:
    """Refuse a split that does not fit the plan's board; ``after`` None: :func:`default_after`."""
    parts = checks.whole_number(parts, "parts", lo=1)
    part = checks.whole_number(part, "part", lo=0)
    if part >= parts:
        raise InputError(f"{{parameter}} must be 0..{parts - 1} (counted from 0)", parameter="part", value=part)
    if after is None:
        after = default_after(plan)
    after = checks.whole_number(after, "after", lo=plan.height)
    if after % plan.height or after > plan.squares - plan.height:
        raise InputError(f"{{parameter}} must be a column's end, a multiple of {plan.height} up to "
                         f"{plan.squares - plan.height}", parameter="after", value=after)
    return Split(parts, part, after)


def group_of(words: np.ndarray, parts: int) -> np.ndarray:
    """The group (0 to ``parts - 1``) of each code of ``words`` (rows of a code's one or two int64 words): a
    hash of the whole code, so that the groups have about as many codes each."""
    mixed = words[:, 0].view(np.uint64) * _MIX
    if words.shape[1] > 1:
        mixed ^= words[:, 1].view(np.uint64) * _OTHER
    mixed ^= mixed >> np.uint64(29)
    mixed *= _MIX
    return (((mixed >> np.uint64(32)) * np.uint64(parts)) >> np.uint64(32)).astype(np.int64)


def cut_rows(sweep: Sweep, after: int) -> np.ndarray:
    """The rows (a code's words, then its count's limbs) of the whole frontier after ``after`` squares, found
    by ``sweep``'s steps in memory (the first columns have few codes)."""
    frontier = start_frontier(sweep.plan)
    while frontier.step < after:
        following = sweep.step(frontier)
        sweep.release(frontier)
        frontier = following
    rows = np.concatenate([dense(p.rows) for p in frontier.parts])
    sweep.release(frontier)
    return rows


def part_frontier(rows: np.ndarray, plan: Plan, split: Split) -> Frontier:
    """The split's part of the frontier ``rows`` after ``split.after`` squares (:func:`cut_rows`): the codes of
    its group."""
    mine = np.ascontiguousarray(rows[group_of(rows[:, :plan.words], split.parts) == split.part])
    return Frontier(split.after, [Part(mine, len(mine))])


class Results:
    """The finished parts of a count cut into parts, kept in a JSON file (``path``) with each part's count,
    the command that made it, the machine and the time: a later run does only the parts that remain.
    ``board`` names the count; a file of another count, or another cut, is refused."""

    def __init__(self, path: str | os.PathLike[str], board: dict[str, Any]) -> None:
        self.path = os.fspath(path)
        self.board = board
        self.done: dict[int, dict[str, Any]] = {}
        if os.path.exists(self.path):
            try:
                with open(self.path, encoding="utf-8") as file:
                    kept = json.load(file)
                if kept["board"] != board:
                    raise CheckpointError(f"the results file {self.path} is of another count ({kept['board']}); "
                                          "give another file")
                self.done = {int(k): v for k, v in kept["parts"].items()}
            except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
                raise CheckpointError(f"the results file {self.path} cannot be read ({exc}); give another file") \
                    from None

    def remaining(self, parts: int) -> list[int]:
        """The parts not yet counted, in order."""
        return [j for j in range(parts) if j not in self.done]

    def add(self, part: int, count: int, seconds: float, peak_states: int, command: str) -> None:
        """Record a finished part (the file is written anew, whole, then moved over the old one)."""
        self.done[part] = {"count": count, "seconds": round(seconds, 1), "peak_states": peak_states,
                           "command": command, "machine": f"{platform.node()}, {os.cpu_count()} cores",
                           "finished": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())}
        temporary = f"{self.path}.new"
        try:
            with open(temporary, "w", encoding="utf-8") as file:
                json.dump({"board": self.board, "parts": {str(k): v for k, v in sorted(self.done.items())}}, file,
                          indent=1)
                file.write("\n")
            os.replace(temporary, self.path)
        except OSError as exc:
            raise OutputError(f"cannot write the results file {self.path}: {exc.strerror or exc}") from None

    def total(self) -> int:
        """The sum of the finished parts' counts."""
        return sum(int(v["count"]) for v in self.done.values())


__all__ = ["Split", "Results", "check_split", "cut_rows", "default_after", "group_of", "part_frontier"]
