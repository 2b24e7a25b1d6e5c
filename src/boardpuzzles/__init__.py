"""boardpuzzles: the N queens, the knight's tour and the longest capture in draughts."""

__version__ = "0.1.0"
