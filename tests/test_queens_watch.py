"""Watching the seeds' queens searches: the steps come from the seed's code as it runs.

The seed's own program counts: on 8 x 8, seed 000's automaton reaches its first
solution after 876 tests of a square, 112 occupations and 105 frees; HR(k) after
876 tests, 113 occupations (it occupies the eighth queen's square, where the
automaton only sets c[8]) and 105 frees.  These numbers were counted by running
the seed's program, transliterated line by line below (``seed_automaton``,
``seed_hr``); the tests pin them as literals and check the step streams against
both the literals and the transliterations.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from listing_helpers import LineTracer
from web_helpers import chromium_path, players_page

from boardpuzzles import notebook, queens, watching
from boardpuzzles.errors import InputError
from boardpuzzles.queens import arsac, prolog
from boardpuzzles.queens.steps import LISTINGS, ending, search_steps

#: (tests, occupations, frees) of seed 000's programs on 8 x 8 up to their first solution.
SEED_ITERATIVE_FIRST = (876, 112, 105)
SEED_RECURSIVE_FIRST = (876, 113, 105)
#: The same over the whole search (92 solutions).
SEED_ITERATIVE_ALL = (15398, 1964, 1964)
SEED_RECURSIVE_ALL = (15720, 2056, 2056)


def seed_automaton(N, first_only=True):
    """Seed 000's program, its labels as states, counting T (a square tested: ст, дп, дм read),
    O (ст, дп, дм := k) and F (:= 0); returns (T, O, F) at its first ВЫВЕСТИ c, or at Я."""
    c = [0] * (N + 2)
    cm = [0] * (N + 1)
    dp = [0] * (2 * N)
    dm = [0] * (2 * N)
    T = O = F = 0
    k, i, label = 1, 0, "С"
    while label != "Я":
        if label == "С":  # С c[k] := 0
            c[k] = 0
            label = "И"
        elif label == "И":  # И i := c[k] + 1; ВЫПОЛНЯТЬ ... ВЕРНУТЬСЯ
            i = c[k] + 1
            while True:
                if i == N + 1:  # ЕСЛИ i = 9 ТО КОНЧЕНО
                    break
                T += 1
                if cm[i] == 0 and dp[k + i - 1] == 0 and dm[k - i + N] == 0:
                    break
                i += 1
            label = "СБ" if i == N + 1 else "СОК"  # ЕСЛИ i = 9 ТО ПЕРЕЙТИ К СБ
        elif label == "СОК":  # СОК c[k] := i
            c[k] = i
            if k == N:  # ЕСЛИ k = 8 ТО ВЫВЕСТИ c; ПЕРЕЙТИ К СБ
                if first_only:
                    return T, O, F
                label = "СБ"
            else:
                cm[i] = k
                dp[k + i - 1] = k
                dm[k - i + N] = k
                O += 1
                k += 1
                label = "С"
        else:  # СБ k := k - 1; ЕСЛИ k = 0 ТО ПЕРЕЙТИ К Я; i := c[k]; ст[i] := 0 ...
            k -= 1
            if k == 0:
                label = "Я"
            else:
                i = c[k]
                cm[i] = dp[k + i - 1] = dm[k - i + N] = 0
                F += 1
                label = "И"
    return T, O, F


def seed_hr(N, first_only=True):
    """Seed 002's HR(k): run over the squares of row k; on a free one "occupy k, i", solve HR(k + 1),
    "free k, i"; counts as seed_automaton, to the first solution or to the end."""
    cm = [0] * (N + 1)
    dp = [0] * (2 * N)
    dm = [0] * (2 * N)
    counts = [0, 0, 0]

    class First(Exception):
        pass

    def HR(k):
        for i in range(1, N + 1):
            counts[0] += 1
            if cm[i] == 0 and dp[k + i - 1] == 0 and dm[k - i + N] == 0:
                cm[i] = dp[k + i - 1] = dm[k - i + N] = k
                counts[1] += 1
                if k == N:
                    if first_only:
                        raise First
                else:
                    HR(k + 1)
                cm[i] = dp[k + i - 1] = dm[k - i + N] = 0
                counts[2] += 1

    try:
        HR(1)
    except First:
        pass
    return tuple(counts)


def counted(step):
    counts = step.to_json()["counts"]
    return counts["tests"], counts["placements"], counts["backtracks"]


def first_solution(n, method):
    return next(step for step in search_steps(n, method) if step.action == "solution")


def test_the_transliterated_seed_counts_what_the_pinned_numbers_say():
    assert seed_automaton(8) == SEED_ITERATIVE_FIRST
    assert seed_hr(8) == SEED_RECURSIVE_FIRST
    assert seed_automaton(8, first_only=False) == SEED_ITERATIVE_ALL
    assert seed_hr(8, first_only=False) == SEED_RECURSIVE_ALL


def test_on_8x8_the_steps_reach_the_first_solution_after_the_seeds_tests_occupations_and_frees():
    assert counted(first_solution(8, "iterative")) == SEED_ITERATIVE_FIRST
    assert counted(first_solution(8, "recursive")) == SEED_RECURSIVE_FIRST


@pytest.mark.parametrize("n", range(4, 13))
@pytest.mark.slow
def test_the_steps_count_as_the_seeds_program_on_every_board(n):
    assert counted(first_solution(n, "iterative")) == seed_automaton(n)
    assert counted(first_solution(n, "recursive")) == seed_hr(n)
    if n <= 8:  # the whole search (8 queens: 20,000 steps; 9 queens: 90,000)
        *_, last = search_steps(n, "recursive")
        assert counted(last) == seed_hr(n, first_only=False)
        *_, last = search_steps(n, "iterative")
        assert counted(last) == seed_automaton(n, first_only=False)


@pytest.mark.slow
def test_the_whole_8_queens_search_is_announced_with_its_counts():
    *_, last = search_steps(8, "recursive")
    assert ending(last, over=True) == ("search over: 92 solutions after 15,720 tests, 2,056 placements, "
                                       "2,056 backtracks, 2,057 nodes")
    assert last.action == "free" and (last.k, last.i) == (1, 8)


@pytest.mark.parametrize("method", ["recursive", "iterative", "freelist"])
def test_each_step_names_the_line_executing(method):
    """Python's tracer says which line each listed frame runs; every step must name that line, and
    that line must hold the operation that made the step."""
    listing = LISTINGS[method]
    tracer = LineTracer(listing)
    checked: list[tuple[int, int, str, str]] = []
    operations = {"test": "is_free(", "occupy": "occupy(", "free": "free(" if method != "freelist" else "backtrack(",
                  "solution": "solution("}

    def trace(step):
        line = step.moment.where.line
        checked.append((line, tracer.executing(), listing.lines[line - 1], step.action))

    tracer.run(lambda: list(queens.steps.WATCHED[method](6, trace=trace)))
    assert len(checked) > 300
    assert all(line == executing for line, executing, _, _ in checked)
    assert all(operations[action] in text for _, _, text, action in checked)


def test_the_recursive_stack_is_hr_1_to_hr_k_with_their_columns():
    for step in search_steps(6, "recursive"):
        stack = step.moment.where.stack
        assert [frame.name for frame in stack] == ["HR"] * len(stack)
        assert [dict(frame.variables)["k"] for frame in stack] == list(range(1, len(stack) + 1))
        assert len(stack) == step.k
        outer = [dict(frame.variables)["i"] for frame in stack[:-1]]
        assert outer == list(step.c[: len(outer)])  # each outer HR(j) stands on queen j's column
        assert step.to_json()["vars"] == {"k": step.k, "i": step.i}


def test_the_prolog_stack_is_placen_then_place_a_queen():
    for step in search_steps(5, "freelist"):
        names = [frame.name for frame in step.moment.where.stack]
        if step.action in ("test", "occupy"):  # place_a_queen tests a column, and makes the board with it
            assert names == ["placeN"] * (len(names) - 1) + ["place_a_queen"]
            assert step.to_json()["vars"] == {"R": step.row, "C": step.col}
        else:
            assert set(names) == {"placeN"}


@pytest.mark.parametrize("method", ["recursive", "iterative"])
def test_a_refusal_names_the_table_and_the_queen_that_holds_it(method):
    refused = 0
    for step in search_steps(6, method):
        if step.action != "test" or step.refusal is None:
            continue
        refused += 1
        refusal = step.to_json()
        table, entry, row, col = (refusal["blocker"][key] for key in ("table", "entry", "row", "col"))
        assert refusal["reason"] == f"{table}[{entry}] is taken by queen {row}"
        assert getattr(step, table)[entry - 1] == row and step.c[row - 1] == col
        expected = {"cm": step.i, "dp": step.k + step.i - 1, "dm": step.k - step.i + 6}[table]
        assert entry == expected
    assert refused > 100


def test_a_prolog_refusal_names_the_free_list_and_the_queen_that_took_the_diagonal():
    refusals = [step for step in search_steps(6, "freelist") if step.action == "test" and step.refusal]
    assert refusals
    for step in refusals:
        blocker = step.to_json()["blocker"]
        r, c = blocker["row"], blocker["col"]
        assert (r, c) in step.board.queens
        d1, d2 = 6 + step.col - step.row, step.row + step.col - 1
        if blocker["table"] == "diag1":
            assert blocker["entry"] == d1 == 6 + c - r and d1 not in step.board.diag1
            assert step.refusal.reason == f"FreeDiag1 lacks D1 = {d1}: q({r},{c}) took it"
        else:
            assert blocker["entry"] == d2 == r + c - 1 and d1 in step.board.diag1 and d2 not in step.board.diag2


@pytest.mark.parametrize("method", ["recursive", "iterative", "freelist"])
def test_the_tree_grows_one_partial_placement_at_a_time(method):
    depth_of = {0: 0}
    made = 1
    for step in search_steps(6, method):
        payload = step.to_json()
        queens_on_board = len(payload["c"]) if method != "freelist" else len(payload["board"]["queens"])
        if "parent" in payload:
            assert payload["node"] == made and depth_of[payload["parent"]] == queens_on_board - 1
            depth_of[payload["node"]] = queens_on_board
            made += 1
        assert depth_of[payload["node"]] == queens_on_board
        assert payload["counts"]["nodes"] == made
    assert made == queens.compare(6).runs[0].nodes  # the recursive search's own count


def test_every_step_has_the_common_keys():
    for method in ("recursive", "iterative", "freelist"):
        for step in search_steps(5, method):
            payload = step.to_json()
            assert {"method", "action", "index", "line", "vars", "stack", "counts", "node", "solution"} <= set(payload)
            assert payload["action"] in ("test", "occupy", "free", "solution")
            assert ("reason" in payload) == (payload["action"] == "test" and step.refusal is not None)


def test_a_step_written_as_its_difference_reads_back_whole():
    steps = [step.to_json() for step in search_steps(6, "freelist")]
    before = None
    for step in steps:
        written = watching.delta(before, step)
        assert _undelta(before, written) == step
        before = step
    assert watching.delta(steps[0], steps[1])["stack"]["$keep"] >= 1


def _undelta(before, written):
    """The reader of watching.delta's form (web/static/steps.js reads it the same way)."""
    if before is None:
        return written
    after = dict(before)
    for key, value in written.items():
        if key == "$gone":
            continue
        old = before.get(key)
        if isinstance(old, dict) and isinstance(value, dict):
            after[key] = _undelta(old, value)
        elif isinstance(old, list) and isinstance(value, dict) and "$keep" in value:
            after[key] = old[: value["$keep"]] + value["$tail"]
        else:
            after[key] = value
    for key in written.get("$gone", []):
        del after[key]
    return after


def test_the_notebook_player_holds_the_whole_search_and_loads_nothing():
    player = queens.watch(6, method="iterative")
    assert repr(player) == f"Player(6 queens: the iterative search: {len(player):,} steps)"
    html = player._repr_html_()
    assert html.count("<script>") == 1 and "http" not in html.replace("http://www.w3.org/2000/svg", "")
    assert 'modules["queens-watch.js"].puzzle' in html and "import " not in html.split("<script>")[1].split("\n")[3]
    assert html != queens.watch(6, method="iterative")._repr_html_()  # each player has its own id


@pytest.mark.slow
def test_a_player_of_too_many_steps_is_refused_naming_the_limit(monkeypatch):
    assert notebook.MAX_STEPS == 60_000 and len(queens.watch(8)) == 19_924  # the whole 8-queens search fits
    monkeypatch.setattr(notebook, "MAX_STEPS", 1000)
    with pytest.raises(InputError, match=r"^n: the recursive search of 6 queens has more than 1,000 steps, too many "
                                         r"for a player \(a player holds at most 1,000\)$") as error:
        queens.watch(6)
    assert error.value.parameter == "n"


def test_the_bundle_reads_every_module_it_imports():
    script = notebook.bundle(["notebook.js", "queens-watch.js"])
    for module in ("board.js", "steps.js", "player.js", "tree.js", "watch.js", "notebook.js", "queens-watch.js"):
        assert f'modules["{module}"] = (function' in script
    assert script.index('modules["board.js"] =') < script.index('modules["watch.js"] =') < script.index('modules["notebook.js"] =')


def test_the_comparison_counts_the_nodes_each_method_visits():
    result = queens.compare(8)
    runs = {run.method: run for run in result.runs}
    assert [run.method for run in result.runs] == ["recursive", "iterative", "freelist", "half-row", "symmetry", "bitboard"]
    assert {run.solutions for run in result.runs} == {92}
    assert {runs[m].nodes for m in ("recursive", "iterative", "freelist", "bitboard")} == {2057}  # one tree, four walks
    assert (runs["half-row"].found, runs["symmetry"].found) == (46, 12)
    assert runs["symmetry"].nodes < runs["half-row"].nodes < runs["recursive"].nodes
    assert result.to_json()["methods"][0]["nodes"] == 2057
    for n in (5, 7):  # odd boards: queen 1 in the middle column is counted once
        assert {run.solutions for run in queens.compare(n).runs} == {queens.count(n, workers=1).count}


def test_the_comparison_refuses_what_plain_python_cannot_list_quickly():
    with pytest.raises(InputError, match="must be 4..12") as error:
        queens.compare(13)
    assert error.value.parameter == "n"


def test_the_listings_are_the_seeds_code_without_instrumentation():
    for listing in LISTINGS.values():
        text = "\n".join(listing.lines)
        assert "trace" not in text and "where(" not in text and "Recorder" not in text
    assert "def HR(k):" in [line.strip() for line in arsac.RECURSIVE.lines]
    assert "def place_a_queen(Board1):" in [line.strip() for line in prolog.FREELIST.lines]


@pytest.mark.slow
@pytest.mark.skipif(chromium_path() is None, reason="no Chromium found (apt-get install chromium, or set BOARDPUZZLES_CHROMIUM)")
def test_two_notebook_players_play_offline_and_apart_in_chromium(tmp_path):
    first, second = queens.watch(6, method="recursive"), queens.watch(5, method="freelist")
    with players_page(tmp_path, [first, second]) as (page, problems):
        one, two = page.locator(".bp-player").nth(0), page.locator(".bp-player").nth(1)
        expect(one.locator(".counter")).to_have_text(f"step 1 of {len(first):,}")
        one.focus()
        for index in range(1, 9):  # the keys drive the player that has the focus; each step read back whole
            page.keyboard.press("ArrowRight")
            step = first.steps[index]
            expect(one.locator(".counter")).to_have_text(f"step {index + 1} of {len(first):,}")
            assert int(one.locator(".listing .ln.now").get_attribute("data-line")) == step["line"]
            assert one.locator(".counts dd").all_inner_texts()[0] == str(step["counts"]["tests"])
        expect(two.locator(".counter")).to_have_text(f"step 1 of {len(second):,}")
        two.get_by_role("button", name="Next solution").click()
        expect(two.locator(".caption")).to_contain_text("solution 1: 1 3 5 2 4")
        two.get_by_role("button", name="End ⇥").click()
        expect(two.locator(".status")).to_contain_text("Search over: 10 solutions")
        expect(one.locator(".counter")).to_have_text(f"step 9 of {len(first):,}")
    assert problems == []


@pytest.mark.parametrize("method", [["recursive"], None, 3])
def test_watch_names_a_method_of_the_wrong_kind(method):
    with pytest.raises(InputError, match="method must be one of recursive"):
        queens.watch(6, method=method)


def _seen(step):
    """What a step shows of the position and the code: its action, square, queens, refusal and line."""
    if isinstance(step, arsac.ArsacStep):
        where = (step.k, step.i, step.c, step.cm, step.dp, step.dm)
    else:
        where = (step.row, step.col, step.board)
    return step.action, where, step.refusal, step.solution, step.moment.line


@pytest.mark.parametrize("method", ["recursive", "iterative", "freelist"])
def test_a_search_from_placed_queens_makes_the_steps_of_the_whole_search_while_they_stand(method):
    placed = [(1, 3), (0, 1)]  # b1, d2: the order given does not matter
    whole = list(search_steps(6, method))
    put = next(j for j, step in enumerate(whole) if step.action == "occupy" and _queens(step) == [2, 4])
    taken = next(j for j in range(put + 1, len(whole)) if len(_queens(whole[j])) < 2)  # queen 2 taken back
    part = list(search_steps(6, method, placed=placed))
    assert [_seen(step) for step in part] == [_seen(step) for step in whole[put + 1 : taken]]
    assert part[0].moment.node == 0 and part[0].moment.count("tests") == 1  # the tree and the counts start there


def _queens(step):
    """The 1-based columns of the queens on the board at a step, row by row."""
    if isinstance(step, arsac.ArsacStep):
        return list(step.c)
    return [col for _, col in sorted(step.board.queens)]


@pytest.mark.parametrize("placed, problem", [
    ([(0, 0), (1, 1)], "the given queens a1 and b2 attack each other (share a diagonal)"),
    ([(0, 6)], "placed: square (0, 6) is off the 6x6 board"),
    ([(1, 2)], "placed: the seeds fill the rows in order, so the placed queens must stand on the first rows, one a row (rank 1 has none)"),
    ([(0, 1), (1, 3), (2, 5), (3, 0), (4, 2), (5, 4)], "placed: all 6 queens are placed: leave a row for the search"),
])
def test_placed_queens_the_search_cannot_start_from_are_refused_naming_placed(placed, problem):
    with pytest.raises(InputError) as raised:
        search_steps(6, "recursive", placed=placed)
    assert raised.value.parameter == "placed" and problem in str(raised.value)


def test_the_notebook_player_continues_from_the_queens_placed():
    """``placed`` as the page's Watch takes it: the search keeps the queens and runs from the next row on."""
    player = queens.watch(6, "recursive", placed="b1,d2")
    assert player.steps == [step.to_json() for step in queens.search_steps(6, "recursive", placed=[(0, 1), (1, 3)])]
    assert player.setup == {"n": 6, "method": "recursive", "first": 3}
    assert repr(player) == "Player(6 queens: the recursive search from b1, d2: 81 steps)"
    assert queens.watch(6, "recursive", placed=["d2", (0, 1)]).steps == player.steps
    assert queens.watch(6, "freelist", "ru", placed=["b1"]).title == "6 ферзей: поиск freelist от ферзей на b1"
    assert queens.watch(6, "iterative").setup["first"] == 1


@pytest.mark.parametrize("placed, says", [("b1,b2", "attack each other"), ("b2", r"rank 1 has none"),
                                          (5, "must be a list of squares"), (["z9"], "off the 6x6 board"),
                                          ("b1,d2,f3,a4,c5,e6", "leave a row")])
def test_the_notebook_players_placed_queens_are_checked_naming_placed(placed, says):
    with pytest.raises(InputError, match=says) as error:
        queens.watch(6, placed=placed)
    assert error.value.parameter == "placed"


def test_queens_solve_writes_the_player_from_the_queens_placed(cli, tmp_path):
    path = tmp_path / "q.html"
    done = cli("queens", "solve", "6", "--method", "iterative", "--html", str(path), "--placed", "b1,d2")
    assert done.status == 0 and "<title>6 queens: the iterative search from b1, d2 · boardpuzzles</title>" in path.read_text()
    alone = cli("queens", "solve", "6", "--method", "iterative", "--placed", "b1")
    assert alone.status == 2 and alone.err == ("boardpuzzles: --placed needs --html: the queens placed start the search "
                                               "written to the file\n")
    wrong = cli("queens", "solve", "6", "--method", "iterative", "--html", str(tmp_path / "x.html"), "--placed", "b2")
    assert wrong.status == 2 and "rank 1 has none" in wrong.err and not (tmp_path / "x.html").exists()
