"""Checkpoints of long runs in SQLite: each finished task's result is committed as
it arrives, so that a run stopped by a crash, Ctrl-C or ``kill -9`` resumes
where it was and never computes a finished task again.

A checkpoint file holds two tables: ``meta`` (what the run is: puzzle, N, the
version and fingerprint of the task split, ...) and ``results`` (task id ->
result as JSON, so any Python integers fit, and a checksum).  The checksum of a
row covers the task id, the run's ``meta`` and the result, so a row changed by
hand, damaged on disk or copied from another run is never added in: the file is
refused.  Opening a file whose ``meta`` differs from the run's is refused too.

Every problem with the file -- it cannot be created or written (a full disk, a
read-only file, a directory), it is not a checkpoint (garbage, truncated), it
belongs to another run, one of its rows fails its checksum -- is one
:class:`~boardpuzzles.errors.CheckpointError` with a one-line message, raised
before any work when the file is opened, and the file is left as it was.

The database runs in WAL mode with ``synchronous=NORMAL``: a commit survives the
death of the process (the case that matters here), and costs no disk flush.

Runs whose results are too big for a row (the knight's tour frontier: hundreds
of millions of states a step) keep them as numpy files in the directory
:attr:`Checkpoint.folder` beside the file (``FILE.parts``), and record in the
row the files' names and fingerprints (:func:`fingerprint`): :func:`load_array` maps a file
back and refuses it when it is missing or its fingerprint differs.  A run made
of steps, each replacing the one before, records step ``k`` as task ``k`` and
forgets the step before (:meth:`~Checkpoint.forget`); :meth:`~Checkpoint.latest` is where it
resumes.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
from collections.abc import Iterable
from typing import Any

import numpy as np
from numba import njit

from .errors import CheckpointError

#: The layout of the tables; a file of another layout is refused.
FORMAT = "2"


class Checkpoint:
    """The results recorded so far for one run, described by ``meta``.

    ``meta`` maps names to values that must all match when the file is reused;
    ``info`` adds values that are only recorded (such as the package version).
    """

    def __init__(self, path: str | os.PathLike[str], meta: dict[str, Any], info: dict[str, Any] | None = None):
        self.path = os.fspath(path)
        self.meta = {"format": FORMAT, **{key: str(value) for key, value in meta.items()}}
        self._salt = json.dumps(self.meta, sort_keys=True)
        if os.path.isdir(self.path):
            raise CheckpointError(f"checkpoint {self.path} is a directory: give a file name")
        try:
            self._db = sqlite3.connect(self.path)
        except sqlite3.Error as exc:
            raise CheckpointError(f"cannot open the checkpoint file {self.path}: {exc}") from None
        try:
            self._open({f"info.{k}": str(v) for k, v in (info or {}).items()})
        except BaseException:
            self._db.close()
            raise

    def _fail(self, exc: sqlite3.Error) -> CheckpointError:
        """The one-line error for an SQLite error on this file."""
        text = str(exc)
        if "not a database" in text or "malformed" in text:
            return CheckpointError(f"{self.path} is not a checkpoint file, or a damaged one ({text}); give another file")
        if "readonly" in text or "read-only" in text:
            return CheckpointError(f"cannot write to the checkpoint file {self.path}: it is read-only")
        return CheckpointError(f"cannot use the checkpoint file {self.path}: {text}")

    def _open(self, info: dict[str, str]) -> None:
        try:
            tables = {row[0] for row in self._db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            if not tables:
                self._db.execute("PRAGMA journal_mode=WAL")
                self._create({**self.meta, **info})
            elif tables == {"meta", "results"}:
                self._check_meta()
                self._db.execute("PRAGMA journal_mode=WAL")
                # A write that changes nothing: a file that cannot be written is refused now, not after an hour's work.
                with self._db:
                    self._db.execute("UPDATE meta SET value = value WHERE key = 'format'")
            else:
                raise CheckpointError(f"{self.path} is an SQLite file but not a checkpoint; give another file")
            self._db.execute("PRAGMA synchronous=NORMAL")
        except sqlite3.Error as exc:
            raise self._fail(exc) from None

    def _create(self, values: dict[str, str]) -> None:
        with self._db:
            self._db.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
            self._db.execute("CREATE TABLE results (id INTEGER PRIMARY KEY, result TEXT NOT NULL, checksum TEXT NOT NULL)")
            self._db.executemany("INSERT INTO meta VALUES (?, ?)", values.items())

    def _check_meta(self) -> None:
        stored = dict(self._db.execute("SELECT key, value FROM meta"))
        for key, value in self.meta.items():
            if stored.get(key) != value:
                if key == "format":
                    raise CheckpointError(
                        f"checkpoint {self.path} was written by another version of boardpuzzles (format "
                        f"{stored.get(key)}, not {value}); give another file"
                    )
                raise CheckpointError(
                    f"checkpoint {self.path} was made for {key} = {stored.get(key)}, not {value}; "
                    f"refusing to mix it in (give another file)"
                )

    def _checksum(self, task_id: int, text: str) -> str:
        return hashlib.sha256(f"{task_id}\n{self._salt}\n{text}".encode()).hexdigest()

    def done(self) -> dict[int, Any]:
        """The results recorded so far, by task id.

        A row that fails its checksum or is not JSON refuses the whole file: one
        changed digit must never be added into a count.
        """
        try:
            rows = list(self._db.execute("SELECT id, result, checksum FROM results"))
        except sqlite3.Error as exc:
            raise self._fail(exc) from None
        bad = []
        results = {}
        for task_id, text, checksum in rows:
            if not isinstance(task_id, int) or not isinstance(text, str) or checksum != self._checksum(task_id, text):
                bad.append(task_id)
                continue
            try:
                results[task_id] = json.loads(text)
            except ValueError:
                bad.append(task_id)
        if bad:
            shown = ", ".join(map(str, bad[:5])) + (", ..." if len(bad) > 5 else "")
            raise CheckpointError(
                f"checkpoint {self.path}: the stored result of {len(bad)} task(s) (id {shown}) fails its checksum: "
                f"the file was changed or damaged; refusing to add it in (give another file)"
            )
        return results

    def record(self, task_id: int, result: Any) -> None:
        """Store one task's result with its checksum and commit it at once."""
        text = json.dumps(result)
        try:
            with self._db:
                self._db.execute(
                    "INSERT OR REPLACE INTO results VALUES (?, ?, ?)", (task_id, text, self._checksum(task_id, text))
                )
        except sqlite3.Error as exc:  # locked by another run, disk full, ...
            raise self._fail(exc) from None

    def latest(self) -> tuple[int, Any] | None:
        """The result with the highest task id and that id (checked as :meth:`done` checks), or None."""
        results = self.done()
        if not results:
            return None
        last = max(results)
        return last, results[last]

    def forget(self, task_ids: Iterable[int]) -> None:
        """Delete the results of ``task_ids`` (a step that the next one replaces) and commit."""
        try:
            with self._db:
                self._db.executemany("DELETE FROM results WHERE id = ?", [(int(t),) for t in task_ids])
        except sqlite3.Error as exc:
            raise self._fail(exc) from None

    @property
    def folder(self) -> str:
        """The directory beside the file for the run's large arrays (``FILE.parts``; made by the run)."""
        return f"{self.path}.parts"

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> Checkpoint:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


#: the fingerprint of no data
FINGERPRINT_SEED = 0x243F6A8885A308D3


@njit(cache=True, nogil=True)
def _fold(words, h):
    for x in words:
        h = (h ^ x) * np.uint64(0x9E3779B97F4A7C15)
        h ^= h >> np.uint64(31)
    return h


def fingerprint(array: np.ndarray, running: int = FINGERPRINT_SEED) -> int:
    """A 64-bit fingerprint of an int64 array's values (in order), folded into ``running``: an array written
    in pieces has the fingerprint of the whole when each piece is folded into the last one's.  One changed
    bit changes it; it costs about a nanosecond a value."""
    if array.dtype != np.int64:
        raise CheckpointError(f"a fingerprint is taken of int64 arrays, not {array.dtype}")
    flat = np.ascontiguousarray(array).reshape(-1).view(np.uint64)
    return int(_fold(flat, np.uint64(running)))


def load_array(path: str, expected: int) -> np.ndarray:
    """The int64 array of a numpy file a checkpoint recorded, mapped from disk; :class:`CheckpointError` when
    the file is missing, is no numpy file, or its values do not have the fingerprint ``expected``."""
    try:
        array = np.load(path, mmap_mode="r", allow_pickle=False)
    except (OSError, ValueError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc).split(". ")[0]
        raise CheckpointError(f"the checkpoint's file {path} cannot be read ({reason}); the checkpoint is "
                              "damaged: give another file") from None
    if array.dtype != np.int64 or fingerprint(array) != expected:
        raise CheckpointError(f"the checkpoint's file {path} was changed or damaged (its fingerprint differs); "
                              "give another file")
    return array
