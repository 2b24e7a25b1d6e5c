"""Query strings read as the library's arguments, with the web server's bounds.

Every value is checked here or by the library; a bad one is an
:class:`~boardpuzzles.errors.InputError` naming the query field, which the
server answers with HTTP 400 and ``{"error": ...}``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TypeVar

from ..errors import InputError

#: the type of a field's choices (a ``Literal`` of names, or ``str``)
Choice = TypeVar("Choice", bound=str)

#: Longest query string the server reads, and longest single value (a 10x10 FEN needs ~200 characters).
MAX_QUERY = 4096
MAX_VALUE = 1024

_TRUE = ("1", "true", "yes", "on")
_FALSE = ("0", "false", "no", "off", "")


class Query:
    """The query fields of one request, each read once as a typed value; unknown fields are refused."""

    def __init__(self, fields: Mapping[str, str] | Sequence[tuple[str, str]], known: Sequence[str]) -> None:
        pairs = list(fields.items()) if isinstance(fields, Mapping) else list(fields)
        seen: dict[str, str] = {}
        for name, value in pairs:
            if name not in known:
                raise InputError(f"unknown field '{name[:40]}': this endpoint takes "
                                 + (", ".join(known) if known else "none"), parameter=name, show_value=False,
                                 allowed=list(known))
            if name in seen:
                raise InputError("{parameter} is given twice: give it once", parameter=name, value=value)
            if len(value) > MAX_VALUE:
                raise InputError(f"{{parameter}} is too long: at most {MAX_VALUE} characters", parameter=name,
                                 value=value)
            seen[name] = value
        self.fields = seen

    def text(self, name: str, default: str | None = None) -> str | None:
        """The field as given (``default`` when absent)."""
        return self.fields.get(name, default)

    def integer(self, name: str, low: int, high: int, default: int | None = None) -> int | None:
        """A whole number in ``low..high`` (ASCII digits only)."""
        value = self.fields.get(name)
        if value is None or value == "":
            if default is None and name in self.fields:
                raise InputError("{parameter} is empty: give a whole number", parameter=name)
            return default
        digits = value.strip()
        body = digits[1:] if digits[:1] in "+-" else digits
        if not body.isascii() or not body.isdigit():
            raise InputError("{parameter} must be a whole number", parameter=name, value=value)
        number = int(digits) if len(body) <= 9 else (high + 1 if digits[0] != "-" else low - 1)
        if not low <= number <= high:
            raise InputError(f"{{parameter}} must be {low}..{high}", parameter=name, value=value,
                             allowed=f"{low}..{high}")
        return number

    def required(self, name: str, low: int, high: int) -> int:
        """:meth:`integer` for a field that must be there."""
        if name not in self.fields:
            raise InputError(f"{{parameter}} is missing: give a whole number {low}..{high}", parameter=name)
        number = self.integer(name, low, high)
        assert number is not None
        return number

    def flag(self, name: str) -> bool:
        """A yes/no field: true, false, 1, 0 (absent: false)."""
        value = self.fields.get(name, "").strip().lower()
        if value in _TRUE:
            return True
        if value in _FALSE:
            return False
        raise InputError("{parameter} must be true or false", parameter=name, value=self.fields[name],
                         allowed=["true", "false"])

    def choice(self, name: str, choices: Sequence[Choice], default: Choice | None = None) -> Choice | None:
        """One of ``choices`` (``default`` when absent), typed as they are (a ``Literal`` of method names)."""
        value = self.fields.get(name)
        if value is None:
            return default
        if value not in choices:
            raise InputError("{parameter} must be one of " + ", ".join(choices), parameter=name, value=value,
                             allowed=list(choices))
        return choices[choices.index(value)]
