"""Published counts of knight's tours, each table with its source; the tests and
benchmarks/knight_counts.py pin the program's counts to them.

Boards are (rows, cols) with rows <= cols; a count holds for the board turned too.
"""

from __future__ import annotations

#: Undirected closed tours (a tour and its reverse are one).  Sources: OEIS A001230
#: (2n x 2n; 8x8 by McKay 1997), A070030 (3 x 2n), A175881 (6 x n), A193055 (8 x n),
#: A193054 (7 x 2n).
CLOSED: dict[tuple[int, int], int] = {
    (3, 10): 16, (3, 12): 176, (3, 14): 1536,                      # A070030
    (5, 6): 8, (6, 6): 9862, (6, 7): 1067638, (6, 8): 55488142,      # A175881, A001230
    (6, 10): 239187240144,                                           # A175881
    (5, 8): 44202, (7, 8): 34524432316, (8, 8): 13267364410532,      # A193055, A001230
    (7, 10): 1250063279938854, (7, 12): 38350427205194670084,       # A193054
}

#: Directed open tours (a tour and its reverse are two).  Sources: OEIS A165134 (n x n),
#: A118067 (3 x n, n = 4..11).
OPEN_DIRECTED: dict[tuple[int, int], int] = {
    (1, 1): 1, (2, 2): 0, (3, 3): 0, (4, 4): 0, (5, 5): 1728, (6, 6): 6637920, (7, 7): 165575218320,
    (8, 8): 19591828170979904,                                       # A165134
    (3, 4): 16, (3, 5): 0, (3, 6): 0, (3, 7): 104, (3, 8): 792, (3, 9): 1120, (3, 10): 6096,
    (3, 11): 21344,                                                  # A118067
}

#: Undirected open tours (half the directed ones).  Sources: OEIS A079137 (4 x n, n = 3..8),
#: A083386 (5 x 6).
OPEN_UNDIRECTED: dict[tuple[int, int], int] = {
    (3, 4): 8, (4, 4): 0, (4, 5): 82, (4, 6): 744, (4, 7): 6378, (4, 8): 31088,  # A079137
    (5, 6): 18784,                                                               # A083386
}

#: Directed open tours from a given square.  Source: A165134's comments (304 of the
#: 1728 open tours of 5x5 start in a given corner).
OPEN_FROM: dict[tuple[int, int, tuple[int, int]], int] = {(5, 5, (0, 0)): 304}

#: Undirected closed tours of *ragged* boards: the first ``2n`` cells of a board of ``k`` rows, filled
#: column by column (``ceil(2n / k)`` columns, the last one short; :func:`ragged` gives the board).
#: ``RAGGED[k] = (n of the first value, values)``.  Source: D. E. Knuth, *Hamiltonian paths and cycles*,
#: pre-fascicle 8A of The Art of Computer Programming (2025), and his OEIS entries A383660 (3 rows, from
#: n = 11), A383661 (5 rows, from n = 9) and A383663 (7 rows, from n = 11; its eleventh value, 7x6 whole, is
#: A175881's 6x7), as shown by the OEIS front end at oeis-frontend.somethingorotherwhatever.com/A383662/refs
#: (A383662, 4 rows, was not found there).
RAGGED: dict[int, tuple[int, tuple[int, ...]]] = {
    3: (11, (4, 0, 4, 24, 16, 56, 306, 176, 456, 2632, 1536, 4828, 26788, 15424, 44952, 254288, 147728, 448032,
             2502568, 1448416, 4310048, 24228704, 14060048, 42195584, 236335248, 136947616, 409403328, 2297294496,
             1332257856, 3989883552, 22366625344, 12965578752, 38798663104, 217604833360, 126169362176)),
    5: (9, (1, 0, 1, 30, 0, 148, 8, 78, 9309, 612, 62749, 44202, 42049, 2916485, 147192, 18284136, 13311268,
            13008389, 973107552, 51147756, 6190192748, 4557702762, 4311375354, 316985255470, 16552301184,
            2015267424300, 1495135512514, 1417634375316, 104324890543686, 5459334927260, 663068761241948)),
    7: (11, (2, 11, 58, 0, 21, 1020, 9309, 1481, 34162, 1295034, 1067638)),
}


def ragged(rows: int, cells: int) -> tuple[int, int, list[tuple[int, int]]]:
    """The board of the first ``cells`` cells of a board of ``rows`` rows filled column by column:
    ``(rows, cols, blocked)``, the blocked squares being the top of the last column."""
    cols = -(-cells // rows)
    filled = cells - rows * (cols - 1)
    return rows, cols, [(r, cols - 1) for r in range(filled, rows)]
