"""Published perft tables from the initial positions, the one copy that tests and benchmarks pin.

``PATHS[variant]`` counts every jump path, ``DISTINCT[variant]`` counts two captures
with the same start, end and set of pieces taken once; entry ``d - 1`` is the count
at depth ``d``. The two tables agree until the first position with such a pair of
captures, so a variant may appear in one table only where the other is not published.

Thai is counted by dctl from twelve men each (the usual two empty rows between the
sides), not from the eight of the game: the tests do the same.

Source of every table: rhalbersma/dctl (Rein Halbersma's draughts template library),
``test/src/aima/traversal/initial/``, which gathers the figures of the forum threads
named with each table below (``board8x8.cpp``, ``board10x10.cpp``, ``large.cpp``).
"""

from __future__ import annotations

DCTL_URL = "https://github.com/rhalbersma/dctl/tree/master/test/src/aima/traversal/initial"

#: The "Standard validation generator moves" thread on the Shashki forum, http://shashki.com/PNphpBB2-viewtopic-t-627.html
#: (Russian, Brazilian, pool, English checkers); the "Perft" thread on the FMJD forum,
#: http://laatste.info/bb3/viewtopic.php?f=53&t=2308 (international); the "alternative game rules" thread,
#: http://laatste.info/bb3/viewtopic.php?f=53&t=2822 (Czech, Spanish, Italian, Thai).
PATHS: dict[str, list[int]] = {
    "international": [9, 81, 658, 4265, 27117, 167140, 1049442, 6483971, 41022614, 258935682, 1666207133, 10752899471],
    "russian": [7, 49, 302, 1469, 7482, 37986, 190146, 929905, 4570667, 22450628, 110961169, 545059387, 2675994747,
                13138899366],
    "brazilian": [7, 49, 302, 1469, 7473, 37628, 187302, 907836, 4431847, 21566606, 105534946, 512171742, 2483592238],
    "pool": [7, 49, 302, 1469, 7482, 37986, 190146, 929902, 4570615, 22442551, 110877932, 544300084, 2670481140],
    "english": [7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963680, 18391564, 85242128, 388623673, 1766623630,
                7978439499],
    "czech": [7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963671, 18368918, 84967210, 386267783, 1749766090],
    "spanish": [7, 49, 302, 1469, 7361, 36473, 177532, 828783, 3860866, 17743464, 81383200, 365734003, 1638016958],
    "italian": [7, 49, 302, 1469, 7361, 36473, 177532, 828783, 3860875, 17761384, 81647058, 367917147, 1655269811],
    "thai": [7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963648, 18363523, 84892793, 385719334, 1745725339],
    # Frisian every path: the same thread as the distinct table below (dctl keeps the distinct one only);
    # quoted from the project's shared REFERENCES.md.
    "frisian": [9, 81, 658, 3880, 21345, 103584, 550314, 2907905, 16204497],
}

#: As :data:`PATHS`, equal captures counted once. Frisian: http://laatste.info/bb3/viewtopic.php?f=53&t=2822&start=15
#: (in ``board10x10.cpp``); Canadian and Sri Lankan (one table for both boards): the "Perft on large boards" thread,
#: http://laatste.info/bb3/viewtopic.php?f=53&t=4563 (``large.cpp``).
DISTINCT: dict[str, list[int]] = {
    "international": [9, 81, 658, 4265, 27117, 167140, 1049442, 6483961, 41022423, 258895763, 1665861398],
    "russian": [7, 49, 302, 1469, 7482, 37986, 190146, 929899, 4570586, 22444032, 110917189, 544770444, 2673979569],
    "brazilian": [7, 49, 302, 1469, 7473, 37628, 187302, 907830, 4431766, 21560022, 105491257, 511882477, 2481546396],
    "pool": [7, 49, 302, 1469, 7482, 37986, 190146, 929896, 4570534, 22435955, 110833952, 544005148, 2668385616],
    "english": [7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963680, 18391564, 85242128, 388617999, 1766564893],
    "czech": [7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963671, 18368918, 84967210, 386262109, 1749707352],
    "spanish": [7, 49, 302, 1469, 7361, 36473, 177532, 828783, 3860866, 17743464, 81383200, 365728331, 1637958247],
    "italian": [7, 49, 302, 1469, 7361, 36473, 177532, 828783, 3860875, 17761384, 81647058, 367911475, 1655211086],
    "thai": [7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963648, 18363523, 84892793, 385713660, 1745666630],
    "frisian": [9, 81, 658, 3874, 21265, 102431, 540126, 2825779, 15605069, 85817725, 491186430],
    "canadian": [11, 121, 1222, 10053, 79049, 584100, 4369366, 31839056, 237209258, 1761652936],
    "srilankan": [11, 121, 1222, 10053, 79049, 584100, 4369366, 31839056, 237209258, 1761652936],
}

#: The other positions of the public international perft suite, distinct moves, entry ``d - 1`` the count at depth
#: ``d``: name -> (FEN, counts). Source: the "Perft" thread on the FMJD forum,
#: http://laatste.info/bb3/viewtopic.php?f=53&t=2308 (Woldouby to depth 15 from its first pages, the all-kings and
#: almost-promotion positions from page 7, ``start=60``), as gathered in dctl's ``fmjd.cpp`` (:data:`SUITE_URL`). The
#: suite's Frisian start (to depth 11) is ``DISTINCT["frisian"]``.
SUITE: dict[str, tuple[str, list[int]]] = {
    "woldouby": ("W:B12,13,14,16,18,19,21,23,24,26:W25,27,28,30,32,33,34,35,37,38",
                 [6, 12, 30, 73, 215, 590, 1944, 6269, 22369, 88050, 377436, 1910989, 9872645, 58360286, 346184885]),
    "all kings": ("W:WK31,K32,K33,K34,K35,K36,K37,K38,K39,K40,K41,K42,K43,K44,K45,K46,K47,K48,K49,K50:"
                  "BK1,K2,K3,K4,K5,K6,K7,K8,K9,K10,K11,K12,K13,K14,K15,K16,K17,K18,K19,K20",
                  [17, 79, 352, 1399, 7062, 37589, 217575, 1333217, 8558321, 58381162, 417920283]),
    "random178": ("B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46",
                  [14, 55, 1168, 5432, 87195, 629010, 9041010, 86724219, 1216917193]),
    "almost promotion": ("W:W6,7,8,9,10:B41,42,43,44,45",
                         [9, 81, 795, 7578, 86351, 936311, 11448262, 138362698, 1799526674]),
}
SUITE_URL = "https://github.com/rhalbersma/dctl/blob/master/test/src/aima/traversal/international/fmjd.cpp"

#: International perft from the start deeper than any published count (distinct moves, as :data:`DISTINCT`),
#: computed here, not published: depth -> count. Each was counted twice, with two transposition tables of
#: different sizes, and both agreed (:data:`COMPUTED_RUNS`; docs/draughts.md gives the times and the machine).
COMPUTED: dict[int, int] = {12: 10749771911, 13: 70612863532}

#: The two runs behind each count of :data:`COMPUTED`.
COMPUTED_RUNS = ("nice -n 10 python benchmarks/perft_deep.py --hash 2048 11 12 13",
                 "nice -n 10 python benchmarks/perft_deep.py --hash 512 12 13")
