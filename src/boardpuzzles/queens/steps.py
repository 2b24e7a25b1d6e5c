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

import queue
import threading
from collections.abc import Callable, Generator, Iterator
from contextlib import closing
from dataclasses import dataclass
from itertools import islice
from typing import Any

from .. import animate, render
from ..errors import InputError
from ..geometry import Square
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


#: Steps handed over at once by the search thread, and batches it may hold ready: the memory a stream takes.
_BATCH, _READY = 256, 8

Seed = arsac.ArsacStep | prolog.PrologStep


class _Closed(Exception):
    """Raised inside the seed's search when nobody reads its steps any more: it ends the search."""


def _batches(n: int, method: str) -> Generator[tuple[list[Seed], tuple[int, ...] | None], None, None]:
    """The seed's steps as its search makes them, in batches, each with the solution (0-based) that
    its last step completes, if any.

    The seeds hand their steps to a callback while they run to the next solution, which may be
    millions of steps away; to keep the memory bounded the search runs in a thread that waits
    while :data:`_READY` batches are unread.  Closing the stream ends the thread before it returns.
    """
    ready: queue.Queue[tuple[list[Seed], tuple[int, ...] | None] | BaseException | None] = queue.Queue(_READY)
    closed = threading.Event()
    pending: list[Seed] = []

    def send(item: tuple[list[Seed], tuple[int, ...] | None] | BaseException | None) -> None:
        while not closed.is_set():
            try:
                ready.put(item, timeout=0.05)
                return
            except queue.Full:
                continue
        raise _Closed

    def trace(step: Seed) -> None:
        pending.append(step)
        if len(pending) > _BATCH:  # the newest stays: it may be the one that completes a solution
            send((pending[:-1], None))
            del pending[:-1]

    def search() -> None:
        try:
            for columns in WATCHED[method](n, trace=trace):
                send((pending[:], columns))
                pending.clear()
            send((pending[:], None))
            send(None)
        except _Closed:
            pass
        except BaseException as error:  # handed to the reader, raised there
            try:
                send(error)
            except _Closed:
                pass

    thread = threading.Thread(target=search, name=f"{method} search of {n} queens", daemon=True)
    thread.start()
    try:
        while (item := ready.get()) is not None:
            if isinstance(item, BaseException):
                raise item
            yield item
    finally:
        closed.set()
        thread.join()


def search_steps(n: int, method: str) -> Iterator[SearchStep]:
    """Every step of the seed ``method`` on an N x N board, lazily (in bounded memory), to the end of
    its search; closing the iterator stops the search."""
    check_watched(n, method)
    index = found = 0
    with closing(_batches(n, method)) as batches:
        for steps, columns in batches:
            if columns is None:
                for step in steps:
                    yield SearchStep(index, step, found)
                    index += 1
                continue
            for step in steps[:-1]:
                yield SearchStep(index, step, found)
                index += 1
            found += 1
            yield SearchStep(index, steps[-1], found, tuple(col + 1 for col in columns))
            index += 1


#: Marks on the square a step is about: a queen put there, or taken off it.
_STEP_MARKS = {"occupy": render.HIGHLIGHT, "СОК": render.HIGHLIGHT, "place": render.HIGHLIGHT,
               "free": render.TAKEN, "undo": render.TAKEN}


def _queens_and_square(step: arsac.ArsacStep | prolog.PrologStep) -> tuple[list[Square], Square]:
    """The queens on the board at a step, as the web page draws them (``c[1..k]`` or the term's
    queens list), and the square the step is about (0-based)."""
    if isinstance(step, arsac.ArsacStep):
        return [(row, col - 1) for row, col in enumerate(step.c) if col >= 1], (step.k - 1, step.i - 1)
    return [(row - 1, col - 1) for row, col in step.board.queens], (step.row - 1, step.col - 1)


def _caption(step: SearchStep) -> str:
    """The step's ``--trace`` line, with the seed's state written so that it can wrap between its parts."""
    seed = step.step
    if isinstance(seed, arsac.ArsacStep):
        text = f"{seed}; c[1..k] = " + (" ".join(map(str, seed.c)) or "empty")
    else:
        board = seed.board
        lists = [f"[{', '.join(f'q({r},{c})' for r, c in board.queens)}]",
                 *("[" + ",".join(map(str, free)) + "]" for free in (board.rows, board.cols, board.diag1, board.diag2))]
        text = f"{seed.action} q({seed.row},{seed.col}) -> board(" + ", ".join(lists) + ")"
    if step.solution is not None:
        text += f"; solution {step.found}: " + " ".join(map(str, step.solution))
    return f"step {step.index + 1}: {text}"


def search_frames(n: int, method: str) -> list[animate.Frame]:
    """The seed ``method``'s search on an N x N board up to its first solution (or to its end
    when there is none), one frame a step: the queens, the square the step puts a queen on
    (green) or takes one off (red), and the ``--trace`` line.

    Raises :class:`~..errors.InputError` (``n``) past :data:`.animate.MAX_FRAMES` steps.
    """
    steps: list[SearchStep] = []
    for step in islice(search_steps(n, method), animate.MAX_FRAMES + 1):
        steps.append(step)
        if step.solution is not None:
            break
    if steps[-1].solution is None:
        animate.check_frames(len(steps), "n", n, f"the {method} search of {n} queens to its first solution")
    frames = []
    for step in steps:
        queens, square = _queens_and_square(step.step)
        diagram = render.Diagram(n, n, pieces={queen: "Q" for queen in queens})
        mark = _STEP_MARKS.get(step.step.action)
        if step.solution is not None:
            diagram.marks = {queen: render.HIGHLIGHT for queen in queens}
        elif mark is not None and 0 <= square[0] < n and 0 <= square[1] < n:
            diagram.marks = {square: mark}
        frames.append(animate.Frame(diagram, _caption(step)))
    if steps[-1].solution is None:
        frames[-1] = animate.Frame(frames[-1].diagram, frames[-1].caption + f"; no solution for {n} queens")
    return frames


def search_animation(n: int, method: str, seconds: float = 0.3) -> str:
    """:func:`search_frames` as a self-playing SVG (``queens solve --trace --animate``), ``seconds`` a step."""
    return animate.animation(search_frames(n, method), seconds, f"{n} queens: the {method} search, step by step")
