// The draughts page: a position editor for every variant, the longest captures (each path one line through
// the squares it lands on, stepped jump by jump), the seed's program watched building its capture tree
// (watch.js with the seed's adapter, draughts-watch.js), legal moves to play and undo.
import { get, isAbort, readState, writeState } from "./api.js";
import { Board, escapeText, exportButtons, parseSquare, routeOverlay, squareName } from "./board.js";
import { $, failed, fitStage, say, sayAddress, watching as showWatching } from "./common.js";
import { COLOURS, DARK, puzzle } from "./draughts-watch.js";
import { Player } from "./player.js";
import { StepStore, pagedSource } from "./steps.js";
import { Watch } from "./watch.js";

const NAMES = { w: "white man", W: "white king", b: "black man", B: "black king" };
const LANE = 7; // SVG units between two capture paths drawn along the same diagonal
const PAGE = 1000; // steps a request (the seed's program makes at most 411)

const state = readState({ variant: "russian", fen: "", view: "", path: "", jump: "", step: "" });
let variants = {};
let variant = null; // the details of the chosen variant
let pieces = {}; // square name -> w W b B
let numbers = {}; // square name -> its number in the variant's notation (numeric variants), from the server
let bySquareNumber = {}; // the other way
let turn = "W";
let fen = "";
let captures = null;
let chosen = -1; // the path selected and stepped
let watching = false; // the seed's program is watched
let history = [];
// Changes to the position run one after another, each on the position the one before left:
// a quick click right after "Empty board" edits the empty board.
let queue = Promise.resolve();
const inTurn = (action) => (...args) => (queue = queue.then(() => action(...args)).catch(failed));
const board = new Board($("board"), inTurn(edit));
fitStage();
exportButtons($("export"), board, () => `draughts-${variant ? variant.name : "board"}.svg`);
const player = new Player($("player"), { steps: () => jumps(), more: async () => false, show: showJump,
  counter: (k) => (k === 0 ? "the start" : k === jumps().length - 1 ? "the move ends" : `jump ${k} of ${jumps().length - 2}`) });
const watcher = new Watch({ board, bar: $("bar"), caption: $("caption"), counts: $("counts"), legend: $("legend"),
  side: $("watch-side"), status: $("status"), keys: document, onError: failed }, puzzle);
let saving = null; // while the program plays, the address follows at most five times a second
watcher.onShow = () => saving || (saving = setTimeout(() => ((saving = null), save()), 200));

function size() {
  return variant ? variant.size : 8;
}

function isDark(r, c) {
  return (r + c) % 2 === (variant && variant.mirrored ? 1 : 0);
}

function playable(r, c) {
  return !variant.dark_only || isDark(r, c);
}

// A square as the captures name it (a number in a numeric variant) by its algebraic name.
function squareOf(text) {
  return bySquareNumber[text] || text;
}

function save() {
  writeState({ variant: variant.name, fen, view: watching ? "seed" : captures ? "captures" : "",
    path: captures && chosen >= 0 ? chosen + 1 : "", jump: captures && chosen >= 0 && player.index >= 0 ? player.index + 1 : "",
    step: watching && watcher.player.index >= 0 ? watcher.player.index + 1 : "" });
}

// ---------------------------------------------------------------- the board

function draw({ overlay, marks = {}, shown = pieces, title } = {}) {
  board.render({ rows: size(), cols: size(), lightA1: variant.mirrored, dark: DARK, title: title || `${variant.name} position`,
    cell(r, c) {
      const name = squareName(r, c);
      const piece = shown[name];
      const mark = marks[name] || {};
      const number = numbers[name];
      const label = `${name}${number ? ` (${number})` : ""}`;
      return { piece, corner: number || null, cornerColor: "#fff", ring: mark.ring, cross: mark.cross, tint: mark.tint, tintOpacity: 0.6,
        aria: `${label}${piece ? `, ${NAMES[piece]}` : ""}${mark.aria || ""}` };
    },
    overlay });
}

async function edit(row, col) {
  if (watching) return; // the board shows the program: it is not edited
  if (!playable(row, col)) {
    say(`${squareName(row, col)} is a light square: ${variant.name} is played on the dark squares.`, "error");
    return;
  }
  const name = squareName(row, col);
  const piece = document.querySelector('input[name="piece"]:checked').value;
  if (piece && pieces[name] !== piece) pieces[name] = piece;
  else delete pieces[name];
  await load(editedFen(), true);
}

function editedFen() {
  const side = (colour) => Object.entries(pieces).filter(([, p]) => p.toUpperCase() === colour)
    .map(([name, p]) => (p === colour ? "K" : "") + name).join(",");
  return `${$("turn").value}:W${side("W")}:B${side("B")}`;
}

// Read a position (FEN, or the seed's input) through the server, which checks it and writes it back; resolves
// the error when it could not be read (said on the status line), else null.
async function load(text, keepOnError = false, seed = null) {
  try {
    const answer = await get("draughts/position", seed !== null ? { seed_input: seed } : { fen: text, variant: variant.name }, "position");
    if (answer.variant !== variant.name) setVariant(answer.variant);
    pieces = answer.pieces;
    numbers = answer.numbers;
    bySquareNumber = Object.fromEntries(Object.entries(numbers).map(([name, number]) => [number, name]));
    turn = answer.turn;
    fen = answer.fen;
    $("fen").value = fen;
    $("turn").value = turn;
    clearCaptures();
    draw();
    say(`${Object.keys(pieces).length} pieces; ${turn === "W" ? "white" : "black"} to move.`);
    save();
    await listMoves();
    return null;
  } catch (error) {
    failed(error);
    if (keepOnError) draw();
    return error;
  }
}

function setVariant(name) {
  variant = { name, ...variants[name] };
  $("variant").value = name;
}

// ---------------------------------------------------------------- captures

function clearCaptures() {
  captures = null;
  chosen = -1;
  player.clear();
  $("paths").innerHTML = "";
  $("paths-note").hidden = true;
  $("caption").textContent = "";
  stopWatching();
}

async function showCaptures() {
  stopWatching();
  try {
    captures = await get("draughts/captures", { fen, variant: variant.name });
  } catch (error) {
    failed(error);
    return;
  }
  chosen = -1;
  player.clear();
  drawCaptures();
  const sep = variant.capture_sep;
  $("paths").innerHTML = captures.sequences.map((s, i) =>
    `<li><button type="button" data-path="${i}" aria-pressed="false">${escapeText(s.squares.join(sep))}</button> takes ${escapeText(s.captured.join(", "))}</li>`).join("");
  $("paths").querySelectorAll("button").forEach((b) => {
    b.style.borderLeft = `8px solid ${COLOURS[Number(b.dataset.path) % COLOURS.length]}`; // the path's colour on the board
    b.addEventListener("click", () => stepPath(Number(b.dataset.path)));
  });
  $("paths-note").hidden = !captures.sequences.length;
  if (!captures.sequences.length) say("No capture in this position.", "error");
  else say(`Longest capture: ${captures.max_captures} piece${captures.max_captures > 1 ? "s" : ""}; ${captures.sequences.length} path${captures.sequences.length > 1 ? "s" : ""} (${captures.moves} distinct move${captures.moves > 1 ? "s" : ""}). Click a path to bring it forward and step through it.`, "good");
  save();
}

// Every longest path, each one line through the squares it lands on, side by side where they share a
// diagonal; the chosen one (if any) in front, the others faint; `upTo` squares of the chosen one drawn strong.
function routes(centre, upTo = Infinity) {
  const count = captures.sequences.length;
  const lane = (i) => (i - (count - 1) / 2) * LANE * (count > 1 ? 1 : 0);
  const order = [...captures.sequences.keys()].filter((i) => i !== chosen).concat(chosen >= 0 ? [chosen] : []);
  return order.map((i) => {
    const squares = captures.sequences[i].squares.map((t) => parseSquare(squareOf(t)));
    const colour = COLOURS[i % COLOURS.length];
    const label = `path ${i + 1}: ${captures.sequences[i].squares.join(" ")}`;
    if (i !== chosen) return routeOverlay(squares, centre, { colour, width: 4, lane: lane(i), opacity: chosen >= 0 ? 0.28 : 0.9, id: `p${i}`, label });
    const whole = routeOverlay(squares, centre, { colour, width: 5, lane: lane(i), opacity: 0.45, id: `p${i}`, label });
    return upTo === Infinity ? routeOverlay(squares, centre, { colour, width: 7, lane: lane(i), opacity: 1, id: `p${i}`, label })
      : whole + routeOverlay(squares.slice(0, upTo + 1), centre, { colour, width: 7, lane: lane(i), opacity: 1, id: `s${i}`, label: `${label}, so far` });
  }).join("");
}

function drawCaptures() {
  const marks = {};
  for (const s of captures.sequences) for (const t of s.captured) marks[squareOf(t)] = { cross: "#d50000", aria: ", captured" };
  draw({ marks, title: `${variant.name}: every longest capture`, overlay: (centre) => routes(centre) });
}

function jumps() {
  if (!captures || chosen < 0) return [];
  const s = captures.sequences[chosen];
  return [...s.squares.keys()].concat([s.squares.length]); // landing k, then the end of the move
}

function stepPath(index) {
  chosen = index;
  $("paths").querySelectorAll("button").forEach((b) => b.setAttribute("aria-pressed", String(Number(b.dataset.path) === index)));
  player.clear();
  player.go(0);
}

// The pieces of `taken` (algebraic names) that a jump from one landing square to the next passes over: those on
// the line between them. One a jump when the move's path names every square it lands on (one square more than
// it takes); a path that leaves out a landing square still gives each jump the men it really takes.
function jumpedOver(from, to, taken) {
  const [r1, c1] = parseSquare(from), [r2, c2] = parseSquare(to);
  const dr = Math.sign(r2 - r1), dc = Math.sign(c2 - c1);
  const along = ([r, c]) => (dr ? (r - r1) * dr : (c - c1) * dc);
  const length = along([r2, c2]);
  return taken.filter((name) => {
    const square = parseSquare(name);
    return (square[0] - r1) * dc === (square[1] - c1) * dr && along(square) > 0 && along(square) < length;
  });
}

function showJump(k) {
  const s = captures.sequences[chosen];
  const squares = s.squares.map(squareOf);
  const taken = s.captured.map(squareOf);
  const named = Object.fromEntries(taken.map((t, j) => [t, s.captured[j]])); // algebraic -> the variant's notation
  const done = k === squares.length;
  const at = Math.min(k, squares.length - 1);
  const takenBy = (j) => jumpedOver(squares[j - 1], squares[j], taken); // jump j, from 1
  const sofar = done ? taken : Array.from({ length: at }, (_, j) => takenBy(j + 1)).flat();
  const shown = { ...pieces };
  const mover = shown[squares[0]];
  delete shown[squares[0]];
  const removed = done || variant.remove_at_once ? sofar : [];
  for (const t of removed) delete shown[t];
  shown[squares[at]] = mover;
  const marks = {};
  for (const t of sofar) if (!removed.includes(t)) marks[t] = { cross: "#d50000", aria: ", captured" };
  marks[squares[at]] = { ring: COLOURS[chosen % COLOURS.length] };
  draw({ shown, marks, title: `${variant.name}: capture ${chosen + 1}, jump ${at}`, overlay: (centre) => routes(centre, at) });
  const strike = variant.remove_at_once ? "taken off at once (the seed's rule)" : "marked, and left on the board until the move ends (the Turkish strike)";
  const men = (names) => names.map((t) => `${NAMES[pieces[t]] || "piece"} on ${named[t]}`).join(" and ");
  if (k === 0) $("caption").textContent = `The piece on ${s.squares[0]} starts its capture.`;
  else if (!done) $("caption").textContent = `Jump ${k} of ${squares.length - 1}: ${s.squares[k - 1]} → ${s.squares[k]}, taking the ${men(takenBy(k))}: ${strike}.`;
  else $("caption").textContent = `The move ends on ${s.squares[squares.length - 1]}: the ${taken.length} captured pieces leave the board.`;
  save();
}

// ---------------------------------------------------------------- the seed's program, watched

// The seed's input for the position: n, n pairs x y of black men, x y of the white man (null: not one white man
// among black men on the seed's board).
function seedInput() {
  const white = Object.entries(pieces).filter(([, p]) => p === "w");
  const black = Object.entries(pieces).filter(([, p]) => p === "b");
  if (variant.name !== "seed" || white.length !== 1 || Object.values(pieces).some((p) => p === "W" || p === "B")) return null;
  const xy = (name) => { const [r, c] = parseSquare(name); return `${c + 1} ${r + 1}`; };
  return [String(black.length), ...black.map(([name]) => xy(name)), xy(white[0][0])].join("\n");
}

function stopWatching() {
  if (!watching) return;
  watching = false;
  watcher.hide(true);
  showWatching(false);
}

async function watchSeed(at = 0) {
  const text = seedInput();
  if (text === null) {
    say("The seed's program takes one white man among black men on the seed's board: paste the seed's input, or choose the variant seed and set them up.", "error");
    return;
  }
  captures = null;
  chosen = -1;
  player.clear();
  $("paths").innerHTML = "";
  $("paths-note").hidden = true;
  const source = pagedSource(new StepStore(puzzle.kindOf), (offset) => get("draughts/steps", { seed_input: text, offset, limit: PAGE }, "steps"), PAGE);
  const setup = { white: Object.keys(pieces).find((name) => pieces[name] === "w"),
    blacks: Object.keys(pieces).filter((name) => pieces[name] === "b"), uid: "d" };
  try {
    const listing = await get("draughts/listing", { method: "seed" }, "listing");
    watching = true;
    showWatching(true);
    say("");
    await watcher.start(listing, setup, source, at);
    save();
  } catch (error) {
    failed(error);
  }
}

// ---------------------------------------------------------------- legal moves

async function listMoves() {
  try {
    const answer = await get("draughts/moves", { fen, variant: variant.name });
    $("moves").innerHTML = answer.moves.length ? answer.moves.map((m) => `<button type="button" data-move="${escapeText(m)}">${escapeText(m)}</button>`).join("")
      : `<span class="muted">No legal move: the side to move has lost.</span>`;
    $("moves").querySelectorAll("button").forEach((b) => b.addEventListener("click", () => inTurn(play)(b.dataset.move)));
  } catch (error) {
    if (!isAbort(error)) $("moves").textContent = error.message;
  }
}

async function play(move) {
  try {
    const answer = await get("draughts/play", { fen, variant: variant.name, move });
    history.push(fen);
    await load(answer.fen);
    say(`Played ${move}.`);
  } catch (error) {
    failed(error);
  }
}

// ---------------------------------------------------------------- controls

async function init() {
  variants = await get("draughts/variants", { details: true });
  for (const [name, details] of Object.entries(variants)) {
    const option = document.createElement("option");
    option.value = name;
    option.textContent = name;
    option.title = details.description;
    $("variant").append(option);
  }
  const problems = [];
  if (!variants[state.variant]) problems.push(`the variant “${state.variant}” is not one of ${Object.keys(variants).join(", ")}: here is russian.`);
  setVariant(variants[state.variant] ? state.variant : "russian");
  if (!["", "captures", "seed"].includes(state.view)) problems.push(`the view “${state.view}” is not one of captures, seed: here is the position alone.`);
  for (const name of ["path", "jump", "step"]) {
    if (state[name] && !/^[1-9][0-9]{0,5}$/.test(state[name])) problems.push(`${name} “${state[name]}” is not a whole number from 1: left out.`);
  }
  const error = await load(state.fen || "start");
  if (error) { // the view asked for would be of another position: the start position is shown alone
    problems.push(`the fen “${state.fen}” is not a ${variant.name} position (${error.message}): here is the start position.`);
    await load("start");
    sayAddress(problems);
    return;
  }
  sayAddress(problems);
  const number = (name) => (/^[1-9][0-9]{0,5}$/.test(state[name]) ? Number(state[name]) : 0);
  if (state.view === "captures") {
    await showCaptures();
    const path = number("path");
    if (captures && path > captures.sequences.length) {
      problems.push(`path ${path}: this position has ${captures.sequences.length} longest capture path${captures.sequences.length === 1 ? "" : "s"}.`);
      sayAddress(problems);
    } else if (path) {
      stepPath(path - 1);
      if (number("jump")) player.go(number("jump") - 1);
    }
  } else if (state.view === "seed") {
    await watchSeed(Math.max(0, number("step") - 1));
  }
}

$("variant").addEventListener("change", inTurn(async () => {
  setVariant($("variant").value);
  history = [];
  await load("start");
}));
$("turn").addEventListener("change", inTurn(() => load(editedFen())));
$("load").addEventListener("click", inTurn(() => load($("fen").value)));
$("fen").addEventListener("keydown", (event) => event.key === "Enter" && inTurn(load)($("fen").value));
$("initial").addEventListener("click", inTurn(() => load("start")));
$("empty").addEventListener("click", inTurn(() => load(`${$("turn").value}:W:B`)));
$("read-seed").addEventListener("click", inTurn(() => load("", false, $("seed").value)));
$("captures").addEventListener("click", inTurn(showCaptures));
$("tree").addEventListener("click", inTurn(() => watchSeed(0)));
$("undo").addEventListener("click", inTurn(() => history.length && load(history.pop())));
inTurn(init)();  // in the queue: a click made while the page loads waits for it
