// The draughts page: a position editor for every variant, the longest captures jump by jump,
// the seed's capture tree with each node's num, legal moves to play and undo.
import { get, isAbort, readState, writeState } from "./api.js";
import { Board, escapeText, exportButtons, parseSquare, pathOverlay, squareName } from "./board.js";
import { $, failed, say } from "./common.js";
import { Player } from "./player.js";

const DARK = "#7d5433"; // white square numbers on it pass WCAG AA
const COLOURS = ["#0b57d0", "#c2185b", "#1b6e20", "#e65100", "#6a1b9a", "#00838f"];
const NAMES = { w: "white man", W: "white king", b: "black man", B: "black king" };

const state = readState({ variant: "russian", fen: "", view: "", path: "", jump: "" });
let variants = {};
let variant = null; // the details of the chosen variant
let pieces = {}; // square name -> w W b B
let turn = "W";
let fen = "";
let captures = null;
let chosen = -1; // the path being stepped
let history = [];
// Changes to the position run one after another, each on the position the one before left:
// a quick click right after "Empty board" edits the empty board.
let queue = Promise.resolve();
const inTurn = (action) => (...args) => (queue = queue.then(() => action(...args)).catch(failed));
const board = new Board($("board"), inTurn(edit));
exportButtons($("export"), board, () => `draughts-${variant ? variant.name : "board"}.svg`);
const player = new Player($("player"), { steps: () => jumps(), more: async () => false, show: showJump,
  counter: (k) => (k === 0 ? "the start" : k === jumps().length - 1 ? "the move ends" : `jump ${k} of ${jumps().length - 2}`) });

function size() {
  return variant ? variant.size : 8;
}

function isDark(r, c) {
  return (r + c) % 2 === (variant && variant.mirrored ? 1 : 0);
}

function playable(r, c) {
  return !variant.dark_only || isDark(r, c);
}

function number(r, c) {
  const n = size(), top = n - 1 - r;
  return top * (n / 2) + Math.floor(c / 2) + 1;
}

function save() {
  writeState({ variant: variant.name, fen, view: captures ? "captures" : "", path: chosen >= 0 ? chosen + 1 : "", jump: chosen >= 0 && player.index >= 0 ? player.index + 1 : "" });
}

// ---------------------------------------------------------------- the board

function draw({ overlay, marks = {}, shown = pieces, title } = {}) {
  board.render({ rows: size(), cols: size(), lightA1: variant.mirrored, dark: DARK, title: title || `${variant.name} position`,
    cell(r, c) {
      const name = squareName(r, c);
      const piece = shown[name];
      const mark = marks[name] || {};
      const corner = variant.numeric && isDark(r, c) ? String(number(r, c)) : null;
      const label = `${name}${variant.numeric && isDark(r, c) ? ` (${number(r, c)})` : ""}`;
      return { piece, corner, cornerColor: "#fff", ring: mark.ring, cross: mark.cross, tint: mark.tint, tintOpacity: 0.6,
        aria: piece ? `${label}, ${NAMES[piece]}${mark.cross ? ", captured" : ""}` : label };
    },
    overlay });
}

async function edit(row, col) {
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

// Read a position (FEN, or the seed's input) through the server, which checks it and writes it back.
async function load(text, keepOnError = false, seed = null) {
  try {
    const answer = await get("draughts/position", seed !== null ? { seed_input: seed } : { fen: text, variant: variant.name }, "position");
    if (answer.variant !== variant.name) setVariant(answer.variant);
    pieces = answer.pieces;
    turn = answer.turn;
    fen = answer.fen;
    $("fen").value = fen;
    $("turn").value = turn;
    clearCaptures();
    draw();
    say(`${Object.keys(pieces).length} pieces; ${turn === "W" ? "white" : "black"} to move.`);
    save();
    await listMoves();
  } catch (error) {
    failed(error);
    if (keepOnError) draw();
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
  $("jump-text").textContent = "";
  $("tree-view").innerHTML = "";
}

function squareOf(text) {
  if (/^[0-9]+$/.test(text)) {
    const n = size(), k = Number(text) - 1, top = Math.floor(k / (n / 2));
    const col = 2 * (k % (n / 2)) + ((top + (variant.mirrored ? 1 : 0)) % 2 === 0 ? 1 : 0);
    return squareName(n - 1 - top, col);
  }
  return text;
}

async function showCaptures() {
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
    b.style.borderLeft = `6px solid ${COLOURS[Number(b.dataset.path) % COLOURS.length]}`; // the path's colour on the board
    b.addEventListener("click", () => stepPath(Number(b.dataset.path)));
  });
  if (!captures.sequences.length) say("No capture in this position.", "error");
  else say(`Longest capture: ${captures.max_captures} piece${captures.max_captures > 1 ? "s" : ""}; ${captures.sequences.length} path${captures.sequences.length > 1 ? "s" : ""} (${captures.moves} distinct move${captures.moves > 1 ? "s" : ""}). Click a path to step through it.`, "good");
  save();
}

function drawCaptures() {
  const marks = {};
  for (const s of captures.sequences) for (const t of s.captured) marks[squareOf(t)] = { cross: "#d50000" };
  draw({ marks, title: `${variant.name}: every longest capture`,
    overlay: (centre) => captures.sequences.map((s, i) => pathOverlay(s.squares.map((t) => parseSquare(squareOf(t))), centre,
      { colour: COLOURS[i % COLOURS.length], width: 5, id: `p${i}`, dash: i ? "10 5" : "" })).join("") });
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

function showJump(k) {
  const s = captures.sequences[chosen];
  const squares = s.squares.map(squareOf);
  const taken = s.captured.map(squareOf);
  const done = k === squares.length;
  const at = Math.min(k, squares.length - 1);
  const shown = { ...pieces };
  const mover = shown[squares[0]];
  delete shown[squares[0]];
  const removed = done || variant.remove_at_once ? taken.slice(0, at) : [];
  for (const t of removed) delete shown[t];
  shown[squares[at]] = mover;
  const marks = {};
  for (const t of taken.slice(0, at)) if (!removed.includes(t)) marks[t] = { cross: "#d50000" };
  marks[squares[at]] = { ring: COLOURS[chosen % COLOURS.length] };
  draw({ shown, marks, title: `${variant.name}: capture ${chosen + 1}, jump ${at}`,
    overlay: (centre) => pathOverlay(squares.slice(0, at + 1).map(parseSquare), centre, { colour: COLOURS[chosen % COLOURS.length], id: "step" }) });
  const strike = variant.remove_at_once ? "taken off at once (the seed's rule)" : "marked, and left on the board until the move ends (the Turkish strike)";
  if (k === 0) $("jump-text").textContent = `The piece on ${s.squares[0]} starts its capture.`;
  else if (!done) $("jump-text").textContent = `Jump ${k} of ${squares.length - 1}: ${s.squares[k - 1]} → ${s.squares[k]}, taking ${s.captured[k - 1]}: ${strike}.`;
  else $("jump-text").textContent = `The move ends on ${s.squares[squares.length - 1]}: the ${taken.length} captured pieces leave the board.`;
  save();
}

// ---------------------------------------------------------------- the seed's tree

function seedInput() {
  const white = Object.entries(pieces).filter(([, p]) => p === "w");
  const black = Object.entries(pieces).filter(([, p]) => p === "b");
  if (white.length !== 1 || Object.values(pieces).some((p) => p === "W" || p === "B")) return null;
  const xy = (name) => { const [r, c] = parseSquare(name); return `${c + 1} ${r + 1}`; };
  return [String(black.length), ...black.map(([name]) => xy(name)), xy(white[0][0])].join("\n");
}

async function showTree() {
  const text = seedInput();
  if (variant.name !== "seed" || text === null) {
    say("The seed's tree needs the seed variant, one white man and black men only (paste the seed's input, or choose the variant seed).", "error");
    return;
  }
  let answer;
  try {
    answer = await get("draughts/captures", { seed_input: text, tree: true });
  } catch (error) {
    failed(error);
    return;
  }
  const nodes = [];
  let leaves = 0;
  const place = (node, depth, onBest) => {
    const item = { node, depth, best: onBest, children: [] };
    nodes.push(item);
    if (!node.children.length) item.x = leaves++;
    for (const child of node.children) item.children.push(place(child, depth + 1, onBest && child.num === answer.tree.num));
    if (node.children.length) item.x = (item.children[0].x + item.children[item.children.length - 1].x) / 2;
    return item;
  };
  place(answer.tree, 0, answer.tree.num > 0);
  const W = 74, H = 70, depth = Math.max(...nodes.map((n) => n.depth));
  let svg = `<svg viewBox="-40 -30 ${Math.max(1, leaves) * W + 10} ${(depth + 1) * H + 10}" role="img" aria-label="the seed's capture tree: ${nodes.length} nodes, longest num ${answer.tree.num}">`;
  for (const item of nodes) {
    for (const child of item.children) {
      svg += `<line x1="${item.x * W}" y1="${item.depth * H}" x2="${child.x * W}" y2="${child.depth * H}" stroke="${child.best ? "#1b6e20" : "#8e877c"}" stroke-width="${child.best ? 4 : 2}"/>`;
    }
  }
  for (const item of nodes) {
    const x = item.x * W, y = item.depth * H;
    svg += `<g><rect x="${x - 31}" y="${y - 21}" width="62" height="42" rx="8" fill="${item.best ? "#c8e6c9" : "#f4f1ea"}" stroke="${item.best ? "#1b6e20" : "#8e877c"}" stroke-width="2"/>`;
    svg += `<text x="${x}" y="${y - 5}" font-size="15" font-weight="700" text-anchor="middle" fill="#1d1d1f">${item.node.square}</text>`;
    svg += `<text x="${x}" y="${y + 13}" font-size="12" text-anchor="middle" fill="#1d1d1f">num ${item.node.num}</text></g>`;
  }
  $("tree-view").innerHTML = `<p>The seed's <code>hod</code> builds one node per landing square and stores in <code>num</code> the longest capture through it; <code>search</code> follows the children whose <code>num</code> equals the root's (green).</p>${svg}</svg>`;
  say(`The tree has ${nodes.length} nodes; the longest capture takes ${answer.max_captures}.`, "good");
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
  setVariant(variants[state.variant] ? state.variant : "russian");
  await load(state.fen || "start");
  if (state.view === "captures") {
    await showCaptures();
    if (state.path) {
      stepPath(Number(state.path) - 1);
      if (state.jump) player.go(Number(state.jump) - 1);
    }
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
$("tree").addEventListener("click", inTurn(showTree));
$("undo").addEventListener("click", inTurn(() => history.length && load(history.pop())));
inTurn(init)();  // in the queue: a click made while the page loads waits for it
