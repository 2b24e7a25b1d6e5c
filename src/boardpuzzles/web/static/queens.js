// The N queens page: place queens, complete, browse the solutions and their symmetries, watch the seeds
// search (watch.js with the queens' adapter, queens-watch.js), compare the methods.
import { get, readState, writeState } from "./api.js";
import { Board, boardSvg, escapeText, exportButtons, parseSquare, squareName } from "./board.js";
import { $, failed, fitStage, say, sayAddress } from "./common.js";
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
if (!whole(state.n) || Number(state.n) !== n) problems.push(`n “${state.n}” is not a board size from 4 to 32: here are ${n} queens.`);
let queens = parseQueens(state.queens); // [[row, col], ...]
let view = VIEWS.includes(state.view) || state.view === "complete" ? state.view : "place"; // "complete": the place tab
if (view !== state.view) problems.push(`the view “${state.view}” is not one of ${VIEWS.join(", ")}: here is place.`);
if (!METHODS.includes(state.method)) problems.push(`the method “${state.method}” is not one of ${METHODS.join(", ")}: here is recursive.`);
for (const [name, value] of [["step", state.step], ["k", state.k]]) {
  if (value && !(whole(value) && Number(value) >= 1)) problems.push(`${name} “${value}” is not a whole number from 1: here is ${name} 1.`);
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
  if (off.length) problems.push(`${off.map((name) => `“${name}”`).join(", ")} ${off.length > 1 ? "are not squares" : "is not a square"} of the ${n}x${n} board: left out.`);
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
    if (watched && watched.n === n && watched.method === $("method").value && watcher.store.length) {
      $("bar").hidden = false;
      watcher.player.go(watcher.player.index);
    } else {
      forget();
      draw({ placed: [], title: `${n} queens` });
      if (n > WATCHED_N) say(tooLarge(), "error");
      else say(`Press “Watch” to watch the ${$("method").value} search on ${n} queens.`);
    }
  } else if (name === "compare") {
    draw({ placed: [], title: `${n} queens` });
    if (comparison && comparison.n === n) showComparison();
    else if (n <= COMPARED_N) compare();
    else say(`The methods are compared on boards up to ${COMPARED_N} x ${COMPARED_N}: HR(k) in plain Python lists every solution.`, "error");
  }
  save();
}

// ---------------------------------------------------------------- placing

function draw({ placed, marks = {}, title }) {
  board.render(queensSpec({ n, placed, marks, title }));
}

function drawPlacing() {
  draw({ placed: queens, title: `${n} queens: placing` });
  const pairs = [];
  for (let a = 0; a < queens.length; a++) {
    for (let b = a + 1; b < queens.length; b++) {
      const how = attackHow(queens[a], queens[b]);
      if (how) pairs.push(`${squareName(...queens[a])} and ${squareName(...queens[b])} ${how}`);
    }
  }
  if (pairs.length) say(`Conflict: ${pairs.join("; ")}.`, "error");
  else if (queens.length === n) say(`${n} queens, none attacking another: a solution!`, "good");
  else say(`${queens.length} of ${n} queens placed, no two attacking.`);
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
      say(`The queens ${given} cannot be completed on the ${n}x${n} board.`, "error");
      return;
    }
    completion = answer.solutions[0].columns.map((c) => c - 1);
    setView("complete");
    const marks = Object.fromEntries(queens.map(([r, c]) => [`${r},${c}`, { tint: GIVEN }]));
    draw({ placed: completion.map((c, r) => [r, c]), marks, title: `${n} queens completing ${given || "the empty board"}` });
    say(given ? `Completed: ${answer.solutions[0].columns.join(" ")} (the given queens on green).` : `A solution from the empty board: ${answer.solutions[0].columns.join(" ")}.`, "good");
    save();
  } catch (error) {
    failed(error);
  }
}

async function loadSolutions(keep = false) {
  try {
    say("Listing the solutions…");
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
    say(`No solution for ${n} queens.`, "error");
    return;
  }
  const columns = solutions[shown];
  const kind = $("unique").checked ? "fundamental solution" : "solution";
  const of = solutions.length === 10000 ? "the first 10000" : solutions.length;
  $("which").textContent = `${shown + 1} of ${of}`;
  draw({ placed: columns.map((c, r) => [r, c]), title: `${n} queens: ${kind} ${shown + 1}` });
  say(`${kind[0].toUpperCase() + kind.slice(1)} ${shown + 1}: c = ${columns.map((c) => c + 1).join(" ")}`);
  drawImages(columns);
  save();
}

// The eight images of a solution, from the API (the library's symmetry table).
async function drawImages(columns) {
  try {
    const answer = await get("queens/images", { columns: columns.map((c) => c + 1).join(",") }, "images");
    const size = columns.length;
    $("images").innerHTML = answer.images.map(({ symmetry, columns: image, same }) => {
      const svg = boardSvg({ rows: size, cols: size, title: symmetry,
        cell: (r, c) => (image[r] === c + 1 ? { piece: "Q", aria: `${squareName(r, c)}, queen` } : {}) });
      return `<figure class="${same ? "same" : ""}">${svg}<figcaption>${escapeText(symmetry)}${same ? " = the solution" : ""}</figcaption></figure>`;
    }).join("") + `<p class="muted span-all">The class has ${answer.class_size} distinct solution${answer.class_size > 1 ? "s" : ""}; images equal to the shown solution are framed in green.</p>`;
    $("images").querySelectorAll(".square").forEach((el) => el.removeAttribute("tabindex"));
  } catch (error) {
    failed(error);
  }
}

// ---------------------------------------------------------------- watching the search

function tooLarge() {
  return `The search can be watched on boards up to ${WATCHED_N} x ${WATCHED_N}: choose N from 4 to ${WATCHED_N} (it is ${n}).`;
}

// The search watched before (another N, another method) leaves the page: its steps, counts, code and tree.
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
  const source = pagedSource(new StepStore(puzzle.kindOf),
    (offset) => get("queens/steps", { n, method, offset, limit: n >= LARGE_PAGE_N ? PAGE / 5 : PAGE }, "steps"), MAX_LOADED);
  setView("watch");
  say("Loading the steps…");
  try {
    const listing = await get("queens/listing", { method }, "listing");
    watched = { n, method };
    say("");
    await watcher.start(listing, { n, method, uid: "q" }, source, startAt);
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
    say(`Running each method on ${n} queens…`);
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
  const rows = comparison.methods.map((m) => `<tr><th scope="row">${escapeText(m.method)}<span class="how">${escapeText(m.what)}</span></th>
    <td class="num">${m.nodes.toLocaleString("en")}<svg class="bar" viewBox="0 0 100 6" preserveAspectRatio="none" aria-hidden="true"><rect width="${((100 * m.nodes) / most).toFixed(1)}" height="6" rx="1"/></svg></td>
    <td class="num">${m.found.toLocaleString("en")}</td><td class="num">${seconds(m.seconds)}</td></tr>`).join("");
  $("comparison").innerHTML = `<div class="scroller" tabindex="0" role="group" aria-label="the comparison of the methods (scrolls sideways)"><table class="compare"><caption>${comparison.n} queens: ${comparison.solutions.toLocaleString("en")} solutions, by each method</caption>
    <thead><tr><th scope="col">method</th><th scope="col" class="num">nodes</th><th scope="col" class="num" title="the solutions the search itself reached">reached</th><th scope="col" class="num">time</th></tr></thead>
    <tbody>${rows}</tbody></table></div>
    <p class="muted small">Nodes are the partial placements each search stands on, counted by the method as it runs (the root, the empty board, included). The symmetric methods reach fewer solutions and count each with its images. Each time is the best of the runs made in 50 ms on the server.</p>`;
  say(`Symmetry saves ${Math.round(100 - (100 * Math.min(...comparison.methods.map((m) => m.nodes))) / most)}% of the nodes on ${comparison.n} queens.`, "good");
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
$("method").addEventListener("change", () => view === "watch" && showView("watch"));
$("compare").addEventListener("click", compare);

sayAddress(problems);
setView(view);
if (view === "solutions") loadSolutions(true);
else if (view === "watch") watch(Math.max(0, Number(state.step || 1) - 1));
else if (view === "complete") complete();
else if (view === "compare") showView("compare");
else drawPlacing();
