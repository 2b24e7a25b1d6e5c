"""The seed methods' searches as a stream of steps, for watching them (``--trace``, the web page, the notebook).

Each step is made by an operation of the seed's code as it runs (every square
tested, passing or refused, every occupation, every freeing, every solution):
an :class:`.arsac.ArsacStep` for ``recursive`` and ``iterative``, a
:class:`.prolog.PrologStep` for ``freelist``, each with where the code stands,
the counts so far and its node in the search tree (:mod:`..watching`).

>>> first = next(search_steps(4, "recursive"))
>>> str(first)
'      1  line  4  HR(1)  test 1, 1: free'
>>> first.to_json()["counts"]
{'tests': 1, 'placements': 0, 'backtracks': 0, 'solutions': 0, 'nodes': 1}
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import islice

from .. import animate, checks, i18n, notebook, render, watching
from ..errors import InputError
from ..geometry import Square, parse_square, parse_squares, square_name
from ..listing import Listing
from . import arsac, completion, prolog

QueensStep = arsac.ArsacStep | prolog.PrologStep

#: The methods that can be watched: the seeds' three searches.
WATCHED: dict[str, Callable[..., Iterator[tuple[int, ...]]]] = {
    "recursive": arsac.solutions_recursive,
    "iterative": arsac.solutions_iterative,
    "freelist": prolog.solutions_freelist,
}
#: The seed's code of HR(k) and of the automaton, which the watched tables run.
SEARCHES = {"recursive": arsac.recursive, "iterative": arsac.automaton}
#: The code of each method that can be watched (the seeds' three searches), as the learner reads it:
#: the lines :func:`search_steps` cites.
LISTINGS: dict[str, Listing] = {"recursive": arsac.RECURSIVE, "iterative": arsac.ITERATIVE, "freelist": prolog.FREELIST}

#: Largest board whose search can be watched (the web page draws up to 20 x 20).
MAX_WATCHED_N = 32


def check_watched(n: int, method: str) -> None:
    """Refuse a method without a seed's state to show, or a board too large to watch."""
    if not isinstance(method, str) or method not in WATCHED:
        raise InputError("{parameter} must be one of " + ", ".join(WATCHED) + " to follow a seed's search",
                         parameter="method", value=method, allowed=list(WATCHED))
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= MAX_WATCHED_N:
        raise InputError(f"{{parameter}} must be 1..{MAX_WATCHED_N} to watch a search", parameter="n", value=n,
                         allowed=f"1..{MAX_WATCHED_N}")


def check_placed(n: int, placed: Sequence[Square]) -> list[int]:
    """The queens placed before a watched search, as the 1-based columns of rows 1, 2, ...: the seeds fill
    the rows in order, so the placed queens must stand one a row on the first rows, leave a row
    free, and not attack each other (an :class:`~..errors.InputError` naming ``placed`` otherwise)."""
    squares = checks.squares(placed, "placed", n, n)
    completion.check_given(squares, "placed")
    rows = sorted(row for row, _ in squares)
    if rows != list(range(len(rows))):
        missing = next(row for row in range(n) if row not in rows)
        raise InputError(f"{{parameter}}: the seeds fill the rows in order, so the placed queens must stand on the "
                         f"first rows, one a row (rank {missing + 1} has none)", parameter="placed")
    if len(rows) == n:
        raise InputError(f"{{parameter}}: all {n} queens are placed: leave a row for the search", parameter="placed")
    return [col + 1 for _, col in sorted(squares)]


def search_steps(n: int, method: str, *, placed: Sequence[Square] = (), offset: int = 0,
                 cancel: threading.Event | None = None) -> Iterator[QueensStep]:
    """Every step of the seed ``method`` on an N x N board from ``offset`` on, lazily (in bounded memory),
    to the end of its search; closing the iterator stops the search.  The steps before ``offset`` are
    made but not built; ``cancel``: see :class:`~..watching.Recorder`.

    ``placed``: queens on the board before the search, (row, col) squares from 0, one on each of the
    first rows (see :func:`check_placed`); the search keeps them and runs from the next row on: its
    steps are those the whole search makes while these queens stand, and its tree's root is the board
    with them."""
    check_watched(n, method)
    columns = check_placed(n, placed)

    def run(trace: Callable[[QueensStep], None]) -> None:
        first = len(columns) + 1
        if method == "freelist":
            queens = list(enumerate(columns, 1))
            found = prolog.nqueens(n, prolog.WatchedFreeLists(n, trace, offset, cancel, len(queens)), queens)
        else:
            found = SEARCHES[method](n, arsac.WatchedTables(n, method, trace, offset, cancel, columns), first)
        for _ in found:  # the search runs as its solutions are asked for
            pass

    return watching.stream(run, f"{method} search of {n} queens")


def ending(step: QueensStep, over: bool, lang: str = "en") -> str:
    """What the counts say after ``step``: at the end of the search (``over``) or at a solution, in ``lang``."""
    counts = {name: i18n.number(count, lang) for name, count in step.moment.counts}
    if over:
        found = dict(step.moment.counts)["solutions"]
        counts["solutions"] = i18n.text("trace.solutions_one" if found == 1 else "trace.solutions", lang,
                                        count=counts["solutions"])
    return i18n.text("trace.over" if over else "trace.at_solution", lang, **counts)


def _mark(step: QueensStep) -> str | None:
    """The mark on the square a step is about: green for a queen put there or a square found free, red
    for a square refused or a queen taken off it."""
    if step.action in ("occupy", "test") and step.refusal is None:
        return render.HIGHLIGHT
    if step.action in ("free", "test"):
        return render.TAKEN
    return None


def _queens_and_square(step: QueensStep) -> tuple[list[Square], Square]:
    """The queens on the board at a step, as the web page draws them (``c[1..k]`` or the term's
    queens list), and the square the step is about (0-based)."""
    if isinstance(step, arsac.ArsacStep):
        return [(row, col - 1) for row, col in enumerate(step.c)], (step.k - 1, step.i - 1)
    return [(row - 1, col - 1) for row, col in step.board.queens], (step.row - 1, step.col - 1)


def _caption(step: QueensStep) -> str:
    """The step's words, with the seed's state written so that it can wrap between its parts."""
    if isinstance(step, arsac.ArsacStep):
        state = f"{step.state}: " if step.state else ""
        text = f"{state}{step.words()}; c = " + (" ".join(map(str, step.c)) or "empty")
    else:
        board = step.board
        lists = [f"[{', '.join(f'q({r},{c})' for r, c in board.queens)}]",
                 *("[" + ",".join(map(str, free)) + "]" for free in (board.rows, board.cols, board.diag1, board.diag2))]
        words = step.words() if step.action != "occupy" else f"place q({step.row},{step.col})"
        text = f"{words}; board(" + ", ".join(lists) + ")"
    return f"step {step.index + 1}: {text}"


def _first_solution(n: int, method: str, limit: int) -> list[QueensStep]:
    """The steps of the search up to its first solution (to its end when there is none), at most ``limit`` + 1."""
    steps: list[QueensStep] = []
    for step in islice(search_steps(n, method), limit + 1):
        steps.append(step)
        if step.action == "solution":
            break
    return steps


def search_frames(n: int, method: str) -> list[animate.Frame]:
    """The seed ``method``'s search on an N x N board up to its first solution (or to its end
    when there is none), one frame a step: the queens, the square the step is about (green: a
    queen put there or a square found free; red: a square refused or a queen taken off) and
    the step's words.

    Raises :class:`~..errors.InputError` (``n``) past :data:`.animate.MAX_FRAMES` steps.
    """
    steps = _first_solution(n, method, animate.MAX_FRAMES)
    if steps[-1].action != "solution":
        animate.check_frames(len(steps), "n", n, f"the {method} search of {n} queens to its first solution")
    frames = []
    for step in steps:
        queens, square = _queens_and_square(step)
        diagram = render.Diagram(n, n, pieces={queen: "Q" for queen in queens})
        mark = _mark(step)
        if step.action == "solution":
            diagram.marks = {queen: render.HIGHLIGHT for queen in queens}
        elif mark is not None:
            diagram.marks = {square: mark}
        frames.append(animate.Frame(diagram, _caption(step)))
    if steps[-1].action != "solution":
        frames[-1] = animate.Frame(frames[-1].diagram, frames[-1].caption + f"; no solution for {n} queens")
    return frames


def search_animation(n: int, method: str, seconds: float = 0.3) -> str:
    """:func:`search_frames` as a self-playing SVG (``queens solve --trace --animate``), ``seconds`` a step."""
    return animate.animation(search_frames(n, method), seconds, f"{n} queens: the {method} search, step by step")


def placed_squares(n: int, placed: str | Iterable[str | Square]) -> list[Square]:
    """``placed`` as :func:`watch` takes it, a text (``"a1,c2"``) or squares each a name (``"a1"``) or
    (row, col) from 0, as (row, col) squares checked by :func:`check_placed` (an
    :class:`~..errors.InputError` naming ``placed``)."""
    if isinstance(placed, str):
        squares: list[Square] = parse_squares(placed, n, n, parameter="placed")
    else:
        squares = []
        for square in checks.items(placed, "placed", "a list of squares"):
            if isinstance(square, str):
                with checks.naming("placed", square):
                    square = parse_square(square, n, n)
            squares.append(square)
    check_placed(n, squares)
    return squares


def watch(n: int, method: str = "recursive", lang: str | None = None,
          placed: str | Iterable[str | Square] = ()) -> notebook.Player:
    """The seed ``method``'s whole search on an N x N board as a player for a notebook: its
    ``_repr_html_`` is the web page's player (the board, the code with the line executing lit,
    the stack, the search tree, the counts, the seed's tables), self-contained; its ``to_html()``
    the same player as one HTML file that plays offline.  ``lang`` (``"en"``, ``"ru"``) fixes the
    language it speaks; None leaves it to the reader's browser.  ``placed``: queens on the board
    before the search, one on each of the first rows (``"a1,c2"``, ``["a1", "c2"]`` or (row, col)
    squares from 0; see :func:`search_steps`): the search keeps them and runs from the next row on.

    Raises :class:`~..errors.InputError` (``n``) for a search of more than
    :data:`.notebook.MAX_STEPS` steps (8 queens: 19,924 by ``recursive``), (``placed``) for queens
    that are not one a row on the first rows, or attack each other.

    >>> watch(6, "recursive", placed="b1,d2")
    Player(6 queens: the recursive search from b1, d2: 81 steps)
    """
    check_watched(n, method)
    squares = placed_squares(n, placed)
    steps = list(islice(search_steps(n, method, placed=squares), notebook.MAX_STEPS + 1))
    notebook.check_steps(len(steps), "n", n, f"the {method} search of {n} queens")
    said = i18n.text("player.queens_title", lang or "en", n=n, method=method)
    if squares:
        names = ", ".join(square_name(*square) for square in sorted(squares))
        said = i18n.text("player.queens_title_placed", lang or "en", title=said, placed=names)
    return notebook.Player("queens", LISTINGS[method], [step.to_json() for step in steps], title=said,
                           setup={"n": n, "method": method, "first": len(squares) + 1}, lang=lang)
