"""Shared by the tests of the watched methods: each step names the line executing."""

from __future__ import annotations

import sys
import threading


def lines_checked(listing, make_steps):
    """Run ``make_steps()`` under Python's own tracer (in a thread of its own) and say, for each step,
    whether the line it names is the line the tracer saw its frame execute last."""
    last = {}
    agreed = []
    where = listing.where

    def tracer(frame, event, arg):
        if listing.line_of(frame) is None:
            return None
        if event == "line":
            last[frame] = listing.line_of(frame)
        return tracer

    def checked():
        frame = sys._getframe(1)
        while listing.line_of(frame) is None:
            frame = frame.f_back
        seen = where()
        agreed.append(seen.line == last[frame])
        return seen

    def run():
        sys.settrace(tracer)
        try:
            steps.extend(make_steps())
        finally:
            sys.settrace(None)

    steps = []
    listing.where = checked
    try:
        thread = threading.Thread(target=run)
        thread.start()
        thread.join()
    finally:
        del listing.where
    return steps, agreed
