"""A user's script: what a program using boardpuzzles writes, type-checked with ``mypy --strict`` against the
installed package (tests/test_typing.py; it is checked, not run: ``main`` runs it)."""

from __future__ import annotations

from typing import reveal_type

from boardpuzzles import BoardpuzzlesError, Count, NoSolution, draughts, knights, queens


def main() -> None:
    reveal_type(queens.solve(8))
    solution = queens.solve(8)
    columns: tuple[int, ...] = solution.columns
    print(columns, solution.is_valid(), solution.canonical().text())
    eight = queens.count(8, workers=1)
    total: int = eight.count
    print(total, eight.fundamental, eight.to_json())
    completions = queens.complete(8, "d5,b4")
    first: queens.Solution = completions[0]
    print(len(completions), len(first.svg()))
    try:
        queens.solve(3)
    except NoSolution as none:
        print(none)

    tour = knights.find_tour(8, 8, start=(0, 0), closed=True)
    names: list[str] = tour.names()
    print(names[:3], tour.to_json()["path"][:3], tour.method)
    tours = knights.count_tours(5, 5)
    counted: Count = tours
    print(counted.count, tours.text())
    try:
        knights.find_tour(3, 3)
    except knights.NoTour as no:
        print(no.reason)

    position = draughts.Position("W:W27:B22,23,32,33", "international")
    captures = draughts.longest_captures(position)
    print(captures.max_captures, captures.notation(), [move.path for move in captures.paths])
    nodes: int = draughts.perft(draughts.Position.initial("russian"), 4)
    print(nodes, draughts.perft_count(position, 2).to_json())
    try:
        draughts.Position("nonsense", "international")
    except BoardpuzzlesError as error:
        print(error)


if __name__ == "__main__":
    main()
