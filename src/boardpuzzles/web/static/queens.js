// The N queens page: place queens, complete, browse the solutions and their symmetries, watch the seeds search.
import { get, isAbort, readState, writeState } from "./api.js";
import { Board, boardSvg, escapeText, exportButtons, parseSquare, squareName } from "./board.js";
import { Player } from "./player.js";

const $ = (id) => document.getElementById(id);
const ATTACKED = "#6d0f0b";
const GIVEN = "#1b6e20";
const PAGE = 2000;
const SYMMETRIES = [
  ["identity", (r, c, m) => [r, c]],
  ["rotate 90", (r, c, m) => [c, m - r]],
  ["rotate 180", (r, c, m) => [m - r, m - c]],
  ["rotate 270", (r, c, m) => [m - c, r]],
  ["mirror left-right", (r, c, m) => [r, m - c]],
  ["mirror top-bottom", (r, c, m) => [m - r, c]],
  ["mirror main diagonal", (r, c, m) => [c, r]],
  ["mirror anti-diagonal", (r, c, m) => [m - c, m - r]],
];
const STATES = {
  "С": "start row k: k − 1 queens are placed",
  "И": "look for the next free column i on row k, after c[k]",
  "СОК": "(k, i) is free: occupy it and go on with row k + 1",
  "С8": "all N queens are placed: output c",
  "СБ": "row k is exhausted: back to queen k − 1 and free it",
  "Я": "k reached 0: the end",
};

const state = readState({ n: "8", queens: "", view: "place", k: "1", unique: "", method: "recursive", step: "" });
let n = clampN(Number(state.n));
let queens = parseQueens(state.queens); // [[row, col], ...]
let view = state.view; // place | solutions | complete | watch
let solutions = [];
let shown = Math.max(0, Number(state.k) - 1);
let completion = null;
let steps = [];
let stepsMore = true;
let watched = null; // {n, method}

const board = new Board($("board"), toggleQueen);
exportButtons($("export"), board, () => `queens-${n}.svg`);
const player = new Player($("player"), { steps: () => steps, more: loadSteps, show: showStep });

function clampN(value) {
  return Number.isFinite(value) ? Math.max(4, Math.min(32, Math.round(value))) : 8;
}

function parseQueens(text) {
  return text.split(",").map((name) => parseSquare(name.trim())).filter((sq) => sq && sq[0] < n && sq[1] < n);
}

function names(squares) {
  return squares.map(([r, c]) => squareName(r, c)).join(",");
}

function attackHow([r1, c1], [r2, c2]) {
  if (r1 === r2) return "share a rank";
  if (c1 === c2) return "share a file";
  if (Math.abs(r1 - r2) === Math.abs(c1 - c2)) return "share a diagonal";
  return null;
}

function attacked(placed) {
  const lines = new Set();
  for (const [r, c] of placed) lines.add(`r${r}`).add(`c${c}`).add(`s${r + c}`).add(`d${r - c}`);
  return (r, c) => lines.has(`r${r}`) || lines.has(`c${c}`) || lines.has(`s${r + c}`) || lines.has(`d${r - c}`);
}

function save() {
  writeState({ n, queens: names(queens), view, k: view === "solutions" ? shown + 1 : "", unique: $("unique").checked ? "true" : "",
    method: $("method").value, step: view === "watch" && player.index >= 0 ? player.index + 1 : "" });
}

function say(text, kind = "") {
  $("status").textContent = text;
  $("status").className = `status ${kind}`;
}

// ---------------------------------------------------------------- drawing

function draw({ placed, marks = {}, title }) {
  const isAttacked = attacked(placed);
  const at = new Map(placed.map(([r, c]) => [`${r},${c}`, true]));
  const conflict = new Set();
  for (let a = 0; a < placed.length; a++) {
    for (let b = a + 1; b < placed.length; b++) {
      if (attackHow(placed[a], placed[b])) conflict.add(`${placed[a]}`).add(`${placed[b]}`);
    }
  }
  board.render({
    rows: n, cols: n, title,
    cell(r, c) {
      const name = squareName(r, c);
      const mark = marks[`${r},${c}`] || {};
      if (at.has(`${r},${c}`)) {
        const bad = conflict.has(`${[r, c]}`);
        return { piece: "Q", ring: bad ? "#d50000" : mark.ring, tint: mark.tint, aria: `${name}, queen${bad ? ", in conflict" : ""}` };
      }
      const hit = isAttacked(r, c);
      return { dot: hit ? ATTACKED : null, ring: mark.ring, cross: mark.cross, tint: mark.tint, aria: `${name}${hit ? ", attacked" : ""}` };
    },
  });
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
  if (view !== "place") {
    queens = view === "watch" ? [] : currentSolution().map((c, r) => [r, c]);
    view = "place";
    player.clear();
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
    const answer = await get("queens/complete", { n, queens: names(queens) });
    if (!answer.solutions.length) {
      say(`The queens ${names(queens) || "(none)"} cannot be completed on a ${n}x${n} board.`, "error");
      return;
    }
    completion = answer.solutions[0].columns.map((c) => c - 1);
    view = "complete";
    const marks = Object.fromEntries(queens.map(([r, c]) => [`${r},${c}`, { tint: GIVEN }]));
    draw({ placed: completion.map((c, r) => [r, c]), marks, title: `${n} queens completing ${names(queens)}` });
    say(`Completed: ${answer.solutions[0].columns.join(" ")} (the given queens on green).`, "good");
    drawImages(completion);
    save();
  } catch (error) {
    if (!isAbort(error)) say(error.message, "error");
  }
}

async function loadSolutions(keep = false) {
  try {
    say("Listing the solutions…");
    const lines = await get("queens/all", { n, unique: $("unique").checked, limit: 10000 });
    solutions = lines.map((line) => line.columns.map((c) => c - 1));
    if (!keep) shown = 0;
    shown = Math.min(shown, Math.max(0, solutions.length - 1));
    view = "solutions";
    showSolution();
  } catch (error) {
    if (!isAbort(error)) say(error.message, "error");
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

function drawImages(columns) {
  const m = columns.length - 1;
  const key = (cols) => cols.join(",");
  const images = SYMMETRIES.map(([name, map]) => {
    const image = new Array(columns.length);
    columns.forEach((c, r) => {
      const [r2, c2] = map(r, c, m);
      image[r2] = c2;
    });
    return [name, image];
  });
  const distinct = new Set(images.map(([, image]) => key(image))).size;
  $("images").innerHTML = images.map(([name, image]) => {
    const same = key(image) === key(columns);
    const svg = boardSvg({ rows: columns.length, cols: columns.length, title: name,
      cell: (r, c) => (image[r] === c ? { piece: "Q", aria: `${squareName(r, c)}, queen` } : {}) });
    return `<figure class="${same ? "same" : ""}">${svg}<figcaption>${escapeText(name)}${same ? " = the solution" : ""}</figcaption></figure>`;
  }).join("") + `<p class="muted span-all">The class has ${distinct} distinct solution${distinct > 1 ? "s" : ""}; images equal to the shown solution are framed in green.</p>`;
  $("images").querySelectorAll(".square").forEach((el) => el.removeAttribute("tabindex"));
}

// ---------------------------------------------------------------- watching the search

async function loadSteps() {
  if (!stepsMore) return false;
  const page = await get("queens/steps", { n: watched.n, method: watched.method, offset: steps.length, limit: PAGE }, "steps");
  steps.push(...page.steps);
  stepsMore = page.more;
  return page.steps.length > 0;
}

async function watch(startAt = 0) {
  if (n > 20) {
    say("The search can be watched on boards up to 20 x 20.", "error");
    return;
  }
  watched = { n, method: $("method").value };
  steps = [];
  stepsMore = true;
  view = "watch";
  player.clear();
  $("found-list").innerHTML = "";
  try {
    while (steps.length <= startAt && (await loadSteps()));
    player.go(startAt);
  } catch (error) {
    if (!isAbort(error)) say(error.message, "error");
  }
}

function queensOf(step) {
  if (step.method === "freelist") return step.board.queens.map(([r, c]) => [r - 1, c - 1]);
  return step.c.map((c, k) => [k, c - 1]).filter(([, c]) => c >= 0);
}

function describe(step) {
  if (step.method === "recursive") {
    return step.action === "occupy" ? `HR(${step.k}): occupy ${step.k}, ${step.i} — queen ${step.k} on row ${step.k}, column ${step.i}`
      : `HR(${step.k}): free ${step.k}, ${step.i} — take queen ${step.k} back and try the next column`;
  }
  if (step.method === "iterative") {
    const where = ["СОК", "СБ", "И"].includes(step.action) && step.i ? ` (k = ${step.k}, i = ${step.i})` : step.k ? ` (k = ${step.k})` : "";
    return `${step.action}${where}: ${STATES[step.action]}`;
  }
  return step.action === "place" ? `place_a_queen: q(${step.row},${step.col}) taken from the free lists`
    : `backtrack: q(${step.row},${step.col}) undone, its lines free again`;
}

function showStep(index) {
  const step = steps[index];
  const before = steps[index - 1];
  const marks = {};
  if (step.method === "freelist") {
    marks[`${step.row - 1},${step.col - 1}`] = step.action === "place" ? { ring: "#1b6e20" } : { cross: "#b3261e" };
  } else if (step.method === "recursive") {
    marks[`${step.k - 1},${step.i - 1}`] = step.action === "occupy" ? { ring: "#1b6e20" } : { cross: "#b3261e" };
  } else if (step.i >= 1 && step.k >= 1 && step.k <= watched.n && ["СОК", "СБ"].includes(step.action)) {
    marks[`${step.k - 1},${step.i - 1}`] = { ring: step.action === "СОК" ? "#1b6e20" : "#b3261e" };
  }
  n = watched.n;
  draw({ placed: queensOf(step), marks, title: `${watched.n} queens, ${watched.method} search, step ${index + 1}` });
  $("step-text").textContent = describe(step);
  $("state").innerHTML = step.method === "freelist" ? termView(step, before) : tablesView(step, before) + (step.method === "iterative" ? automaton(step.action) : "");
  $("found").textContent = step.found;
  const list = steps.slice(0, index + 1).filter((s) => s.solution);
  $("found-list").innerHTML = list.map((s) => `<li>${s.solution.join(" ")}</li>`).join("");
  $("found-list").scrollTop = $("found-list").scrollHeight;
  say(step.solution ? `Solution ${step.found} found: ${step.solution.join(" ")}` : `${watched.method}: step ${index + 1}${stepsMore ? "" : ` of ${steps.length}`}`, step.solution ? "good" : "");
  save();
}

function row(name, values, previous, length, hint) {
  let cells = "";
  for (let j = 0; j < length; j++) {
    const value = j < values.length ? values[j] : "";
    const old = previous && j < previous.length ? previous[j] : "";
    const changed = previous && String(value) !== String(old);
    cells += `<td class="${value === 0 ? "zero" : ""}${changed ? " changed" : ""}">${value}</td>`;
  }
  return `<tr><th scope="row" title="${escapeText(hint)}">${name}</th>${cells}</tr>`;
}

function indexRow(length) {
  let cells = "";
  for (let j = 1; j <= length; j++) cells += `<td class="index">${j}</td>`;
  return `<tr><th></th>${cells}</tr>`;
}

function tablesView(step, before) {
  const N = watched.n;
  const prev = before && before.method === step.method ? before : null;
  return `<table class="tables" aria-label="the seed's tables">
    ${indexRow(2 * N - 1)}
    ${row("c[1..k]", step.c, prev && prev.c, N, "c[k]: the column of queen k")}
    ${row("cm", step.cm, prev && prev.cm, N, "cm[i]: the queen on column i (0: free)")}
    ${row("dp[k+i−1]", step.dp, prev && prev.dp, 2 * N - 1, "the queen on the sum diagonal (0: free)")}
    ${row("dm[k−i+N]", step.dm, prev && prev.dm, 2 * N - 1, "the queen on the difference diagonal (0: free)")}
  </table>`;
}

function automaton(current) {
  const boxes = { "С": [70, 40], "И": [230, 40], "СОК": [390, 40], "С8": [390, 150], "СБ": [230, 150], "Я": [70, 150] };
  const edges = [["С", "И"], ["И", "СОК"], ["И", "СБ"], ["СОК", "С8"], ["СБ", "Я"], ["С8", "СБ"]];
  let svg = `<svg class="automaton" viewBox="0 -22 470 222" role="img" aria-label="the automaton, state ${current} lit"><defs><marker id="tip" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto"><path d="M0 0L10 5L0 10z" fill="#444"/></marker></defs>`;
  for (const [a, b] of edges) {
    const [x1, y1] = boxes[a], [x2, y2] = boxes[b];
    const dx = x2 - x1, dy = y2 - y1, len = Math.hypot(dx, dy);
    svg += `<line x1="${x1 + (dx / len) * 42}" y1="${y1 + (dy / len) * 24}" x2="${x2 - (dx / len) * 44}" y2="${y2 - (dy / len) * 26}" stroke="#444" stroke-width="2" marker-end="url(#tip)"/>`;
  }
  svg += `<path d="M390 16 C 390 -8, 70 -8, 70 14" fill="none" stroke="#444" stroke-width="2" marker-end="url(#tip)"/><text x="230" y="-8" font-size="12" text-anchor="middle" fill="#333">k + 1</text>`;
  svg += `<path d="M214 126 C 190 100, 190 80, 214 66" fill="none" stroke="#444" stroke-width="2" marker-end="url(#tip)"/><text x="160" y="100" font-size="12" fill="#333">k − 1</text>`;
  for (const [name, [x, y]] of Object.entries(boxes)) {
    const lit = name === current;
    svg += `<rect x="${x - 42}" y="${y - 22}" width="84" height="44" rx="10" fill="${lit ? "#ffd54f" : "#f4f1ea"}" stroke="${lit ? "#7a4f00" : "#8e877c"}" stroke-width="${lit ? 3 : 1.5}"/>`;
    svg += `<text x="${x}" y="${y + 1}" font-size="18" font-weight="700" text-anchor="middle" dominant-baseline="central" fill="#1d1d1f">${name}</text>`;
  }
  return svg + "</svg>";
}

function chips(values, full, previous) {
  const present = new Set(values);
  const had = previous ? new Set(previous) : present;
  return `<span class="list">[${full.map((v) => `<span class="chip${present.has(v) ? "" : " gone"}${present.has(v) !== had.has(v) ? " changed" : ""}">${v}</span>`).join("")}]</span>`;
}

function termView(step, before) {
  const N = watched.n;
  const range = (m) => Array.from({ length: m }, (_, j) => j + 1);
  const b = step.board;
  const p = before && before.board;
  const queensText = b.queens.map(([r, c]) => `<span class="chip queen">q(${r},${c})</span>`).join("");
  return `<div class="term" aria-label="the Prolog term">board(<br>&nbsp;&nbsp;Queens&nbsp;&nbsp;&nbsp;&nbsp;= <span class="list">[${queensText}]</span>,<br>
    &nbsp;&nbsp;FreeRows&nbsp;&nbsp;= ${chips(b.rows, range(N), p && p.rows)},<br>
    &nbsp;&nbsp;FreeCols&nbsp;&nbsp;= ${chips(b.cols, range(N), p && p.cols)},<br>
    &nbsp;&nbsp;FreeDiag1 = ${chips(b.diag1, range(2 * N - 1), p && p.diag1)},<br>
    &nbsp;&nbsp;FreeDiag2 = ${chips(b.diag2, range(2 * N - 1), p && p.diag2)})</div>
    <p class="muted">D1 = N + C − R, D2 = R + C − 1; struck-through numbers are no longer free.</p>`;
}

// ---------------------------------------------------------------- controls

$("n").value = n;
$("unique").checked = state.unique === "true";
$("method").value = ["recursive", "iterative", "freelist"].includes(state.method) ? state.method : "recursive";
$("n").addEventListener("change", () => {
  n = clampN(Number($("n").value));
  $("n").value = n;
  queens = queens.filter(([r, c]) => r < n && c < n);
  view = "place";
  solutions = [];
  $("which").textContent = "";
  $("images").innerHTML = "";
  player.clear();
  drawPlacing();
  save();
});
$("clear").addEventListener("click", () => {
  queens = [];
  view = "place";
  player.clear();
  drawPlacing();
  save();
});
$("complete").addEventListener("click", complete);
$("all").addEventListener("click", () => loadSolutions());
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
document.addEventListener("keydown", (event) => {
  if (view !== "watch" || event.target.closest("input, select, textarea, .board")) return;
  if (event.key === ".") player.step();
  if (event.key === ",") player.go(player.index - 1);
  if (event.key === "p") player.toggle();
});

if (view === "solutions") loadSolutions(true);
else if (view === "watch") watch(Math.max(0, Number(state.step || 1) - 1));
else if (view === "complete") complete();
else drawPlacing();
