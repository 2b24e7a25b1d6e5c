"""boardpuzzles: the N queens, the knight's tour and the longest capture in draughts.

The puzzles are the subpackages :mod:`boardpuzzles.queens`,
:mod:`boardpuzzles.knights` and :mod:`boardpuzzles.draughts`.  What they share:
the errors (:mod:`boardpuzzles.errors`: every one a :class:`BoardpuzzlesError`,
"no answer" a :class:`NoSolution`), the shape of every count (:mod:`boardpuzzles.counts`:
each a :class:`Count`) and the protocol of long calls
(:mod:`boardpuzzles.progress`: ``progress`` reports and a ``cancel`` event).
"""

from .errors import (
    BoardpuzzlesError, Cancelled, CheckpointError, ClusterError, InputError, InputTypeError, InternalError, NoSolution,
    OutputError, TooLong,
)
from .counts import Count
from .progress import Progress

__version__ = "0.3.0"

__all__ = [
    "BoardpuzzlesError", "Cancelled", "CheckpointError", "ClusterError", "InputError", "InputTypeError",
    "InternalError", "NoSolution", "OutputError", "TooLong",
    "Count", "Progress", "__version__",
]
