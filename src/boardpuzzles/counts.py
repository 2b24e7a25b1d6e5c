"""What every call that counts answers: a :class:`Count`, the same shape in each puzzle.

* ``queens.count`` answers a ``queens.SolutionCount``: the solutions of N queens (and the
  fundamental ones);
* ``knights.count_tours`` a ``knights.TourCount``: the knight's tours of a board;
* ``draughts.perft_count`` a ``draughts.PerftCount``: the move sequences of a depth from a
  position (``draughts.perft`` answers its number alone).

Each has

* ``count``: the number counted (an int, of any size);
* ``method``: the method that counted it (``symmetry`` for the queens; ``frontier`` or
  ``backtrack`` for the tours; ``bitboard`` or ``reference`` for perft: the numba generator, or
  the plain-Python one for the rule sets it does not play);
* ``seconds``: how long the call took;
* ``to_json()``: what the command prints with ``--json``, the keys each command documents (the
  number counted is ``total`` for the queens, ``count`` for the tours and ``nodes`` for perft, as
  they always were), each with ``method`` and ``seconds``;
* ``text()``: what was counted and how many, in a line (a number of more than
  :data:`SHOWN_DIGITS` digits shortened: ``123456789012... (4,938 digits)``); ``str`` is that
  line and ``repr`` is ``SolutionCount('<that line>')``, as every result's ``repr`` is its text form;
* ``==`` and ``hash``: two counts are equal when they count the same thing and agree, whichever
  method counted and however long it took (the keys of :attr:`Count.MEASURED` left out).

>>> from boardpuzzles.queens import SolutionCount
>>> counted = SolutionCount(8, 92, 12, "symmetry", 0.01)
>>> counted
SolutionCount('8 queens: 92 solutions, 12 fundamental')
>>> counted == SolutionCount(8, 92, 12, "symmetry", 2.5), counted.count
(True, 92)
>>> said(2 ** 20000)
'398027684033... (6,021 digits)'
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, ClassVar

__all__ = ["Count", "SHOWN_DIGITS", "said"]

#: The most digits :func:`said` writes out whole.
SHOWN_DIGITS = 40


class Count(ABC):
    """The answer of a call that counts: ``count`` (how many), ``method`` (how), ``seconds``
    (how long); ``to_json()``, ``text()``, ``str``, ``repr``, ``==`` and ``hash`` as the
    module says.  Each puzzle's count is a frozen dataclass with these fields among its own."""

    count: int
    method: str
    seconds: float

    #: The keys of :meth:`to_json` that say how the count was made, not what it is: left out of ``==``.
    MEASURED: ClassVar[frozenset[str]] = frozenset({"method", "seconds"})

    @abstractmethod
    def to_json(self) -> dict[str, Any]:
        """What the command prints with ``--json``."""

    @abstractmethod
    def text(self) -> str:
        """What was counted and how many, in a line."""

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.text()!r})"

    def _key(self) -> tuple[Any, ...]:
        """What makes two counts equal: their class and their JSON but for the measured keys."""
        return type(self), _frozen({key: value for key, value in self.to_json().items() if key not in self.MEASURED})

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Count) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())


def said(number: int) -> str:
    """A count with its thousands separated (``14,200``); past :data:`SHOWN_DIGITS` digits its first
    twelve and how many there are (Python refuses to write an int of more than 4300 digits)."""
    if number < 10 ** SHOWN_DIGITS:
        return f"{number:,}"
    digits = int(number.bit_length() * 0.30102999566398) + 1  # log10(2) a bit: a guess, set right below
    while 10 ** (digits - 1) > number:
        digits -= 1
    while 10 ** digits <= number:
        digits += 1
    return f"{number // 10 ** (digits - 12)}... ({digits:,} digits)"


def _frozen(value: Any) -> Any:
    """``value`` (JSON: dicts, lists, numbers, text) as something hashable, compared as the JSON is."""
    if isinstance(value, dict):
        return tuple(sorted((key, _frozen(item)) for key, item in value.items()))
    if isinstance(value, list):
        return tuple(_frozen(item) for item in value)
    return value
