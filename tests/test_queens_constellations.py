"""Counting N queens by start constellations (queens.constellations): the canonical constellations and
the kernel against plain references, the published counts, the split, checkpoints across methods, the
command line."""

from __future__ import annotations

from functools import lru_cache

import numpy as np
import pytest

from boardpuzzles import compiling
from boardpuzzles.errors import CheckpointError, InputError
from boardpuzzles.queens import Constellation, constellations, counting
from boardpuzzles.queens.counting import Counts, count, count_subproblem, subproblems
from boardpuzzles.queens.published import FUNDAMENTAL, TOTAL
from boardpuzzles.symmetry import SYMMETRIES, canonical

METHOD = "constellations"


@lru_cache(maxsize=None)
def all_solutions(n: int) -> list[tuple[int, ...]]:
    """Every solution of ``n`` queens (``columns[row]``), by plain backtracking."""
    found: list[tuple[int, ...]] = []

    def place(columns: tuple[int, ...]) -> None:
        if len(columns) == n:
            found.append(columns)
            return
        row = len(columns)
        for c in range(n):
            if all(c != c2 and abs(c - c2) != row - r2 for r2, c2 in enumerate(columns)):
                place(columns + (c,))

    place(())
    return found


def border_of(squares: set[tuple[int, int]], n: int) -> tuple[int, int, int, int]:
    """(top, bottom, left, right) of a set of squares with one queen on each border line."""
    m = n - 1
    top, = (c for r, c in squares if r == 0)
    bottom, = (c for r, c in squares if r == m)
    left, = (r for r, c in squares if c == 0)
    right, = (r for r, c in squares if c == m)
    return top, bottom, left, right


def images(border: tuple[int, int, int, int], n: int) -> list[tuple[int, int, int, int]]:
    """The constellations of the eight images of ``border``, by the symmetry module."""
    top, bottom, left, right = border
    squares = {(0, top), (n - 1, bottom), (left, 0), (right, n - 1)}
    return [border_of({s.apply(r, c, n, n) for r, c in squares}, n) for s in SYMMETRIES]


def canonical_constellations_reference(n: int) -> list[tuple[int, int, int, int]]:
    """Every placement of queens on the four border lines that attack no one another, the smallest of its
    images kept: the plain reference of constellations(n)."""
    lines = range(n)
    found = set()
    for top in lines:
        for bottom in lines:
            for left in lines:
                for right in lines:
                    squares = {(0, top), (n - 1, bottom), (left, 0), (right, n - 1)}
                    rows = [r for r, _ in squares]
                    cols = [c for _, c in squares]
                    attack = any(r1 - c1 == r2 - c2 or r1 + c1 == r2 + c2 for (r1, c1) in squares
                                 for (r2, c2) in squares if (r1, c1) != (r2, c2))
                    if len(set(rows)) == len(rows) and len(set(cols)) == len(cols) and not attack:
                        border = border_of(squares, n)
                        if border == (top, bottom, left, right) and border == min(images(border, n)):
                            found.add(border)
    return sorted(found)


def counts_reference(n: int, border: tuple[int, int, int, int]) -> Counts:
    """What the solutions whose constellation is in the class of ``border`` add to the counts, by brute
    force: the total, and the classes of solutions (by their canonical forms)."""
    orbit = set(images(border, n))
    members = [s for s in all_solutions(n) if border_of(set(enumerate(s)), n) in orbit]
    return Counts(len(members), len({canonical(s) for s in members}))


@pytest.mark.parametrize("n", range(1, 10))
def test_the_canonical_constellations_match_the_plain_reference(n):
    assert constellations.constellations(n) == canonical_constellations_reference(n)


@pytest.mark.parametrize("n", range(4, 10))
def test_each_subproblem_counts_its_class_of_constellations(n):
    subs = subproblems(n, METHOD)
    assert all(sub.columns == () for sub in subs)  # below N = 10 the split is the constellations themselves
    for sub in subs:
        assert count_subproblem(sub) == counts_reference(n, (sub.top, sub.bottom, sub.left, sub.right)), sub


@pytest.mark.parametrize("n", range(1, 14))
def test_the_counts_are_the_published_ones(n):
    result = count(n, method=METHOD, workers=1)
    assert (result.count, result.fundamental, result.method) == (TOTAL[n], FUNDAMENTAL[n], METHOD)


def test_the_kernel_and_its_interpreted_copy_agree():
    plain = compiling.interpreted(constellations.search)
    for n in (5, 8, 10):
        for border, symmetries, columns in constellations.split(n, counting._split_target(n)):
            assert (constellations.count_one(n, border, symmetries, columns, plain)
                    == constellations.count_one(n, border, symmetries, columns))


def test_the_kernel_answers_total_fundamental_and_nodes():
    # 6 queens: 4 solutions, one class; its constellation (b1 e6 a4 f3) is fixed by the half turn.
    border, symmetries, columns = (1, 4, 3, 2), 0b101, ()
    assert (border, symmetries, columns) in constellations.split(6, 1)
    assert constellations.count_one(6, border, symmetries, columns) == (4, 1, 2)


def fewest_reference(n: int, queens: list[tuple[int, int]], rows: list[int]) -> tuple[int, int]:
    """The index in ``rows`` of the first row with the fewest squares that no queen of ``queens`` attacks
    and those squares' columns (bits), or -1 if a row has none or an open column has none in any of the
    rows: the plain reference of constellations._fewest."""
    def free(r: int) -> set[int]:
        return {c for c in range(n) if all(c != qc and abs(c - qc) != abs(r - qr) for qr, qc in queens)}

    frees = [free(r) for r in rows]
    open_columns = set(range(n)) - {c for _, c in queens}
    if not all(frees) or set().union(*frees) != open_columns:
        return -1, 0
    best = min(range(len(rows)), key=lambda j: (len(frees[j]), j))
    return best, sum(1 << c for c in frees[best])


@pytest.mark.parametrize("n", (8, 9, 11))
def test_the_next_row_is_the_one_with_the_fewest_free_columns(n):
    m = n - 1
    for top, bottom, left, right in constellations.constellations(n):
        queens = list(dict.fromkeys([(0, top), (m, bottom), (left, 0), (right, m)]))
        rows = [r for r in range(1, m) if r not in (left, right)]
        for extra in [None, *((rows[0], c) for c in range(n))]:  # the border queens, then one more on row 1
            placed = queens + ([extra] if extra else [])
            todo = rows[1:] if extra else rows
            taken = sums = differences = 0
            for r, c in placed:
                taken, sums, differences = taken | 1 << c, sums | 1 << (r + c), differences | 1 << (c - r + m)
            pick, free = constellations._fewest.py_func(np.array(todo, dtype=np.int64), 0, len(todo),
                                                        ~taken & ((1 << n) - 1), sums, differences, m)
            expected = fewest_reference(n, placed, todo)
            assert (pick, free if pick >= 0 else 0) == expected, (top, bottom, left, right, extra)


def test_the_search_inside_places_under_a_third_of_the_queens_of_the_symmetry_search():
    n = 12
    nodes = sum(constellations.count_one(n, border, symmetries, columns)[2]
                for border, symmetries, columns in constellations.split(n, counting._split_target(n)))
    assert nodes < counting.count_nodes(n)[1] / 3  # about 48,000 against 148,889


def test_the_symmetry_check_counts_a_solution_once_a_class():
    # 8 queens, 1 5 8 6 3 7 2 4 (a1 first): the smallest of its images under the whole group.
    columns = [0, 4, 7, 5, 2, 6, 1, 3]
    board = np.array([1 << c for c in columns], dtype=np.int64)
    assert constellations.images_if_smallest(board, 8, 0b11111111) == 8
    mirrored = np.array([1 << (7 - c) for c in columns], dtype=np.int64)
    assert constellations.images_if_smallest(mirrored, 8, 0b11111111) == 0
    assert constellations.images_if_smallest(mirrored, 8, 0b1) == 1


def test_a_deeper_split_gives_the_same_counts(monkeypatch):
    monkeypatch.setattr(counting, "_split_target", lambda n: 10**9)
    for n in (7, 8, 10):
        subs = subproblems(n, METHOD)
        assert len(subs) > len(constellations.constellations(n))
        assert all(len(sub.columns) == n - 6 for sub in subs)  # all but the last two inner rows
        parts = [count_subproblem(sub) for sub in subs]
        assert (sum(p.total for p in parts), sum(p.fundamental for p in parts)) == (TOTAL[n], FUNDAMENTAL[n])


def test_the_split_has_fixed_ids_and_thousands_of_subproblems_from_16():
    subs = subproblems(16, METHOD)
    assert len(subs) >= 2000 and [sub.id for sub in subs] == list(range(len(subs)))
    assert all(isinstance(sub, Constellation) and sub.n == 16 for sub in subs)
    assert counting.split_fingerprint(16, METHOD) != counting.split_fingerprint(16)
    assert len(subproblems(20, METHOD)) >= counting._split_target(20)  # lengthened by an inner row


def test_a_subproblem_that_is_not_of_the_split_is_refused():
    sub = subproblems(9, METHOD)[3]
    assert count_subproblem(tuple(sub)) == count_subproblem(sub)
    with pytest.raises(InputError, match=r"not one of subproblems\(9, method='constellations'\)"):
        count_subproblem(sub._replace(top=sub.top + 1))
    with pytest.raises(InputError, match=r"not one of subproblems\(9, method='constellations'\)"):
        count_subproblem(sub._replace(id=sub.id + 1))


def test_a_constellation_reads_as_its_squares():
    sub = subproblems(8, METHOD)[0]
    assert str(sub) == "constellation 0 of 8 queens: a1 b8 h3"
    assert repr(sub) == "Constellation(id=0, n=8, top=0, bottom=1, left=0, right=2, columns=())"


def test_an_unknown_method_is_refused():
    with pytest.raises(InputError, match="unknown method 'fast': choose one of symmetry, constellations"):
        count(8, method="fast")  # type: ignore[arg-type]


def test_two_workers_count_the_same():
    result = count(13, method=METHOD, workers=2)
    assert (result.count, result.fundamental) == (TOTAL[13], FUNDAMENTAL[13])


@pytest.mark.slow  # starts a dask cluster
def test_a_dask_cluster_counts_the_constellations():
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  dashboard_address=":0") as cluster:
        result = count(12, method=METHOD, cluster=cluster.scheduler_address)
    assert (result.count, result.fundamental, result.method) == (TOTAL[12], FUNDAMENTAL[12], METHOD)


def test_a_checkpoint_resumes_by_its_own_method_and_refuses_the_other(tmp_path, monkeypatch):
    by_constellations, by_symmetry = tmp_path / "c.sqlite", tmp_path / "s.sqlite"
    assert count(11, method=METHOD, workers=1, checkpoint=str(by_constellations)).count == TOTAL[11]
    count(11, workers=1, checkpoint=str(by_symmetry))
    calls = []
    monkeypatch.setattr(counting, "_count_batch", lambda subs: calls.append(subs) or [])
    again = count(11, method=METHOD, workers=1, checkpoint=str(by_constellations))
    assert (again.count, again.fundamental, calls) == (TOTAL[11], FUNDAMENTAL[11], [])
    with pytest.raises(CheckpointError, match="made for puzzle = queens count by constellations, not queens count;"):
        count(11, workers=1, checkpoint=str(by_constellations))
    with pytest.raises(CheckpointError, match="made for puzzle = queens count, not queens count by constellations;"):
        count(11, method=METHOD, workers=1, checkpoint=str(by_symmetry))


def test_the_command_counts_by_constellations(cli):
    run = cli("queens", "count", "10", "--method", "constellations", "--workers", "1", "--json")
    assert run.status == 0
    answer = run.json()
    assert answer.pop("seconds") >= 0
    assert answer == {"n": 10, "total": 724, "fundamental": 92, "method": "constellations"}
    assert cli("queens", "count", "12", "-m", "constellations").out == "12 queens: 14,200 solutions, 1,787 fundamental\n"
    bad = cli("queens", "count", "8", "--method", "fast")
    assert bad.status == 2 and "--method" in bad.err and "\n" not in bad.err.strip()


def test_the_diagram_shows_the_border_queens_and_the_squares_left_open():
    sub = subproblems(10, METHOD)[244]
    assert str(sub) == "constellation 244 of 10 queens: c1 g10 a5 j4"
    diagram = sub.diagram()
    border = {(0, 2), (9, 6), (4, 0), (3, 9)}
    assert set(diagram.pieces) == set(diagram.marks) == border
    open_squares = {(r, c) for r in range(10) for c in range(10)} - diagram.blocked - border
    assert {r for r, _ in open_squares} == {1, 2, 5, 6, 7, 8}  # the inner rows: not 0, 9, nor the side queens' 4 and 3
    assert all(c not in (0, 9, 2, 6) for _, c in open_squares)  # nor the border queens' columns
    assert all(abs(r - qr) != abs(c - qc) for r, c in open_squares for qr, qc in border)  # nor their diagonals
    assert len(open_squares) == 20
    # each open square labelled with the open squares of its row: rank 8 has the fewest, the search starts there
    assert diagram.labels == {(r, c): str(sum(r2 == r for r2, _ in open_squares)) for r, c in open_squares}
    assert {r for (r, _), label in diagram.labels.items() if label == "2"} == {7}
