"""Screenshots of every page, wide (1280x800) and narrow (390x844), in the states the README shows.

    PYTHONPATH=src python tests/screenshots.py [FOLDER]       (default: docs/screenshots)

Each state is a link (the address holds the page's state), so the pictures show
what a teacher's shared link shows.  Needs a Chromium (see web_helpers.chromium_path).
"""

from __future__ import annotations

import sys
from pathlib import Path

from web_helpers import browser, chromium_path, served

SIZES = {"wide": (1280, 800), "narrow": (390, 844)}
#: name -> (address, the text the page shows once it has drawn that state)
STATES = {
    "index": ("/", "Watch the textbook searches"),
    "queens": ("/queens?n=8&view=watch&method=recursive&step=40", "step 40"),
    "queens-iterative": ("/queens?n=6&view=watch&method=iterative&step=25", "step 25"),
    "knight": ("/knight?board=6x6&start=a1&method=warnsdorff&view=tour&step=20", "square 20"),
    "draughts": ("/draughts?variant=russian&fen=W%3AWc3%3ABb4%2Cd6%2Cf6%2Cd4%2Cf4&view=captures&path=1&jump=3",
                 "jump 2 of 2"),
}


def main(folder: Path) -> list[Path]:
    """Take every screenshot into ``folder``; returns the files."""
    folder.mkdir(parents=True, exist_ok=True)
    made = []
    with served() as url, browser() as chromium:
        for size, (width, height) in SIZES.items():
            page = chromium.new_page(viewport={"width": width, "height": height})  # type: ignore[attr-defined]
            for name, (address, shown) in STATES.items():
                page.goto(url.rstrip("/") + address)
                page.get_by_text(shown).filter(visible=True).first.wait_for(timeout=15_000)
                page.wait_for_timeout(200)  # the last frame drawn
                path = folder / f"{name}-{size}.png"
                page.screenshot(path=str(path), full_page=True)
                made.append(path)
            page.close()
    return made


if __name__ == "__main__":
    if chromium_path() is None:
        sys.exit("screenshots: no Chromium found (apt-get install chromium)")
    for made in main(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots")):
        print(made)
