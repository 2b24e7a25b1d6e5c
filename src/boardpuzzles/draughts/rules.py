"""Rule sets as data: one frozen record per variant, read by both move generators.

The generators (:mod:`.moves` in plain Python, :mod:`.fast` in numba) share one
capture search; everything a variant changes is a field here, and which captures
are compulsory is a list of criteria (``priority``) applied in turn. A rule set
that fits these fields is added here and nowhere else.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import InputError

#: What happens when a man reaches the far row in the middle of a capture.
PROMOTE_AT_END = 0  # it stays a man and goes on capturing as a man; crowned only if the move ends there
PROMOTE_AND_CONTINUE = 1  # it is crowned at once and goes on capturing as a king (Russian)
PROMOTE_AND_STOP = 2  # it is crowned and the move ends there (English)
PROMOTE_NEVER = 3  # men are never crowned (the seed)

#: Capture-choice criteria, applied in the order a variant lists them; each keeps the
#: captures that score highest.
BY_KING = "by-king"  # a capture made by a king
MOST = "most"  # the most pieces taken
MOST_KINGS = "most-kings"  # the most kings taken
EARLIEST_KING = "earliest-king"  # a king taken as early as possible
CRITERIA = (BY_KING, MOST, MOST_KINGS, EARLIEST_KING)


@dataclass(frozen=True)
class Variant:
    """One rule set (the defaults are those of international draughts, on 8x8)."""

    name: str
    description: str
    size: int = 8  # the board is size x size
    first: str = "W"  # "W" or "B": who moves first
    men_capture_backwards: bool = True
    men_capture_kings: bool = True  # false in Italian: only a king takes a king
    flying_kings: bool = True
    priority: tuple[str, ...] = ()  # which captures are compulsory (CRITERIA, in order); () free choice
    promotion_in_capture: int = PROMOTE_AT_END  # one of the PROMOTE_* values
    king_lands_to_continue: bool = False  # a capturing king must land where it can capture again
    remove_at_once: bool = False  # captured pieces leave at once (else at the end of the move: Turkish strike)
    dark_only: bool = True  # pieces stand on the dark squares only
    mirrored: bool = False  # the board turned a quarter: a1 is light, h1 dark (Italian, Spanish)
    numeric: bool = False  # squares written as numbers 1..N (else algebraic, a1..)
    capture_sep: str = "x"  # "x" or ":"
    full_path: bool = False  # captures always written with every landing square
    rows_of_men: int = 3  # rows of men in the initial position


VARIANTS: dict[str, Variant] = {
    variant.name: variant
    for variant in (
        Variant(
            "international", "FMJD international draughts, 10x10: flying kings, maximum capture",
            size=10, priority=(MOST,), numeric=True, rows_of_men=4,
        ),
        Variant("brazilian", "Brazilian draughts: the international rules on 8x8", priority=(MOST,)),
        Variant(
            "russian", "Russian shashki: free choice of capture, a man crowned mid-capture goes on as a king",
            promotion_in_capture=PROMOTE_AND_CONTINUE, king_lands_to_continue=True, capture_sep=":", full_path=True,
        ),
        Variant(
            "english", "English draughts / American checkers: black first, short kings, men capture forwards",
            first="B", men_capture_backwards=False, flying_kings=False, promotion_in_capture=PROMOTE_AND_STOP,
            numeric=True,
        ),
        Variant(
            "pool", "American pool checkers: black first, men capture backwards, flying kings, free choice",
            first="B", king_lands_to_continue=True, numeric=True,
        ),
        Variant(
            "czech", "Czech draughts: men capture forwards, flying kings, a king must capture first",
            men_capture_backwards=False, priority=(BY_KING,), capture_sep=":",
        ),
        Variant(
            "spanish", "Spanish draughts: turned board, men capture forwards, the most pieces, then the most kings",
            men_capture_backwards=False, priority=(MOST, MOST_KINGS), mirrored=True,
        ),
        Variant(
            "italian",
            "Italian draughts: turned board, short kings, men never take kings, the most pieces, "
            "then by a king, the most kings, a king first",
            men_capture_backwards=False, men_capture_kings=False, flying_kings=False,
            priority=(MOST, BY_KING, MOST_KINGS, EARLIEST_KING), promotion_in_capture=PROMOTE_AND_STOP,
            mirrored=True, numeric=True,
        ),
        Variant(
            "seed", "the seed's rule: men capture all four ways, jumped men leave at once, any of the 64 squares",
            flying_kings=False, promotion_in_capture=PROMOTE_NEVER, remove_at_once=True, dark_only=False,
            capture_sep=":", full_path=True,
        ),
    )
}


def get_variant(name: str) -> Variant:
    """The rule set called ``name`` (InputError naming the known ones otherwise)."""
    try:
        return VARIANTS[name.strip().lower()]
    except KeyError:
        raise InputError(
            f"unknown variant '{name}': use one of {', '.join(VARIANTS)}", parameter="variant", value=name,
            allowed=list(VARIANTS), show_value=False,
        ) from None
