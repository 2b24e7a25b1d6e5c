"""numba's ``@intrinsic`` typed as the kernels call it.

An intrinsic is written as its typing function, ``(typingctx, x, ...)``, and a kernel calls it with the
operands alone, ``_ctz(bits)``.  numba's type stubs give the decorated object the typing function's
parameters and say that a call raises (it does, outside compiled code), so mypy found every call in a
kernel wrong and took the code after it as unreachable, unchecked.  :func:`intrinsic` is numba's
decorator, typed as a function of the operands; the knights' frontier and the draughts kernels use it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from numba import extending

__all__ = ["intrinsic"]


def intrinsic(typing: Callable[..., tuple[Any, Callable[..., Any]]]) -> Callable[..., Any]:
    """numba's ``@intrinsic`` on ``typing`` (which answers the signature and the code generator), typed as
    what a kernel calls: a function of the operands."""
    return extending.intrinsic(typing)
