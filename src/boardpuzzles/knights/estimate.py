"""Honest before it starts: the expected cost of a frontier count, from a model of the frontier fitted to the
boards measured here.

The model.  After square ``(x, r)`` of the sweep (column ``x``, row ``r``) of a
board ``h`` squares across, the states depend only on ``h``, the kind of tour
and ``x, r``, as long as two columns are still to come (the squares still to
come are what the plan looks at): the board is a *strip*, and the states after
each square of a strip are the same however long the board is.  The last
columns shrink them: their squares have fewer moves left, and the degree
relaxation (:mod:`.completable`) drops the frontiers that can no longer be
finished, from four to eight columns before the end.  So the states of a
board are its strip's, times the *end* ratios of its last columns.

:data:`PROFILES` holds, for each height and kind measured, the log10 states
after each square of a long board (``benchmarks/knight_counts.py --profiles``
prints it): its strip columns until they repeat (the last two repeat
forever), and its end ratios.  A height not measured is extrapolated from the
two tallest measured of its kind: each square's log10 states grow by what
they grew between those two, per square of height (rows matched in
proportion), damped by :data:`DAMPING` (:data:`UNRELAXED_DAMPING`), with the tallest one's end ratios.
Boards over 8 across are counted without the relaxation: they are told from
:data:`UNRELAXED_PROFILES`, measured before it, in the same way.
The time is the states of every step times the nanoseconds a state and step
cost here (:data:`NS_PER_STATE`, which grow with the size of the tables), the
memory the tables of the widest step (capped by ``memory``: a bigger step is
cut into waves), the disk the two widest steps' files (what a count needs at
least, packed: :data:`.packed.SHARE`; with a checkpoint, the widest and an eighth of the
one beside it, :data:`.sweep.GROUPS`); each wave after a step's first passes over the
step's rows again, passing over the codes of the other partitions (:data:`PASS_NS` a
row).

The uncertainty is a factor: the boards measured are told within
:data:`MEASURED_FACTOR` (the benchmark checks every board it counts against
it); each square of height extrapolated multiplies it by
:data:`EXTRAPOLATED_FACTOR` (7-across closed boards told from 5 and 6 across
came within 1.5 of their states, 7-across open ones from 5 and 6 within 2.7,
8x8 closed from 6 and 7 within 1.35); a
board with blocked squares or an open tour's start is told as the whole board (blocked squares only take
states away; a start keeps frontiers and their mirror images apart: up to
:data:`NO_MIRROR` times as many).
"""

from __future__ import annotations

import math
import os
import shutil
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from .. import checks
from ..checkpoint import Checkpoint
from ..errors import InputError
from ..geometry import Square
from .asked import check_memory, check_squares, default_memory, default_threads, size_text, sweep_order
from .codes import MOST_HEIGHT, code_words
from .frontier import relaxed_states, relaxes
from .packed import SHARE
from .table import LOAD
from .sweep import GROUPS, RELAXATION_IN_FILES, checkpoint_meta, swept

#: UNRELAXED_PROFILES: the same counted without the degree relaxation, as a board over 8 across is: the ends are
#: its last two columns (``benchmarks/knight_counts.py --profiles`` of commit dfe4e17, before the relaxation,
#: 24 Nov 2026)
Profiles = dict[tuple[int, bool], tuple[tuple[tuple[float, ...], ...], tuple[tuple[float, ...], ...]]]
UNRELAXED_PROFILES: Profiles = {
    (3, True): (
        ((0, 0, 0), (0, 0, 0), (0.3, 0.3, 0.3), (0.48, 0, 0.3), (0.48, 0.48, 0.7), (1.08, 1, 1.08), (1.36, 1.3, 1.4), (1.65, 1.51, 1.6), (1.86, 1.64, 1.64), (1.87, 1.7, 1.72), (1.97, 1.7, 1.66), (1.89, 1.7, 1.72)),
        ((-0.16, -0.55, -0.71), (-1.41, -1.7, -1.72))),
    (4, True): (
        ((0, 0, 0, 0), (0.3, 0.3, 0.3, 0.48), (0.9, 1.11, 1.26, 1.32), (1.59, 1.77, 1.79, 1.68), (2.03, 2.08, 2.11, 2.18), (2.5, 2.49, 2.38, 2.31), (2.6, 2.57, 2.42, 2.32), (2.6, 2.57, 2.41, 2.32), (2.61, 2.58, 2.42, 2.32), (2.61, 2.58, 2.42, 2.32)),
        ((-0.26, -0.28, -0.3, -0.49), (-2.31, -2.58, -2.42, -2.32))),
    (5, True): (
        ((0, 0, 0, 0, 0), (0.3, 0.6, 0.6, 0.9, 1), (1.15, 1.48, 1.69, 1.91, 1.79), (2.11, 2.25, 2.65, 2.72, 2.77), (3.07, 3.31, 3.63, 3.63, 3.61), (3.99, 4.08, 4.16, 4.01, 3.94), (4.28, 4.4, 4.52, 4.17, 4.02), (4.41, 4.46, 4.48, 4.16, 4.06), (4.41, 4.49, 4.6, 4.18, 4.02)),
        ((-0.2, -0.26, -0.2, -0.28, -0.44), (-1.11, -2.1, -3.31, -4.16, -4.06))),
    (6, True): (
        ((0, 0, 0, 0, 0, 0), (0.3, 0.6, 0.9, 1.2, 1.51, 1.56), (1.9, 2.12, 2.58, 2.92, 2.92, 2.93), (3.25, 3.38, 3.77, 4.12, 4.13, 4.09), (4.5, 4.68, 5.03, 5.26, 5.15, 5.1), (5.49, 5.6, 5.83, 5.84, 5.51, 5.38), (5.76, 5.8, 6.01, 5.94, 5.55, 5.41), (5.79, 5.82, 6.03, 5.95, 5.56, 5.41), (5.79, 5.83, 6.03, 5.96, 5.56, 5.41)),
        ((-0.17, -0.26, -0.19, -0.2, -0.29, -0.37), (-1.26, -1.84, -3.28, -4.78, -5.56, -5.41))),
    (7, True): (
        ((0, 0, 0, 0, 0, 0, 0), (0.3, 0.6, 0.9, 1.51, 1.81, 2.11, 2.13), (2.48, 2.8, 3.21, 3.74, 3.96, 4, 4.1), (4.44, 4.61, 4.96, 5.2, 5.45, 5.41, 5.38), (5.75, 5.95, 6.3, 6.58, 6.74, 6.54, 6.46), (6.85, 6.92, 7.14, 7.24, 7.2, 6.83, 6.69), (7.06, 7.11, 7.31, 7.38, 7.35, 6.84, 6.66), (7.06, 7.09, 7.3, 7.33, 7.28, 6.85, 6.71), (7.08, 7.12, 7.33, 7.39, 7.36, 6.84, 6.66)),
        ((-0.19, -0.26, -0.2, -0.2, -0.18, -0.26, -0.39), (-1.14, -1.88, -2.92, -4.58, -6.1, -6.85, -6.71))),
    (3, False): (
        ((0, 0, 0), (0.3, 0.3, 0.48), (0.9, 1.26, 1.43), (1.72, 1.67, 1.9), (2.18, 2.06, 2.15), (2.53, 2.39, 2.46), (2.83, 2.54, 2.55), (2.95, 2.66, 2.66), (3.01, 2.64, 2.62), (3.02, 2.72, 2.7), (3.05, 2.65, 2.62)),
        ((-0.08, -0.58, -0.64), (-1.5, -2.12, -2.7))),
    (4, False): (
        ((0, 0, 0, 0), (0.3, 0.6, 0.9, 1), (1.56, 2.08, 2.49, 2.72), (3.03, 3.24, 3.26, 3.18), (3.54, 3.66, 3.6, 3.57), (3.93, 3.97, 3.76, 3.66), (4, 4.03, 3.79, 3.67), (4.01, 4.03, 3.8, 3.67)),
        ((-0.15, -0.18, -0.19, -0.31), (-1.44, -2.31, -3.32, -3.67))),
    (5, False): (
        ((0, 0, 0, 0, 0), (0.3, 0.6, 1.2, 1.51, 1.56), (2.05, 2.61, 3.12, 3.42, 3.53), (3.84, 4.01, 4.38, 4.35, 4.33), (4.68, 4.85, 5.15, 5.01, 4.95), (5.36, 5.44, 5.63, 5.32, 5.21), (5.59, 5.66, 5.84, 5.34, 5.18), (5.6, 5.66, 5.82, 5.39, 5.24), (5.63, 5.7, 5.87, 5.34, 5.18)),
        ((-0.11, -0.17, -0.13, -0.17, -0.26), (-0.89, -2.02, -3.59, -4.61, -5.24))),
    (6, False): (
        ((0, 0, 0, 0, 0, 0), (0.3, 0.6, 1.2, 1.81, 2.11, 2.13), (2.64, 3.14, 3.83, 4.37, 4.53, 4.63), (4.98, 5.16, 5.51, 5.8, 5.73, 5.68), (6.09, 6.23, 6.56, 6.76, 6.51, 6.44), (6.85, 6.93, 7.17, 7.22, 6.78, 6.62), (7.03, 7.07, 7.3, 7.29, 6.81, 6.64), (7.05, 7.08, 7.32, 7.3, 6.82, 6.64), (7.05, 7.09, 7.32, 7.3, 6.82, 6.64)),
        ((-0.11, -0.16, -0.13, -0.14, -0.17, -0.23), (-1, -1.66, -3.32, -5.05, -6.04, -6.64))),
}

#: PROFILES[(height, closed)] = (strip, end): log10 of the states after each square of a long board of that height
#: counted with the degree relaxation (boards up to 8 across), ``strip[x][r]`` for its columns until the last two
#: repeat, ``end[j][r]`` the ratios (log10) of its last columns, from the first that leaves the strip, to the strip
#: continued (``benchmarks/knight_counts.py --profiles``, 26 Nov 2026)
PROFILES: Profiles = {
    (3, True): (
        ((0, 0, 0), (0, 0, 0), (0.3, 0.3, 0.3), (0.48, 0, 0.3), (0.48, 0.48, 0.7), (1.08, 1, 1.08), (1.36, 1.3, 1.4), (1.65, 1.51, 1.6), (1.86, 1.64, 1.64), (1.87, 1.7, 1.72), (1.97, 1.7, 1.66), (1.89, 1.7, 1.72)),
        ((-0.02, -0.01, -0.04), (-0.04, -0.06, -0.05), (-0.13, -0.19, -0.4), (-0.71, -0.62, -0.88), (-1.04, -0.85, -0.94), (-1.19, -1.4, -1.36), (-1.59, -1.7, -1.72))),
    (4, True): (
        ((0, 0, 0, 0), (0, 0, 0, 0), (0.3, 0.48, 0.78, 0.78), (0.95, 0.95, 1.08, 1), (1.11, 1.15, 1.41, 1.56), (1.61, 1.58, 1.73, 1.65), (1.64, 1.61, 1.73, 1.65), (1.64, 1.61, 1.73, 1.65)),
        ((0, -0.01, -0.01, -0.09), (-0.1, -0.12, -0.1, -0.2), (-0.24, -0.33, -0.43, -0.65), (-0.74, -0.91, -1.13, -1.17), (-1.64, -1.61, -1.73, -1.65))),
    (5, True): (
        ((0, 0, 0, 0, 0), (0.3, 0.6, 0.6, 0.85, 0.85), (0.95, 1.32, 1.69, 1.91, 1.79), (2.1, 2.24, 2.65, 2.72, 2.77), (3.07, 3.29, 3.63, 3.62, 3.59), (3.94, 4.03, 4.16, 4.01, 3.94), (4.27, 4.38, 4.52, 4.16, 4), (4.37, 4.41, 4.48, 4.16, 4.05), (4.4, 4.48, 4.6, 4.17, 4)),
        ((-0.07, -0.1, -0.13, -0.15, -0.3), (-0.51, -0.71, -0.63, -0.56, -0.64), (-0.98, -1.13, -1.25, -1.23, -1.33), (-1.7, -2.6, -3.53, -4.16, -4.05))),
    (6, True): (
        ((0, 0, 0, 0, 0, 0), (0.3, 0.6, 0.9, 1.2, 1.51, 1.51), (1.83, 1.99, 2.5, 2.92, 2.92, 2.93), (3.25, 3.38, 3.77, 4.12, 4.13, 4.09), (4.5, 4.68, 5.03, 5.26, 5.15, 5.1), (5.49, 5.58, 5.82, 5.84, 5.51, 5.37), (5.75, 5.78, 6, 5.94, 5.55, 5.4), (5.78, 5.81, 6.02, 5.95, 5.56, 5.41), (5.79, 5.81, 6.02, 5.96, 5.56, 5.41)),
        ((-0.01, -0.01, -0.05, -0.09, -0.11, -0.26), (-0.39, -0.47, -0.65, -0.64, -0.46, -0.5), (-0.81, -1, -1.09, -1.09, -1.1, -1.18), (-1.9, -2.52, -3.81, -5, -5.56, -5.41))),
    (7, True): (
        ((0, 0, 0, 0, 0, 0, 0), (0.3, 0.6, 0.9, 1.51, 1.81, 2.08, 2.07), (2.39, 2.72, 3.11, 3.65, 3.96, 4, 4.1), (4.44, 4.61, 4.95, 5.2, 5.45, 5.41, 5.38), (5.75, 5.95, 6.3, 6.58, 6.74, 6.53, 6.45), (6.84, 6.91, 7.12, 7.21, 7.2, 6.83, 6.69), (7.06, 7.11, 7.31, 7.37, 7.35, 6.83, 6.65), (7.05, 7.08, 7.28, 7.31, 7.28, 6.85, 6.71), (7.08, 7.12, 7.32, 7.38, 7.36, 6.84, 6.65)),
        ((0, 0, -0.01, -0.07, -0.13, -0.13, -0.28), (-0.4, -0.44, -0.43, -0.61, -0.6, -0.4, -0.44), (-0.73, -0.85, -0.92, -0.97, -0.98, -1.01, -1.14), (-1.77, -2.55, -3.63, -5.1, -6.33, -6.85, -6.71))),
    (3, False): (
        ((0, 0, 0), (0.3, 0.3, 0.3), (0.85, 1.18, 1.36), (1.6, 1.53, 1.74), (2.02, 1.88, 1.99), (2.35, 2.23, 2.3), (2.7, 2.42, 2.42), (2.78, 2.52, 2.54), (2.91, 2.54, 2.51), (2.87, 2.59, 2.58), (2.95, 2.55, 2.51)),
        ((0, 0, -0.02), (-0.01, -0.02, -0.02), (-0.07, -0.11, -0.26), (-0.52, -0.38, -0.55), (-0.61, -0.42, -0.53), (-0.72, -0.93, -1.02), (-1.53, -1.99, -2.58))),
    (4, False): (
        ((0, 0, 0, 0), (0.3, 0.6, 0.9, 0.85), (1.2, 1.69, 2.23, 2.34), (2.51, 2.63, 2.82, 2.75), (2.95, 3.08, 3.2, 3.19), (3.34, 3.4, 3.4, 3.29), (3.41, 3.45, 3.43, 3.3), (3.42, 3.46, 3.43, 3.31), (3.42, 3.46, 3.44, 3.31)),
        ((0, -0.02, -0.02, -0.07), (-0.07, -0.08, -0.09, -0.13), (-0.21, -0.26, -0.27, -0.35), (-0.46, -0.52, -0.62, -0.65), (-1.27, -1.95, -2.95, -3.31))),
    (5, False): (
        ((0, 0, 0, 0, 0), (0.3, 0.6, 1.08, 1.38, 1.38), (1.83, 2.32, 3.01, 3.29, 3.38), (3.68, 3.84, 4.19, 4.18, 4.15), (4.47, 4.65, 4.98, 4.84, 4.78), (5.16, 5.23, 5.43, 5.14, 5.04), (5.42, 5.49, 5.69, 5.19, 5.01), (5.42, 5.46, 5.64, 5.21, 5.08), (5.46, 5.53, 5.73, 5.19, 5.01)),
        ((0, 0, -0.01, 0, -0.02), (-0.04, -0.06, -0.08, -0.07, -0.19), (-0.33, -0.44, -0.4, -0.3, -0.38), (-0.65, -0.76, -0.85, -0.76, -0.83), (-1.26, -2.29, -3.54, -4.43, -5.08))),
    (6, False): (
        ((0, 0, 0, 0, 0, 0), (0.3, 0.6, 1.2, 1.81, 2.11, 2.11), (2.58, 3.01, 3.7, 4.25, 4.41, 4.48), (4.82, 4.99, 5.34, 5.64, 5.55, 5.5), (5.91, 6.05, 6.38, 6.58, 6.35, 6.27), (6.67, 6.75, 7, 7.05, 6.61, 6.46), (6.86, 6.9, 7.13, 7.12, 6.65, 6.48), (6.88, 6.91, 7.14, 7.13, 6.65, 6.48), (6.89, 6.92, 7.15, 7.14, 6.65, 6.48), (6.89, 6.92, 7.15, 7.14, 6.65, 6.48)),
        ((-0.01, -0.01, -0.04, -0.06, -0.06, -0.17), (-0.28, -0.32, -0.43, -0.44, -0.26, -0.31), (-0.56, -0.71, -0.76, -0.75, -0.7, -0.75), (-1.48, -2.13, -3.58, -5.02, -5.87, -6.48))),
}

#: CPU nanoseconds a state and step cost here, by the log10 of the widest step's states: a line through
#: (log10 peak, ns) points measured by ``benchmarks/knight_counts.py`` (the tables outgrow the caches; 26 Nov
#: 2026, with the relaxation: 6x8 closed 190 ns at 1.6e5 states, 7x8 closed 220 ns at 4.8e6, 8x8 closed 354 ns
#: at 1.6e8; 28 Nov 2026: 8x8 open, the whole count's squares 36 and 37 on this machine with nothing else running,
#: 1.72e9 and 2.29e9 states made in 822 and 1,130 s of CPU, 478 and 493 ns a state.  The point before, 1,380 ns at
#: 2.3e9, was part 0 of 16's square 43 with tests running beside it and the bitmap of the relaxation not yet
#: prefetched)
NS_PER_STATE: tuple[tuple[float, float], ...] = ((3.0, 120.0), (5.21, 190.0), (6.69, 220.0), (8.21, 354.0),
                                                 (9.36, 493.0))
#: the part of the growth between the two tallest heights measured that a taller one adds per square of height,
#: for :data:`PROFILES` (fitted on 8x8 closed, counted 26 Nov 2026: at 0.8 it was told 0.53 of its states of all
#: steps, at 0.9 0.75; 8x8 open's first 32 squares had 2.7 times the states told at 0.8; at 0.9, 7x8 closed told
#: from 5 and 6 across comes within 1.5 of its states, 7x7 open within 2.7)
DAMPING = 0.9
#: the same for :data:`UNRELAXED_PROFILES` (the growth slows: undamped, 7-across closed boards told from 5 and 6
#: came out 2.2 times too wide, 6-across open ones from 4 and 5 up to 4.3 times)
UNRELAXED_DAMPING = 0.8
#: the factor within which a measured height is told
MEASURED_FACTOR = 1.5
#: the factor each square of height extrapolated adds
EXTRAPOLATED_FACTOR = 2.0
#: how many times more states an open tour from a start square has (no mirror images merged)
NO_MIRROR = 1.6
#: the part of the machine's cores two threads keep busy on the big steps
THREAD_EFFICIENCY = 0.85
#: a table's places over its states (at LOAD), with the rounding of its size
TABLE_OVERHEAD = 1.1 / LOAD
#: CPU nanoseconds a row of a step costs each wave that passes over it (the code of another partition: its key
#: told, its successors not built).  8x8 open, a million rows of a partition of part 0's square 43, no
#: relaxation test, 28 Nov 2026 (``python benchmarks/knight_waves.py /var/tmp/bench-8x8-open-43 43``): one
#: wave 617 ns a row, 16 waves 721 in all, 64 waves 1,344: 7 and 12 ns a row for each wave more
PASS_NS = 12.0
#: bytes a cluster worker sends per state and step, rows of 16 bytes (measured, 7x8 closed with 2 workers: the
#: successors it hands to the other workers, summed first; ``benchmarks/knight_counts.py 7x8 --cluster 2``, 26 Nov 2026)
BYTES_SENT_PER_STATE = 9.9
#: a cluster worker's CPU per state and step over this process's threads' (the same day: 427 ns against 242 for
#: ``benchmarks/knight_counts.py 7x8``; each step's files written, fingerprinted and mapped back, new tables, the
#: tasks' traffic)
CLUSTER_OVERHEAD = 1.76
#: states a process holds besides its tables (the kernels, Python): bytes
BASE_MEMORY = 300 << 20
#: the degree relaxation's own cost (:mod:`.completable`; 26 Nov 2026: 7x8 closed 0.49 s and 30 MB, 8x8 closed
#: 4.2 s and 240 MB, 7x7 open 3.8 s and 277 MB, 8x8 open 57 s and 3.1 GB), by kind of tour (closed: True): CPU
#: nanoseconds per relaxed state and square swept back, and bytes its sets keep per relaxed state and column
#: (the sets of at most :data:`RELAX_COLUMNS` columns differ: far from the end they repeat)
RELAX_NS = {True: 0.55, False: 2.0}
RELAX_BYTES = {True: 0.25, False: 1.0}
RELAX_COLUMNS = 9
#: a count cut into parts (:mod:`.parts`): for each number of parts measured, the widest part's peak states over
#: the whole count's, and the states of every step of all parts over the whole count's.  7x7 open cut after 21
#: squares, as :func:`.parts.default_after` cuts, part 0 of each taken for every part (``count_part(7, 7,
#: parts=P, part=0)`` against ``count_tours(7, 7)``, 28 Nov 2026).  On 6x6 open the parts were far narrower (16:
#: 0.26 of the peak for 3.6 times the work): the bigger the board, the more of the later codes every part
#: reaches.  Other numbers of parts are told on the log-log line through the two nearest measured, within
#: :data:`SPLIT_FACTOR` more
SPLIT_MEASURED: dict[int, tuple[float, float]] = {1: (1.0, 1.0), 4: (0.94, 3.36), 16: (0.82, 10.3), 64: (0.63, 28.3)}
#: the factor a count in parts adds to the uncertainty (its ratios measured on 7x7 open only)
SPLIT_FACTOR = 1.5


@dataclass(frozen=True)
class CountEstimate:
    """What a frontier count of the board should cost here: the states of the widest step (``peak_states``)
    and of all steps (``state_steps``), CPU and wall ``seconds`` on ``threads`` threads, ``memory`` and
    ``disk`` bytes, ``waves`` (the widest step's tables over ``memory``), all within a factor ``factor``
    (either way); ``basis`` says what the model rests on.  With ``cluster_workers``, the figures of one
    worker of such a cluster."""

    rows: int
    cols: int
    closed: bool
    peak_states: float
    state_steps: float
    cpu_seconds: float
    seconds: float
    threads: int
    memory: float
    disk: float
    waves: int
    factor: float
    basis: str
    #: the workers of the cluster the figures below are for (None: this machine alone)
    cluster_workers: int | None = None
    #: the seconds one worker takes, by the clock
    worker_seconds: float | None = None
    #: the bytes of memory one worker needs
    worker_memory: float | None = None
    #: the bytes of disk one worker needs
    worker_disk: float | None = None
    #: the bytes each worker sends in the widest step
    sent_per_step: float | None = None
    #: the parts the count is cut into (:mod:`.parts`; 1: a whole count): the figures above are then those of
    #: the widest part
    parts: int = 1
    #: the CPU seconds of all the parts together
    parts_cpu_seconds: float | None = None
    #: the directory whose disk the count's files take (None: the temporary directory)
    folder: str | None = None
    #: the squares the count's checkpoint holds swept, of ``squares`` (a step begun counts as the part of its
    #: partitions written; None: no checkpoint begun): the figures above are then those of the rest of the count
    resumes_after: float | None = None
    #: the squares the count sweeps
    squares: int = 0

    def too_long(self, limit: float) -> bool:
        """Whether the count should be refused: over ``limit`` seconds of CPU (on a shared machine the clock
        says more), or more disk than is free where its files go."""
        return self.cpu_seconds > limit or self.disk > free_disk(self.folder)

    def sentence(self) -> str:
        """The estimate in a few words, for a refusal."""
        return (f"estimated at about {_duration(self.cpu_seconds)} of CPU ({_duration(self.seconds)} by the clock "
                f"on {self.threads} thread{'s' if self.threads != 1 else ''}), {size_text(self.memory)} of memory and "
                f"{size_text(self.disk)} of disk, {self.peak_states:.2g} states at the widest step (within a factor "
                f"of {self.factor:.2g}; {self.basis})")

    def __repr__(self) -> str:
        return (f"CountEstimate('{self.rows}x{self.cols} {'closed' if self.closed else 'open'}: "
                f"{self.peak_states:.3g} states at the widest step, {_duration(self.cpu_seconds)} of CPU')")

    def __str__(self) -> str:
        kind = "closed" if self.closed else "open"
        lines = [f"{kind} tours of the {self.rows}x{self.cols} board by the frontier method, estimated "
                 f"(within a factor of {self.factor:.2g} either way; {self.basis}):",
                 f"  widest step {self.peak_states:.3g} states, {self.state_steps:.3g} states over all steps",
                 f"  time {_duration(self.cpu_seconds)} of CPU, {_duration(self.seconds)} by the clock on "
                 f"{self.threads} thread{'s' if self.threads != 1 else ''}",
                 f"  memory {size_text(self.memory)}, disk {size_text(self.disk)}"
                 + (f" (the widest step in {self.waves} waves)" if self.waves > 1 else "")]
        if self.resumes_after is not None:
            lines.insert(1, f"  resumed from the checkpoint, which holds {self.resumes_after:.3g} of the {self.squares} "
                            "squares swept: the figures are those of the rest")
        if self.parts > 1:
            lines[0] = lines[0].replace("board by", f"board, each of {self.parts} parts, by")
            lines.append(f"  all {self.parts} parts together: {_duration(self.parts_cpu_seconds or 0)} of CPU, one "
                         "part at a time (each checkpointed and recorded when finished)")
        if self.cluster_workers:
            lines.append(f"  on a cluster of {self.cluster_workers} workers, each: "
                         f"{_duration(self.worker_seconds or 0)} by the clock, {size_text(self.worker_memory or 0)} "
                         f"of memory, {size_text(self.worker_disk or 0)} of disk, "
                         f"{size_text(self.sent_per_step or 0)} sent in the widest step")
        return "\n".join(lines)

    def to_json(self) -> dict[str, Any]:
        """The estimate as ``--estimate --json`` prints it."""
        return {"rows": self.rows, "cols": self.cols, "closed": self.closed, "peak_states": round(self.peak_states),
                "state_steps": round(self.state_steps), "cpu_seconds": round(self.cpu_seconds, 1),
                "seconds": round(self.seconds, 1), "threads": self.threads, "memory_bytes": round(self.memory),
                "disk_bytes": round(self.disk), "waves": self.waves, "factor": round(self.factor, 2),
                "basis": self.basis, "cluster_workers": self.cluster_workers,
                "worker_seconds": None if self.worker_seconds is None else round(self.worker_seconds, 1),
                "worker_memory_bytes": None if self.worker_memory is None else round(self.worker_memory),
                "worker_disk_bytes": None if self.worker_disk is None else round(self.worker_disk),
                "sent_bytes_per_step": None if self.sent_per_step is None else round(self.sent_per_step),
                "parts": self.parts,
                "parts_cpu_seconds": None if self.parts_cpu_seconds is None else round(self.parts_cpu_seconds, 1),
                "resumes_after": None if self.resumes_after is None else round(self.resumes_after, 3),
                "squares": self.squares}


def _duration(seconds: float) -> str:
    for unit, size in (("days", 86400), ("hours", 3600), ("minutes", 60)):
        if seconds >= 2 * size:
            return f"{seconds / size:.0f} {unit}"
    return f"{seconds:.0f} seconds" if seconds >= 2 else "a second or less"


def free_disk(folder: str | None = None) -> float:
    """Bytes free in ``folder`` (in the nearest folder above it that exists, where it would be made), or where
    the partitions go by default (the temporary directory)."""
    import tempfile
    path = folder or tempfile.gettempdir()
    while not os.path.isdir(path) and os.path.dirname(path) != path:
        path = os.path.dirname(path)
    return float(shutil.disk_usage(path).free)


def _profile(height: int, closed: bool) -> tuple[list[list[float]], list[list[float]], int]:
    """The strip and end ratios (log10) of a height, measured or extrapolated (from :data:`PROFILES`, or from
    :data:`UNRELAXED_PROFILES` for a board counted without the relaxation), and how many squares of height it
    was extrapolated by."""
    table = PROFILES if relaxes(height, closed) else UNRELAXED_PROFILES
    if (height, closed) in table:
        measured_strip, measured_end = table[height, closed]
        return [list(c) for c in measured_strip], [list(c) for c in measured_end], 0
    measured = sorted(h for h, kind in table if kind == closed)
    if height < measured[0]:  # a board this narrow has a handful of states a step
        return [[0.0] * height] * 2, [[0.0] * height] * 2, 0
    below = [h for h in measured if h < height]
    if len(below) < 2:
        raise InputError(f"{{parameter}}: no {height}-across profile to tell it from (heights {measured} measured)",
                         parameter="rows", value=height)
    low, high = below[-2], below[-1]
    strip_low, _ = table[low, closed]
    strip_high, end_high = table[high, closed]
    steps = height - high
    columns = max(len(strip_low), len(strip_high)) + 2 * steps
    growth = (DAMPING if table is PROFILES else UNRELAXED_DAMPING) * steps / (high - low)
    strip: list[list[float]] = []
    for x in range(columns):
        column = []
        for r in range(height):
            a = _at(strip_low, x, round(r * (low - 1) / max(1, height - 1)))
            b = _at(strip_high, x, round(r * (high - 1) / max(1, height - 1)))
            column.append(b + (b - a) * growth)
        strip.append(column)
    end = [[column[round(r * (high - 1) / max(1, height - 1))] for r in range(height)] for column in end_high]
    return strip, end, steps


def _at(strip: Any, x: int, r: int) -> float:
    """A strip's log10 states at column ``x`` (its last two columns repeat beyond it), row ``r``."""
    if x >= len(strip):
        x = len(strip) - 2 + (x - len(strip)) % 2
    return float(strip[x][r])


def _ns_per_state(peak: float) -> float:
    level = math.log10(max(peak, 10.0))
    points = NS_PER_STATE
    for (x0, y0), (x1, y1) in zip(points, points[1:]):
        if level <= x1:
            return y0 + (y1 - y0) * max(0.0, level - x0) / (x1 - x0)
    (x0, y0), (x1, y1) = points[-2], points[-1]
    return y1 + (y1 - y0) * (level - x1) / (x1 - x0)


def _waves(states: float, row: int, budget: float) -> int:
    """The waves of a step of ``states`` states (rows of ``row`` bytes, tables within ``budget``)."""
    return max(1, math.ceil(states * row * TABLE_OVERHEAD / budget))


def split_ratios(parts: int) -> tuple[float, float]:
    """The widest part's peak states over the whole count's, and the states of all parts' steps over the whole
    count's, for a count cut into ``parts`` parts (:data:`SPLIT_MEASURED`, on the log-log line through the two
    nearest numbers of parts measured)."""
    measured = sorted(SPLIT_MEASURED)
    if parts in SPLIT_MEASURED:
        return SPLIT_MEASURED[parts]
    low, high = ([p for p in measured if p < parts][-1:] + [p for p in measured if p > parts][:1]
                 if parts < measured[-1] else measured[-2:])
    at = math.log(parts / low) / math.log(high / low)
    (peak_low, work_low), (peak_high, work_high) = SPLIT_MEASURED[low], SPLIT_MEASURED[high]
    return (min(1.0, peak_low * (peak_high / peak_low) ** at), work_low * (work_high / work_low) ** at)


def _states(height: int, width: int, closed: bool) -> tuple[list[float], int]:
    """The model's states after each square of the sweep of a board ``height`` across and ``width`` long
    (its strip's, times the end ratios of its last columns), and the squares of height they were
    extrapolated by."""
    strip, end, extrapolated = _profile(height, closed)
    states = []
    for x in range(width):
        for r in range(height):
            value = _at(strip, x, r)
            if x >= width - len(end):
                value += end[x - (width - len(end))][r]
            states.append(10 ** min(value, _at(strip, x, r)))
    return states, extrapolated


def square_states(rows: int, cols: int, closed: bool = False) -> list[float]:
    """The states the model expects after each square of the frontier count's sweep of the whole board
    (see the module's docstring): what :func:`estimate_count` adds up, and what a count's progress weighs
    its squares by."""
    rows, cols, _, _ = check_squares(rows, cols, None, ())
    return _states(*_swept(rows, cols), checks.flag(closed, "closed"))[0]


def _swept(rows: int, cols: int) -> tuple[int, int]:
    """The height and width of the frontier count's sweep of the board; InputError when it is too wide."""
    height, width, _ = sweep_order(rows, cols)
    if height > MOST_HEIGHT:
        raise InputError(f"{{parameter}} frontier counts boards up to {MOST_HEIGHT} squares across; the {rows}x{cols} "
                         f"board is {height} across", parameter="rows", value=rows, show_value=False)
    return height, width


def estimate_count(rows: int, cols: int, closed: bool = False, start: Square | None = None, *,
                   blocked: Iterable[Square] = (), memory: int | None = None, workers: int | None = None,
                   cluster_workers: int | None = None, parts: int = 1,
                   checkpoint: str | os.PathLike[str] | None = None) -> CountEstimate:
    """The expected cost of counting the tours of a board by the frontier method on this machine (``workers``
    threads, ``memory`` bytes for the tables; the defaults of :func:`~.counting.count_tours`), without
    counting; with ``cluster_workers``, also per worker of a dask cluster of that many; with ``parts``, of
    each part of the count cut into that many (:func:`~.counting.count_part`: the widest part's figures, and
    all parts' CPU); with ``checkpoint`` (the count's file), the disk of a count that removes a step's files
    as the next one uses them, beside that file, and, when the file holds squares of this count already swept
    (a whole count's, not a part's), the cost of the rest (:attr:`CountEstimate.resumes_after`; a checkpoint
    of another count is refused as the count would refuse it).  See the module's docstring for the model and
    its uncertainty."""
    if checkpoint is not None:
        checks.path(checkpoint, "checkpoint")
    rows, cols, start, holes = check_squares(rows, cols, start, blocked)
    closed, memory = checks.flag(closed, "closed"), check_memory(memory)
    if workers is not None:
        workers = checks.whole_number(workers, "workers", lo=1)
    height, width = _swept(rows, cols)
    if cluster_workers is not None:
        cluster_workers = checks.whole_number(cluster_workers, "cluster_workers", lo=1)
    parts = checks.whole_number(parts, "parts", lo=1)
    if parts > 1 and (start is not None or holes or cluster_workers is not None):
        raise InputError("{parameter} cuts whole boards counted on this machine (no start, no blocked squares, no "
                         "cluster)", parameter="parts", value=parts)
    states, extrapolated = _states(height, width, closed)
    done = _done(checkpoint, rows, cols, closed, start, holes, len(states)) if parts == 1 else None
    mirror = NO_MIRROR if start is not None and not closed else 1.0
    # the part of each square still to sweep
    states = [mirror * v * min(1.0, max(0.0, i + 1 - (done or 0.0))) for i, v in enumerate(states)]
    peak, total = max(states), sum(states)
    peak_share, work = split_ratios(parts)
    all_parts = total * work * _ns_per_state(peak * peak_share) * 1e-9
    peak, total = peak * peak_share, total * work / parts
    threads = workers or default_threads()
    relaxed = relaxed_states(height, closed) if relaxes(height, closed) else 0  # its states, if it has it
    relax_seconds = RELAX_NS[closed] * relaxed * height * width * 1e-9  # found backward in one thread
    relax_sets = RELAX_BYTES[closed] * relaxed * min(width, RELAX_COLUMNS)  # in memory, or in files when many
    relax_memory = relaxed / 8 + (relax_sets if relaxed < RELAXATION_IN_FILES else 0.0)  # a step's bitmap
    budget = memory or default_memory()
    row = 8 * (code_words(height, closed) + 1)  # a code's words and one limb
    # the rows the waves after each step's first pass over, in the widest part (a step's states times its share)
    passed = sum((_waves(s * peak_share, row, budget) - 1) * s * peak_share for s in states)
    cpu = total * _ns_per_state(peak) * 1e-9 + passed * PASS_NS * 1e-9
    all_parts += parts * passed * PASS_NS * 1e-9
    wall = cpu / (threads * THREAD_EFFICIENCY) if threads > 1 and peak >= 1 << 20 else cpu
    cpu, wall = cpu + relax_seconds, wall + relax_seconds
    tables = peak * row * TABLE_OVERHEAD
    waves = _waves(peak, row, budget)
    state_bytes = peak * row * SHARE
    # a count with a checkpoint holds the widest step and an eighth of the one beside it (sweep.GROUPS)
    disk = 0.0 if tables * 2 <= budget else state_bytes * (2 if checkpoint is None else 1 + 1 / GROUPS)
    disk += relax_sets if relaxed >= RELAXATION_IN_FILES else 0.0
    factor = MEASURED_FACTOR * EXTRAPOLATED_FACTOR ** extrapolated * (NO_MIRROR if mirror > 1 else 1.0) * \
        (SPLIT_FACTOR if parts > 1 else 1.0)
    if extrapolated:
        basis = f"extrapolated {extrapolated} square{'s' if extrapolated > 1 else ''} of height from the boards measured"
    else:
        basis = f"{height}-across {'closed' if closed else 'open'} boards measured"
    if holes:
        basis += "; told as the whole board: blocked squares only take states away"
    per_worker = {}
    if cluster_workers:  # the sets are found by the client and read from files: a worker holds one bitmap
        per_worker = {"worker_seconds": (cpu - relax_seconds) * CLUSTER_OVERHEAD / cluster_workers,
                      "worker_memory": tables / cluster_workers + BASE_MEMORY + relaxed / 8,
                      "worker_disk": 2 * state_bytes / cluster_workers,
                      # measured with 2 workers, half the successors crossing; with W, (W - 1) / W of them
                      "sent_per_step": peak * BYTES_SENT_PER_STATE * row / 16 * 2 * (cluster_workers - 1)
                      / cluster_workers ** 2}
    return CountEstimate(rows, cols, closed, peak, total, cpu, wall, threads,
                         min(budget, 2 * tables) + BASE_MEMORY + relax_memory, disk, waves, factor, basis,
                         cluster_workers, **per_worker, parts=parts,
                         parts_cpu_seconds=all_parts + parts * relax_seconds if parts > 1 else None,
                         folder=None if checkpoint is None else os.path.dirname(os.path.abspath(checkpoint)),
                         resumes_after=done, squares=len(states))


def _done(checkpoint: str | os.PathLike[str] | None, rows: int, cols: int, closed: bool, start: Square | None,
           holes: frozenset[Square], squares: int) -> float | None:
    """The squares of the count a checkpoint file holds swept (read, not written), or None (no file yet, or
    none recorded)."""
    if checkpoint is None or not os.path.isfile(checkpoint) or os.path.getsize(checkpoint) == 0:
        return None
    with Checkpoint(checkpoint, checkpoint_meta(rows, cols, closed, start, holes), read_only=True) as store:
        return swept(store, squares)


__all__ = ["CountEstimate", "estimate_count", "square_states", "free_disk", "PROFILES", "UNRELAXED_PROFILES"]
