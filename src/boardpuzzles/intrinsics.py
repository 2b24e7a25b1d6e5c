"""numba's ``@intrinsic`` typed as the kernels call it.

An intrinsic is written as its typing function, ``(typingctx, x, ...)``, and a kernel calls it with the
operands alone, ``_ctz(bits)``.  numba's type stubs give the decorated object the typing function's
parameters and say that a call raises (it does, outside compiled code), so mypy found every call in a
kernel wrong and took the code after it as unreachable, unchecked.  :func:`intrinsic` is numba's
decorator, typed as a function of the operands; the knights' frontier and the draughts kernels use it.
:func:`ctz`, :func:`clz` and :func:`popcount` are the bit counts the bitboard kernels share;
:func:`prefetch` and :func:`prefetch_write` ask for memory before it is used (the knights' frontier count).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from llvmlite import ir
from numba import extending, types

__all__ = ["clz", "ctz", "intrinsic", "popcount", "prefetch", "prefetch_write"]


def intrinsic(typing: Callable[..., tuple[Any, Callable[..., Any]]]) -> Callable[..., Any]:
    """numba's ``@intrinsic`` on ``typing`` (which answers the signature and the code generator), typed as
    what a kernel calls: a function of the operands."""
    return extending.intrinsic(typing)


def _bit_count(name: str, doc: str) -> Callable[..., Any]:
    """An intrinsic of one int64 operand answering an int64: LLVM's ``name`` bit count (``cttz``, ``ctlz``,
    ``ctpop``), which compiles to one instruction."""

    def typing(typingctx: Any, x: Any) -> tuple[Any, Callable[..., Any]]:
        def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
            if name == "ctpop":
                return builder.ctpop(args[0])
            return getattr(builder, name)(args[0], ir.Constant(ir.IntType(1), 0))

        return types.int64(types.int64), codegen

    typing.__doc__ = doc
    return intrinsic(typing)


#: In a kernel, ``ctz(bits)``: the count of trailing zero bits of an int64 (the index of its lowest set bit).
ctz = _bit_count("cttz", "Count of trailing zero bits.")
#: In a kernel, ``clz(bits)``: the count of leading zero bits of an int64.
clz = _bit_count("ctlz", "Count of leading zero bits.")
#: In a kernel, ``popcount(bits)``: the number of set bits of an int64.
popcount = _bit_count("ctpop", "Number of set bits.")


def _prefetcher(write: bool, doc: str) -> Callable[..., Any]:
    """An intrinsic ``(array, i)`` that asks for the cache line of ``array[i]`` (of row ``i``'s first item for a
    2-D array), to be read or (``write``) written: LLVM's ``prefetch``, a hint that nothing waits for."""

    def typing(typingctx: Any, array: Any, index: Any) -> tuple[Any, Callable[..., Any]]:
        def codegen(context: Any, builder: Any, sig: Any, args: Any) -> Any:
            made = context.make_array(sig.args[0])(context, builder, args[0])
            stride = builder.extract_value(made.strides, 0)
            address = builder.add(builder.ptrtoint(made.data, ir.IntType(64)), builder.mul(args[1], stride))
            byte_pointer = ir.IntType(8).as_pointer()
            i32 = ir.IntType(32)
            fn = builder.module.declare_intrinsic("llvm.prefetch", [byte_pointer],
                                                  ir.FunctionType(ir.VoidType(), [byte_pointer, i32, i32, i32]))
            builder.call(fn, [builder.inttoptr(address, byte_pointer), ir.Constant(i32, int(write)),
                              ir.Constant(i32, 3), ir.Constant(i32, 1)])
            return context.get_dummy_value()

        return types.void(array, index), codegen

    typing.__doc__ = doc
    return intrinsic(typing)


#: In a kernel, ``prefetch(array, i)``: ask for ``array[i]`` to be read soon.  The waits for memory of several
#: reads asked for first overlap instead of coming one after another.
prefetch = _prefetcher(False, "Ask for an item of an array to be read soon.")
#: In a kernel, ``prefetch_write(array, i)``: ask for ``array[i]`` (row ``i`` of a 2-D array) to be written soon.
prefetch_write = _prefetcher(True, "Ask for an item of an array to be written soon.")
