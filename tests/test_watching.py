"""The shared recorder of every watched search: the steps' numbers, the counters, the tree, the offset, the cancel."""

import threading

import pytest

from boardpuzzles.errors import Cancelled, InputError, InternalError
from boardpuzzles.watching import Recorder, stream


def test_the_tree_follows_the_depth_and_a_node_made_before_can_be_stood_on_again():
    recorder = Recorder(None, ("tests",))
    moments = [recorder.step(None, 0), recorder.step("tests", 1), recorder.step("tests", 2), recorder.step(None, 1),
               recorder.step(None, 2), recorder.step(None, at=2), recorder.step("tests")]
    assert [(m.node, m.parent) for m in moments] == [(0, None), (1, 0), (2, 1), (1, None), (3, 1), (2, None), (2, None)]
    assert moments[-1].counts == (("tests", 3), ("nodes", 4))
    assert moments[0].to_json() == {"index": 0, "line": None, "vars": {}, "stack": [], "counts": {"tests": 0, "nodes": 1},
                                    "node": 0}
    with pytest.raises(InternalError, match="one node at a time"):
        recorder.step(None, 4)


def test_the_steps_before_the_offset_are_counted_but_not_built_and_a_cancel_is_heard():
    recorder = Recorder(None, ("tests", "nodes", "moves"), offset=3)
    moments = [recorder.step("tests", depth) for depth in (0, 1, 2, 2, 1)]
    assert moments[:3] == [None, None, None] and [m.index for m in moments[3:]] == [3, 4]
    assert dict(moments[-1].counts) == {"tests": 5, "nodes": 3, "moves": 0} and list(dict(moments[-1].counts)) == [
        "tests", "nodes", "moves"]  # nodes among the counters keeps its place
    cancel = threading.Event()
    recorder = Recorder(None, (), cancel=cancel)
    recorder.step(None)
    cancel.set()
    for _ in range(1023):  # looked at every 1024 steps
        recorder.step(None)
    with pytest.raises(Cancelled):
        recorder.step(None)


@pytest.mark.parametrize("offset, cancel, parameter", [(-1, None, "offset"), ("3", None, "offset"), (0, 3, "cancel")])
def test_a_wrong_offset_or_cancel_is_refused_naming_it(offset, cancel, parameter):
    with pytest.raises(InputError) as error:
        Recorder(None, (), offset, cancel)
    assert error.value.parameter == parameter


def test_a_stream_yields_what_the_search_hands_on_and_raises_its_error():
    def run(trace):
        for k in range(1000):
            trace(k)
        raise ValueError("at the end")

    steps = stream(run, "numbers")
    assert [next(steps) for _ in range(3)] == [0, 1, 2]
    with pytest.raises(ValueError, match="at the end"):
        list(steps)
    before = threading.active_count()
    closed = stream(run, "numbers")
    next(closed)
    closed.close()
    assert threading.active_count() == before
