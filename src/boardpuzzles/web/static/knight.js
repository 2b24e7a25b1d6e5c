// The knight's tour page: choose the board, the start and blocked squares, play the tour move by move.
import { ApiError, get, job, readState, writeState } from "./api.js";
import { Board, escapeText, exportButtons, parseSquare, pathOverlay, squareName } from "./board.js";
import { $, failed, say } from "./common.js";
import { Player } from "./player.js";

const STEPPED = 400; // squares: larger boards are drawn without stepping
const NUMBERED = 32; // sides: larger boards show the path only

const state = readState({ board: "8x8", start: "a1", blocked: "", closed: "", method: "", lookahead: "2", step: "", view: "" });
let [rows, cols] = state.board.split("x").map(Number);
if (!(rows >= 1 && rows <= 100)) rows = 8;
if (!(cols >= 1 && cols <= 100)) cols = rows;
let start = parseSquare(state.start) || [0, 0];
let blocked = new Set(state.blocked.split(",").filter((name) => parseSquare(name)));
let steps = [];
let result = null;
let starts = null;
let running = null;

const board = new Board($("board"), click);
exportButtons($("export"), board, () => `knight-${rows}x${cols}.svg`);
const sentence = (text) => text.charAt(0).toUpperCase() + text.slice(1);
const player = new Player($("player"), { steps: () => steps, more: async () => false, show: showStep,
  counter: (index) => (steps[index].kind === "stuck" ? "stuck" : ["done", "exhausted"].includes(steps[index].kind) ? "the end" : `square ${steps[index].number}`) });

function params() {
  const method = $("method").value;
  return { board: `${rows}x${cols}`, start: squareName(...start), closed: $("closed").checked, method,
    lookahead: method === "lookahead" ? $("lookahead").value : "", blocked: [...blocked].join(",") };
}

function save() {
  const p = params();
  writeState({ ...p, closed: p.closed ? "true" : "", step: steps.length && player.index >= 0 ? player.index + 1 : "",
    view: starts ? "starts" : result ? "tour" : "" });
}

function fresh() {
  steps = [];
  result = null;
  starts = null;
  player.clear();
  $("step-text").textContent = "";
  $("candidates").innerHTML = "";
  $("legend").innerHTML = "";
}

function click(row, col) {
  const name = squareName(row, col);
  const mode = document.querySelector('input[name="mode"]:checked').value;
  if (mode === "start") {
    start = [row, col];
    blocked.delete(name);
  } else if (!(row === start[0] && col === start[1])) {
    if (blocked.has(name)) blocked.delete(name);
    else blocked.add(name);
  }
  fresh();
  drawSetup();
  say(`Start on ${squareName(...start)}${blocked.size ? `, ${blocked.size} blocked` : ""}: press “Find the tour”.`);
  save();
}

function baseCell(r, c) {
  const name = squareName(r, c);
  if (blocked.has(name)) return { fill: "#3a3a3a", aria: `${name}, blocked`, cross: "#9e9e9e" };
  return null;
}

function drawSetup() {
  board.render({ rows, cols, title: `${rows}x${cols} board, start ${squareName(...start)}`,
    cell(r, c) {
      const base = baseCell(r, c);
      if (base) return base;
      const name = squareName(r, c);
      if (r === start[0] && c === start[1]) return { piece: "N", aria: `${name}, knight, start` };
      return { aria: name };
    } });
}

// ---------------------------------------------------------------- a tour

async function findTour() {
  fresh();
  if (running) running.cancel();
  const traced = rows * cols <= STEPPED;
  say("Searching…");
  try {
    const answer = await get("knight/tour", { ...params(), trace: traced });
    const lines = Array.isArray(answer) ? answer : [answer];
    result = lines[lines.length - 1];
    steps = lines.slice(0, -1).filter((step) => step.kind !== "test"); // a move lists the candidates tested before it
    if (steps.length) {
      player.go(Math.max(0, Math.min(steps.length - 1, Number(state.step || 1) - 1)));
      state.step = "";
    } else {
      drawResult();
    }
    save();
  } catch (error) {
    if (!traced || !(error instanceof ApiError)) {
      failed(error);
      return;
    }
    try { // too long a search to watch: the tour without its steps
      result = await get("knight/tour", params());
      drawResult();
      say(`${resultText()} Its steps are not shown: ${error.message}`, result.path ? "good" : "error");
      save();
    } catch (again) {
      failed(again);
    }
  }
}

function resultText() {
  if (!result) return "";
  if (result.path) return `${result.closed ? "Closed" : "Open"} tour by ${result.method}: ${result.path.length} squares from ${result.path[0]} to ${result.path[result.path.length - 1]}.`;
  return `${result.exists === false ? "No tour" : "No tour found"}: ${result.reason}`;
}

function drawResult() {
  const path = result && result.path ? result.path.map(parseSquare) : [];
  const number = new Map(path.map(([r, c], i) => [`${r},${c}`, i + 1]));
  const numbered = Math.max(rows, cols) <= NUMBERED;
  board.render({ rows, cols, title: `${rows}x${cols} knight's tour`,
    cell(r, c) {
      const base = baseCell(r, c);
      if (base) return base;
      const name = squareName(r, c);
      const k = number.get(`${r},${c}`);
      if (k === 1) return { label: numbered ? "1" : "", ring: "#1b6e20", aria: `${name}, start, square 1` };
      if (k === path.length && k) return { label: numbered ? String(k) : "", ring: "#b3261e", aria: `${name}, end, square ${k}` };
      return { label: numbered && k ? String(k) : "", labelHalo: "#fff", aria: k ? `${name}, square ${k}` : name };
    },
    overlay: (centre) => pathOverlay(path, centre, { arrows: numbered && path.length <= 100, closed: result && result.closed, width: numbered ? 4 : 2 }) });
  say(resultText(), result && result.path ? "good" : "error");
}

function showStep(index) {
  const step = steps[index];
  const next = steps[index + 1];
  const previous = steps[index - 1];
  const visited = new Map();
  for (let i = 0; i <= index; i++) {
    if (steps[i].kind === "start" || steps[i].kind === "restart") visited.clear();
    if (steps[i].kind === "back") visited.delete(steps[i].left);
    else if (steps[i].kind !== "stuck" && steps[i].kind !== "done" && steps[i].kind !== "exhausted") visited.set(steps[i].square, steps[i].number);
  }
  const here = parseSquare(step.square);
  const options = next && (next.kind === "move" || next.kind === "stuck") ? next.candidates : [];
  const choice = next && next.kind === "move" ? next.square : null;
  const offered = new Map(options.map((c) => [c.square, c]));
  const path = [...visited.keys()].map(parseSquare);
  board.render({ rows, cols, title: `${rows}x${cols} knight's tour, square ${step.number}`,
    cell(r, c) {
      const base = baseCell(r, c);
      if (base) return base;
      const name = squareName(r, c);
      const value = step.accessibility[r][c];
      const fell = previous && previous.accessibility[r][c] !== null && value !== null && value < previous.accessibility[r][c];
      const option = offered.get(name);
      const ring = option ? (name === choice ? "#0b57d0" : option.refused ? "#b3261e" : "#7a4f00") : undefined;
      if (r === here[0] && c === here[1]) return { piece: "N", corner: String(step.number), cornerColor: "#000", tint: "#ffe082", tintOpacity: 0.8, aria: `${name}, knight, square ${step.number}` };
      if (visited.has(name)) return { label: String(visited.get(name)), labelColor: "#1a237e", labelHalo: "#fff", labelWeight: 700, labelSize: 18, tint: "#c5cae9", tintOpacity: 0.9, aria: `${name}, visited, square ${visited.get(name)}` };
      return { label: String(value), labelColor: "#000", labelWeight: option ? 800 : 400, labelSize: option ? 21 : 13,
        ring, tint: fell ? "#ffd54f" : option && name === choice ? "#90caf9" : undefined, tintOpacity: 0.75,
        aria: `${name}, accessibility ${value}${option ? ", candidate" : ""}${name === choice ? ", chosen" : ""}` };
    },
    overlay: (centre) => pathOverlay(path, centre, { arrows: false, width: 3, colour: "#5c6bc0" }) });
  let text;
  if (step.kind === "start" || step.kind === "restart") text = `The knight starts on ${step.square}${step.note ? ` (${step.note})` : ""}.`;
  else if (step.kind === "move") text = `Square ${step.number}: the knight moved to ${step.square}.`;
  else if (step.kind === "back") text = `Back from ${step.left} to ${step.square}: ${step.note}.`;
  else text = sentence(step.note);
  if (next && next.kind === "move") {
    text += ` Next: ${options.length} candidate${options.length > 1 ? "s" : ""}; the rule takes ${choice}.`;
  } else if (next && (next.kind === "stuck" || next.kind === "done" || next.kind === "exhausted")) {
    text += ` ${sentence(next.note)}.`;
  }
  $("step-text").textContent = text;
  $("candidates").innerHTML = options.length ? `<tr><th scope="col">candidate</th><th scope="col">accessibility</th>${options.some((c) => c.score !== null) ? '<th scope="col">look-ahead score</th>' : ""}<th></th></tr>` +
    options.map((c) => `<tr><td>${c.square}</td><td>${c.accessibility}</td>${c.score !== null ? `<td>${c.score}</td>` : ""}<td>${c.square === choice ? "← taken" : escapeText(c.refused || "")}</td></tr>`).join("") : "";
  const last = index === steps.length - 1;
  if (last) say(step.kind === "stuck" ? `${sentence(step.note)}. ${result && !result.path ? resultText() : ""}` : resultText(), step.kind === "done" ? "good" : "error");
  else say(`Step ${index + 1} of ${steps.length}: square ${step.number}`);
  save();
}

// ---------------------------------------------------------------- start squares

async function mapStarts() {
  fresh();
  if (running) running.cancel();
  say("Deciding every square…");
  running = job("knight/starts", { board: `${rows}x${cols}`, closed: $("closed").checked },
    (report) => say(`Deciding every square… ${report.done} of ${report.total ?? "?"} ${report.unit}`));
  try {
    starts = await running;
  } catch (error) {
    failed(error);
    return;
  } finally {
    running = null;
  }
  const good = new Set(starts.starts);
  board.render({ rows, cols, title: `squares ${starts.closed ? "a closed" : "an open"} tour starts from`,
    cell(r, c) {
      const name = squareName(r, c);
      return good.has(name) ? { tint: "#1b5e20", tintOpacity: 0.85, label: "✓", labelColor: "#fff", aria: `${name}, a tour starts here` }
        : { tint: "#616161", tintOpacity: 0.6, aria: `${name}, no tour from here` };
    } });
  $("legend").innerHTML = `<span class="swatch-tour">${starts.closed ? "a closed" : "an open"} tour starts here (${good.size})</span><span class="swatch-none">no tour from here (${rows * cols - good.size})</span>`;
  say(`${good.size} of ${rows * cols} squares start ${starts.closed ? "a closed" : "an open"} tour.`, good.size ? "good" : "error");
  save();
}

// ---------------------------------------------------------------- controls

$("rows").value = rows;
$("cols").value = cols;
$("closed").checked = state.closed === "true";
$("method").value = ["warnsdorff", "lookahead", "roth", "backtrack", "divide"].includes(state.method) ? state.method : "";
$("lookahead").value = state.lookahead;
const showLookahead = () => ($("lookahead-label").hidden = $("method").value !== "lookahead");
showLookahead();
for (const id of ["rows", "cols"]) {
  $(id).addEventListener("change", () => {
    rows = Math.max(1, Math.min(100, Number($("rows").value) || 8));
    cols = Math.max(1, Math.min(100, Number($("cols").value) || 8));
    $("rows").value = rows;
    $("cols").value = cols;
    if (start[0] >= rows || start[1] >= cols) start = [0, 0];
    blocked = new Set([...blocked].filter((name) => { const [r, c] = parseSquare(name); return r < rows && c < cols; }));
    fresh();
    drawSetup();
    say(rows * cols > STEPPED ? `Boards over ${STEPPED} squares are drawn without stepping.` : "");
    save();
  });
}
$("method").addEventListener("change", () => { showLookahead(); fresh(); drawSetup(); save(); });
$("closed").addEventListener("change", () => { fresh(); drawSetup(); save(); });
$("tour").addEventListener("click", findTour);
$("starts").addEventListener("click", mapStarts);

if (state.view === "tour") findTour();
else if (state.view === "starts") mapStarts();
else {
  drawSetup();
  say("Click a square to start there, then press “Find the tour”.");
}
