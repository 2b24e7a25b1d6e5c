"""The time bounds of the tests, in one place: each at least ten times what it measures on a quiet
2-core machine, so that the suite passes on a busy one (a test that waits for a child waits for what
the child shows, up to :data:`DEADLINE`, never for a fixed time)."""

#: Seconds a child may take to show what a test waits for: start-up on a busy machine (numba's
#: cache loaded: several seconds) many times over.  Only a broken child ever waits this long.
DEADLINE = 300

#: Seconds a call may take to stop after ``cancel`` (or Ctrl-C): ten times the half second the
#: library promises.  Quiet, calls stop within 0.1-0.2 s; with two worker processes on a busy
#: machine the thread that stops them can wait longer than the promise for a core.
STOP_BOUND = 5.0

#: Seconds a count may take to give up on a server that is not a dask scheduler, with the handshake
#: limit set to 1 s: ten times what it takes on a quiet machine (1.3 s); without the limit it waits for ever.
GIVES_UP_WITHIN = 15

#: CPU seconds for work that must be refused, or answered, before it starts: ten times the most
#: any such test measures (0.03 s for perft 16 refused, 0.06 s to decline drawing 10,000 queens).
AT_ONCE_CPU = 1.0
