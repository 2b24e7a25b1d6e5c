"""Checkpoints of long runs in SQLite: each finished task's result is committed as
it arrives, so that a run stopped by a crash, Ctrl-C or ``kill -9`` resumes
where it was and never computes a finished task again.

A checkpoint file holds two tables: ``meta`` (what the run is: puzzle, N, the
version of the task split, ...) and ``results`` (task id -> result as JSON, so
any Python integers fit).  Opening a file whose ``meta`` differs from the run's
is refused with an :class:`~boardpuzzles.errors.InputError`: results of another
N or of another split are never mixed in.

The database runs in WAL mode with ``synchronous=NORMAL``: a commit survives the
death of the process (the case that matters here), and costs no disk flush.
"""

from __future__ import annotations

import json
import os
import sqlite3
from typing import Any

from .errors import InputError


class Checkpoint:
    """The results recorded so far for one run, described by ``meta``.

    ``meta`` maps names to values that must all match when the file is reused;
    ``info`` adds values that are only recorded (such as the package version).
    """

    def __init__(self, path: str | os.PathLike[str], meta: dict[str, Any], info: dict[str, Any] | None = None):
        self.path = os.fspath(path)
        self.meta = {key: str(value) for key, value in meta.items()}
        try:
            self._db = sqlite3.connect(self.path)
        except sqlite3.Error as exc:
            raise InputError(f"cannot open the checkpoint file {self.path}: {exc}") from None
        try:
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
            tables = {row[0] for row in self._db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        except sqlite3.DatabaseError as exc:
            self._db.close()
            raise InputError(f"{self.path} is not a checkpoint file ({exc}); give another --checkpoint file") from None
        try:
            if not tables:
                self._create({**self.meta, **{f"info.{k}": str(v) for k, v in (info or {}).items()}})
            elif tables >= {"meta", "results"}:
                self._check()
            else:
                raise InputError(f"{self.path} is an SQLite file but not a checkpoint; give another --checkpoint file")
        except BaseException:
            self._db.close()
            raise

    def _create(self, values: dict[str, str]) -> None:
        with self._db:
            self._db.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
            self._db.execute("CREATE TABLE results (id INTEGER PRIMARY KEY, result TEXT NOT NULL)")
            self._db.executemany("INSERT INTO meta VALUES (?, ?)", values.items())

    def _check(self) -> None:
        stored = dict(self._db.execute("SELECT key, value FROM meta"))
        for key, value in self.meta.items():
            if stored.get(key) != value:
                raise InputError(
                    f"checkpoint {self.path} was made for {key} = {stored.get(key)}, not {value}; "
                    f"refusing to mix it in (give another --checkpoint file)"
                )

    def done(self) -> dict[int, Any]:
        """The results recorded so far, by task id."""
        return {task_id: json.loads(result) for task_id, result in self._db.execute("SELECT id, result FROM results")}

    def record(self, task_id: int, result: Any) -> None:
        """Store one task's result and commit it at once."""
        try:
            with self._db:
                self._db.execute("INSERT OR REPLACE INTO results VALUES (?, ?)", (task_id, json.dumps(result)))
        except sqlite3.OperationalError as exc:  # locked by another run, disk full, ...
            raise InputError(f"cannot write to the checkpoint file {self.path}: {exc}") from None

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> Checkpoint:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
