"""The checks at the edge of the API: what a public function does with its arguments first.

Every public function that hands its arguments on to a compiled kernel (or to
code that would stumble on a wrong type) passes them through these checks
first, as stumpy's public functions do before their ``@njit`` kernels.  Each
check takes the value as the caller gave it and the parameter's name, and
answers the value coerced to what the code below expects (a Python ``int``, a
``bool``, a one-dimensional numpy array of a fixed dtype), or raises
:class:`~boardpuzzles.errors.InputError` naming the parameter.  So no argument,
whatever its type, shape or dtype, reaches a kernel unchecked: the caller gets
an ``InputError``, never a numba ``TypingError``, a read past the end of an
array or a wrong answer.

The checks: :func:`whole_number`, :func:`real`, :func:`flag`, :func:`path` (a file
name), :func:`integers`, :func:`mask` and :func:`table` (arrays), :func:`square`
and :func:`squares`, :func:`items` (the items of an iterable); :func:`refused` words
a refusal, and :func:`.errors.naming` (used here as ``checks.naming``) makes the errors of a call handed an argument name it
as the caller knows it.

Whole numbers are Python ints and numpy integers; a bool is not one (``True``
is no board size), nor is a float, even a whole one (the API counts in ints):

>>> import numpy as np
>>> whole_number(np.int64(8), "n")
8
>>> whole_number(8.0, "n")
Traceback (most recent call last):
    ...
boardpuzzles.errors.InputError: n must be a whole number (got 8.0)
>>> integers([0, 5, 2], "path").dtype
dtype('int64')
>>> integers(np.zeros((2, 2)), "path")
Traceback (most recent call last):
    ...
boardpuzzles.errors.InputError: path must be a one-dimensional array of whole numbers (got a 2-dimensional array of float64)
"""

from __future__ import annotations

import math
import os
from collections.abc import Iterable, Mapping
from typing import Any

import numpy as np

from .errors import InputError, InputTypeError, naming  # naming: the errors module's, used here by name

Square = tuple[int, int]

#: The largest and smallest whole number an int64 array holds.
INT64 = np.iinfo(np.int64)


def _is_whole(value: Any) -> bool:
    return isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_))


def whole_number(value: Any, parameter: str, lo: int | None = None, hi: int | None = None) -> int:
    """``value`` as an int; InputError unless it is a whole number (and within ``lo .. hi``, when given)."""
    if not _is_whole(value):
        raise refused("{parameter} must be a whole number", parameter, value)
    number = int(value)
    if (lo is not None and number < lo) or (hi is not None and number > hi):
        span = f"{lo}..{hi}" if lo is not None and hi is not None else (f">= {lo}" if lo is not None else f"<= {hi}")
        raise InputError(f"{{parameter}} must be {span}", parameter=parameter, value=number, allowed=span)
    return number


def real(value: Any, parameter: str) -> float:
    """``value`` as a Python int or float (numpy's too); InputError unless it is a finite number, not a bool."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, float, np.integer, np.floating)):
        raise refused("{parameter} must be a number", parameter, value)
    number = value.item() if isinstance(value, np.generic) else value
    if isinstance(number, float) and not math.isfinite(number):
        raise InputError("{parameter} must be a finite number", parameter=parameter, value=number)
    return number


def path(value: Any, parameter: str) -> str | os.PathLike[str]:
    """``value`` if it is a file name (text or an ``os.PathLike``), else an InputError naming ``parameter``."""
    if not isinstance(value, (str, os.PathLike)):
        raise refused("{parameter} must be a file name", parameter, value)
    return value


def flag(value: Any, parameter: str) -> bool:
    """``value`` as a bool; InputError unless it is True or False (or 0 or 1)."""
    if isinstance(value, (bool, np.bool_)) or (_is_whole(value) and value in (0, 1)):
        return bool(value)
    raise refused("{parameter} must be True or False", parameter, value)


def _array(value: Any, parameter: str, what: str, ndim: int = 1) -> np.ndarray:
    """``value`` as a numpy array of ``ndim`` dimensions (its dtype still the caller's)."""
    problem = f"{{parameter}} must be {what}"
    if isinstance(value, (str, bytes)) or value is None:
        raise refused(problem, parameter, value)
    try:
        array = np.asarray(value)
    except (ValueError, TypeError, OverflowError):  # ragged lists, objects numpy cannot read
        raise refused(problem, parameter, value) from None
    if array.ndim != ndim:
        raise refused(problem, parameter, value if array.ndim == 0 else array)
    return array


def _whole(array: np.ndarray, parameter: str, what: str) -> np.ndarray:
    """``array`` as an int64 array of its own; InputError for floats, bools, text, or a number beyond int64."""
    if array.size == 0:
        return np.zeros(array.shape, dtype=np.int64)
    if array.dtype.kind not in "iu" and not (array.dtype == object and all(map(_is_whole, array.flat))):
        raise refused(f"{{parameter}} must be {what}", parameter, array)
    if array.dtype.kind != "i" and not (INT64.min <= int(array.min()) and int(array.max()) <= INT64.max):
        raise InputError(f"{{parameter}} holds a number beyond the 64-bit range (at most {INT64.max})",
                         parameter=parameter)
    return array.astype(np.int64)


def integers(value: Any, parameter: str) -> np.ndarray:
    """``value`` (a sequence or an array) as a one-dimensional int64 array of its own (the
    caller's array is never kept nor changed); InputError for another shape, floats, bools,
    text, or a number beyond int64."""
    what = "a one-dimensional array of whole numbers"
    return _whole(_array(value, parameter, what), parameter, what)


def table(value: Any, parameter: str, width: int, lo: int | None = None) -> np.ndarray:
    """``value`` as a two-dimensional int64 array of its own with ``width`` columns (of whole numbers
    no smaller than ``lo``, when given); InputError otherwise."""
    what = f"a two-dimensional array of whole numbers, {width} a row"
    array = _array(value, parameter, what, ndim=2)
    if array.shape[1] != width:
        raise refused(f"{{parameter}} must be {what}", parameter, array)
    array = _whole(array, parameter, what)
    if lo is not None and array.size and array.min() < lo:
        raise InputError(f"{{parameter}} holds a number below {lo}", parameter=parameter, value=int(array.min()))
    return array


def mask(value: Any, parameter: str, length: int) -> np.ndarray:
    """``value`` as a one-dimensional bool array of ``length`` entries, of its own (bools, or
    the whole numbers 0 and 1); InputError otherwise."""
    what = f"a one-dimensional array of {length} booleans, one a square"
    array = _array(value, parameter, what)
    if array.shape[0] != length:
        raise InputError(f"{{parameter}} must be {what} (got {array.shape[0]})", parameter=parameter,
                         value=array.shape[0], show_value=False)
    if array.dtype != np.bool_ and not (array.dtype.kind in "iu" and np.isin(array, (0, 1)).all()):
        raise refused(f"{{parameter}} must be {what}", parameter, array)
    return array.astype(np.bool_)


def square(value: Any, parameter: str, rows: int, cols: int) -> Square:
    """``value`` as a square ``(row, col)`` of a rows x cols board; InputError unless it is a
    pair of whole numbers on the board."""
    problem = "{parameter} must be a square (row, col): two whole numbers counted from 0"
    if isinstance(value, (str, bytes)):
        raise refused(problem, parameter, value)
    try:
        row, col = value
    except (TypeError, ValueError):
        raise refused(problem, parameter, value) from None
    if not (_is_whole(row) and _is_whole(col)):
        raise refused(problem, parameter, value)
    row, col = int(row), int(col)
    if not (0 <= row < rows and 0 <= col < cols):
        raise InputError(f"{{parameter}}: square {(row, col)} is off the {rows}x{cols} board "
                         "(squares are (row, col) from 0)", parameter=parameter, value=(row, col), show_value=False)
    return row, col


def squares(value: Any, parameter: str, rows: int, cols: int) -> list[Square]:
    """``value`` (an iterable of squares) as a list of squares of a rows x cols board."""
    what = "a list of squares (row, col)"
    if isinstance(value, np.ndarray) and value.size and (value.ndim != 2 or value.shape[1] != 2):
        raise refused(f"{{parameter}} must be {what}", parameter, value)
    return [square(item, parameter, rows, cols) for item in items(value, parameter, what)]


def items(value: Any, parameter: str, what: str) -> list[Any]:
    """The items of ``value``, an iterable that is neither text nor a mapping, as a list; InputError
    ``{parameter} must be <what>`` otherwise (a number, None, an array of no dimension)."""
    if isinstance(value, (str, bytes, Mapping)) or not isinstance(value, Iterable):
        raise refused(f"{{parameter}} must be {what}", parameter, value)
    try:
        return list(value)
    except TypeError:  # numpy's arrays of no dimension say they are iterable
        raise refused(f"{{parameter}} must be {what}", parameter, value) from None


def refused(problem: str, parameter: str, value: Any) -> InputError:
    """The InputError for ``value``: a number or a text shown as itself, anything else
    described (an array by its shape and dtype, never its entries)."""
    if isinstance(value, (bool, int, float, str)) and not isinstance(value, np.generic):
        return InputError(problem, parameter=parameter, value=value)
    described = _described(value)
    return InputError(f"{problem} (got {described})", parameter=parameter, value=described, show_value=False)


def _described(value: Any) -> str:
    if isinstance(value, np.ndarray):
        return f"a {value.ndim}-dimensional array of {value.dtype}" if value.ndim != 1 else f"an array of {value.dtype}"
    if isinstance(value, np.generic):
        return f"{value} ({value.dtype})"
    text = repr(value)
    if isinstance(value, (tuple, list)) and len(text) <= 60:
        return text
    return "None" if value is None else f"a {type(value).__name__}"
