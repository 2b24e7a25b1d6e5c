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
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
from typing import Any

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

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> Checkpoint:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
