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
import { t } from "./i18n.js";

const NAMES = { w: "draughts.piece_w", W: "draughts.piece_W", b: "draughts.piece_b", B: "draughts.piece_B" };
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
// the piece to put is the palette's at the click, not when the queue reaches it (a click made while the board
// loads waits, and the palette may have changed by then)
const board = new Board($("board"), (row, col) => inTurn(edit)(row, col, document.querySelector('input[name="piece"]:checked').value));
fitStage();
exportButtons($("export"), board, () => `draughts-${variant ? variant.name : "board"}.svg`);
const player = new Player($("player"), { steps: () => jumps(), more: async () => false, show: showJump,
  counter: (k) => (k === 0 ? t("draughts.counter_start") : k === jumps().length - 1 ? t("draughts.counter_end") : t("draughts.counter_jump", { k, of: jumps().length - 2 })) });
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
  board.render({ rows: size(), cols: size(), lightA1: variant.mirrored, dark: DARK, title: title || t("draughts.position_title", { variant: variant.name }),
    cell(r, c) {
      const name = squareName(r, c);
      const piece = shown[name];
      const mark = marks[name] || {};
      const number = numbers[name];
      const label = `${name}${number ? ` (${number})` : ""}`;
      return { piece, corner: number || null, cornerColor: "#fff", ring: mark.ring, cross: mark.cross, tint: mark.tint, tintOpacity: 0.6,
        aria: `${label}${piece ? `, ${t(NAMES[piece])}` : ""}${mark.aria || ""}` };
    },
    overlay });
}

async function edit(row, col, piece) {
  if (watching) return; // the board shows the program: it is not edited
  if (!playable(row, col)) {
    say(t("draughts.light_square", { square: squareName(row, col), variant: variant.name }), "error");
    return;
  }
  const name = squareName(row, col);
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
    say(t(turn === "W" ? "draughts.pieces_white" : "draughts.pieces_black", { count: Object.keys(pieces).length }));
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
    `<li><button type="button" data-path="${i}" aria-pressed="false">${escapeText(s.squares.join(sep))}</button> ${escapeText(t("draughts.takes", { men: s.captured.join(", ") }))}</li>`).join("");
  $("paths").querySelectorAll("button").forEach((b) => {
    b.style.borderLeft = `8px solid ${COLOURS[Number(b.dataset.path) % COLOURS.length]}`; // the path's colour on the board
    b.addEventListener("click", () => stepPath(Number(b.dataset.path)));
  });
  $("paths-note").hidden = !captures.sequences.length;
  if (!captures.sequences.length) say(t("draughts.no_capture"), "error");
  else {
    const counted = (count, word) => t(count === 1 ? `draughts.count_${word}_one` : `draughts.count_${word}`, { count });
    say(t("draughts.longest", { pieces: counted(captures.max_captures, "piece"), paths: counted(captures.sequences.length, "path"), moves: counted(captures.moves, "move") }), "good");
  }
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
    const label = t("draughts.path_label", { k: i + 1, squares: captures.sequences[i].squares.join(" ") });
    if (i !== chosen) return routeOverlay(squares, centre, { colour, width: 4, lane: lane(i), opacity: chosen >= 0 ? 0.28 : 0.9, id: `p${i}`, label });
    const whole = routeOverlay(squares, centre, { colour, width: 5, lane: lane(i), opacity: 0.45, id: `p${i}`, label });
    return upTo === Infinity ? routeOverlay(squares, centre, { colour, width: 7, lane: lane(i), opacity: 1, id: `p${i}`, label })
      : whole + routeOverlay(squares.slice(0, upTo + 1), centre, { colour, width: 7, lane: lane(i), opacity: 1, id: `s${i}`, label: t("draughts.so_far", { label }) });
  }).join("");
}

function drawCaptures() {
  const marks = {};
  for (const s of captures.sequences) for (const man of s.captured) marks[squareOf(man)] = { cross: "#d50000", aria: t("draughts.aria_captured") };
  draw({ marks, title: t("draughts.every_longest_title", { variant: variant.name }), overlay: (centre) => routes(centre) });
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
  for (const man of removed) delete shown[man];
  shown[squares[at]] = mover;
  const marks = {};
  for (const man of sofar) if (!removed.includes(man)) marks[man] = { cross: "#d50000", aria: t("draughts.aria_captured") };
  marks[squares[at]] = { ring: COLOURS[chosen % COLOURS.length] };
  draw({ shown, marks, title: t("draughts.jump_title", { variant: variant.name, k: chosen + 1, at }), overlay: (centre) => routes(centre, at) });
  const strike = t(variant.remove_at_once ? "draughts.strike_at_once" : "draughts.strike_turkish");
  const men = (names) => names.map((man) => t(`draughts.taking_${pieces[man] || "piece"}`, { square: named[man] })).join(t("draughts.and"));
  if (k === 0) $("caption").textContent = t("draughts.caption_start", { square: s.squares[0] });
  else if (!done) $("caption").textContent = t("draughts.caption_jump", { k, of: squares.length - 1, from: s.squares[k - 1], to: s.squares[k], men: men(takenBy(k)), strike });
  else $("caption").textContent = t("draughts.caption_end", { square: s.squares[squares.length - 1], count: taken.length });
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
    say(t("draughts.seed_needs"), "error");
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
      : `<span class="muted">${escapeText(t("draughts.no_legal_move"))}</span>`;
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
    say(t("draughts.played", { move }));
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
  if (!variants[state.variant]) problems.push(t("draughts.address_variant", { value: state.variant, variants: Object.keys(variants).join(", ") }));
  setVariant(variants[state.variant] ? state.variant : "russian");
  if (!["", "captures", "seed"].includes(state.view)) problems.push(t("draughts.address_view", { value: state.view }));
  for (const name of ["path", "jump", "step"]) {
    if (state[name] && !/^[1-9][0-9]{0,5}$/.test(state[name])) problems.push(t("draughts.address_whole", { name, value: state[name] }));
  }
  const error = await load(state.fen || "start");
  if (error) { // the view asked for would be of another position: the start position is shown alone
    problems.push(t("draughts.address_fen", { value: state.fen, variant: variant.name, error: error.message }));
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
      problems.push(t(captures.sequences.length === 1 ? "draughts.address_path_one" : "draughts.address_path", { path, count: captures.sequences.length }));
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
