"""What a page shows in words, for the check that a Russian page shows no English sentence."""

from __future__ import annotations

import re

#: The visible text of the page, leaving out the code panel (the seed's code and its variables), code, keys
#: and what is hidden.
VISIBLE_TEXT = """() => {
  const parts = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || parent.closest(".watch-code, code, kbd, script, style, option, textarea, .listing")) continue;
    if (!parent.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
    parts.push(node.textContent);
  }
  for (const select of document.querySelectorAll("select")) if (select.checkVisibility() && select.selectedOptions[0]) parts.push(select.selectedOptions[0].textContent);
  return parts.join("\\n");
}"""

#: Three or more Latin words in a row, with nothing but spaces between them: an English phrase.
ENGLISH = re.compile(r"\b[A-Za-z][A-Za-z0-9_'’]*(?:[ \u00a0]+[A-Za-z][A-Za-z0-9_'’]*){2,}\b")


def english_runs(text: str) -> list[str]:
    """The English phrases in ``text`` (three or more Latin words in a row)."""
    return ENGLISH.findall(text)
