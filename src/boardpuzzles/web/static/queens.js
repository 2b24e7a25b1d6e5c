// The N queens page: place queens, complete, browse the solutions and their symmetries, watch the seeds
// search (watch.js with the queens' adapter, queens-watch.js), compare the methods.
import { get, readState, writeState } from "./api.js";
import { Board, boardSvg, escapeText, exportButtons, parseSquare, squareName } from "./board.js";
import { $, failed, fitStage, say, sayAddress } from "./common.js";
import { lang, number, t } from "./i18n.js";
import { attackHow, puzzle, queensSpec } from "./queens-watch.js";
import { StepStore, pagedSource } from "./steps.js";
import { Watch } from "./watch.js";

const GIVEN = "#1b6e20";
const PAGE = 5000; // steps a request
const LARGE_PAGE_N = 14; // from this N a step is larger (its tables), and a request asks for a fifth as many
const MAX_LOADED = 100_000; // steps the page holds
const WATCHED_N = 20;
const COMPARED_N = 10;
const VIEWS = ["place", "solutions", "watch", "compare"];
const METHODS = ["recursive", "iterative", "freelist"];

const state = readState({ n: "8", queens: "", view: "place", k: "1", unique: "", method: "recursive", step: "" });
const problems = []; // what the address asked that the page cannot show, said once it has drawn
const whole = (text) => /^[0-9]{1,6}$/.test(text.trim());
let n = whole(state.n) ? clampN(Number(state.n)) : 8;
if (!whole(state.n) || Number(state.n) !== n) problems.push(t("queens.address_n", { value: state.n, n }));
let queens = parseQueens(state.queens); // [[row, col], ...]
let view = VIEWS.includes(state.view) || state.view === "complete" ? state.view : "place"; // "complete": the place tab
if (view !== state.view) problems.push(t("queens.address_view", { value: state.view, views: VIEWS.join(", ") }));
if (!METHODS.includes(state.method)) problems.push(t("queens.address_method", { value: state.method, methods: METHODS.join(", ") }));
for (const [name, value] of [["step", state.step], ["k", state.k]]) {
  if (value && !(whole(value) && Number(value) >= 1)) problems.push(t("queens.address_whole", { name, value }));
}
let solutions = [];
let shown = Math.max(0, Number(state.k) - 1);
let completion = null;
let watched = null; // {n, method} of the search the watcher holds
let comparison = null;

const board = new Board($("board"), toggleQueen);
fitStage();
exportButtons($("export"), board, () => `queens-${n}.svg`);
const watcher = new Watch({ board, bar: $("bar"), caption: $("caption"), counts: $("counts"), legend: $("legend"), side: $("watch-side"),
  status: $("status"), keys: document, onError: failed }, puzzle);
let saving = null; // while a search plays, the address follows at most five times a second
watcher.onShow = () => saving || (saving = setTimeout(() => ((saving = null), save()), 200));

function clampN(value) {
  return Number.isFinite(value) ? Math.max(4, Math.min(32, Math.round(value))) : 8;
}

function parseQueens(text) {
  const names = text.split(",").map((name) => name.trim()).filter(Boolean);
  const squares = names.map(parseSquare);
  const off = names.filter((name, j) => !(squares[j] && squares[j][0] < n && squares[j][1] < n));
  if (off.length) problems.push(t(off.length > 1 ? "queens.address_squares" : "queens.address_square", { names: off.map((name) => `“${name}”`).join(", "), n }));
  return squares.filter((sq) => sq && sq[0] < n && sq[1] < n);
}

function names(squares) {
  return squares.map(([r, c]) => squareName(r, c)).join(",");
}

function save() {
  const watching = view === "watch" && watched && watcher.player.index >= 0;
  writeState({ n, queens: names(queens), view, k: view === "solutions" ? shown + 1 : "", unique: $("unique").checked ? "true" : "",
    method: $("method").value, step: watching ? watcher.player.index + 1 : "" });
}

// ---------------------------------------------------------------- views

function setView(name) {
  view = name;
  const tab = name === "complete" ? "place" : name;
  for (const button of document.querySelectorAll(".tabs [role=tab]")) {
    const selected = button.dataset.view === tab;
    button.setAttribute("aria-selected", String(selected));
    button.tabIndex = selected ? 0 : -1;
    $(button.getAttribute("aria-controls")).hidden = !selected;
  }
  document.body.classList.toggle("watching", tab === "watch");
  document.body.classList.toggle("comparing", tab === "compare");
  board.setReadOnly(tab === "watch"); // the board shows the search: the arrow keys step it
  if (tab !== "watch") {
    watcher.hide();
  }
}

function showView(name) {
  setView(name);
  say("");
  if (name === "place") drawPlacing();
  else if (name === "solutions") {
    if (solutions.length) showSolution();
    else loadSolutions();
  } else if (name === "watch") {
    if (watched && watched.n === n && watched.method === $("method").value && watched.placed === names(queens) && watcher.store.length) {
      $("bar").hidden = false;
      watcher.player.go(watcher.player.index);
    } else {
      forget();
      draw({ placed: [], title: t("queens.board_title", { n }) });
      if (n > WATCHED_N) say(tooLarge(), "error");
      else say(t("queens.press_watch", { method: $("method").value, n }) + fromPlaced());
    }
  } else if (name === "compare") {
    draw({ placed: [], title: t("queens.board_title", { n }) });
    if (comparison && comparison.n === n) showComparison();
    else if (n <= COMPARED_N) compare();
    else say(t("queens.compare_too_large", { most: COMPARED_N }), "error");
  }
  save();
}

// ---------------------------------------------------------------- placing

function draw({ placed, marks = {}, title }) {
  board.render(queensSpec({ n, placed, marks, title }));
}

function drawPlacing() {
  draw({ placed: queens, title: t("queens.placing_title", { n }) });
  const pairs = [];
  for (let a = 0; a < queens.length; a++) {
    for (let b = a + 1; b < queens.length; b++) {
      const how = attackHow(queens[a], queens[b]);
      if (how) pairs.push(t("queens.pair", { a: squareName(...queens[a]), b: squareName(...queens[b]), how }));
    }
  }
  if (pairs.length) say(t("queens.conflict", { pairs: pairs.join("; ") }), "error");
  else if (queens.length === n) say(t("queens.placed_all", { n }), "good");
  else say(t("queens.placed_some", { count: queens.length, n }));
}

function toggleQueen(row, col) {
  if (view === "watch") return; // the board shows the search: it is not edited
  if (view !== "place") {
    queens = currentSolution().map((c, r) => [r, c]);
    setView("place");
  }
  const index = queens.findIndex(([r, c]) => r === row && c === col);
  if (index >= 0) queens.splice(index, 1);
  else queens.push([row, col]);
  drawPlacing();
  save();
}

// ---------------------------------------------------------------- completion and solutions

function currentSolution() {
  if (view === "complete" && completion) return completion;
  if (view === "solutions" && solutions.length) return solutions[shown];
  return [];
}

async function complete() {
  try {
    const answer = await get("queens/complete", { n, queens: names(queens) || undefined });
    const given = names(queens);
    if (!answer.solutions.length) {
      say(t("queens.cannot_complete", { given, n }), "error");
      return;
    }
    completion = answer.solutions[0].columns.map((c) => c - 1);
    setView("complete");
    const marks = Object.fromEntries(queens.map(([r, c]) => [`${r},${c}`, { tint: GIVEN }]));
    draw({ placed: completion.map((c, r) => [r, c]), marks, title: given ? t("queens.completing_title", { n, given }) : t("queens.completing_empty_title", { n }) });
    say(t(given ? "queens.completed" : "queens.completed_empty", { columns: answer.solutions[0].columns.join(" ") }), "good");
    save();
  } catch (error) {
    failed(error);
  }
}

async function loadSolutions(keep = false) {
  try {
    say(t("queens.listing"));
    const lines = await get("queens/all", { n, unique: $("unique").checked, limit: 10000 });
    solutions = lines.map((line) => line.columns.map((c) => c - 1));
    if (!keep) shown = 0;
    shown = Math.min(shown, Math.max(0, solutions.length - 1));
    setView("solutions");
    showSolution();
  } catch (error) {
    failed(error);
  }
}

function showSolution() {
  if (!solutions.length) {
    say(t("queens.no_solution", { n }), "error");
    return;
  }
  const columns = solutions[shown];
  const kind = $("unique").checked ? "queens.fundamental_solution" : "queens.solution";
  const of = solutions.length === 10000 ? t("queens.first_10000") : number(solutions.length);
  $("which").textContent = t("queens.which", { k: shown + 1, of });
  draw({ placed: columns.map((c, r) => [r, c]), title: t("queens.solution_title", { n, kind: t(kind, { k: shown + 1 }) }) });
  const said = t(kind, { k: shown + 1 });
  say(`${said[0].toUpperCase() + said.slice(1)}: c = ${columns.map((c) => c + 1).join(" ")}`);
  drawImages(columns);
  save();
}

// The eight images of a solution, from the API (the library's symmetry table).
async function drawImages(columns) {
  try {
    const answer = await get("queens/images", { columns: columns.map((c) => c + 1).join(",") }, "images");
    const size = columns.length;
    $("images").innerHTML = answer.images.map(({ symmetry, columns: image, same }) => {
      const named = t(`symmetry.${symmetry}`);
      const svg = boardSvg({ rows: size, cols: size, title: named,
        cell: (r, c) => (image[r] === c + 1 ? { piece: "Q", aria: t("queens.square_queen", { square: squareName(r, c) }) } : {}) });
      return `<figure class="${same ? "same" : ""}">${svg}<figcaption>${escapeText(named)}${same ? escapeText(t("queens.same_image")) : ""}</figcaption></figure>`;
    }).join("") + `<p class="muted span-all">${escapeText(t(answer.class_size > 1 ? "queens.class_many" : "queens.class_one", { count: answer.class_size }))}</p>`;
    $("images").querySelectorAll(".square").forEach((el) => el.removeAttribute("tabindex"));
  } catch (error) {
    failed(error);
  }
}

// ---------------------------------------------------------------- watching the search

function tooLarge() {
  return t("queens.watch_too_large", { most: WATCHED_N, n });
}

// The queens placed on the Place tab stay when Watch starts: the search keeps them and runs from the next row
// (the server refuses, in one line, queens that are not one a row on the first rows).
function fromPlaced() {
  return queens.length ? " " + t("queens.watch_from_placed", { names: names(queens).replaceAll(",", ", "), k: queens.length + 1 }) : "";
}

// The search watched before (another N, another method, other queens) leaves the page: its steps, counts, code and tree.
function forget() {
  if (!watched) return;
  watched = null;
  watcher.hide(true);
}

async function watch(startAt = 0) {
  if (n > WATCHED_N) {
    forget();
    setView("watch");
    say(tooLarge(), "error");
    save();
    return;
  }
  const method = $("method").value;
  const placed = names(queens);
  const source = pagedSource(new StepStore(puzzle.kindOf),
    (offset) => get("queens/steps", { n, method, placed, offset, limit: n >= LARGE_PAGE_N ? PAGE / 5 : PAGE }, "steps"), MAX_LOADED);
  setView("watch");
  say(t("watch.loading_steps"));
  try {
    const listing = await get("queens/listing", { method }, "listing");
    watched = { n, method, placed };
    say(fromPlaced().trim());
    await watcher.start(listing, { n, method, first: queens.length + 1, uid: "q" }, source, startAt);
  } catch (error) {
    failed(error);
  }
}

// The whole search watched, as one HTML file that plays offline (the notebook player, made by the library).
async function download() {
  if (n > WATCHED_N) {
    say(tooLarge(), "error");
    return;
  }
  const method = $("method").value;
  say(t("queens.download_making", { n, method }));
  try {
    const file = await get("queens/player", { n, method, lang, placed: names(queens) }, "player");
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([file.html], { type: "text/html" }));
    link.download = file.name;
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
    say(t("queens.download_done", { name: file.name }), "good");
  } catch (error) {
    failed(error);
  }
}

// ---------------------------------------------------------------- comparing the methods

async function compare() {
  if (n > COMPARED_N) {
    showView("compare");
    return;
  }
  try {
    say(t("queens.running_each", { n }));
    comparison = await get("queens/compare", { n }, "compare");
    setView("compare");
    showComparison();
  } catch (error) {
    failed(error);
  }
}

function seconds(value) {
  if (value < 0.001) return `${Math.round(value * 1e6)} µs`;
  return value < 1 ? `${(value * 1000).toFixed(1)} ms` : `${value.toFixed(2)} s`;
}

function showComparison() {
  const most = Math.max(...comparison.methods.map((m) => m.nodes));
  const rows = comparison.methods.map((m) => `<tr><th scope="row">${escapeText(m.method)}<span class="how">${escapeText(t(`queens.compare_what.${m.method}`))}</span></th>
    <td class="num">${number(m.nodes)}<svg class="bar" viewBox="0 0 100 6" preserveAspectRatio="none" aria-hidden="true"><rect width="${((100 * m.nodes) / most).toFixed(1)}" height="6" rx="1"/></svg></td>
    <td class="num">${number(m.found)}</td><td class="num">${seconds(m.seconds)}</td></tr>`).join("");
  $("comparison").innerHTML = `<div class="scroller" tabindex="0" role="group" aria-label="${escapeText(t("queens.compare_label"))}"><table class="compare"><caption>${escapeText(t("queens.compare_caption", { n: comparison.n, solutions: number(comparison.solutions) }))}</caption>
    <thead><tr><th scope="col">${t("watch.method")}</th><th scope="col" class="num">${t("queens.compare_nodes")}</th><th scope="col" class="num" title="${escapeText(t("queens.compare_reached_title"))}">${t("queens.compare_reached")}</th><th scope="col" class="num">${t("queens.compare_time")}</th></tr></thead>
    <tbody>${rows}</tbody></table></div>
    <p class="muted small">${escapeText(t("queens.compare_note"))}</p>`;
  say(t("queens.symmetry_saves", { percent: Math.round(100 - (100 * Math.min(...comparison.methods.map((m) => m.nodes))) / most), n: comparison.n }), "good");
  save();
}

// ---------------------------------------------------------------- controls

$("n").value = n;
$("unique").checked = state.unique === "true";
$("method").value = METHODS.includes(state.method) ? state.method : "recursive";
$("n").addEventListener("change", () => {
  n = clampN(Number($("n").value));
  $("n").value = n;
  queens = queens.filter(([r, c]) => r < n && c < n);
  solutions = [];
  $("which").textContent = "";
  $("images").innerHTML = "";
  forget();
  showView(view === "complete" ? "place" : view);
});
for (const tab of document.querySelectorAll(".tabs [role=tab]")) {
  tab.addEventListener("click", () => showView(tab.dataset.view));
  tab.addEventListener("keydown", (event) => {
    const tabs = [...document.querySelectorAll(".tabs [role=tab]")];
    const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
    if (!step) return;
    event.preventDefault();
    const next = tabs[(tabs.indexOf(tab) + step + tabs.length) % tabs.length];
    next.focus();
    showView(next.dataset.view);
  });
}
$("clear").addEventListener("click", () => {
  queens = [];
  setView("place");
  drawPlacing();
  save();
});
$("complete").addEventListener("click", complete);
$("unique").addEventListener("change", () => view === "solutions" && loadSolutions());
$("prev").addEventListener("click", () => {
  if (view !== "solutions" || !solutions.length) return;
  shown = (shown + solutions.length - 1) % solutions.length;
  showSolution();
});
$("next").addEventListener("click", () => {
  if (view !== "solutions" || !solutions.length) return;
  shown = (shown + 1) % solutions.length;
  showSolution();
});
$("watch").addEventListener("click", () => watch(0));
$("download").addEventListener("click", download);
$("method").addEventListener("change", () => view === "watch" && showView("watch"));
$("compare").addEventListener("click", compare);

sayAddress(problems);
setView(view);
if (view === "solutions") loadSolutions(true);
else if (view === "watch") watch(Math.max(0, Number(state.step || 1) - 1));
else if (view === "complete") complete();
else if (view === "compare") showView("compare");
else drawPlacing();
