"""Drawing boards: one layout for text and colour, readable colours, marks in every form, bounded SVG."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from boardpuzzles import InputError, OutputError, output, render
from boardpuzzles.render import Diagram


def luminance(colour: str) -> float:
    """WCAG 2 relative luminance of '#rrggbb'."""
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(one: str, other: str) -> float:
    light, dark = sorted((luminance(one), luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def blend(top: str, bottom: str, opacity: float) -> str:
    mixed = [round(opacity * int(top[i : i + 2], 16) + (1 - opacity) * int(bottom[i : i + 2], 16)) for i in (1, 3, 5)]
    return "#" + "".join(f"{c:02x}" for c in mixed)


def test_contrast_formula():
    assert contrast("#000000", "#ffffff") == pytest.approx(21)
    assert contrast("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)


def test_every_terminal_colour_pair_passes_wcag_aa():
    for kind, background in render.TERMINAL_SQUARES.items():
        assert contrast(render.TERMINAL_INK, background) >= render.MIN_CONTRAST, kind


def test_every_svg_text_colour_pair_passes_wcag_aa():
    squares = dict(render.SVG_SQUARES)
    del squares["blocked"]  # holds no text
    for name, square in list(squares.items()):
        for mark, colour in render.SVG_MARKS.items():
            squares[f"{mark} on {name}"] = blend(colour, square, render.SVG_MARK_OPACITY)
    for name, fill in squares.items():
        assert contrast(render.SVG_INK, fill) >= render.MIN_CONTRAST, name
    assert contrast(render.SVG_EDGE_INK, render.SVG_EDGE) >= render.MIN_CONTRAST


def test_the_terminal_board_uses_no_bold_and_no_named_black():
    diagram = Diagram(3, 3, pieces={(0, 0): "b", (1, 1): "w"}, labels={(2, 2): "9"},
                      marks={(0, 0): render.TAKEN, (1, 1): render.HIGHLIGHT}, blocked={(2, 0)})
    styles = {str(span.style) for span in render.rich_board(diagram).spans}
    assert styles and all("bold" not in style and "black" not in style for style in styles)


def _terminal_lines(diagram: Diagram, **console_options) -> list[str]:
    buffer = io.StringIO()
    console = Console(file=buffer, force_terminal=True, width=20, **console_options)
    console.print(render.rich_board(diagram), soft_wrap=True)
    return buffer.getvalue().splitlines()


@pytest.mark.parametrize("diagram", [
    Diagram(8, 8, pieces={(0, 0): "Q", (7, 7): "Q"}),
    Diagram(5, 5, labels={(r, c): str(5 * r + c + 1) for r in range(5) for c in range(5)}),
    Diagram(12, 30, pieces={(11, 29): "N"}),
])
def test_no_color_boards_have_the_text_layout(diagram):
    """With NO_COLOR the files sit under their squares: the same characters as the plain text board,
    and never wrapped however narrow the terminal."""
    assert _terminal_lines(diagram, no_color=True) == render.text(diagram).splitlines()


def test_colour_boards_have_the_text_layout_too():
    diagram = Diagram(8, 8, pieces={(3, 3): "b"})
    plain = [line for line in _terminal_lines(diagram)]
    import re

    assert [re.sub(r"\x1b\[[0-9;]*m", "", line) for line in plain] == render.text(diagram).splitlines()


def test_taken_men_are_marked_in_plain_and_ascii_output():
    diagram = Diagram(8, 8, pieces={(2, 2): "w", (3, 3): "b", (5, 5): "B"},
                      marks={(2, 2): render.HIGHLIGHT, (3, 3): render.TAKEN, (5, 5): render.TAKEN, (4, 4): render.HIGHLIGHT})
    for ascii in (True, False):
        lines = render.text(diagram, ascii).splitlines()
        assert lines[8 - 4].split()[4] == "x"  # d4: a taken man
        assert lines[8 - 6].split()[6] == "X"  # f6: a taken king
        assert lines[8 - 5].split()[5] == "*"  # e5: an empty square of the path
        assert lines[8 - 3].split()[3] == ("w" if ascii else render.GLYPHS["w"])  # c3: the capturing man


def test_the_consoles_never_read_markup_or_emoji(capsys):
    output.console.print("[bold]W:x:B1[/bold] :x: :smile:")
    output.error_console.print("[red]oops[/red] :x:")
    captured = capsys.readouterr()
    assert captured.out == "[bold]W:x:B1[/bold] :x: :smile:\n"
    assert captured.err == "[red]oops[/red] :x:\n"


def test_svg_is_bounded():
    assert render.drawable(500, 500) and not render.drawable(501, 500)
    with pytest.raises(InputError, match=r"svg: the 10000000x10000000 board is too large to draw") as error:
        render.svg(Diagram(10_000_000, 10_000_000))
    assert error.value.parameter == "svg"
    assert render.svg(Diagram(500, 500)).startswith("<svg")


def test_queens_solve_huge_svg_is_refused_in_one_line(cli, tmp_path):
    run = cli("queens", "solve", "1000", "--svg", str(tmp_path / "q.svg"))
    assert run.status == 2
    assert run.err == ("boardpuzzles: --svg: the 1000x1000 board is too large to draw "
                       "(a drawing has at most 250,000 squares, such as 500x500)\n")
    assert not (tmp_path / "q.svg").exists()


@pytest.mark.parametrize("path", ["/dev/full", "{dir}", "{dir}/missing/q.svg"])
def test_an_svg_that_cannot_be_written_is_an_output_error(cli, tmp_path, path):
    path = path.format(dir=tmp_path)
    with pytest.raises(OutputError, match="cannot write SVG file"):
        render.write_svg(Diagram(4, 4), path)
    run = cli("queens", "solve", "8", "--svg", path)
    assert run.status == 2 and run.err.startswith("boardpuzzles: cannot write SVG file") and run.err.count("\n") == 1


def test_repr_svg_of_a_huge_result_draws_nothing():
    import time

    from boardpuzzles import knights, queens

    started = time.process_time()
    assert queens.solve(10_000)._repr_svg_() is None
    assert knights.find_tour(600, 600, closed=True)._repr_svg_() is None
    assert time.process_time() - started < 20  # CPU: 0.06 s quiet or busy
    assert queens.solve(8)._repr_svg_().startswith("<svg")


def test_a_huge_svg_is_refused_before_the_board_is_built(tmp_path):
    import os
    import resource
    import subprocess
    import sys
    from pathlib import Path

    import boardpuzzles

    def children_cpu() -> float:
        used = resource.getrusage(resource.RUSAGE_CHILDREN)
        return used.ru_utime + used.ru_stime

    started = children_cpu()
    done = subprocess.run([sys.executable, "-m", "boardpuzzles", "queens", "solve", "10000000", "--svg", str(tmp_path / "q.svg")],
                          capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(Path(boardpuzzles.__file__).parents[1])})
    assert done.returncode == 2 and "too large to draw" in done.stderr
    assert children_cpu() - started < 15  # CPU: 1.3 s (start-up); it took 24 s and 2 GB to build the board first


def test_a_colour_given_as_a_mark_is_named():
    diagram = Diagram(2, 2, marks={(0, 0): "#2e7d32"})
    for draw in (render.svg, render.rich_board):
        with pytest.raises(ValueError, match="a mark is render.HIGHLIGHT or render.TAKEN, not a colour"):
            draw(diagram)


def test_a_path_is_drawn_with_arrows_its_start_and_end_and_numbers_over_it():
    from xml.etree import ElementTree

    path = [(0, 0), (2, 1), (4, 2), (3, 4)]
    drawing = ElementTree.fromstring(render.svg(Diagram(5, 5, labels={sq: str(i + 1) for i, sq in enumerate(path)},
                                                        path=path)))
    tag = "{http://www.w3.org/2000/svg}"
    assert len(drawing.findall(f"{tag}polygon")) == len(path) - 1  # an arrowhead on each move
    discs = [c for c in drawing.findall(f"{tag}circle") if c.get("fill") == render.SVG_PATH_START]
    rings = [c for c in drawing.findall(f"{tag}circle") if c.get("stroke") == render.SVG_PATH_END]
    assert len(discs) == len(rings) == 1
    numbers = [t for t in drawing.findall(f"{tag}text") if t.text in {"1", "2", "3", "4"} and t.get("paint-order")]
    assert len(numbers) == 4 and all(t.get("stroke") == render.SVG_HALO for t in numbers)
    children = list(drawing)
    assert children.index(numbers[0]) > children.index(drawing.find(f"{tag}polyline"))  # numbers over the line


def test_a_board_too_small_for_numbers_gets_its_path_alone():
    path = [(r, c) for r in range(60) for c in range(60)]
    drawing = render.svg(Diagram(60, 60, labels={sq: str(i + 1) for i, sq in enumerate(path)}, path=path))
    assert render.SvgBoard.of(Diagram(60, 60)).size < render.MIN_LABEL_SQUARE
    assert ">3600<" not in drawing and "<polygon" not in drawing and drawing.count("<polyline") == 1
