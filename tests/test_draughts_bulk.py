"""The bulk perft (draughts.bulk): its counts against the numba generator's perft and the plain-Python reference,
the transposition table changing no count, the suite's published counts, and ``perft --hash``."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

from boardpuzzles.cli import main
from boardpuzzles.draughts import Position, bulk, fast, get_variant, perft, perft_count
from boardpuzzles.draughts.published import COMPUTED, DISTINCT, SUITE
from boardpuzzles.errors import InputError

from draughts_helpers import random_position, reference_perft

INTERNATIONAL = get_variant("international")


def _rows(*positions: Position) -> np.ndarray:
    return np.array([position.bitboards() for position in positions], dtype=np.int64)


def _start(name: str) -> Position:
    return Position.initial(get_variant(name))


@pytest.mark.parametrize("name", ["international", "english"])
def test_the_counts_are_the_generators_on_random_positions(name):
    """Kings, men on their crowning rows, either side to move: every count of the numba generator's perft, and a
    few of the plain-Python reference's."""
    variant = get_variant(name)
    rng = random.Random(33)
    positions = [random_position(variant, rng) for _ in range(60)]
    rows = _rows(*positions)
    for depth in (1, 2, 3):
        assert bulk.perft_rows(rows, depth, variant).tolist() == fast.perft_rows(rows, depth, variant).tolist()
    few = positions[:8]
    assert bulk.perft_rows(_rows(*few), 2, variant).tolist() == [reference_perft(p, 2) for p in few]


@pytest.mark.parametrize(("name", "deepest"), [("international", 7), ("english", 8)])
def test_a_small_table_changes_no_count(name, deepest):
    """From the start, at every depth: the published count, without a table and through one small enough to be
    overwritten all the time (kept from one depth to the next)."""
    variant = get_variant(name)
    rows, table = _rows(_start(name)), bulk.Table(variant, 1)
    for depth in range(1, deepest + 1):
        assert bulk.perft_rows(rows, depth, variant)[0] == bulk.perft_rows(rows, depth, variant, table)[0] == \
            DISTINCT[name][depth - 1]


def test_one_table_across_random_positions():
    rng = random.Random(7)
    positions = [random_position(INTERNATIONAL, rng, most=30) for _ in range(40)]
    rows, table = _rows(*positions), bulk.Table(INTERNATIONAL, 1)
    for depth in (3, 4):
        assert bulk.perft_rows(rows, depth, INTERNATIONAL, table).tolist() == \
            bulk.perft_rows(rows, depth, INTERNATIONAL).tolist()


def test_the_suites_positions_to_a_small_depth():
    for fen, counts in SUITE.values():
        rows = _rows(Position(fen, INTERNATIONAL))
        found = [int(bulk.perft_rows(rows, depth, INTERNATIONAL)[0]) for depth in range(1, 7)]
        assert found == counts[:6]


@pytest.mark.slow
def test_the_suites_positions_to_their_published_depth():
    """Woldouby to 15, the all-kings position to 11, the others to 9: hashed (a table each), every depth."""
    for fen, counts in SUITE.values():
        rows, table = _rows(Position(fen, INTERNATIONAL)), bulk.Table(INTERNATIONAL, 256)
        assert [int(bulk.perft_rows(rows, d, INTERNATIONAL, table)[0]) for d in range(1, len(counts) + 1)] == counts


@pytest.mark.slow
def test_international_from_the_start_hashed_at_every_depth_to_the_published_11():
    """Unhashed and hashed agree at every depth to 10, and the hashed count is the published one at 11."""
    rows, table = _rows(_start("international")), bulk.Table(INTERNATIONAL, 256)
    for depth in range(1, 11):
        assert bulk.perft_rows(rows, depth, INTERNATIONAL)[0] == bulk.perft_rows(rows, depth, INTERNATIONAL, table)[0]
    assert [int(bulk.perft_rows(rows, d, INTERNATIONAL, table)[0]) for d in range(1, 12)] == DISTINCT["international"]


def test_the_computed_counts_go_on_from_the_published():
    assert sorted(COMPUTED) == list(range(len(DISTINCT["international"]) + 1, len(DISTINCT["international"]) + 1
                                          + len(COMPUTED)))
    assert all(later > earlier * 5 for earlier, later in zip(DISTINCT["international"][-1:] + list(COMPUTED.values()),
                                                              COMPUTED.values()))


def test_perft_with_a_table_in_one_process_and_in_workers():
    start = _start("international")
    found = perft_count(start, 7, hash=4)
    assert found.count == DISTINCT["international"][6] and found.method == "bulk" and found.hash == 4
    assert found.to_json()["hash"] == 4
    assert perft(start, 7, hash=4, workers=2) == DISTINCT["international"][6]
    divided = perft_count(_start("english"), 8, hash=2, divide=True)
    assert divided.count == DISTINCT["english"][7] == sum(nodes for _, nodes in divided.divide)


def test_a_table_is_refused_where_the_bulk_kernels_do_not_count():
    with pytest.raises(InputError, match=r"hash: the hashed perft counts the distinct moves of international, "
                                         r"brazilian, english, antidraughts, breakthrough; not russian"):
        perft(_start("russian"), 3, hash=8)
    with pytest.raises(InputError, match=r"hash: .*; not every capture path"):
        perft(_start("international"), 3, paths=True, hash=8)
    for wrong in (0, 65537):
        with pytest.raises(InputError, match=r"hash must be 1\.\.65536 MiB"):
            perft(_start("international"), 3, hash=wrong)
    with pytest.raises(InputError, match=r"hash was made for international, not english"):
        bulk.perft_rows(_rows(_start("english")), 2, get_variant("english"), bulk.Table(INTERNATIONAL, 1))


def test_perft_command_with_hash(capsys):
    status = main(["draughts", "perft", "-v", "international", "-d", "6", "--hash", "8", "--json"])
    answer = json.loads(capsys.readouterr().out)
    assert status == 0 and answer["nodes"] == 167140 and answer["hash"] == 8 and answer["method"] == "bulk"
    status = main(["draughts", "perft", "-v", "english", "-d", "5", "--hash", "8"])
    assert status == 0 and capsys.readouterr().out.strip() == "english perft(5) = 7361  (distinct moves, hash 8 MiB)"
    status = main(["draughts", "perft", "-v", "russian", "-d", "3", "--hash", "8"])
    err = capsys.readouterr().err
    assert status == 2 and err.startswith("boardpuzzles: --hash: the hashed perft") and err.count("\n") == 1
