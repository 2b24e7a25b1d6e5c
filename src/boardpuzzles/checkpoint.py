"""Checkpoints of long runs in SQLite: each finished task's result is committed as
it arrives, so that a run stopped by a crash, Ctrl-C or ``kill -9`` resumes
where it was and never computes a finished task again.

A checkpoint file holds two tables: ``meta`` (what the run is: puzzle, N, the
version and fingerprint of the task split, ...) and ``results`` (task id ->
result as JSON, so any Python integers fit, and a checksum).  The checksum of a
row covers the task id, the run's ``meta`` and the result, so a row damaged on
disk, changed by mistake or copied from another run is never added in: the file
is refused.  It guards against accidents, not against a hostile writer (it is
an unkeyed hash anyone can recompute), so every row is also checked against the
run's tasks (its id one of theirs, its value of their kind and range, numbers
finite) before it counts.  Opening a file whose ``meta`` differs from the run's
is refused too.  A new file is created whole or not at all: its tables are made
in a file beside it that then takes its name.

Every problem with the file -- it cannot be created or written (a full disk, a
read-only file, a directory), it is not a checkpoint (garbage, truncated), it
belongs to another run, one of its rows fails its checksum or does not fit the
run -- is one :class:`~boardpuzzles.errors.CheckpointError` with a one-line
message, raised before any work when the file is opened, and the file is left
as it was.

The database runs in WAL mode with ``synchronous=NORMAL``: a commit survives the
death of the process (the case that matters here), and costs no disk flush.

Runs whose results are too big for a row (the knight's tour frontier: hundreds
of millions of states a step) keep them as numpy files in the directory
:attr:`Checkpoint.folder` beside the file (``FILE.parts``), and record in the
row the files' names and fingerprints (:func:`fingerprint`): :func:`load_array` maps a file
back and refuses it when it is missing, damaged or its fingerprint differs.  The run
removes nothing there but its own files (:meth:`Checkpoint.clear_folder`): a folder
that is a symbolic link, or holds a file of another name, is refused.  A run made
of steps, each replacing the one before, records step ``k`` as task ``k`` and
forgets the step before (:meth:`~Checkpoint.forget`); :meth:`~Checkpoint.latest` is where it
resumes.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import pathlib
import re
import shutil
import sqlite3
import tempfile
import tokenize
from collections.abc import Callable, Iterable
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

    def __init__(self, path: str | os.PathLike[str], meta: dict[str, Any], info: dict[str, Any] | None = None, *,
                 read_only: bool = False):
        self.path = os.fspath(path)
        self.meta = {"format": FORMAT, **{key: str(value) for key, value in meta.items()}}
        self._salt = json.dumps(self.meta, sort_keys=True)
        #: opened to be read only (by a run's estimate, while the run may be writing it): the file must be there
        self.read_only = read_only
        if os.path.exists(self.path) and not os.path.isfile(self.path):
            raise CheckpointError(f"the checkpoint {self.path} is not a file (a directory or a device): "
                                  "give a file name")
        #: whether this run made the file (an empty file counts as none), else it resumes one
        self.created = not os.path.exists(self.path) or os.path.getsize(self.path) == 0
        if self.created and read_only:
            raise CheckpointError(f"the checkpoint {self.path} is not there (or empty): nothing to read")
        if self.created:
            self._make({**self.meta, **{f"info.{k}": str(v) for k, v in (info or {}).items()}})
        try:
            self._db = (sqlite3.connect(f"{pathlib.Path(self.path).absolute().as_uri()}?mode=ro", uri=True)
                        if read_only else sqlite3.connect(self.path))
        except sqlite3.Error as exc:
            raise CheckpointError(f"cannot open the checkpoint file {self.path}: {exc}") from None
        try:
            self._open()
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

    def _open(self) -> None:
        try:
            tables = {row[0] for row in self._db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            if tables != {"meta", "results"}:
                raise CheckpointError(f"{self.path} is an SQLite file but not a checkpoint; give another file")
            self._check_meta()
            if self.read_only:
                return
            self._db.execute("PRAGMA journal_mode=WAL")
            # A write that changes nothing: a file that cannot be written is refused now, not after an hour's work.
            with self._db:
                self._db.execute("UPDATE meta SET value = value WHERE key = 'format'")
            self._db.execute("PRAGMA synchronous=NORMAL")
        except sqlite3.Error as exc:
            raise self._fail(exc) from None

    def _make(self, values: dict[str, str]) -> None:
        """Create the file whole or not at all: its tables are made in a new file beside it, which then
        takes its name (a full disk or a crash on the way leaves no file, or the empty one there was)."""
        folder, name = os.path.split(os.path.abspath(self.path))
        try:
            handle, draft = tempfile.mkstemp(prefix=f".{name}.", suffix=".new", dir=folder)
        except OSError as exc:
            raise CheckpointError(f"cannot create the checkpoint file {self.path}: {exc.strerror or exc}") from None
        os.close(handle)
        try:
            db = sqlite3.connect(draft, isolation_level=None)
            try:
                db.execute("PRAGMA journal_mode=WAL")
                db.execute("BEGIN")
                db.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
                db.execute("CREATE TABLE results (id INTEGER PRIMARY KEY, result TEXT NOT NULL, "
                           "checksum TEXT NOT NULL)")
                db.executemany("INSERT INTO meta VALUES (?, ?)", values.items())
                db.execute("COMMIT")
            finally:
                db.close()
            os.replace(draft, self.path)
        except (sqlite3.Error, OSError) as exc:
            for leftover in (draft, f"{draft}-wal", f"{draft}-shm"):
                if os.path.exists(leftover):
                    os.remove(leftover)
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            raise CheckpointError(f"cannot create the checkpoint file {self.path}: {reason}; "
                                  "nothing was written") from None

    def _check_meta(self) -> None:
        stored = dict(self._db.execute("SELECT key, value FROM meta"))
        if not stored:
            raise CheckpointError(f"checkpoint {self.path} is incomplete (its creation was cut short, by a full "
                                  "disk perhaps); remove it or give another file")
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

    def done(self, tasks: range, valid: Callable[[Any], bool]) -> dict[int, Any]:
        """The results recorded so far, by task id: each checked against the run's ``tasks`` (ids) and
        ``valid`` (its kind and range) before it counts.

        A row that fails its checksum, is not JSON of finite numbers, belongs to no task or is not
        ``valid`` refuses the whole file: one changed digit must never be added into a count.
        """
        try:
            rows = list(self._db.execute("SELECT id, result, checksum FROM results"))
        except sqlite3.Error as exc:
            raise self._fail(exc) from None
        bad = []
        misfits = []
        results = {}
        for task_id, text, checksum in rows:
            if not isinstance(task_id, int) or not isinstance(text, str) or checksum != self._checksum(task_id, text):
                bad.append(task_id)
                continue
            try:
                value = json.loads(text, parse_float=_finite, parse_constant=_no_constant)
            except (ValueError, RecursionError):
                misfits.append(task_id)
                continue
            if task_id not in tasks or not valid(value):
                misfits.append(task_id)
                continue
            results[task_id] = value
        if bad:
            raise CheckpointError(
                f"checkpoint {self.path}: the stored result of {len(bad)} task(s) (id {_some(bad)}) fails its "
                f"checksum: the file was changed or damaged; refusing to add it in (give another file)"
            )
        if misfits:
            raise CheckpointError(
                f"checkpoint {self.path}: the stored result of {len(misfits)} task(s) (id {_some(misfits)}) does "
                f"not fit this run (a task it does not have, or a value of another kind or range); refusing to "
                f"add it in (give another file)"
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

    def latest(self, tasks: range, valid: Callable[[Any], bool]) -> tuple[int, Any] | None:
        """The result with the highest task id and that id (checked as :meth:`done` checks), or None."""
        results = self.done(tasks, valid)
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

    def clear_folder(self, keep: set[str], own: re.Pattern[str]) -> None:
        """Make :attr:`folder` ready for the run: remove the files the run writes (their paths in the folder
        match ``own``) except those in ``keep``; refuse (and remove nothing) when it is a symbolic link or no
        folder, holds a link or a file of another name, or holds anything when the checkpoint is new."""
        if os.path.islink(self.folder) or (os.path.exists(self.folder) and not os.path.isdir(self.folder)):
            raise CheckpointError(f"the checkpoint's folder {self.folder} is a symbolic link or not a folder; "
                                  "refusing to write there (remove it or give another file)")
        if not os.path.isdir(self.folder):
            return
        found = list(_entries(self.folder, ""))
        if self.created and found:
            raise CheckpointError(f"the checkpoint {self.path} is new but its folder {self.folder} holds "
                                  f"{_some([name for name, _ in found])}; refusing to touch them (remove them or "
                                  "give another file)")
        foreign = [name for name, link in found if link or not own.fullmatch(name)]
        if foreign:
            raise CheckpointError(f"the checkpoint's folder {self.folder} holds {_some(foreign)}, which this "
                                  "count did not write; refusing to touch it (remove it or give another file)")
        for name, _ in reversed(found):  # a folder's files before the folder
            if name not in keep:
                path = os.path.join(self.folder, name)
                shutil.rmtree(path) if os.path.isdir(path) else os.remove(path)

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> Checkpoint:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _entries(folder: str, inside: str) -> Iterable[tuple[str, bool]]:
    """(path in the top folder, whether a symbolic link) of everything under ``folder``, a folder before
    what it holds; links are not followed."""
    for entry in sorted(os.scandir(folder), key=lambda e: e.name):
        name = f"{inside}{entry.name}"
        link = entry.is_symlink()
        yield name, link
        if not link and entry.is_dir():
            yield from _entries(entry.path, f"{name}/")


def _some(items: list) -> str:
    """The first few of ``items``, for a message."""
    return ", ".join(map(str, items[:5])) + (", ..." if len(items) > 5 else "")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{text} is not a finite number")
    return value


def _no_constant(text: str) -> float:
    raise ValueError(f"{text} is not a number")


def natural(value: Any) -> bool:
    """Whether ``value`` is an integer >= 0 (not a bool): a count's result, checked."""
    return type(value) is int and value >= 0


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
        # copy-on-write ("c"): the file is never written, and the kernels see a writeable array, as for arrays in
        # memory (numba compiles a kernel once more for every read-only argument)
        array = np.load(path, mmap_mode="c", allow_pickle=False)
    except (OSError, ValueError, EOFError, SyntaxError, tokenize.TokenError) as exc:
        if isinstance(exc, OSError):
            reason = exc.strerror or str(exc)
        elif isinstance(exc, ValueError):
            reason = str(exc).split(". ")[0]
        else:  # EOFError, SyntaxError, TokenError: what numpy's reader says of an empty file or a damaged header
            reason = "it is empty or its header is damaged"
        raise CheckpointError(f"the checkpoint's file {path} cannot be read ({reason}); the checkpoint is "
                              "damaged: give another file") from None
    if array.dtype != np.int64 or fingerprint(array) != expected:
        raise CheckpointError(f"the checkpoint's file {path} was changed or damaged (its fingerprint differs); "
                              "give another file")
    return array
