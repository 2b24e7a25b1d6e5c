"""Self-playing SVGs (``--animate``): made from the step streams, bounded, and moving in a real browser."""

from __future__ import annotations

from xml.etree import ElementTree

import pytest
from web_helpers import browser, chromium_path

from boardpuzzles import animate, draughts
from boardpuzzles.errors import InputError
from boardpuzzles.knights.steps import tour_animation, tour_steps
from boardpuzzles.knights.tour import find_tour
from boardpuzzles.queens.steps import search_animation, search_steps
from boardpuzzles.render import Diagram

SVG = "{http://www.w3.org/2000/svg}"
CAPTURE = "W:W32:B27,28,18,19,9,10"  # Russian: two longest captures of 3 from g1


def parsed(document: str) -> ElementTree.Element:
    root = ElementTree.fromstring(document)
    assert root.tag == f"{SVG}svg"
    return root


def words(root: ElementTree.Element) -> str:
    """The drawing's text, its lines joined by spaces."""
    return " ".join(" ".join(root.itertext()).split())


def timelines(root: ElementTree.Element) -> list[ElementTree.Element]:
    return root.findall(f".//{SVG}animate")


def test_each_part_is_drawn_once_and_shown_in_its_frames():
    frames = [animate.Frame(Diagram(3, 3, pieces={(0, 0): "Q"}), "one"),
              animate.Frame(Diagram(3, 3, pieces={(0, 0): "Q", (1, 2): "Q"}), "two"),
              animate.Frame(Diagram(3, 3, pieces={(1, 2): "Q"}), "three")]
    root = parsed(animate.animation(frames, seconds=1.0))
    assert root.get("data-frames") == "3"
    assert [t.text for t in root.iter(f"{SVG}tspan")] == ["one", "two", "three"]
    queens = [g for g in root.iter(f"{SVG}g") if g.find(f"{SVG}text") is not None and "♛" in (g.find(f"{SVG}text").text or "")]
    assert len(queens) == 2  # a1 and c2, once each
    a1, c2 = (g.find(f"{SVG}animate") for g in queens)
    total = 3 * 1.0 + animate.HOLD_SECONDS
    assert a1.get("dur") == c2.get("dur") == f"{total:g}s" and a1.get("repeatCount") == "indefinite"
    assert (a1.get("values"), a1.get("keyTimes")) == ("visible;hidden", f"0;{2 / total:.5f}".rstrip("0"))
    assert (c2.get("values"), c2.get("keyTimes")) == ("hidden;visible", f"0;{1 / total:.5f}".rstrip("0"))
    assert [g.get("visibility") for g in queens] == ["hidden", "visible"]  # without SMIL: the last frame


@pytest.mark.parametrize("method", ["recursive", "iterative", "freelist"])
def test_a_queens_animation_has_one_frame_per_step_to_the_first_solution(method):
    steps = []
    for step in search_steps(6, method):
        steps.append(step)
        if step.solution:
            break
    root = parsed(search_animation(6, method))
    assert root.get("data-frames") == str(len(steps))
    for timeline in timelines(root):
        values, times = timeline.get("values").split(";"), timeline.get("keyTimes").split(";")
        assert len(values) == len(times) and times[0] == "0" and timeline.get("calcMode") == "discrete"
        assert all(a != b for a, b in zip(values, values[1:]))
        assert [float(t) for t in times] == sorted(float(t) for t in times)
    assert "solution 1: 2 4 6 1 3 5" in words(root)


@pytest.mark.parametrize("n, method, frames", [(8, "recursive", 1095), (8, "freelist", 555), (8, "iterative", 1094),
                                               (10, "recursive", 1170)])
@pytest.mark.slow
def test_the_readme_figures_for_queens(n, method, frames):
    root = parsed(search_animation(n, method))
    assert root.get("data-frames") == str(frames)
    assert timelines(root)[0].get("dur") == f"{frames * 0.3 + animate.HOLD_SECONDS:g}s"


@pytest.mark.parametrize("method, steps", [("recursive", "30,280"), ("iterative", "30,279")])
@pytest.mark.slow
def test_fourteen_queens_are_refused(method, steps):
    first = next(step for step in search_steps(14, method) if step.solution)
    assert f"{first.index + 1:,}" == steps
    with pytest.raises(InputError, match="more than 2,000 steps"):
        search_animation(14, method)


@pytest.mark.slow
def test_a_knight_animation_has_a_frame_per_square_and_the_end():
    tour = find_tour(5, 5, (0, 0), False, "warnsdorff")
    root = parsed(tour_animation(5, 5, (0, 0), False, "warnsdorff", None, [], tour))
    steps = [s for s in tour_steps(5, 5, (0, 0), False, "warnsdorff", None, [], tour) if s.kind != "test"]
    assert len(steps) == 26 and root.get("data-frames") == "26"
    assert "every square visited" in words(root).lower()


def test_a_draughts_animation_plays_every_path_and_takes_pieces_off_when_the_move_ends():
    result = draughts.longest_captures(draughts.parse_position(CAPTURE, draughts.get_variant("russian")))
    frames = result.frames()
    assert len(frames) == sum(len(move.path) + 1 for move in result.paths) == 10
    jump2, ended = frames[2].diagram, frames[4].diagram
    move = result.paths[0]
    assert all(square in jump2.pieces and jump2.marks[square] == "taken" for square in move.captured[:2])
    assert not any(square in ended.pieces for square in move.captured) and ended.pieces[move.end] == "w"
    assert parsed(result.animation()).get("data-frames") == "10"


def test_too_many_frames_are_refused_naming_the_input(monkeypatch):
    with pytest.raises(InputError, match="too many to animate") as error:
        search_animation(16, "iterative")  # 180,800 steps to its first solution
    assert error.value.parameter == "n"
    monkeypatch.setattr(animate, "MAX_FRAMES", 5)
    result = draughts.longest_captures(draughts.parse_position(CAPTURE, draughts.get_variant("russian")))
    with pytest.raises(InputError, match="too many to animate") as error:
        result.animation()
    assert error.value.parameter == "position"


@pytest.mark.parametrize("args, message", [
    (("queens", "solve", "16", "-m", "iterative", "--trace"), "N: the iterative search of 16 queens"),
    (("queens", "solve", "8"), "--method must be one of recursive, iterative, freelist"),
    (("knight", "tour", "21x20"), "BOARD is too large to step through: at most 400 squares"),
])
def test_the_command_refuses_in_one_line_before_anything_is_written(cli, tmp_path, args, message):
    target = tmp_path / "a.svg"
    run = cli(*args, "--animate", str(target))
    assert run.status == 2 and run.err.startswith(f"boardpuzzles: {message}") and run.err.count("\n") == 1
    assert run.out == "" and not target.exists()


@pytest.mark.parametrize("args", [("queens", "solve", "6", "-m", "freelist", "--trace"), ("knight", "tour", "5x5"),
                                  ("draughts", "captures", CAPTURE, "-v", "russian")])
def test_the_commands_write_their_animation(cli, tmp_path, args):
    target = tmp_path / "a.svg"
    run = cli(*args, "--animate", str(target))
    assert run.status == 0, run.err
    root = parsed(target.read_text(encoding="utf-8"))
    assert int(root.get("data-frames")) > 5 and timelines(root)
    assert target.stat().st_size < 300_000


def test_an_animation_that_cannot_be_written_is_one_line(cli):
    run = cli("knight", "tour", "5x5", "--animate", "/dev/full")
    assert run.status == 2 and run.err.startswith("boardpuzzles: cannot write SVG file /dev/full")
    assert run.err.count("\n") == 1


@pytest.mark.slow
def test_the_largest_animations_stay_small():
    tour = find_tour(20, 20, (0, 0), False)
    assert len(tour_animation(20, 20, (0, 0), False, None, None, [], tour)) < 2_000_000
    assert len(search_animation(10, "recursive")) < 1_000_000  # 1,170 frames


@pytest.mark.skipif(chromium_path() is None,
                    reason="no Chromium found (apt-get install chromium, or set BOARDPUZZLES_CHROMIUM)")
@pytest.mark.slow
def test_it_moves_in_a_browser(tmp_path):
    document = search_animation(5, "recursive")  # 5 steps: a1, c2, e3, b4, d5
    shots = {}
    with browser() as chromium:
        page = chromium.new_page(viewport={"width": 700, "height": 800})
        page.set_content(f"<html><body style='margin:0'>{document}</body></html>")
        for second in (0.1, 1.0):
            page.evaluate(f"() => {{ const svg = document.querySelector('svg'); svg.pauseAnimations(); "
                          f"svg.setCurrentTime({second}); }}")
            page.wait_for_timeout(50)
            shots[second] = page.locator("svg").screenshot(path=str(tmp_path / f"at-{second}.png"))
            visible = page.evaluate("() => [...document.querySelectorAll('text.frame')]"
                                    ".filter(t => getComputedStyle(t).visibility === 'visible').map(t => t.textContent)")
            assert len(visible) == 1
            assert visible[0].startswith("step 1:" if second == 0.1 else "step 4:")
    assert shots[0.1] != shots[1.0]
