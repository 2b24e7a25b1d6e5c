"""Draughts diagrams: square numbers in the SVG corners and on the text board, capture paths drawn
straight along the lines the piece moved (diagonal or orthogonal)."""

from __future__ import annotations

import re

from boardpuzzles import render
from boardpuzzles.draughts import LongestCaptures, Move, Position, get_variant, moves_of, parse_position


def _corner_numbers(svg: str) -> list[str]:
    return re.findall(r'dominant-baseline="hanging"[^>]*>([0-9]+)</text>', svg)


def test_square_numbers_follow_the_variant():
    start = Position.initial(get_variant("italian"))  # the turned board: 1 is a8, 32 is h1
    diagram = start.diagram()
    assert diagram.corner_labels[(7, 0)] == "1" and diagram.corner_labels[(0, 7)] == "32"
    assert sorted(map(int, _corner_numbers(render.svg(diagram)))) == list(range(1, 33))
    assert Position.initial(get_variant("international")).diagram().corner_labels[(0, 0)] == "46"
    assert Position.initial(get_variant("seed")).diagram().corner_labels == {}  # every square: algebraic only


def test_numbers_on_the_text_board_only_where_asked():
    position = parse_position("W:W32:B1", get_variant("english"))
    plain = render.text(position.diagram(), ascii=True)
    numbered = render.text(position.diagram(numbers=True), ascii=True)
    assert not any(ch.isdigit() for line in plain.splitlines() for ch in line[1:])  # rank names only
    assert numbered.splitlines()[0] == "8  .  b  .  2  .  3  .  4"
    assert numbered.splitlines()[-2] == "1 29  . 30  . 31  .  w  ."
    assert "46</text>" in moves_of(Position.initial(get_variant("international")))._repr_svg_()


def test_an_orthogonal_capture_is_drawn_along_its_lines():
    # a man on a1 takes a2 going up and b3 going right, on a board using every square
    position = parse_position("W:Wa1:Ba2,b3", get_variant("seed"))
    capture = Move(((0, 0), (2, 0), (2, 2)), ((1, 0), (2, 1)), "w", ("b", "b"), False, variant="seed")
    svg = render.svg(LongestCaptures(position, [capture]).diagram())
    points = re.search(r'<polyline points="([^"]+)" fill="none" stroke="#1565c0"', svg).group(1)
    (x1, y1), (x2, y2), (x3, y3) = [tuple(map(float, point.split(","))) for point in points.split()]
    assert x1 == x2 and y2 < y1 and y3 == y2 and x3 > x2  # straight up the a-file, then along the third rank
    text = render.text(LongestCaptures(position, [capture]).diagram(), ascii=True).splitlines()
    third = text[-4].split()
    assert third[0] == "3" and third[1] == third[3] == "*" and third[4:] == ["."] * 5  # a3 and c3, the landings
