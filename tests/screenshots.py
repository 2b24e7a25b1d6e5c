"""Screenshots of every page, wide (1280x800) and narrow (390x844), in telling states.

    PYTHONPATH=src python tests/screenshots.py            the README's three, into docs/screenshots
    PYTHONPATH=src python tests/screenshots.py FOLDER     every state at both sizes, into FOLDER

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
    "knight-starts": ("/knight?board=5x5&view=starts", "squares start"),
    "draughts": ("/draughts?variant=russian&fen=W%3AWc3%3ABb4%2Cd6%2Cf6%2Cd4%2Cf4&view=captures&path=1&jump=3",
                 "jump 2 of 2"),
}


#: The README's pictures (wide).
README = ("queens", "knight", "draughts")


def main(folder: Path, names: tuple[str, ...] = tuple(STATES), sizes: tuple[str, ...] = tuple(SIZES)) -> list[Path]:
    """Take the screenshots of ``names`` at ``sizes`` into ``folder``; returns the files."""
    folder.mkdir(parents=True, exist_ok=True)
    made = []
    with served() as url, browser() as chromium:
        for size in sizes:
            width, height = SIZES[size]
            page = chromium.new_page(viewport={"width": width, "height": height})  # type: ignore[attr-defined]
            for name in names:
                address, shown = STATES[name]
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
    if len(sys.argv) > 1:
        made = main(Path(sys.argv[1]))
    else:
        made = main(Path(__file__).resolve().parent.parent / "docs" / "screenshots", README, ("wide",))
    print("\n".join(map(str, made)))
