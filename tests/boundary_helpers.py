"""Shared by the boundary tests: wrong values of every kind, and the tests that a module's calls,
given one, answer or refuse it with an InputError naming it."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from boardpuzzles import InputError, NoSolution

SCALARS = st.sampled_from([
    None, True, False, 0, 1, 2, 3, -1, -7, 2**70, -(2**70), 1.5, 3.0, float("nan"), float("inf"), 1j, "8", "",
    "a1", b"8", np.float64(2.0), np.int64(-3), np.uint8(2), np.bool_(True), object(), threading.Event(), print,
])
DTYPES = st.sampled_from([np.bool_, np.int8, np.uint8, np.int32, np.int64, np.uint64, np.float32, np.float64,
                          np.complex128, "U2"])
ARRAYS = DTYPES.flatmap(lambda dtype: hnp.arrays(dtype, hnp.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=4)))
NESTED = st.recursive(st.integers(-3, 40) | st.floats(allow_nan=True) | st.text(max_size=2) | st.none(),
                      lambda inner: st.lists(inner, max_size=4) | st.tuples(inner, inner), max_leaves=8)
#: A wrong value of any kind: a scalar of another type, an array of any dtype and shape, a nested list.
WRONG = st.one_of(SCALARS, ARRAYS, NESTED)


Calls = dict[str, tuple[Callable[..., Any], dict[str, Any]]]


def boundary_tests(calls: Calls) -> tuple[Callable[[], None], Callable[..., None]]:
    """The two tests of a module's ``calls`` (each a call with good, small arguments, by name): every good
    call answers, and with a wrong value of any kind (:data:`WRONG`) in one of its parameters each
    answers (a value that is good after all), answers "none" (NoSolution), or raises an InputError
    naming that parameter or one it is checked with (another of its arguments: rows and a free array
    of rows * cols entries); anything else fails."""
    cases = [(name, parameter) for name, (_, good) in calls.items() for parameter in good]

    def test_the_good_calls_answer() -> None:
        for call, good in calls.values():
            call(**good)

    @pytest.mark.parametrize("name, parameter", cases, ids=[f"{name}({parameter})" for name, parameter in cases])
    @settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(wrong=WRONG)
    def test_a_wrong_argument_is_an_input_error_naming_it(name: str, parameter: str, wrong: Any) -> None:
        call, good = calls[name]
        try:
            call(**{**good, parameter: wrong})
        except InputError as error:
            assert error.parameter == parameter or error.parameter in good, (error.parameter, error)
        except NoSolution:
            pass

    return test_the_good_calls_answer, test_a_wrong_argument_is_an_input_error_naming_it
