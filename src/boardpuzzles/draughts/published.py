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
