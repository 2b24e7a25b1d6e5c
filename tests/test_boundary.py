"""The boundary to the kernels is closed: every exported function of boardpuzzles, the queens and
the knight's tour (and the knights' public search and walk, which reach kernels; the tour counts but for
their checkpoint, a file name tested in tests/test_knights_count_cli.py) takes any value,
of any type, shape or dtype, for any of its parameters and answers, or raises InputError naming
that parameter (or NoSolution, the answer "none"); never a numba error, a TypeError, a read past
the end of an array or a wrong answer.  (The draughts: tests/test_draughts_boundary.py.)

Each case below is a call with good, small arguments; hypothesis puts a wrong value (a
scalar of another type, an array of any dtype and shape, a nested list) in one of them."""

from __future__ import annotations

import numpy as np
import pytest
from boundary_helpers import boundary_tests

from boardpuzzles import InputError, Progress, knights, queens
from boardpuzzles.knights.conditions import free_squares_verdict
from boardpuzzles.knights.divide import closed_tour
from boardpuzzles.knights.moves import neighbour_table
from boardpuzzles.knights.search import Search
from boardpuzzles.knights.warnsdorff import ROTH, run_rule
from boardpuzzles.progress import Tracker
from boardpuzzles.queens.bitboard import solutions_bitboard

PATH_3X4 = [0, 6, 8, 1, 7, 9, 2, 11, 5, 3, 10, 4]

#: Each exported function with good, small arguments (none takes more than milliseconds).
CALLS = {
    "queens.solve": (queens.solve, {"n": 6, "method": "bitboard", "trace": None, "force": False,
                                    "progress": None, "cancel": None}),
    "queens.solutions": (lambda **kw: list(queens.solutions(**kw)),
                         {"n": 6, "method": "bitboard", "unique": False, "trace": None, "limit": 3, "force": False}),
    "queens.complete": (queens.complete, {"n": 6, "queens": [(0, 1)], "all": False, "force": False}),
    "queens.count": (queens.count, {"n": 6, "workers": 1, "progress": None, "cancel": None}),
    "queens.subproblems": (queens.subproblems, {"n": 6}),
    "queens.count_subproblem": (queens.count_subproblem, {"sub": queens.subproblems(6)[0]}),
    "queens.published_count": (queens.published_count, {"n": 8, "unique": False}),
    "queens.Solution": (queens.Solution, {"zero_based_columns": [1, 3, 0, 2]}),
    "queens.Solution.from_columns": (queens.Solution.from_columns, {"columns": [2, 4, 1, 3]}),
    "queens.bitboard.solutions_bitboard": (lambda **kw: next(solutions_bitboard(**kw), None), {"n": 6, "batch": 16}),
    "knights.find_tour": (knights.find_tour, {"rows": 5, "cols": 5, "start": (0, 0), "closed": False, "method": None,
                                              "lookahead": None, "blocked": (), "progress": None, "cancel": None}),
    "knights.tour_starts": (knights.tour_starts, {"rows": 3, "cols": 4, "closed": False, "force": False}),
    "knights.check_tour": (knights.check_tour, {"rows": 3, "cols": 4, "path": PATH_3X4, "closed": False,
                                                "free": np.ones(12, dtype=bool)}),
    "knights.count_tours": (knights.count_tours, {"rows": 3, "cols": 4, "closed": False, "start": None, "method": None,
                                                  "blocked": (), "memory": None, "workers": None, "force": False,
                                                  "progress": None, "cancel": None}),
    "knights.estimate_count": (knights.estimate_count, {"rows": 5, "cols": 5, "closed": False, "start": None,
                                                        "blocked": (), "memory": None, "workers": None,
                                                        "cluster_workers": None}),
    "knights.accessibility": (knights.accessibility, {"rows": 3, "cols": 4}),
    "knights.closed_exists": (knights.closed_exists, {"rows": 6, "cols": 6}),
    "knights.open_exists": (knights.open_exists, {"rows": 6, "cols": 6}),
    "knights.open_from": (knights.open_from, {"rows": 5, "cols": 5, "row": 0, "col": 0}),
    "knights.divide.closed_tour": (closed_tour, {"rows": 6, "cols": 6, "start": 0}),
    "knights.conditions.free_squares_verdict": (free_squares_verdict, {"rows": 3, "cols": 4,
                                                                       "free": np.ones(12, dtype=bool), "start": 0,
                                                                       "closed": False}),
    "knights.search.Search": (lambda chunk=0, **kw: Search(**kw).run(chunk),
                              {"nbr": neighbour_table(5, 5), "tie": np.zeros(25, dtype=np.int64), "prefix": [0, 7],
                               "closed": False, "count_all": False, "node_limit": 0, "middle": np.zeros(25, np.uint8),
                               "middle_moves": -1, "chunk": 1000}),
    "knights.warnsdorff.run_rule": (run_rule, {"rows": 5, "cols": 6, "start": 0, "rule": ROTH, "depth": 1,
                                               "free": np.ones(30, dtype=bool), "shift": 0, "tracker": Tracker("squares")}),
    "queens.compare": (queens.compare, {"n": 4}),
    "Progress": (lambda **kw: (lambda report: (report.rate, report.fraction, report.remaining, report.to_json()))(
        Progress(**kw)), {"done": 3, "total": 8, "unit": "squares", "elapsed": 0.5, "detail": "",
                                                       "since": 1.0}),
}

test_the_good_calls_answer, test_a_wrong_argument_is_an_input_error_naming_it = boundary_tests(CALLS)


def test_the_three_holes_of_check_tour_are_closed():
    with pytest.raises(InputError, match="path must be a one-dimensional array of whole numbers"):
        knights.check_tour(3, 4, np.array(PATH_3X4, dtype=float))  # was a numba TypingError
    with pytest.raises(InputError, match="free must be a one-dimensional array of 12 booleans, one a square"):
        knights.check_tour(3, 4, PATH_3X4, free=np.ones(5, dtype=bool))  # was read past its end
    assert knights.check_tour(3, 4, PATH_3X4).fault is None  # was the sentinel -1
