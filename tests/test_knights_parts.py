"""A frontier count cut into parts (knights.parts): each part against the plain-Python transition from the same
codes, the parts' sum against the published counts and the exhaustive search, the results file that keeps the
finished parts, the refusals."""

import json
import threading
from pathlib import Path

import numpy as np
import pytest

from boardpuzzles.errors import Cancelled, CheckpointError, InputError
from boardpuzzles.knights import count_part, count_parts, count_tours, estimate_count, frontier, published
from boardpuzzles.knights import counting
from boardpuzzles.knights.codes import to_int
from boardpuzzles.knights.parts import Split, check_split, cut_rows, group_of, part_frontier
from boardpuzzles.knights.sweep import Sweep
from boardpuzzles.progress import Tracker
import frontier_reference

#: 6x6 open cut after 18 squares into 4 parts: each part's directed tours (count_part, 27 Nov 2026); they add up
#: to A165134's 6637920 (knights.published.OPEN_DIRECTED)
PARTS_6X6_OPEN = (1522528, 1695280, 1797220, 1622892)
#: 7x7 open cut after 21 squares into 4 parts: each part's directed tours (``knight count 7 --parts 4 --results
#: results/7x7-open-4.json``, 27 Nov 2026, on a shared 2-core machine); they add up to A165134's 165575218320
PARTS_7X7_OPEN = (41847633964, 40892794000, 41664613200, 41170177156)


def results_file(name):
    """A results file of the repository's ``results/`` folder, read."""
    return json.loads((Path(__file__).resolve().parents[1] / "results" / name).read_text())


def reference_part(plan, split):
    """The part's count by the plain-Python transition, from the kernel's codes of its group after the split."""
    sweep = Sweep(plan, 1 << 28, 1, Tracker("squares", plan.squares), None)
    try:
        rows = part_frontier(cut_rows(sweep, split.after), plan, split).parts[0].rows
    finally:
        sweep.close()
    counts = {frontier.row_code(row, plan): to_int(row[plan.words:]) for row in rows}
    for step in range(split.after, plan.squares):
        following: dict[int, int] = {}
        for code, number in counts.items():
            for after in frontier_reference.successors(code, plan, step):
                following[after] = following.get(after, 0) + number
        counts = following
    return sum(counts.values())


@pytest.mark.parametrize("rows,cols,closed,parts", [(4, 5, False, 3), (3, 8, False, 4), (3, 10, True, 2),
                                                    (3, 12, True, 3)])
def test_each_part_matches_the_plain_python_transition_and_the_parts_add_up(rows, cols, closed, parts):
    plan = frontier.plan(min(rows, cols), max(rows, cols), closed)
    whole = count_tours(rows, cols, closed, method="frontier").count
    counted = []
    for part in range(parts):
        result = count_part(rows, cols, closed, parts=parts, part=part)
        assert result.split == Split(parts, part, result.split.after)
        assert result.count == (1 if closed else 2) * reference_part(plan, result.split)
        counted.append(result.count)
    assert sum(counted) == whole == count_tours(rows, cols, closed, method="backtrack", force=True).count


@pytest.mark.slow
def test_the_parts_of_6x6_open_add_up_to_the_published_count():
    counted = tuple(count_part(6, 6, parts=4, part=part).count for part in range(4))
    assert counted == PARTS_6X6_OPEN
    assert sum(counted) == published.OPEN_DIRECTED[6, 6]


def test_the_parts_of_7x7_open_as_the_results_file_records_them():
    """Counted by the command the file records (4 to 47 minutes of CPU a part here, 37 million states at the
    widest step: too long for the tests); the file's parts are those pinned here, and they add up to A165134."""
    recorded = results_file("7x7-open-4.json")
    assert tuple(recorded["parts"][str(part)]["count"] for part in range(4)) == PARTS_7X7_OPEN
    assert sum(PARTS_7X7_OPEN) == published.OPEN_DIRECTED[7, 7]


@pytest.mark.slow
def test_a_part_is_narrower_than_the_whole():
    whole = count_tours(6, 6, method="frontier")
    part = count_part(6, 6, parts=4, part=0)
    assert part.peak_states < whole.peak_states
    assert part.to_json()["part"] == {"part": 0, "parts": 4, "after": 18}
    assert part.text().startswith("6x6 open, part 1 of 4 after 18 squares: ")


def test_groups_are_a_hash_of_the_whole_code_and_about_as_big():
    words = np.arange(1, 40001, dtype=np.int64).reshape(20000, 2)
    groups = group_of(words, 16)
    assert ((0 <= groups) & (groups < 16)).all()
    assert np.bincount(groups, minlength=16).min() > 20000 / 16 * 0.9
    assert (group_of(words[:, :1], 16) != groups).any()


def test_the_results_file_keeps_the_finished_parts_and_the_next_run_does_the_rest(tmp_path):
    path = tmp_path / "5x5.json"
    stop = threading.Event()

    def progress(report):
        if report.done == report.total:  # the first part's last report: the second part is cancelled
            stop.set()

    with pytest.raises(Cancelled):
        count_parts(5, 5, parts=3, results=path, progress=progress, cancel=stop, command="test")
    kept = json.loads(path.read_text())
    assert list(kept["parts"]) == ["0"] and kept["parts"]["0"]["command"] == "test"
    assert {"count", "seconds", "peak_states", "machine", "finished"} <= set(kept["parts"]["0"])
    result = count_parts(5, 5, parts=3, results=path, command="test")
    assert result.count == published.OPEN_DIRECTED[5, 5]
    assert list(json.loads(path.read_text())["parts"]) == ["0", "1", "2"]
    with pytest.raises(CheckpointError, match="another count"):
        count_parts(5, 5, parts=4, results=path)


def test_parts_with_checkpoints_resume(tmp_path):
    first = count_part(5, 6, parts=2, part=1, checkpoint=tmp_path / "p.ckpt")
    again = count_part(5, 6, parts=2, part=1, checkpoint=tmp_path / "p.ckpt")
    assert first.count == again.count and again.states == ()
    with pytest.raises(CheckpointError):
        count_part(5, 6, parts=2, part=0, checkpoint=tmp_path / "p.ckpt")


def test_a_count_in_parts_finds_the_cut_once_and_not_for_a_part_that_resumes(tmp_path, monkeypatch):
    found = []
    monkeypatch.setattr(counting, "cut_rows", lambda sweep, after: found.append(after) or cut_rows(sweep, after))
    results, checkpoint = tmp_path / "5x6.json", tmp_path / "5x6.ckpt"
    whole = count_parts(5, 6, parts=3, results=results, checkpoint=checkpoint)
    assert len(found) == 1 and whole.count == 2 * published.OPEN_UNDIRECTED[5, 6]
    kept = json.loads(results.read_text())
    del kept["parts"]["0"]  # as if the run was killed at the end of part 0, its checkpoint written
    results.write_text(json.dumps(kept))
    found.clear()
    assert count_parts(5, 6, parts=3, results=results, checkpoint=checkpoint).count == whole.count
    assert found == []


@pytest.mark.parametrize("call,parameter", [
    (lambda: count_part(6, 6, parts=4, part=4), "part"), (lambda: count_part(6, 6, parts=0, part=0), "parts"),
    (lambda: count_part(6, 6, parts=4, part=0, after=13), "after"),
    (lambda: count_part(6, 6, parts=4, part=0, after=36), "after"),
    (lambda: check_split(2, 0, 3, frontier.plan(6, 6, False)), "after")])
def test_refusals_name_the_parameter(call, parameter):
    with pytest.raises(InputError) as caught:
        call()
    assert caught.value.parameter == parameter


def test_the_estimate_of_a_part():
    whole = estimate_count(8, 8)
    part = estimate_count(8, 8, parts=16)
    assert part.parts == 16
    assert part.peak_states < whole.peak_states
    assert part.cpu_seconds * 16 > whole.cpu_seconds
    assert "part" in str(part) and part.to_json()["parts"] == 16


def test_the_whole_count_of_8x8_open_as_the_results_file_records_it():
    """Counted whole by the command the file records, over four sittings on a 2-core machine (6.8 hours of CPU,
    3.7e9 states at the widest square: far too long for the tests); the count's own answer is A165134's, and
    the file's CPU and peak agree with its sittings and squares."""
    recorded = results_file("8x8-open.json")
    assert recorded["board"] == {"rows": 8, "cols": 8, "closed": False}
    assert recorded["count"] == recorded["answer"]["count"] == published.OPEN_DIRECTED[8, 8]
    assert recorded["answer"]["method"] == "frontier" and recorded["answer"]["part"] is None
    assert recorded["peak_states"] == max(square["states"] for square in recorded["squares"])
    assert recorded["cpu_seconds"] == sum(sitting["cpu_seconds"] for sitting in recorded["sittings"])
