"""The first run of a command, with numba's cache empty, against the second: seconds by the clock, this
tree against an older commit, in one run.

Each command runs twice in a fresh process, with ``NUMBA_CACHE_DIR`` set to a new empty temporary
folder (which also keeps numba from reading the ``*.nbi``/``*.nbc`` files in the source tree's
``__pycache__``): the first run compiles what it uses and caches it, the second loads it from the cache.
The CPU seconds of the first run (the child's, user and system) are printed too: on a shared machine
they say more than the clock. Its output goes to a pipe, as a script would read it (so no terminal notice is printed), and is checked
to be the same for both runs and both trees.

``--old COMMIT`` (say ``main``) also runs each command with the code of that commit, checked out with
``git worktree add`` into a temporary folder and run from its ``src`` (``PYTHONPATH``), its modules
byte-compiled first as this tree's are; the worktree is removed at the end.  The table then gives the
ratio new / old of the first runs.

Run: ``python benchmarks/first_run.py --old 292690f`` (about a minute and a half of a quiet machine's
clock with the old commit), or name commands: ``python benchmarks/first_run.py "queens count 12"``.
``--repeat R`` runs each pair R times and keeps the pair whose first run was the quickest.
"""

from __future__ import annotations

import argparse
import compileall
import os
import re
import resource
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

DEFAULT_COMMANDS = (
    "demo",
    "queens count 12",
    "knight count 3x12 --closed",
    "draughts perft -v international -d 6",
)

#: The child: the command line's entry point (what the ``boardpuzzles`` program runs), with the old code
#: first on the path when FIRST_RUN_OLD names its ``src`` (before the editable install's finder).
CHILD = """
import os, sys
if os.environ.get("FIRST_RUN_OLD"):
    sys.meta_path[:] = [f for f in sys.meta_path if "editable" not in type(f).__module__]
    sys.path.insert(0, os.environ["FIRST_RUN_OLD"])
from boardpuzzles.cli import entry
sys.argv[0] = "boardpuzzles"
entry()
"""

#: the figures of time in an output, which differ from run to run: left out of the comparison
SECONDS = re.compile(r"[\d.,]+ s\b|\"seconds\": [\d.e-]+")


def run_once(command: str, cache: str, old: str | None) -> tuple[float, float, str]:
    """Run ``boardpuzzles COMMAND`` in a fresh process with numba's cache in ``cache``: its clock seconds, its
    CPU seconds and its output."""
    env = dict(os.environ, NUMBA_CACHE_DIR=cache)
    env.pop("FIRST_RUN_OLD", None)
    if old:
        env["FIRST_RUN_OLD"] = old
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-c", CHILD, *shlex.split(command)], env=env, capture_output=True,
                          text=True)
    seconds = time.monotonic() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    if done.returncode != 0:
        raise SystemExit(f"{command}{' (old)' if old else ''} exited {done.returncode}:\n{done.stderr}")
    return seconds, cpu, done.stdout


def steady(output: str) -> str:
    """An output with its figures of time left out."""
    return SECONDS.sub("", output)


def measure(command: str, old: str | None) -> tuple[float, float, float, str]:
    """The first and the second run's clock seconds with an empty cache, the first run's CPU seconds and its
    output."""
    cache = tempfile.mkdtemp(prefix="first-run-cache-")
    try:
        first, cpu, output = run_once(command, cache, old)
        second, _, again = run_once(command, cache, old)
    finally:
        shutil.rmtree(cache, ignore_errors=True)
    if steady(output) != steady(again):
        raise SystemExit(f"{command}: the second run printed something else than the first")
    return first, second, cpu, output


def old_source(commit: str) -> tuple[str, str]:
    """The ``src`` folder of ``commit``, checked out into a temporary git worktree, and that worktree."""
    folder = os.path.join(tempfile.mkdtemp(prefix="first-run-old-"), "tree")
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    subprocess.run(["git", "worktree", "add", "--detach", "--quiet", folder, commit], check=True, cwd=root)
    compileall.compile_dir(os.path.join(folder, "src"), quiet=1)  # as this tree's modules are
    return os.path.join(folder, "src"), folder


def remove_worktree(folder: str) -> None:
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    subprocess.run(["git", "worktree", "remove", "--force", folder], check=False, cwd=root)
    shutil.rmtree(os.path.dirname(folder), ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("commands", nargs="*", default=list(DEFAULT_COMMANDS), help="boardpuzzles commands, quoted")
    parser.add_argument("--old", metavar="COMMIT", help="also run each command with the code of COMMIT")
    parser.add_argument("--repeat", type=int, default=1, metavar="R", help="keep the pair with the quickest first run of R")
    args = parser.parse_args()
    old, folder = old_source(args.old) if args.old else (None, None)
    rows = []
    try:
        for command in args.commands:
            *new, new_output = min(measure(command, None) for _ in range(args.repeat))
            line = {"command": command, "new": new}
            if old:
                *line["old"], old_output = min(measure(command, old) for _ in range(args.repeat))
                if steady(old_output) != steady(new_output):
                    print(f"  note: {command} prints something else than {args.old} does", flush=True)
            print(f"  {command}: new {new[0]:.2f} s ({new[2]:.2f} s CPU), then {new[1]:.2f} s"
                  + (f"; old {line['old'][0]:.2f} s ({line['old'][2]:.2f} s CPU), then {line['old'][1]:.2f} s"
                     if old else ""), flush=True)
            rows.append(line)
    finally:
        if folder:
            remove_worktree(folder)
    width = max(len(row["command"]) for row in rows)
    heading = f"{'command':<{width}}  {'first':>7}  {'(CPU)':>7}  {'second':>7}"
    if old:
        heading += f"  {'old first':>9}  {'(CPU)':>7}  {'old second':>10}  {'first new/old':>13}"
    print(f"\nseconds by the clock (CPU seconds of the first run in brackets), numba's cache empty before the first "
          f"run ({os.cpu_count()} cores; load {os.getloadavg()[0]:.1f} at the end):")
    print(heading)
    for row in rows:
        first, second, cpu = row["new"]
        text = f"{row['command']:<{width}}  {first:7.2f}  {cpu:7.2f}  {second:7.2f}"
        if old:
            old_first, old_second, old_cpu = row["old"]
            text += f"  {old_first:9.2f}  {old_cpu:7.2f}  {old_second:10.2f}  {first / old_first:13.2f}"
        print(text)


if __name__ == "__main__":
    main()
