"""boardpuzzles: the N queens, the knight's tour and the longest capture in draughts.

Each puzzle is solved first as a seed solves it (a seed is the program of a
Russian textbook that set the puzzle: Arsac's recursion, Warnsdorff's rule, the
capture tree), then by the best known methods: counts on every core, tours of
boards with thousands of squares, perft in 18 rule sets.

Where to begin: one subpackage per puzzle, each loaded when first used.

>>> import boardpuzzles
>>> boardpuzzles.queens.solve(8, method="recursive").columns
(1, 5, 8, 6, 3, 7, 2, 4)
>>> boardpuzzles.knights.find_tour(8, 8, (3, 4))
KnightTour('8x8 open from e4: e4 f2 h1 g3 f1 h2 g4 h6 ... b6')
>>> boardpuzzles.draughts.longest_captures(boardpuzzles.draughts.Position("W:Wc3:Bd4,d6,f6,f4", "russian"))
LongestCaptures('russian W:Wc3:Bd6,f6,d4,f4: 2 pieces by c3:e5:c7, c3:e5:g7, c3:e5:g3')

* :mod:`boardpuzzles.queens` - place N queens that do not attack each other: solve, list, complete, count;
* :mod:`boardpuzzles.knights` - the knight's tour: find one, check one, count them, the theorems;
* :mod:`boardpuzzles.draughts` - rule sets, positions, legal moves, games, PDN, perft, the longest capture.

``help(boardpuzzles.queens)`` (and the others) says more.  The same puzzles are
the ``boardpuzzles`` command (``boardpuzzles demo``, ``boardpuzzles --help``)
and, with ``boardpuzzles serve``, pages that watch the searches step by step.

What the puzzles share: the errors (:mod:`boardpuzzles.errors`: every one a
:class:`BoardpuzzlesError`, bad input an :class:`InputError` naming the
parameter, "no answer" a :class:`NoSolution`), the shape of every count
(:mod:`boardpuzzles.counts`: each a :class:`Count`) and the protocol of long
calls (:mod:`boardpuzzles.progress`: ``progress`` reports, each a
:class:`Progress`, and a ``cancel`` event).  The list of puzzles itself is
:data:`boardpuzzles.registry.PUZZLES`.
"""

from typing import TYPE_CHECKING, Any

from .errors import (
    BoardpuzzlesError, Cancelled, CheckpointError, ClusterError, EngineError, InputError, InputTypeError, InternalError,
    NoSolution, OutputError, TooLong,
)
from .counts import Count

if TYPE_CHECKING:  # loaded when first used (numpy, numba): see __getattr__
    from . import draughts, knights, queens
    from .progress import Progress

__version__ = "0.3.0"

__all__ = [
    "queens", "knights", "draughts",
    "BoardpuzzlesError", "Cancelled", "CheckpointError", "ClusterError", "EngineError", "InputError", "InputTypeError",
    "InternalError", "NoSolution", "OutputError", "TooLong",
    "Count", "Progress", "__version__",
]


def __getattr__(name: str) -> Any:
    """A puzzle's subpackage (``boardpuzzles.queens``) or :class:`Progress`, imported when first asked for:
    ``import boardpuzzles`` itself loads neither numpy nor numba."""
    if name == "Progress":
        from .progress import Progress

        return Progress
    from .registry import PUZZLES

    for puzzle in PUZZLES:
        if puzzle.attribute == name:
            return puzzle.library()
    raise AttributeError(f"module 'boardpuzzles' has no attribute {name!r}")


def __dir__() -> list[str]:
    """The public names, the puzzles' subpackages among them (loaded or not)."""
    return sorted(__all__)
