"""Whether a numba kernel is ready to run, and the same kernel run by the interpreter.

numba compiles a kernel at its first call and keeps the machine code in its cache
(``cache=True``), so only a process that finds nothing there pays for the
compiler: several seconds for a family of kernels. :func:`ready` tells the two
cases apart before the call, so that small work can take :func:`interpreted`,
the kernel's own Python source run by the interpreter (its callees alike),
which needs no compiler, and so that the command line can say that it is about
to compile. The library itself prints nothing.
"""

from __future__ import annotations

import types
from collections.abc import Callable
from typing import Any

from numba.core.registry import CPUDispatcher

__all__ = ["ready", "interpreted", "chosen"]


def ready(kernel: Any) -> bool:
    """True if ``kernel`` (a numba dispatcher) runs without compiling: it has been compiled in this process,
    or numba's cache holds machine code for it made from its current source (for some argument types: a
    kernel here is called with one kind of argument)."""
    if kernel.overloads:
        return True
    cache_file = getattr(kernel._cache, "_cache_file", None)  # numba's per-function cache; absent without cache=True
    return cache_file is not None and bool(cache_file._load_index())


#: The interpreted copies made so far, by kernel (a kernel's copy is made once, its callees' copies with it).
_INTERPRETED: dict[Any, Callable[..., Any]] = {}


def _global_names(code: types.CodeType) -> set[str]:
    """The global names ``code`` may read, its nested code (comprehensions) included."""
    names = set(code.co_names)
    for constant in code.co_consts:
        if isinstance(constant, types.CodeType):
            names |= _global_names(constant)
    return names


def interpreted(kernel: Any) -> Callable[..., Any]:
    """The Python function ``kernel`` was compiled from, with every kernel it calls replaced by its own
    interpreted copy (the same results, computed by the interpreter, slower by a factor of a hundred or so)."""
    known = _INTERPRETED.get(kernel)
    if known is not None:
        return known
    function = kernel.py_func
    scope = dict(function.__globals__)
    copy = types.FunctionType(function.__code__, scope, function.__name__, function.__defaults__,
                              function.__closure__)
    _INTERPRETED[kernel] = copy  # before its callees: a kernel that calls itself calls its copy
    for name in _global_names(function.__code__):
        if isinstance(scope.get(name), CPUDispatcher):
            scope[name] = interpreted(scope[name])
    return copy


def chosen(kernel: Any, small: bool) -> Callable[..., Any]:
    """``kernel``, or its :func:`interpreted` copy when the work is ``small`` (the caller's measure: no slower
    interpreted than the compiler would take) and the kernel is not :func:`ready`."""
    return interpreted(kernel) if small and not ready(kernel) else kernel
