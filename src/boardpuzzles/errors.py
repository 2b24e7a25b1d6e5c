"""The errors the library raises: one family, each a class a front end can word in its own terms.

Every exception that leaves a function of boardpuzzles is a
:class:`BoardpuzzlesError`; catch that one class to catch them all::

    BoardpuzzlesError
    +-- InputError (also a ValueError)  bad input: parameter, value, allowed
    |   +-- TooLong                     work that cannot end in reasonable time (force=True runs it)
    |   +-- InputTypeError (also a TypeError)   an argument of the wrong type where Python's own
    |                                   calls raise TypeError (draughts Board.push(3))
    +-- NoSolution                      the answer "there is none": reason, proved, to_json()
    |   +-- knights.NoTour              no knight's tour from this start
    +-- Cancelled                       the call's cancel event was set
    +-- CheckpointError, ClusterError, OutputError   a file or a cluster that cannot be used
    +-- EngineError                     a draughts engine (Hub, DXP) dead, silent or breaking its protocol
    +-- InternalError                   a bug of boardpuzzles (a check of its own answer failed)

The command line turns :class:`NoSolution` into exit status 1 (its ``to_json()``
printed with ``--json``), :class:`Cancelled` into 130 and every other one into
one line on standard error and exit status 2; the web server answers a
:class:`NoSolution` with its ``to_json()`` and the others with HTTP 400 and
``{"error": ...}``.

"No answer" is said one way in every puzzle: a call that answers with one
result (``queens.solve``, ``knights.find_tour``) raises :class:`NoSolution`
when there is none; a call that answers with a collection
(``queens.solutions``, ``queens.complete``, ``knights.tour_starts``) answers
an empty one.  No call answers ``None`` or a sentinel such as ``-1``.

:class:`InputError` is for bad input only; IPython and Jupyter show it as one line, its message,
without a traceback (a notebook's ``queens.watch(9)`` is refused in one line).  It carries structured fields, so a
front end can name the thing the way its user sees it (the command line its
flag, the web page its field)::

    >>> error = InputError("{parameter} must be 1..8", parameter="depth", value=9)
    >>> str(error)
    'depth must be 1..8 (got 9)'
    >>> error.worded("--depth")
    '--depth must be 1..8 (got 9)'

:class:`NoSolution` carries the answer "none" with what a front end shows of it::

    >>> none = NoSolution("no solution exists for 3 queens on a 3x3 board", {"n": 3, "columns": None})
    >>> none
    NoSolution('no solution exists for 3 queens on a 3x3 board')
    >>> none.proved, none.to_json()
    (True, {'n': 3, 'columns': None})
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any


class BoardpuzzlesError(Exception):
    """Base of every error the library raises on purpose."""


class InputError(BoardpuzzlesError, ValueError):
    """Input that cannot be used; the message says what is wrong and how to fix it.

    ``problem`` is the message; ``{parameter}`` in it stands for the parameter's
    name, which a front end may replace with its own (:meth:`worded`).  ``value``
    is the value refused (said as ``(got ...)`` unless ``problem`` already shows
    it), ``allowed`` the allowed range or choices when there are such.
    """

    def __init__(
        self,
        problem: str,
        *,
        parameter: str | None = None,
        value: Any = None,
        allowed: str | Sequence[Any] | None = None,
        show_value: bool = True,
    ) -> None:
        self.problem = problem
        self.parameter = parameter
        self.value = value
        self.allowed = allowed
        self.show_value = show_value and value is not None
        super().__init__(self.worded())

    def worded(self, name: str | None = None) -> str:
        """The message with the parameter called ``name`` (default: its API name)."""
        text = self.problem.replace("{parameter}", name or self.parameter or "input")
        if self.show_value:
            text += f" (got {_short(self.value)})"
        return text

    def _render_traceback_(self) -> list[str]:
        """What IPython and Jupyter show for it: one line, the message (bad input is no bug to trace)."""
        return [f"{type(self).__name__}: {self}"]

    def to_json(self) -> dict[str, Any]:
        """The error as JSON: ``error`` (the message) and the structured fields."""
        allowed = self.allowed if isinstance(self.allowed, (str, type(None))) else list(self.allowed)
        return {"error": str(self), "parameter": self.parameter, "value": _jsonable(self.value), "allowed": allowed}


class TooLong(InputError):
    """A call that cannot end in reasonable time, refused before it starts.

    ``estimate`` says how long it would take (or why it cannot be told); the
    call runs anyway when it is given ``force=True``.
    """

    def __init__(self, problem: str, estimate: str) -> None:
        self.estimate = estimate
        super().__init__(f"{problem}: {estimate}; pass {{parameter}} to run it anyway", parameter="force")


class InputTypeError(InputError, TypeError):
    """An argument of the wrong type: an :class:`InputError` naming the parameter that is also a
    ``TypeError``, as Python's own functions raise for a wrong type."""


class NoSolution(BoardpuzzlesError):
    """The answer "there is none": no solution exists here (``proved``), or the method asked
    for found none (``proved`` false: another method may find one).

    Not an error of the input: the command line prints :meth:`to_json` with
    ``--json``, says ``str(error)`` on standard error and exits with status 1; the
    web server answers :meth:`to_json` as it answers a result.  ``reason`` says
    why in words; ``str()`` is the whole line a front end prints (``message``, by
    default the reason); ``answer`` is the JSON.  Two are equal when they say the
    same of the same request.
    """

    def __init__(self, reason: str, answer: Mapping[str, Any], *, proved: bool = True, message: str | None = None) -> None:
        self.reason = reason
        self.proved = proved
        self._answer = dict(answer)
        super().__init__(reason if message is None else message)

    def to_json(self) -> dict[str, Any]:
        """What the command prints with ``--json`` when there is no answer (and the web answers)."""
        return dict(self._answer)

    def _key(self) -> tuple[Any, ...]:
        """What makes two of them equal: their class, their words and their JSON."""
        return type(self), str(self), self.proved, json.dumps(self.to_json(), sort_keys=True)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, NoSolution) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())


class InternalError(BoardpuzzlesError):
    """A bug of boardpuzzles: one of its own answers failed the check it makes before
    answering (a tour that is not a tour, blocks that do not join).  Never bad input."""

    def __init__(self, what: str) -> None:
        super().__init__(f"{what}: a bug of boardpuzzles; please report it, with the call or the command "
                         "that raised it and the output of 'boardpuzzles version'")


class CheckpointError(BoardpuzzlesError):
    """A checkpoint file that cannot be created, read, trusted or written."""


class ClusterError(BoardpuzzlesError):
    """A dask.distributed cluster that cannot be reached or does not answer as one."""


class EngineError(BoardpuzzlesError):
    """A draughts engine reached through a protocol (a Hub program, a DXP address) that cannot be started,
    died, fell silent past its time, or answered what its protocol does not allow; the message names it."""


class OutputError(BoardpuzzlesError):
    """An output file (an SVG, a PDN, ...) that cannot be written."""


class Cancelled(BoardpuzzlesError):
    """A long call stopped because its ``cancel`` event was set; nothing of it runs on."""

    def __init__(self, message: str = "cancelled") -> None:
        super().__init__(message)


@contextmanager
def naming(parameter: str, value: Any, *names: str) -> Iterator[None]:
    """InputErrors raised inside that name no parameter, or one of ``names``, name ``parameter`` instead
    (``value`` the value refused): a call that hands its argument on to another names it as its own
    caller knows it (a web field, a command's option).

    >>> with naming("fen", "X:W1"):
    ...     raise InputError("{parameter}: the side to move must be W or B")
    Traceback (most recent call last):
        ...
    boardpuzzles.errors.InputError: fen: the side to move must be W or B
    """
    try:
        yield
    except InputError as error:
        if error.parameter is not None and error.parameter not in names:
            raise
        kind = InputTypeError if isinstance(error, InputTypeError) else InputError
        raise kind(error.problem, parameter=parameter, value=value, show_value=False) from None


def _short(value: Any) -> str:
    text = repr(value) if isinstance(value, str) else str(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _jsonable(value: Any) -> Any:
    return value if isinstance(value, (int, float, str, bool, type(None))) else _short(value)
