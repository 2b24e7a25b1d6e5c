"""The lessons in a browser (issue 31, item 1): the 4-queens lesson played through, right and wrong answers,
at both widths and in both languages; one stage of each other lesson answered; the stage in the address and
remembered in the browser.  Headless Chromium as in ``tests/test_web_pages.py``, whose fixtures these share.
"""

from __future__ import annotations

import re

import pytest
from language_helpers import VISIBLE_TEXT, english_runs
from test_web_pages import PHONE, page, square  # noqa: F401 - the fixtures, shared
from test_web_learner import refused  # noqa: F401 - the fixture, shared
from web_helpers import chromium_path

from boardpuzzles.i18n import catalogue
from boardpuzzles.lessons import LESSONS, lesson_puzzle

pytestmark = [pytest.mark.slow, pytest.mark.skipif(chromium_path() is None,
                                reason="no Chromium found (apt-get install chromium, or set BOARDPUZZLES_CHROMIUM)")]

from playwright.sync_api import expect

#: ms to wait for what the server computes (a lesson's search), on a busy machine
LOADS = 60_000


def lesson_of(page, name: str) -> dict:
    """The lesson as the API gives it to the page (the library's JSON)."""
    return page.request.get(f"{page.url_base}/api/{lesson_puzzle(name)}/lesson?name={name}").json()


def opened(page, name: str, stage: int, lang: str = "en") -> None:
    page.goto(f"{page.url_base}/learn/{name}?stage={stage}&lang={lang}")
    expect(page.locator("#stage-count")).to_have_text(re.compile(rf"\b{stage}\b"), timeout=LOADS)


def click_answer(page, question: dict, right: bool) -> str:
    """Clicks the right answer (or a wrong one) where the learner would; gives what was chosen."""
    answer = question["answer"]
    if "square" not in answer and "node" in answer:  # a node of the search tree only
        chosen = answer["node"] if right else (0 if answer["node"] else 1)
        node = page.locator(f'.watch-tree [data-node="{chosen}"]')
        label = node.locator("text:not(:empty)").first.text_content()
        node.click()
        return label
    if "square" in answer:
        chosen = answer["square"] if right else ("a1" if answer["square"] != "a1" else "b1")
        square(page, chosen).click()
        return chosen
    if "number" in answer:
        chosen = str(answer["number"] if right else answer["number"] + 1)
        page.locator("#answers button", has_text=re.compile(rf"^{chosen}$")).click()
        return chosen
    lists = answer["cells"][0][0] in ("diag1", "diag2")  # the Prolog term's free lists, else the seed's tables
    wrong = ("rows", 1) if lists else ("c", 1)  # neither FreeRows nor the c row ever refuses a square
    table, entry = answer["cells"][0] if right else wrong
    if lists:
        name = {"rows": "FreeRows", "diag1": "FreeDiag1", "diag2": "FreeDiag2"}[table]
        page.locator(".term .arg", has=page.locator(".name", has_text=re.compile(rf"^{name}$"))) \
            .locator(".chip", has_text=re.compile(rf"^{entry}$")).click()
        return f"{name} {entry}"
    row = page.locator("table.tables tr", has=page.locator("th", has_text=re.compile(rf"^{table}(\[|$)")))
    row.locator("td").nth(entry - 1).click()
    return f"{table}[{entry}]"


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", ["wide", "phone"])
def test_the_first_lesson_played_through(page, size, lang):
    """Every stage of "What is backtracking?": the text from the catalogue, each question answered (right and
    wrong in turn), the verdict and the reason said, the step after shown, the address following."""
    if size == "phone":
        page.set_viewport_size(PHONE)
    words = catalogue(lang)
    lesson = lesson_of(page, "backtracking")
    opened(page, "backtracking", 1, lang)
    expect(page.locator("h1")).to_have_text(words["lesson.backtracking.title"])
    right = True
    for at, stage in enumerate(lesson["stages"], 1):
        expect(page.locator("#stage-count")).to_have_text(words["lesson.ui.stage"].format(at=at, of=len(lesson["stages"])))
        assert f"stage={at}" in page.url
        question = stage["question"]
        if question is None:
            expect(page.locator("#lesson-text")).to_have_text(words[stage["text"]].format(**stage["fields"]))
        else:
            expect(page.locator("#next")).to_be_disabled()
            chosen = click_answer(page, question, right)
            verdict = words["lesson.ui.right"] if right else words["lesson.ui.wrong"].format(chosen=chosen)
            expect(page.locator("#feedback")).to_have_text(f"{verdict} {words[question['why']].format(**question['fields'])}")
            expect(page.locator("#feedback")).to_have_class(re.compile("good" if right else "error"))
            right = not right
        if at < len(lesson["stages"]):
            page.locator("#next").click()
    expect(page.locator("#next")).to_be_disabled()
    expect(page.locator("#answers")).to_contain_text(words["lesson.ui.done"])


@pytest.mark.parametrize("name", [name for name in LESSONS if name != "backtracking"])
def test_a_question_of_each_other_lesson(page, name):
    """Each lesson's first question: the page asks it on the step before, and the right answer, clicked, is
    said right and shows the step after (its caption)."""
    lesson = lesson_of(page, name)
    at, stage = next((at, stage) for at, stage in enumerate(lesson["stages"], 1) if stage["question"])
    opened(page, name, at)
    caption = page.locator("#caption").inner_text()
    click_answer(page, stage["question"], True)
    expect(page.locator("#feedback")).to_have_class(re.compile("good"))
    expect(page.locator("#caption")).not_to_have_text(caption)
    expect(page.locator("#next")).to_be_enabled()


def test_show_me_reveals_and_the_place_is_remembered(page):
    lesson = lesson_of(page, "backtracking")
    at = next(at for at, stage in enumerate(lesson["stages"], 1) if stage["question"])
    opened(page, "backtracking", at)
    page.locator("#show").click()
    expect(page.locator("#feedback")).to_have_text(catalogue("en")[lesson["stages"][at - 1]["question"]["why"]]
                                                   .format(**lesson["stages"][at - 1]["question"]["fields"]))
    page.locator("#next").click()
    page.goto(f"{page.url_base}/learn/backtracking")  # no stage asked: where the learner stopped
    expect(page.locator("#stage-count")).to_contain_text(f"Stage {at + 1} of", timeout=LOADS)
    page.goto(f"{page.url_base}/learn")
    expect(page.locator('[data-lesson="backtracking"]')).to_contain_text(f"you stopped at stage {at + 1}")
    expect(page.locator(".lesson-list a")).to_have_count(len(LESSONS))


def test_a_bad_stage_in_the_address_is_said(page):
    page.goto(f"{page.url_base}/learn/knight-warnsdorff?stage=99")
    expect(page.locator("#status")).to_contain_text("stage “99”", timeout=LOADS)
    expect(page.locator("#stage-count")).to_contain_text("Stage 1 of")


def test_the_home_page_leads_to_the_first_lesson(page):
    page.goto(page.url_base + "/")
    page.get_by_role("link", name="What is backtracking?").click()
    expect(page.locator("h1")).to_have_text("What is backtracking?", timeout=LOADS)


@pytest.mark.parametrize("size", ["wide", "phone"])
def test_a_russian_lesson_shows_no_english_sentence(page, size):
    """The index and a question of each lesson, asked and answered, in Russian: no three Latin words in a row
    outside the code."""
    if size == "phone":
        page.set_viewport_size(PHONE)
    page.goto(f"{page.url_base}/learn?lang=ru")
    expect(page.locator(".lesson-list a").first).not_to_be_empty()
    assert english_runs(page.evaluate(VISIBLE_TEXT)) == []
    for name in LESSONS:
        lesson = lesson_of(page, name)
        at, stage = next((at, stage) for at, stage in enumerate(lesson["stages"], 1) if stage["question"])
        opened(page, name, at, "ru")
        assert english_runs(page.evaluate(VISIBLE_TEXT)) == [], name
        click_answer(page, stage["question"], False)
        expect(page.locator("#feedback")).to_have_class(re.compile("error"))
        assert english_runs(page.evaluate(VISIBLE_TEXT)) == [], name


def test_the_knight_taken_back_is_answered_in_the_tree(page):
    """The square the search takes the knight back to is also a node of the search tree: a click on that
    node answers (and does not go to the step that made it)."""
    lesson = lesson_of(page, "knight-backtrack")
    at, stage = next((at, stage) for at, stage in enumerate(lesson["stages"], 1) if stage["question"])
    opened(page, "knight-backtrack", at)
    page.locator(f'.watch-tree [data-node="{stage["question"]["answer"]["node"]}"]').click()
    expect(page.locator("#feedback")).to_have_class(re.compile("good"))
    expect(page.locator("#feedback")).to_contain_text(stage["question"]["fields"]["left"])


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_capture_walks_next_node_is_answered_in_the_tree(page, lang):
    """The node search visits next: Enter on the right node (reached from the tree's focus by the arrow keys'
    roving focus, here given to it) says right and why; a click on another node, in a fresh try, says wrong."""
    words = catalogue(lang)
    lesson = lesson_of(page, "draughts-captures")
    at, stage = next((at, stage) for at, stage in enumerate(lesson["stages"], 1)
                     if stage["question"] and stage["question"]["kind"] == "next-visit")
    question = stage["question"]
    opened(page, "draughts-captures", at, lang)
    expect(page.locator("#lesson-text")).to_have_text(words["lesson.ask.next-visit"].format(**question["fields"]))
    expect(page.locator("#answers")).to_have_text(words["lesson.ui.how.node"])
    page.locator(f'.watch-tree [data-node="{question["answer"]["node"]}"]').focus()
    page.keyboard.press("Enter")
    why = words[question["why"]].format(**question["fields"])
    expect(page.locator("#feedback")).to_have_text(f'{words["lesson.ui.right"]} {why}')
    expect(page.locator("#next")).to_be_enabled()
    opened(page, "draughts-captures", at, lang)
    chosen = click_answer(page, question, False)
    expect(page.locator("#feedback")).to_have_text(f'{words["lesson.ui.wrong"].format(chosen=chosen)} {why}')
    if lang == "ru":
        assert english_runs(page.evaluate(VISIBLE_TEXT)) == []


def test_a_queens_lesson_from_the_teachers_queens(page):
    """?placed=a1 starts the lesson from the queens a teacher placed: the intro names them, the board shows
    them, a question is asked of that search, and the place is not remembered over the lesson's own."""
    lesson = page.request.get(f"{page.url_base}/api/queens/lesson?name=backtracking&placed=a1").json()
    page.goto(f"{page.url_base}/learn/backtracking?placed=a1&stage=1")
    expect(page.locator("#lesson-text")).to_have_text(
        catalogue("en")["lesson.placed.intro"].format(**lesson["stages"][0]["fields"]), timeout=LOADS)
    expect(square(page, "a1")).to_have_attribute("aria-label", re.compile(r"^a1, queen"))
    at, stage = next((at, stage) for at, stage in enumerate(lesson["stages"], 1) if stage["question"])
    page.goto(f"{page.url_base}/learn/backtracking?placed=a1&stage={at}")
    expect(page.locator("#stage-count")).to_contain_text(f"Stage {at} of {len(lesson['stages'])}", timeout=LOADS)
    click_answer(page, stage["question"], True)
    expect(page.locator("#feedback")).to_have_class(re.compile("good"))
    assert page.evaluate("() => window.localStorage.getItem('boardpuzzles.lesson.backtracking')") is None


def test_queens_a_lesson_cannot_start_from_are_said(refused):
    refused.goto(f"{refused.url_base}/learn/backtracking?placed=b2")
    expect(refused.locator("#status")).to_contain_text("rank 1 has none", timeout=LOADS)
