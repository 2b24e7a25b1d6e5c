"""The errors the library raises, each a class a front end can word in its own terms.

Every error is a :class:`BoardpuzzlesError`.  The command line turns any of them
into one line on standard error and exit status 2 (130 for :class:`Cancelled`);
the web server turns them into HTTP 400 with ``{"error": ...}``.

:class:`InputError` is for bad input only.  It carries structured fields, so a
front end can name the thing the way its user sees it (the command line its
flag, the web page its field)::

    >>> error = InputError("{parameter} must be 1..8", parameter="depth", value=9)
    >>> str(error)
    'depth must be 1..8 (got 9)'
    >>> error.worded("--depth")
    '--depth must be 1..8 (got 9)'
"""

from __future__ import annotations

from collections.abc import Sequence
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


class CheckpointError(BoardpuzzlesError):
    """A checkpoint file that cannot be created, read, trusted or written."""


class ClusterError(BoardpuzzlesError):
    """A dask.distributed cluster that cannot be reached or does not answer as one."""


class OutputError(BoardpuzzlesError):
    """An output file (an SVG, a PDN, ...) that cannot be written."""


class Cancelled(BoardpuzzlesError):
    """A long call stopped because its ``cancel`` event was set; nothing of it runs on."""

    def __init__(self, message: str = "cancelled") -> None:
        super().__init__(message)


def _short(value: Any) -> str:
    text = repr(value) if isinstance(value, str) else str(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _jsonable(value: Any) -> Any:
    return value if isinstance(value, (int, float, str, bool, type(None))) else _short(value)
