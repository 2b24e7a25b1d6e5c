"""The pages' colours meet WCAG AA: contrast at least 4.5 between each text colour and what it stands on.

Each pair names colours as the page files write them (the test fails when a file
no longer holds one, so a change of colour comes back here); a tinted square is
the tint laid over the square at the page's opacity.
"""

from __future__ import annotations

from importlib import resources

import pytest

STATIC = resources.files("boardpuzzles.web").joinpath("static")
PAGES = "".join(STATIC.joinpath(name).read_text(encoding="utf-8")
                for name in ("style.css", "watch.css", "board.js", "queens.js", "queens-watch.js", "tree.js", "knight.js",
                             "knight-watch.js", "draughts.js", "draughts-watch.js"))

LIGHT, DARK, DRAUGHTS_DARK, FRAME = "#f0d9b5", "#b58863", "#7d5433", "#4a3220"


def tinted(square: str, tint: str, opacity: float) -> str:
    """The colour of ``tint`` laid over ``square`` at ``opacity``."""
    mixed = (round(int(square[i:i + 2], 16) * (1 - opacity) + int(tint[i:i + 2], 16) * opacity) for i in (1, 3, 5))
    return "#" + "".join(f"{part:02x}" for part in mixed)


def luminance(colour: str) -> float:
    def channel(value: float) -> float:
        return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4

    red, green, blue = (channel(int(colour[i:i + 2], 16) / 255) for i in (1, 3, 5))
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast(one: str, other: str) -> float:
    high, low = sorted((luminance(one), luminance(other)), reverse=True)
    return (high + 0.05) / (low + 0.05)


#: name -> (text colour, square or background, tint laid over it or None, the tint's opacity)
PAIRS: dict[str, tuple[str, str, str | None, float]] = {
    "text on the page": ("#1d1d1f", "#fbfaf7", None, 0),
    "muted text on a panel": ("#545458", "#ffffff", None, 0),
    "a button": ("#ffffff", "#0b57d0", None, 0),
    "a secondary button": ("#1d1d1f", "#e8e4dc", None, 0),
    "a pressed button": ("#ffffff", "#062e6f", None, 0),
    "a disabled button": ("#3b3b3b", "#c9c5bd", None, 0),
    "good news": ("#1b6e20", "#fbfaf7", None, 0),
    "an error": ("#b3261e", "#fbfaf7", None, 0),
    "the puzzles' links": ("#ffe6b3", "#2b2118", None, 0),
    "square names on the frame": ("#ffffff", FRAME, None, 0),
    "draughts square numbers": ("#ffffff", DRAUGHTS_DARK, None, 0),
    "a table cell just changed": ("#1d1d1f", "#fff1b8", None, 0),
    "a zero in the seed's tables": ("#6b6b6b", "#ffffff", None, 0),
    "a value taken from a free list": ("#b3261e", "#fde7e5", None, 0),
    "a number no longer in a free list": ("#8a1c15", "#fdf0ee", None, 0),
    "the code's line numbers": ("#6e6a62", "#faf8f3", None, 0),
    "a line of the code that called the one running": ("#1d1d1f", "#eaf1fd", None, 0),
    "a count that just changed": ("#0b57d0", "#fbfaf7", None, 0),
    "a tree node on the current path": ("#ffffff", "#0b57d0", None, 0),
    "a tree node with a solution below": ("#ffffff", "#1b6e20", None, 0),
    "a dead end of the tree": ("#4a4a4a", "#e2dfd9", None, 0),
    "an automaton state passed since the step before": ("#1d1d1f", "#fff3c4", None, 0),
    "a note instead of the steps": ("#1d1d1f", "#fff8e1", None, 0),
    "the candidate taken, in the table": ("#1d1d1f", "#e3ecfd", None, 0),
    "the candidate tested now, in the table": ("#1d1d1f", "#e8f5e9", None, 0),
    "a candidate refused, in the table": ("#b3261e", "#ffffff", None, 0),
    **{f"{what} ({name})": (text, square, tint, opacity)
       for name, square in (("light", LIGHT), ("dark", DARK))
       for what, text, tint, opacity in (("accessibility", "#000000", None, 0),
                                         ("a visited square's number", "#1a237e", "#c5cae9", 0.9),
                                         ("a start square's mark", "#ffffff", "#1b5e20", 0.85),
                                         ("an accessibility that fell", "#000000", "#ffd54f", 0.75),
                                         ("the candidate tested now", "#000000", "#c8e6c9", 0.75),
                                         ("the candidate taken", "#000000", "#90caf9", 0.75),
                                         ("a square a backtrack's reason names", "#000000", "#ffe0b2", 0.8),
                                         ("a square a backtrack left", "#000000", "#ffcdd2", 0.8),
                                         ("the knight's square number", "#000000", "#ffe082", 0.85))},
}


@pytest.mark.parametrize("name", sorted(PAIRS))
def test_text_meets_wcag_aa(name):
    text, square, tint, opacity = PAIRS[name]
    ground = tinted(square, tint, opacity) if tint else square
    assert contrast(text, ground) >= 4.5, f"{name}: {contrast(text, ground):.2f}"


def test_the_colours_are_the_pages_own():
    def written(colour: str) -> bool:
        short = "#" + colour[1::2] if all(colour[i] == colour[i + 1] for i in (1, 3, 5)) else None  # #fff
        return colour in PAGES.lower() or (short is not None and short in PAGES.lower())

    used = {colour for text, square, tint, _ in PAIRS.values() for colour in (text, square, tint) if colour}
    assert sorted(colour for colour in used if not written(colour)) == []
