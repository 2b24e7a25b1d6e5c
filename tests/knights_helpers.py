"""Shared by the knight's tour tests: an independent square-by-square tour check."""

from __future__ import annotations


def assert_tour(rows, cols, squares, closed=False, start=None, blocked=()):
    """Every free square once, each step a knight's move (and back to the start if closed)."""
    blocked = set(blocked)
    free = {(r, c) for r in range(rows) for c in range(cols)} - blocked
    assert len(squares) == len(free)
    assert set(squares) == free
    if start is not None:
        assert squares[0] == start
    steps = list(zip(squares, squares[1:]))
    if closed and len(squares) > 1:
        steps.append((squares[-1], squares[0]))
    for (r1, c1), (r2, c2) in steps:
        assert {abs(r1 - r2), abs(c1 - c2)} == {1, 2}, ((r1, c1), (r2, c2))
