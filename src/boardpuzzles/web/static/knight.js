// The knight's tour page: choose the board, the start and blocked squares, then watch the method's code find
// the tour (watch.js with the knight's adapter, knight-watch.js), or map the squares a tour starts from.
import { ApiError, get, job, readState, writeState } from "./api.js";
import { Board, escapeText, exportButtons, parseSquare, pathOverlay, squareName } from "./board.js";
import { $, failed, fitStage, say, sayAddress, watching as showWatching } from "./common.js";
import { number, said, t } from "./i18n.js";
import { puzzle } from "./knight-watch.js";
import { StepStore, pagedSource } from "./steps.js";
import { Watch } from "./watch.js";

const STEPPED = 400; // squares: larger boards are drawn without stepping (knights.steps.MAX_STEPPED)
const NUMBERED = 32; // sides: larger boards show the path only
const SIDE = 100; // the longest side the page takes
const PAGE = 5000; // steps a request
const MAX_LOADED = 100_000; // steps the page holds
const WATCHED = ["warnsdorff", "lookahead", "roth", "backtrack"]; // the methods whose code runs step by step

const state = readState({ board: "8x8", start: "a1", blocked: "", closed: "", method: "", lookahead: "2", step: "", view: "" });
let [rows, cols] = state.board.split("x").map(Number);
const badBoard = !(isSide(rows) && isSide(cols === undefined ? rows : cols));
if (badBoard) [rows, cols] = [8, 8];
else if (cols === undefined) cols = rows;
const METHODS = ["warnsdorff", "lookahead", "roth", "backtrack", "divide"];
const onBoard = (square) => square && square[0] < rows && square[1] < cols;
const problems = []; // what the address asked that the page cannot show, said once it has drawn
if (badBoard) problems.push(t("knight.address_board", { value: state.board, side: SIDE }));
let start = parseSquare(state.start);
if (!onBoard(start)) {
  problems.push(t("knight.address_start", { value: state.start, rows, cols }));
  start = [0, 0];
}
const blockedNames = state.blocked.split(",").map((name) => name.trim()).filter(Boolean);
const offBoard = blockedNames.filter((name) => !onBoard(parseSquare(name)));
if (offBoard.length) problems.push(t("knight.address_blocked", { names: offBoard.map((name) => `“${name}”`).join(", "), rows, cols }));
let blocked = new Set(blockedNames.filter((name) => onBoard(parseSquare(name))));
if (state.method && !METHODS.includes(state.method)) problems.push(t("knight.address_method", { value: state.method, methods: METHODS.join(", ") }));
if (!["", "tour", "starts"].includes(state.view)) problems.push(t("knight.address_view", { value: state.view }));
if (!/^[1-8]$/.test(state.lookahead)) problems.push(t("knight.address_lookahead", { value: state.lookahead }));
if (state.step && !/^[1-9][0-9]{0,5}$/.test(state.step)) problems.push(t("queens.address_whole", { name: "step", value: state.step }));
let result = null;
let starts = null;
let running = null;
let watching = false; // the watcher holds the steps of the tour shown

const board = new Board($("board"), click);
fitStage();
exportButtons($("export"), board, () => `knight-${rows}x${cols}.svg`);
const watcher = new Watch({ board, bar: $("bar"), caption: $("caption"), counts: $("counts"), legend: $("legend"),
  side: $("watch-side"), status: $("status"), keys: document, onError: failed }, puzzle);
let saving = null; // while a search plays, the address follows at most five times a second
watcher.onShow = (index, step) => {
  $("rescue").hidden = step.kind !== "stuck";
  saving = saving || setTimeout(() => ((saving = null), save()), 200);
};

function isSide(value) {
  return Number.isInteger(value) && value >= 1 && value <= SIDE;
}

function params() {
  const method = $("method").value;
  return { board: `${rows}x${cols}`, start: squareName(...start), closed: $("closed").checked, method,
    lookahead: method === "lookahead" ? $("lookahead").value : "", blocked: [...blocked].join(",") };
}

function save() {
  const p = params();
  writeState({ ...p, closed: p.closed ? "true" : "", step: watching && watcher.player.index >= 0 ? watcher.player.index + 1 : "",
    view: starts ? "starts" : result ? "tour" : "" });
}

// Back to the set-up: no tour, no steps, no map.
function fresh() {
  result = null;
  starts = null;
  watching = false;
  watcher.hide(true);
  $("rescue").hidden = true;
  $("watch-message").innerHTML = "";
  showWatching(false);
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
  say(t(blocked.size ? "knight.start_on_blocked" : "knight.start_on", { square: squareName(...start), blocked: blocked.size }));
  save();
}

function baseCell(r, c) {
  const name = squareName(r, c);
  if (blocked.has(name)) return { fill: "#3a3a3a", aria: t("knight.aria_blocked", { square: name }), cross: "#9e9e9e" };
  return null;
}

function drawSetup() {
  board.render({ rows, cols, title: t("knight.setup_title", { rows, cols, start: squareName(...start) }),
    cell(r, c) {
      const base = baseCell(r, c);
      if (base) return base;
      const name = squareName(r, c);
      if (r === start[0] && c === start[1]) return { piece: "N", aria: t("knight.aria_start", { square: name }) };
      return { aria: name };
    } });
}

// ---------------------------------------------------------------- a tour, watched

function resultText() {
  if (!result) return "";
  if (result.path) return t(result.closed ? "knight.result_closed" : "knight.result_open", { method: result.method, count: result.path.length, first: result.path[0], last: result.path[result.path.length - 1] });
  return t(result.exists === false ? "knight.result_none" : "knight.result_not_found", { reason: said(result.said) });
}


async function findTour(at = 0) {
  fresh();
  if (running) running.cancel();
  say(t("knight.searching"));
  try {
    result = await get("knight/tour", params(), "tour");
  } catch (error) {
    failed(error);
    return;
  }
  save();
  if (rows * cols > STEPPED) {
    drawResult();
    $("watch-message").innerHTML = `<p class="note">${escapeText(t("knight.too_many_squares", { count: number(rows * cols), most: STEPPED }))}</p>`;
    return;
  }
  await watchTour(at);
}

// The steps of the method that answered, from the server, played from step `at`; the tour alone (and why)
// when there are none: a theorem decided, or the search is too long to watch.
async function watchTour(at) {
  const ask = params();
  const fetchPage = (offset) => get("knight/steps", { ...ask, offset, limit: PAGE }, "steps");
  let first, listing;
  try {
    first = await fetchPage(0);
    if (!first.steps.length) {
      drawResult();
      $("watch-message").innerHTML = `<p class="note">${escapeText(t("knight.no_search", { reason: said(result.said) }))}</p>`;
      return;
    }
    listing = WATCHED.includes(first.method) ? await get("knight/listing", { method: first.method }, "listing")
      : { method: first.method, lines: [], frames: [], variables: [] };
  } catch (error) {
    if (!(error instanceof ApiError)) {
      failed(error);
      return;
    }
    drawResult();
    $("watch-message").innerHTML = `<p class="note">${escapeText(t("knight.steps_not_shown", { error: error.message }))}</p>`;
    say(`${resultText()} ${t("knight.steps_not_shown", { error: error.message })}`, result.path ? "good" : "error");
    return;
  }
  const source = pagedSource(new StepStore(puzzle.kindOf), fetchPage, MAX_LOADED, first);
  const setup = { rows, cols, method: first.method, start: squareName(...start), blocked: [...blocked], closed: ask.closed,
    squares: rows * cols - blocked.size, uid: "k" };
  watching = true;
  showWatching(true);
  say("");
  await watcher.start(listing, setup, source, at);
  save();
}

function drawResult() {
  showWatching(false);
  if (!(result && result.path)) {
    drawSetup();
    say(resultText(), "error");
    return;
  }
  const path = result && result.path ? result.path.map(parseSquare) : [];
  const number = new Map(path.map(([r, c], i) => [`${r},${c}`, i + 1]));
  const numbered = Math.max(rows, cols) <= NUMBERED;
  board.render({ rows, cols, title: t("knight.tour_title", { rows, cols }),
    cell(r, c) {
      const base = baseCell(r, c);
      if (base) return base;
      const name = squareName(r, c);
      const k = number.get(`${r},${c}`);
      if (k === 1) return { label: numbered ? "1" : "", ring: "#1b6e20", aria: t("knight.aria_first", { square: name }) };
      if (k === path.length && k) return { label: numbered ? String(k) : "", ring: "#b3261e", aria: t("knight.aria_last", { square: name, number: k }) };
      return { label: numbered && k ? String(k) : "", labelHalo: "#fff", aria: k ? t("knight.aria_numbered", { square: name, number: k }) : name };
    },
    overlay: (centre) => pathOverlay(path, centre, { arrows: numbered && path.length <= 100, closed: result && result.closed, width: numbered ? 4 : 2 }) });
  say(resultText(), result && result.path ? "good" : "error");
}

// ---------------------------------------------------------------- start squares

async function mapStarts() {
  fresh();
  if (running) running.cancel();
  say(t("knight.deciding"));
  running = job("knight/starts", { board: `${rows}x${cols}`, closed: $("closed").checked },
    (report) => say(t("knight.deciding_progress", { done: report.done, total: report.total ?? "?" })));
  try {
    starts = await running;
  } catch (error) {
    failed(error);
    return;
  } finally {
    running = null;
  }
  const good = new Set(starts.starts);
  const kind = starts.closed ? "closed" : "open";
  board.render({ rows, cols, title: t(`knight.starts_title_${kind}`),
    cell(r, c) {
      const name = squareName(r, c);
      return good.has(name) ? { tint: "#1b5e20", tintOpacity: 0.85, label: "✓", labelColor: "#fff", aria: t("knight.aria_starts_here", { square: name }) }
        : { tint: "#616161", tintOpacity: 0.6, aria: t("knight.aria_no_tour_here", { square: name }) };
    } });
  $("legend").innerHTML = `<span class="swatch-tour">${escapeText(t(`knight.legend_starts_${kind}`, { count: good.size }))}</span><span class="swatch-none">${escapeText(t("knight.legend_no_tour", { count: rows * cols - good.size }))}</span>`;
  say(t(`knight.starts_said_${kind}`, { count: good.size, squares: rows * cols }), good.size ? "good" : "error");
  save();
}

// ---------------------------------------------------------------- controls

$("rows").value = rows;
$("cols").value = cols;
$("closed").checked = state.closed === "true";
$("method").value = METHODS.includes(state.method) ? state.method : "";
$("lookahead").value = /^[1-8]$/.test(state.lookahead) ? state.lookahead : "2";
const showLookahead = () => ($("lookahead-label").hidden = $("method").value !== "lookahead");
showLookahead();
for (const [id, what] of [["rows", "knight.rows"], ["cols", "knight.columns"]]) {
  $(id).addEventListener("change", () => {
    const typed = $(id).value.trim();
    const value = Number(typed);
    if (!typed || !isSide(value)) { // said, and the board kept: 0 is no board, and 8 was not asked for
      $(id).value = id === "rows" ? rows : cols;
      say(t(typed ? "knight.side_not" : "knight.side_empty", { what: t(what), side: SIDE, typed, rows, cols }), "error");
      return;
    }
    if (id === "rows") rows = value;
    else cols = value;
    if (start[0] >= rows || start[1] >= cols) start = [0, 0];
    blocked = new Set([...blocked].filter((name) => { const [r, c] = parseSquare(name); return r < rows && c < cols; }));
    fresh();
    drawSetup();
    say(rows * cols > STEPPED ? t("knight.drawn_whole", { rows, cols, count: rows * cols, most: STEPPED }) : t("knight.press_find"));
    save();
  });
}
$("method").addEventListener("change", () => { showLookahead(); fresh(); drawSetup(); save(); });
$("closed").addEventListener("change", () => { fresh(); drawSetup(); save(); });
$("lookahead").addEventListener("change", () => { fresh(); drawSetup(); save(); });
$("tour").addEventListener("click", () => findTour(0));
$("starts").addEventListener("click", mapStarts);
$("rescue-button").addEventListener("click", async () => {
  $("method").value = "backtrack";
  showLookahead();
  await findTour(0);
  if (watching) await watcher.player.jump(puzzle.jumps.find((jump) => jump.kinds.includes("back")));
});

sayAddress(problems);
if (state.view === "tour") findTour(/^[1-9][0-9]{0,5}$/.test(state.step) ? Number(state.step) - 1 : 0);
else if (state.view === "starts") mapStarts();
else {
  drawSetup();
  say(t("knight.click_then_find"));
}
