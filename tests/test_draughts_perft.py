"""Draughts perft as a library call: chunks that report and stop, divide, the time estimate, the result's JSON."""

import json
import threading
import time

import numpy as np
import psutil
import pytest

from boardpuzzles import Cancelled
from boardpuzzles.cli import main
from boardpuzzles.draughts import PerftCount, fast, Position, get_variant, legal_moves, parse_position, perft, perft_count
from boardpuzzles.errors import InputError, TooLong

from bounds import AT_ONCE_CPU
from cancel_helpers import cancel_while_working
from draughts_helpers import reference_perft


def _start(name: str) -> Position:
    return Position.initial(get_variant(name))


@pytest.fixture(scope="module", autouse=True)
def compiled():
    """Load the kernels first, so that the timings below are of the work, not of the compiler."""
    perft(_start("international"), 6)  # a tree too big for the plain generator: the kernels count it


@pytest.mark.parametrize(("variant", "depth"), [("international", 15), ("canadian", 8)])
def test_cancel_from_another_thread(variant, depth):
    """numba (international) and the plain generator (Canadian): Cancelled within 0.5 s, nothing runs on."""
    reports = cancel_while_working(
        lambda **protocol: perft(_start(variant), depth, force=True, **protocol), working=lambda r: r.done > 0)
    assert reports and all(r.total == 100 and 0 <= r.done < 100 for r in reports)
    assert [r.done for r in reports] == sorted(r.done for r in reports)


def test_a_cancel_set_before_the_call_stops_it_at_once():
    cancel = threading.Event()
    cancel.set()
    with pytest.raises(Cancelled):
        perft(_start("russian"), 3, cancel=cancel)


def test_progress_ends_at_the_whole_tree():
    reports = []
    assert perft(_start("russian"), 9, progress=reports.append) == 4570586
    assert reports[-1].done == pytest.approx(100) and reports[-1].unit == "% of the tree"


MIDDLE_GAME = "W:WK46,31,32,33,34,40:B1,2,3,K4,17,18,19"  # kings on both sides, international


@pytest.mark.slow
def test_the_chunked_count_equals_the_reference_and_one_kernel_call():
    position = parse_position(MIDDLE_GAME, get_variant("international"))
    assert [perft(position, depth) for depth in range(5)] == [reference_perft(position, d) for d in range(5)] == [
        1, 11, 176, 1726, 20578]
    for depth in (5, 6, 7):  # cut into chunks at several depths, counted rows against one call for the tree
        whole = int(fast.perft_rows(np.array([position.bitboards()]), depth, position.variant)[0])
        assert perft(position, depth) == whole
        assert sum(count for _, count in perft_count(position, depth, divide=True).divide) == whole


def test_divide_splits_the_count_by_first_move():
    start = _start("international")
    result = perft_count(start, 4, divide=True)
    assert result.count == 4265 and len(result.divide) == 9
    assert dict(result.divide)["31-26"] == 590
    assert [move for move, _ in result.divide] == ["31-26", "31-27", "32-27", "32-28", "33-28", "33-29", "34-29",
                                                    "34-30", "35-30"]
    assert result.to_json()["divide"]["35-30"] == 537
    answer = perft_count(start, 4).to_json()
    assert answer == {"variant": "international", "fen": start.fen(), "depth": 4, "paths": False, "nodes": 4265,
                      "method": "bulk", "hash": None, "seconds": answer["seconds"]}


def test_divide_with_paths_and_the_plain_generator():
    ring = parse_position("W:Wc3:Bd4,d6,b6,b4", get_variant("russian"))
    assert perft_count(ring, 1, paths=True, divide=True).divide == (("c3:a5:c7:e5:c3", 1), ("c3:e5:c7:a5:c3", 1))
    assert perft_count(ring, 1, divide=True).divide == (("c3:a5:c7:e5:c3", 1),)  # one move, written by its first path
    canadian = perft_count(_start("canadian"), 3, divide=True)
    assert canadian.count == 1222 and canadian.method == "reference" and sum(n for _, n in canadian.divide) == 1222


def test_depth_zero_and_a_side_with_no_move():
    assert perft(_start("english"), 0) == 1
    assert perft_count(_start("english"), 0, divide=True) == PerftCount(_start("english"), 0, False, 1, (), "bitboard", 0.0)
    blocked = parse_position("W:Wa1:Bb2,c3", get_variant("russian"))
    assert legal_moves(blocked) == [] and perft(blocked, 3) == 0


def test_a_count_that_cannot_end_is_refused_before_it_starts():
    started = time.process_time()
    with pytest.raises(TooLong, match=r"perft 16 of this international position: about 10\^\d+ move sequences, some"):
        perft(_start("international"), 16)
    assert time.process_time() - started < AT_ONCE_CPU
    with pytest.raises(InputError, match=r"depth must be 0\.\.64 plies \(got 65\)"):
        perft(_start("russian"), 65, force=True)


def test_perft_command_divide_positional_and_board(capsys, tmp_path):
    assert main(["draughts", "perft", "start", "-v", "international", "-d", "3", "--divide"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "31-26 80" and out[-1] == "international perft(3) = 658  (distinct moves)" and len(out) == 10
    diagram = tmp_path / "board.txt"
    diagram.write_text(".b.b.b.b\n" + "........\n" * 6 + "w.w.w.w.\n")
    assert main(["draughts", "perft", "--board", str(diagram), "-d", "2", "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert (answer["variant"], answer["depth"], answer["nodes"]) == ("russian", 2, 49)
    assert main(["draughts", "perft", "start", "--fen", "start"]) == 2
    assert "give the position once" in capsys.readouterr().err


def test_the_cli_reference_perft_examples_are_what_the_command_prints(capsys):
    from pathlib import Path

    page = (Path(__file__).parents[1] / "docs" / "cli.md").read_text(encoding="utf-8")
    block = page.split("### `boardpuzzles draughts perft")[1].split("```console\n")[1].split("```")[0].strip().splitlines()
    for command, answer in zip(block[0::2], block[1::2]):
        argv = command.removeprefix("$ boardpuzzles ").split()
        status = main(argv)
        out, err = capsys.readouterr()
        if answer.startswith("{"):  # JSON: every key as shown but seconds, which are measured
            printed, shown = json.loads(out), json.loads(answer)
            assert printed.pop("seconds") >= 0 and shown.pop("seconds") >= 0 and printed == shown
        else:
            assert (out if status == 0 else err).strip() == answer


@pytest.mark.parametrize(("variant", "depth"), [("international", 7), ("canadian", 3)])
@pytest.mark.slow
def test_workers_count_the_same_tree(variant, depth):
    start = _start(variant)
    alone = perft_count(start, depth, divide=True)
    assert perft_count(start, depth, divide=True, workers=2) == alone
    assert perft(start, depth, workers=2) == alone.count


def test_a_checkpoint_resumes_and_refuses_another_count(tmp_path):
    from boardpuzzles.errors import CheckpointError

    file = str(tmp_path / "perft.sqlite")
    start = _start("russian")
    assert perft(start, 8, checkpoint=file) == 929899
    reports = []
    assert perft(start, 8, checkpoint=file, progress=reports.append) == 929899
    assert reports[0].done == pytest.approx(100)  # every task read back, none counted again
    with pytest.raises(CheckpointError, match="was made for depth = 8, not 7"):
        perft(start, 7, checkpoint=file)


@pytest.mark.slow
def test_cancel_stops_the_worker_processes():
    # once a task has come back (they take seconds each): the workers count
    cancel_while_working(lambda **kw: perft(_start("international"), 13, force=True, workers=2, **kw),
                         working=lambda report: report.done > 0)
    assert psutil.Process().children(recursive=True) == []


def test_perft_command_with_workers_and_a_checkpoint(capsys, tmp_path):
    file = str(tmp_path / "perft.sqlite")
    for argv in (["-w", "2"], ["--checkpoint", file], ["--checkpoint", file]):
        assert main(["draughts", "perft", "-v", "brazilian", "-d", "7", "--json", *argv]) == 0
        assert json.loads(capsys.readouterr().out)["nodes"] == 187302
