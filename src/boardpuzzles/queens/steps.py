"""The seed methods' searches as a stream of steps, for watching them (``--trace``, the web page).

Each step is the seed's own state (:class:`.arsac.ArsacStep` for ``recursive`` and
``iterative``, :class:`.prolog.PrologStep` for ``freelist``) with its place in the
stream: its ``index`` (from 0), how many solutions were ``found`` up to it, and the
``solution`` it completes, if any.

>>> first = next(search_steps(4, "recursive"))
>>> str(first), first.to_json()["c"]
('occupy 1, 1', [1])
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from ..errors import InputError
from . import arsac, prolog

#: The methods that can be watched: the seeds' three searches.
WATCHED: dict[str, Callable[..., Iterator[tuple[int, ...]]]] = {
    "recursive": arsac.solutions_recursive,
    "iterative": arsac.solutions_iterative,
    "freelist": prolog.solutions_freelist,
}

#: Largest board whose search can be watched (the web page draws up to 20 x 20).
MAX_WATCHED_N = 32


@dataclass(frozen=True)
class SearchStep:
    """One step of a seed's search and where it stands: ``found`` solutions so far,
    ``solution`` (1-based columns) when this step completes one."""

    index: int
    step: arsac.ArsacStep | prolog.PrologStep
    found: int
    solution: tuple[int, ...] | None = None

    def __str__(self) -> str:
        text = str(self.step)
        if self.solution is not None:
            text += f"   solution {self.found}: " + " ".join(map(str, self.solution))
        return text

    def to_json(self) -> dict[str, Any]:
        """The seed's step as JSON with ``index``, ``found`` and ``solution`` added."""
        payload = self.step.to_json()
        payload.update(index=self.index, found=self.found,
                       solution=None if self.solution is None else list(self.solution))
        return payload


def check_watched(n: int, method: str) -> None:
    """Refuse a method without a seed's state to show, or a board too large to watch."""
    if method not in WATCHED:
        raise InputError("{parameter} must be one of " + ", ".join(WATCHED) + " to follow a seed's search",
                         parameter="method", value=method, allowed=list(WATCHED))
    if not 1 <= n <= MAX_WATCHED_N:
        raise InputError(f"{{parameter}} must be 1..{MAX_WATCHED_N} to watch a search", parameter="n", value=n,
                         allowed=f"1..{MAX_WATCHED_N}")


def search_steps(n: int, method: str) -> Iterator[SearchStep]:
    """Every step of the seed ``method`` on an N x N board, lazily, to the end of its search."""
    check_watched(n, method)
    pending: list[arsac.ArsacStep | prolog.PrologStep] = []
    index = found = 0
    for columns in WATCHED[method](n, trace=pending.append):
        found += 1
        last = pending.pop()
        for step in pending:
            yield SearchStep(index, step, found - 1)
            index += 1
        yield SearchStep(index, last, found, tuple(col + 1 for col in columns))
        index += 1
        pending.clear()
    for step in pending:
        yield SearchStep(index, step, found)
        index += 1
