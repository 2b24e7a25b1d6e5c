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
