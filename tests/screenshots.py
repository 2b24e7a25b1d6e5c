"""Screenshots of every page and view, wide (1280x800) and narrow (390x844), in telling states.

    PYTHONPATH=src python tests/screenshots.py            the README's pictures, into docs/screenshots
    PYTHONPATH=src python tests/screenshots.py FOLDER     every state at both sizes, into FOLDER

Each state is a link (the address holds the page's state), so the pictures show
what a teacher's shared link shows; a state with a part to show scrolls the page
to it (its picture is the screen, not the whole page).  Needs a Chromium (see
web_helpers.chromium_path).
"""

from __future__ import annotations

import sys
from pathlib import Path

from web_helpers import browser, chromium_path, served

SIZES = {"wide": (1280, 800), "narrow": (390, 844)}
_WATCH = "/queens?n=8&view=watch&method="
_KNIGHT = "/knight?board=7x7&start=g7&method="
_CAPTURES = "/draughts?variant=russian&fen=W%3AWc3%3ABb4%2Cd6%2Cf6%2Cd4%2Cf4"
_SEED = "/draughts?variant=seed&fen=W%3AWc3%3ABb6%2Cd6%2Cb4%2Cd4%2Cf4&view=seed"
#: name -> (address, the text the page shows once it has drawn that state, the part scrolled to or None)
STATES = {
    "index": ("/", "Watch the textbook searches", None),
    "queens": (_WATCH + "recursive&step=651", "step 651 of", None),
    "queens-code": (_WATCH + "recursive&step=651", "step 651 of", ".watch-code"),
    "queens-tree": (_WATCH + "recursive&step=651", "step 651 of", ".watch-tree"),
    "queens-iterative": (_WATCH + "iterative&step=304", "step 304 of", None),
    "queens-freelist": (_WATCH + "freelist&step=209", "step 209 of", None),
    "queens-end": (_WATCH + "recursive&step=19924", "Search over", ".watch-tree"),
    "queens-place": ("/queens?n=8&queens=d5,b4,h6", "3 of 8 queens placed", None),
    "queens-complete": ("/queens?n=8&queens=d5,b4&view=complete", "Completed:", None),
    "queens-solutions": ("/queens?n=8&view=solutions&k=3", "3 of 92", None),
    "queens-compare": ("/queens?n=8&view=compare", "Symmetry saves", None),
    "knight": ("/knight?board=6x6&start=a1&method=warnsdorff&view=tour&step=20", "step 20 of", None),
    "knight-lookahead": ("/knight?board=6x6&start=a1&method=lookahead&lookahead=3&view=tour&step=14", "step 14 of", ".watch-own"),
    "knight-backtrack": (_KNIGHT + "backtrack&view=tour&step=119", "step 119 of", None),
    "knight-stack": (_KNIGHT + "backtrack&view=tour&step=119", "step 119 of", ".watch-stack"),
    "knight-tree": (_KNIGHT + "backtrack&view=tour&step=125", "step 125 of", ".watch-tree"),
    "knight-stuck": (_KNIGHT + "warnsdorff&view=tour&step=122", "step 122 of", None),
    "knight-large": ("/knight?board=30x30&start=a1&view=tour", "Open tour by", None),
    "knight-starts": ("/knight?board=5x5&view=starts", "squares start", None),
    "draughts": (_CAPTURES + "&view=captures", "Longest capture", None),
    "draughts-path": (_CAPTURES + "&view=captures&path=2&jump=2", "jump 1 of 2", None),
    "draughts-seed": (_SEED + "&step=30", "step 30 of", None),
    "draughts-seed-code": (_SEED + "&step=30", "step 30 of", ".watch-code"),
    "draughts-seed-tree": (_SEED + "&step=77", "step 77 of", ".watch-tree"),
    "draughts-seed-end": (_SEED + "&step=77", "step 77 of", None),
    "lessons": ("/learn", "Each lesson follows", None),
    "lesson-backtracking": ("/learn/backtracking?stage=4", "Stage 4 of", None),
    "lesson-queens-prolog": ("/learn/queens-prolog?stage=3", "Stage 3 of", ".watch-own"),
    "lesson-knight": ("/learn/knight-warnsdorff?stage=3", "Stage 3 of", None),
    "lesson-draughts": ("/learn/draughts-captures?stage=3", "Stage 3 of", None),
    "lesson-draughts-walk": ("/learn/draughts-captures?stage=9", "Stage 9 of", ".watch-tree"),
    "lesson-placed": ("/learn/queens-hr?placed=b1,d2&stage=1", "Stage 1 of", None),
}

#: The README's pictures: (state, size, file name).
README = (("queens", "wide", "queens-wide.png"), ("queens-code", "narrow", "queens-phone.png"),
          ("knight-backtrack", "wide", "knight-wide.png"), ("knight-lookahead", "wide", "knight-lookahead-wide.png"),
          ("draughts-seed-end", "wide", "draughts-wide.png"), ("draughts-seed-tree", "narrow", "draughts-phone.png"),
          ("draughts-path", "wide", "draughts-captures-wide.png"))

#: Scrolls the page so that a part's top stands just below what stays pinned at the top of the screen.
_SCROLL = """selector => {
  const part = document.querySelector(selector);
  const pinned = document.querySelector(".pinned");
  const cover = pinned && getComputedStyle(pinned).position === "sticky" ? pinned.offsetHeight : 0;
  window.scrollTo(0, part.getBoundingClientRect().top + window.scrollY - cover - 8);
}"""


def main(folder: Path, shots: list[tuple[str, str, str]]) -> list[Path]:
    """Take the screenshots ``shots`` ((state, size, file name) each) into ``folder``; returns the files."""
    folder.mkdir(parents=True, exist_ok=True)
    made = []
    with served() as url, browser() as chromium:
        for size in SIZES:
            wanted = [(name, file) for name, at, file in shots if at == size]
            if not wanted:
                continue
            width, height = SIZES[size]
            page = chromium.new_page(viewport={"width": width, "height": height})  # type: ignore[attr-defined]
            for name, file in wanted:
                address, shown, part = STATES[name]
                page.goto(url.rstrip("/") + address)
                page.get_by_text(shown).filter(visible=True).first.wait_for(timeout=30_000)
                if part:
                    page.evaluate(_SCROLL, part)
                page.wait_for_timeout(300)  # the last frame drawn
                path = folder / file
                page.screenshot(path=str(path), full_page=part is None)
                made.append(path)
            page.close()
    return made


if __name__ == "__main__":
    if chromium_path() is None:
        sys.exit("screenshots: no Chromium found (apt-get install chromium)")
    if len(sys.argv) > 1:
        made = main(Path(sys.argv[1]), [(name, size, f"{name}-{size}.png") for name in STATES for size in SIZES])
    else:
        made = main(Path(__file__).resolve().parent.parent / "docs" / "screenshots", list(README))
    print("\n".join(map(str, made)))
