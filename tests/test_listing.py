"""The shared listing: a seed method's source, and where its running frames stand in it."""

import pytest
from listing_helpers import LineTracer

from boardpuzzles.errors import InternalError
from boardpuzzles.listing import Listing


def _search(n, seen):
    """A tiny recursive search in the seeds' shape: every step asks the listing where it stands."""

    def hr(k):
        for i in range(1, n + 1):
            seen.append(LISTING.where())
            if k < n:
                yield from hr(k + 1)
            else:
                yield k, i

    yield from hr(1)


def _helper(seen):
    seen.append(LISTING.where())


LISTING = Listing("toy", [_search, _helper], frames={"hr": "HR"}, variables=("k", "i", "n"))


def test_lines_are_the_source_in_order():
    assert LISTING.lines[0].startswith("def _search(n, seen):")
    assert LISTING.lines[LISTING.lines.index("def _helper(seen):") - 1] == ""
    assert str(LISTING).splitlines()[0].startswith(" 1  def _search")
    assert LISTING.to_json()["frames"] == ["HR"]


def test_where_is_the_executing_line_with_the_stack_outermost_first():
    seen = []
    assert list(_search(2, seen)) == [(2, 1), (2, 2), (2, 1), (2, 2)]
    line = LISTING.lines.index("            seen.append(LISTING.where())") + 1
    assert [w.line for w in seen] == [line] * 6
    assert [[(f.name, f.variables) for f in w.stack] for w in seen[:3]] == [
        [("HR", (("k", 1), ("i", 1), ("n", 2)))],
        [("HR", (("k", 1), ("i", 1), ("n", 2))), ("HR", (("k", 2), ("i", 1), ("n", 2)))],
        [("HR", (("k", 1), ("i", 1), ("n", 2))), ("HR", (("k", 2), ("i", 2), ("n", 2)))],
    ]
    outer = LISTING.lines.index("                yield from hr(k + 1)") + 1
    assert seen[1].stack[0].line == outer
    assert seen[1].to_json() == {"line": line, "vars": {"k": 2, "i": 1, "n": 2},
                                 "stack": [{"name": "HR", "line": outer, "vars": {"k": 1, "i": 1, "n": 2}},
                                           {"name": "HR", "line": line, "vars": {"k": 2, "i": 1, "n": 2}}]}


def test_a_frame_outside_the_named_ones_is_shown_when_it_runs():
    seen = []
    _helper(seen)
    assert [(f.name, f.line) for f in seen[0].stack] == [("_helper", LISTING.lines.index("    seen.append(LISTING.where())") + 1)]


def test_where_agrees_with_the_line_events_of_a_tracer_in_another_thread():
    """Python's own tracer says which line of each frame runs; a step must name that line."""
    tracer = LineTracer(LISTING)
    agreed = []

    class Checked(list):
        def append(self, where):
            agreed.append(where.line == tracer.executing())

    tracer.run(lambda: list(_search(3, Checked())))
    assert agreed == [True] * (3 + 9 + 27)


def test_where_outside_the_listing_is_a_bug_of_the_caller():
    with pytest.raises(InternalError, match="toy listing"):
        LISTING.where()
