"""Checkpoints that cannot hurt the user: a folder beside them that is not theirs is never emptied, a damaged
file or a forged row is one line (exit 2), and a checkpoint is created whole or not at all."""

import hashlib
import json
import sqlite3

import numpy as np
import pytest

from boardpuzzles.checkpoint import Checkpoint, fingerprint
from boardpuzzles.cli import main
from boardpuzzles.draughts import Position, get_variant, perft
from boardpuzzles.errors import CheckpointError
from boardpuzzles.knights import count_tours
from boardpuzzles.knights.packed import dense, rows_of
from boardpuzzles.queens import count as count_queens


def _one_line(caught):
    assert "\n" not in str(caught.value)
    return str(caught.value)


def _refused(args, capsys):
    """The command's exit status is 2 and its error is one line; that line."""
    capsys.readouterr()
    assert main(args) == 2
    captured = capsys.readouterr()
    assert len(captured.err.strip().splitlines()) == 1 and "Traceback" not in captured.err
    return captured.err


def test_a_symbolic_link_for_the_parts_folder_is_refused_and_what_it_points_to_is_kept(tmp_path, capsys):
    victim = tmp_path / "victim"
    victim.mkdir()
    (victim / "important.txt").write_text("keep me")
    (tmp_path / "F.parts").symlink_to(victim)
    err = _refused(["knight", "count", "5x6", "--closed", "--checkpoint", str(tmp_path / "F")], capsys)
    assert "symbolic link" in err
    assert (victim / "important.txt").read_text() == "keep me"


def test_a_new_checkpoints_folder_that_holds_files_is_refused(tmp_path, capsys):
    parts = tmp_path / "F.parts"
    parts.mkdir()
    (parts / "step9-part3.npy").write_text("not this count's")
    err = _refused(["knight", "count", "5x6", "--closed", "--checkpoint", str(tmp_path / "F")], capsys)
    assert "is new" in err and "step9-part3.npy" in err
    assert (parts / "step9-part3.npy").exists()


@pytest.mark.parametrize("foreign", ["important.txt", "set-aside/notes.txt", "link"])
def test_a_foreign_file_or_a_link_in_a_resumed_checkpoints_folder_is_refused_and_kept(tmp_path, foreign):
    path = tmp_path / "F"
    count_tours(5, 6, closed=True, checkpoint=path)
    parts = tmp_path / "F.parts"
    target = parts / foreign
    target.parent.mkdir(exist_ok=True)
    if foreign == "link":
        target.symlink_to(tmp_path)
    else:
        target.write_text("keep me")
    before = sorted(p.name for p in parts.rglob("*"))
    with pytest.raises(CheckpointError) as caught:
        count_tours(5, 6, closed=True, checkpoint=path)
    assert "did not write" in _one_line(caught)
    assert sorted(p.name for p in parts.rglob("*")) == before


def _knights_part(tmp_path):
    path = tmp_path / "F"
    assert count_tours(5, 6, closed=True, checkpoint=path).count == 8
    (part,) = (tmp_path / "F.parts").iterdir()
    return path, part


@pytest.mark.parametrize("damage", ["header", "empty", "truncated"])
def test_a_damaged_part_is_one_line_exit_2(tmp_path, capsys, damage):
    path, part = _knights_part(tmp_path)
    data = part.read_bytes()
    part.write_bytes({"header": data[:20] + b"((((" + data[24:], "empty": b"", "truncated": data[:-8]}[damage])
    err = _refused(["knight", "count", "5x6", "--closed", "--checkpoint", str(path)], capsys)
    assert "damaged" in err and part.name in err


def _forge(path, task_id, text):
    """A row as a hostile writer makes it: the checksum is recomputed from the file's own meta."""
    with sqlite3.connect(path) as db:
        meta = {key: value for key, value in db.execute("SELECT key, value FROM meta") if not key.startswith("info.")}
        salt = json.dumps(meta, sort_keys=True)
        checksum = hashlib.sha256(f"{task_id}\n{salt}\n{text}".encode()).hexdigest()
        db.execute("INSERT OR REPLACE INTO results VALUES (?, ?, ?)", (task_id, text, checksum))


FORGED = [(999999, "[1, 0]"), (-5, "[1, 0]"), (0, "[1e309, NaN]"), (0, "[Infinity, 0]"), (0, "[1.5, 0]"),
          (0, '["1", 0]'), (0, "[true, 0]"), (0, "[-3, 0]"), (0, "[1, 2]"), (0, "[1, 0, 0]"),
          (0, "[" * 100000 + "]" * 100000)]


@pytest.mark.parametrize("task_id, text", FORGED, ids=lambda v: str(v)[:20])
def test_forged_rows_of_a_queens_checkpoint_are_refused(tmp_path, task_id, text):
    path = tmp_path / "q.ckpt"
    assert count_queens(8, workers=1, checkpoint=str(path)).count == 92
    _forge(path, task_id, text)
    with pytest.raises(CheckpointError) as caught:
        count_queens(8, workers=1, checkpoint=str(path))
    assert "does not fit this run" in _one_line(caught)


@pytest.mark.parametrize("task_id, text", [(999999, "5"), (-5, "5"), (0, "-1"), (0, "1e309"), (0, "true")])
def test_forged_rows_of_a_perft_checkpoint_are_refused(tmp_path, task_id, text):
    path = tmp_path / "p.ckpt"
    start = Position.initial(get_variant("russian"))
    expected = perft(start, 4, checkpoint=str(path))
    assert perft(start, 4, checkpoint=str(path)) == expected
    _forge(path, task_id, text)
    with pytest.raises(CheckpointError) as caught:
        perft(start, 4, checkpoint=str(path))
    assert "does not fit this run" in _one_line(caught)


@pytest.mark.parametrize("record", [
    {"step": 30, "parts": [["../../important.txt", 1, 1]]},
    {"step": 30, "parts": [["step30-part0.npy", -1, 1]]},
    {"step": 30, "parts": [["step30-part0.npy", 1 << 64, 1]]},
    {"step": 29, "parts": []},
    {"step": 30, "parts": [], "more": 1},
    {"step": 30, "parts": [["step30-part0-g8.npy", 1, 1, 8, 8, 1.0]]},
    {"step": 30, "parts": [["step30-part0-g1.npy", 1, 1, 1, 8, -1.0]]},
    {"step": 29, "parts": [["step29-part0-g1.npy", 1, 1, 1, 8, 1.0]],
     "next": {"parts": 4, "size": 1024, "through": 4, "states": 1, "done": []}},
])
def test_forged_frontier_records_are_refused_before_any_file_is_touched(tmp_path, record):
    path, part = _knights_part(tmp_path)
    with sqlite3.connect(path) as db:
        db.execute("DELETE FROM results")
    _forge(path, 30, json.dumps(record))
    with pytest.raises(CheckpointError) as caught:
        count_tours(5, 6, closed=True, checkpoint=path)
    assert "damaged" in _one_line(caught) or "does not fit" in _one_line(caught)
    assert part.exists()


def test_a_frontier_file_of_rows_written_before_the_files_were_packed_is_still_read(tmp_path):
    path, part = _knights_part(tmp_path)
    rows = dense(rows_of(np.load(part)))
    np.save(part, rows)  # the file as the code before packing wrote it: the rows, int64
    with sqlite3.connect(path) as db:
        ((text,),) = db.execute("SELECT result FROM results WHERE id = 30")
    record = json.loads(text)
    record["parts"][0][1] = fingerprint(rows)
    _forge(path, 30, json.dumps(record))
    assert count_tours(5, 6, closed=True, checkpoint=path).count == 8


def test_a_full_disk_while_the_checkpoint_is_created_leaves_no_file(tmp_path, monkeypatch):
    connect = sqlite3.connect

    def small_disk(name, **options):
        db = connect(name, **options)
        db.execute("PRAGMA max_page_count = 3")  # the first table fits, the second does not: "disk is full"
        return db

    monkeypatch.setattr(sqlite3, "connect", small_disk)
    path = tmp_path / "q.ckpt"
    with pytest.raises(CheckpointError) as caught:
        count_queens(8, workers=1, checkpoint=str(path))
    assert "full" in _one_line(caught)
    assert list(tmp_path.iterdir()) == []
    monkeypatch.undo()
    assert count_queens(8, workers=1, checkpoint=str(path)).count == 92  # the rerun makes it anew


def test_a_checkpoint_whose_creation_was_cut_short_is_named_so(tmp_path):
    path = tmp_path / "q.ckpt"
    with sqlite3.connect(path) as db:  # what a full disk left before checkpoints were made whole
        db.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
        db.execute("CREATE TABLE results (id INTEGER PRIMARY KEY, result TEXT NOT NULL, checksum TEXT NOT NULL)")
    with pytest.raises(CheckpointError) as caught:
        count_queens(8, workers=1, checkpoint=str(path))
    assert "incomplete" in _one_line(caught)


def test_an_empty_file_is_made_a_checkpoint(tmp_path):
    path = tmp_path / "q.ckpt"
    path.touch()
    with Checkpoint(path, {"puzzle": "test"}) as store:
        assert store.created
        store.record(0, 5)
    with Checkpoint(path, {"puzzle": "test"}) as store:
        assert not store.created and store.done(range(1), lambda value: value == 5) == {0: 5}


def test_a_checkpoint_opened_to_be_read_is_read_as_it_is_and_never_made(tmp_path):
    """Read only (as an estimate reads a count's checkpoint, maybe while the count writes it): its results
    are read and checked as they are, the file is left byte for byte, a file not there is not made, and a
    write is refused in one line."""
    path = tmp_path / "run.ckpt"
    with pytest.raises(CheckpointError, match="not there"):
        Checkpoint(path, {"n": 8}, read_only=True)
    assert not path.exists()
    with Checkpoint(path, {"n": 8}) as store:
        store.record(3, {"x": 1})
        with Checkpoint(path, {"n": 8}, read_only=True) as reader:  # while the writer holds it open
            assert reader.latest(range(5), lambda value: True) == (3, {"x": 1})
    kept = path.read_bytes()
    with Checkpoint(path, {"n": 8}, read_only=True) as reader:
        with pytest.raises(CheckpointError, match="read-only"):
            reader.record(4, {"x": 2})
    with pytest.raises(CheckpointError, match="n = 8, not 9"):
        Checkpoint(path, {"n": 9}, read_only=True)
    assert path.read_bytes() == kept
