// The knight's methods plugged into the watching framework (watch.js): how a step is drawn on the board
// (the path numbered, the accessibility of every free square, the candidates tested with their score, a
// retreat), said in a sentence, tabled (the candidates) and explained (how the method chooses).
import { escapeText, parseSquare, pathOverlay, squareName } from "./board.js";

const BLUE = "#0b57d0";
const BROWN = "#7a4f00";
const RED = "#b3261e";
const GREEN = "#1b6e20";
const PATH = "#5c6bc0";
const ORANGE = "#e65100";

// The seed's move codes: code k goes ROW_STEP[k] ranks up and COL_STEP[k] files right (its `vertical` points down).
const ROW_STEP = [1, 2, 2, 1, -1, -2, -2, -1];
const COL_STEP = [2, 1, -1, -2, -2, -1, 1, 2];

const sentence = (text) => (text ? text.charAt(0).toUpperCase() + text.slice(1) : "");
const plural = (count, word) => `${count.toLocaleString("en")} ${word}${count === 1 ? "" : "s"}`;

// The move code from one square to the next (names), or -1.
export function moveCode(from, to) {
  const [r1, c1] = parseSquare(from), [r2, c2] = parseSquare(to);
  for (let k = 0; k < 8; k++) if (r2 - r1 === ROW_STEP[k] && c2 - c1 === COL_STEP[k]) return k;
  return -1;
}

// A look-ahead score as the learner reads it: "0x515 = 5, then 1, then 5".
export function scoreText(candidate) {
  if (candidate.score === null || candidate.score === undefined) return "";
  const digits = candidate.ahead || [];
  return `0x${candidate.score.toString(16)} = ${digits.join(", then ")}`;
}

function candidateText(c) {
  const score = scoreText(c);
  return `${c.square} (accessibility ${c.accessibility}${score ? `, score ${score}` : ""})`;
}

// The candidates a step shows, and the one it is about: a test, the square a move took, none.
function candidatesOf(step) {
  if (step.kind === "test") return { list: step.candidates, chosen: null, now: step.candidate.square };
  if (step.kind === "move") return { list: step.candidates, chosen: step.square, now: null };
  if (step.kind === "stuck") return { list: step.candidates, chosen: null, now: null };
  return { list: [], chosen: null, now: null };
}

// ---------------------------------------------------------------- the board

function boardSpec(step, previous, setup) {
  const blocked = new Set(setup.blocked || []);
  const number = new Map(step.path.map((name, i) => [name, i + 1]));
  const { list, chosen, now } = candidatesOf(step);
  const offered = new Map(list.map((c) => [c.square, c]));
  const before = previous && previous.number <= step.number + 1 ? previous.accessibility : null;
  const lookahead = setup.method === "lookahead";
  // the squares a backtrack's reason names ("d4 is a dead end"), but the two it moves between
  const named = new Set(step.kind === "back" ? (step.note.match(/\b[a-z]+[0-9]+\b/g) || []).filter((name) => name !== step.left && name !== step.square) : []);
  const title = `${setup.rows}x${setup.cols} board, ${setup.method}, step ${step.index + 1}`;
  return {
    rows: setup.rows, cols: setup.cols, title,
    cell(r, c) {
      const name = squareName(r, c);
      if (blocked.has(name)) return { fill: "#3a3a3a", cross: "#9e9e9e", aria: `${name}, blocked` };
      if (name === step.square) {
        return { piece: "N", corner: String(step.number), cornerColor: "#000", tint: step.kind === "stuck" ? "#ef9a9a" : "#ffe082", tintOpacity: 0.85,
          ring: step.kind === "stuck" ? RED : undefined, aria: `${name}, knight, square ${step.number}` };
      }
      if (name === step.left) {
        return { cross: RED, tint: "#ffcdd2", tintOpacity: 0.8, label: String(step.accessibility[r][c] ?? ""), labelSize: 13,
          aria: `${name}, left by the retreat, accessibility ${step.accessibility[r][c]}` };
      }
      if (number.has(name)) {
        return { label: String(number.get(name)), labelColor: "#1a237e", labelHalo: "#fff", labelWeight: 700, labelSize: 18, tint: "#c5cae9", tintOpacity: 0.9,
          aria: `${name}, visited, square ${number.get(name)}` };
      }
      const value = step.accessibility[r][c];
      const fell = before && before[r][c] !== null && value !== null && value < before[r][c];
      const option = offered.get(name);
      if (named.has(name)) {
        return { label: String(value), labelColor: "#000", labelWeight: 800, labelSize: 21, ring: ORANGE, tint: "#ffe0b2", tintOpacity: 0.8,
          aria: `${name}, accessibility ${value}, named in the backtrack's reason` };
      }
      if (!option) {
        return { label: String(value), labelColor: "#000", labelWeight: 400, labelSize: 13, tint: fell ? "#ffd54f" : undefined, tintOpacity: 0.75,
          aria: `${name}, accessibility ${value}` };
      }
      const ring = name === chosen ? BLUE : option.refused ? RED : name === now ? GREEN : BROWN;
      const role = name === chosen ? ", taken" : option.refused ? ", refused" : name === now ? ", tested now" : ", tested";
      return { label: String(option.accessibility), labelColor: "#000", labelWeight: 800, labelSize: 21, ring,
        corner: lookahead && option.ahead ? option.ahead.join("·") : null, cornerColor: "#000",
        tint: name === chosen ? "#90caf9" : name === now ? "#c8e6c9" : fell ? "#ffd54f" : undefined, tintOpacity: 0.75,
        aria: `${name}, candidate, accessibility ${option.accessibility}${option.score !== null ? `, score ${scoreText(option)}` : ""}${role}` };
    },
    overlay(centre) {
      const path = step.path.map(parseSquare);
      let svg = pathOverlay(path, centre, { arrows: false, width: 3, colour: PATH, id: `${setup.uid}-path` });
      if (step.kind === "back" && step.left) {
        svg += pathOverlay([parseSquare(step.left), parseSquare(step.square)], centre, { colour: RED, width: 4, dash: "8 5", id: `${setup.uid}-back` });
      }
      if (step.kind === "test") {
        svg += pathOverlay([parseSquare(step.square), parseSquare(step.candidate.square)], centre,
          { colour: step.candidate.refused ? RED : GREEN, width: 3, dash: "5 4", id: `${setup.uid}-test` });
      }
      return svg;
    },
  };
}

// ---------------------------------------------------------------- in words

const RULE = { warnsdorff: "the lowest accessibility", lookahead: "the lowest look-ahead score", roth: "the lowest accessibility (ties: farthest from the centre)" };

function describe(step, setup) {
  const where = step.square;
  if (step.kind === "start") {
    return `The knight starts on ${where}. Each free square shows its accessibility: from how many free squares a knight can still reach it.${step.note ? ` This run: ${step.note}.` : ""}`;
  }
  if (step.kind === "restart") return `${sentence(step.note)}. The knight is on ${where} again, the tree keeps the run before as dead branches.`;
  if (step.kind === "test") {
    const c = step.candidate;
    const score = scoreText(c);
    let text = `From ${where} (square ${step.number}) the knight looks at ${c.square}: accessibility ${c.accessibility}${score ? `, look-ahead score ${score}` : ""}.`;
    if (c.refused) text += ` Refused: ${c.refused}.`;
    else if (Array.isArray(step.vars.best)) text += ` The lowest before it: ${squareName(...step.vars.best)}.`; // the rule's best so far
    else if ("best" in step.vars) text += " It is the first free square looked at from here.";
    return text;
  }
  if (step.kind === "move") {
    const from = step.path[step.path.length - 2];
    const how = setup.method === "backtrack" ? "the first square in Warnsdorff's order not tried yet from there"
      : setup.method === "divide" ? "the next square of the tour divide built" : `of ${plural(step.candidates.length, "candidate")}, the one with ${RULE[setup.method]}`;
    return `Move ${step.number - 1}: the knight goes from ${from} to ${where}, ${how}.`;
  }
  if (step.kind === "back") return `Backtrack: the knight goes back from ${step.left} to ${where}. Why: ${step.note}.`;
  return `${sentence(step.note)}.`;
}

function ending(step, setup) {
  const c = step.counts;
  const work = `${plural(c.tests, "test")}, ${plural(c.moves, "move")}, ${plural(c.backs, "backtrack")}${c.restarts ? `, ${plural(c.restarts, "restart")}` : ""}`;
  if (step.kind === "done") return `Tour found by ${setup.method}: ${plural(step.number, "square")} after ${work}.`;
  if (step.kind === "stuck") return `${sentence(setup.method)} is stuck: ${step.number} of ${setup.squares} squares visited, after ${work}.`;
  if (step.kind === "exhausted") return `${sentence(step.note)}: proved after ${work}.`;
  return `The steps end here, after ${work}.`;
}

// ---------------------------------------------------------------- the panels

// The eight move codes round a knight: the order in which ties are broken.
function codesSvg(uid) {
  const cell = 26, size = 5 * cell;
  let svg = `<svg class="codes" viewBox="0 0 ${size} ${size}" role="img" aria-label="the seed's move codes 0 to 7 round the knight" font-family="system-ui, sans-serif">`;
  for (let r = 0; r < 5; r++) for (let c = 0; c < 5; c++) svg += `<rect x="${c * cell}" y="${r * cell}" width="${cell}" height="${cell}" fill="${(r + c) % 2 ? "#b58863" : "#f0d9b5"}"/>`;
  svg += `<text x="${2.5 * cell}" y="${2.5 * cell + 1}" font-size="20" text-anchor="middle" dominant-baseline="central">♞</text>`;
  for (let k = 0; k < 8; k++) {
    const x = (2 + COL_STEP[k] + 0.5) * cell, y = (2 - ROW_STEP[k] + 0.5) * cell;
    svg += `<circle cx="${x}" cy="${y}" r="9" fill="#fff" stroke="${BROWN}"/><text x="${x}" y="${y + 1}" font-size="12" font-weight="700" text-anchor="middle" dominant-baseline="central">${k}</text>`;
  }
  return `${svg}<title>${escapeText(`move codes (${uid})`)}</title></svg>`;
}

const HOW = {
  warnsdorff: "Warnsdorff's rule, the seed's: from each square the knight goes to the free square with the lowest accessibility, the one with the fewest ways left on, so that the squares hardest to reach are visited before they are cut off. Ties go to the square met first in the order of the seed's move codes (below): the lowest code wins.",
  lookahead: "The seed's look-ahead: a tie in accessibility is broken by looking further. A candidate's score reads move by move, one hexadecimal digit a move: 0x35 is accessibility 3, then 5, the lowest accessibility among the squares one move further on. The knight goes to the lowest score, so the first digit decides, then the next; a tie left after every digit goes to the lower move code.",
  roth: "Roth's rule: the lowest accessibility, as Warnsdorff's; ties go to the square farthest from the centre of the board, and a square with no way on (accessibility 0) is refused unless it is the last one.",
  backtrack: "The exhaustive search: from each square it tries the candidates in Warnsdorff's order (the fewest ways on first, then the run's tie order, then the move code) and goes down; as soon as a free square can no longer be fitted into a tour (a dead end too early, a square no knight can reach any more), it goes back (a backtrack) and tries the next candidate. Runs in several tie orders take turns with growing budgets of moves.",
  divide: "Divide builds its tour piece by piece on large boards: the steps replay the tour it found, square by square, with the seed's accessibility table.",
};

function candidatesTable(step, setup) {
  const { list, chosen, now } = candidatesOf(step);
  if (step.kind === "back") {
    return `<p><strong>Backtrack</strong> from <strong>${escapeText(step.left)}</strong> to ${escapeText(step.square)}: ${escapeText(step.note)}.</p>`;
  }
  if (!list.length) {
    const why = { start: "the knight is about to look round its first square", restart: "the knight is about to look round its first square again",
      stuck: `no free square is a knight's move from ${step.square}`, done: "every free square is visited", exhausted: "every move from the start has been tried" };
    return `<p class="muted small">No candidate at this step: ${why[step.kind] || "the knight has gone on"}.</p>`;
  }
  const scored = setup.method === "lookahead";
  const from = step.kind === "move" ? step.path[step.path.length - 2] : step.square;
  // a rule's best candidate so far: the walk's variable best, (row, col) of the lowest score met
  const best = step.kind === "test" && Array.isArray(step.vars.best) ? squareName(...step.vars.best) : null;
  const verdict = (c) => [c.square === chosen ? "taken" : c.refused ? `refused: ${c.refused}` : c.square === now ? "tested now" : "tested",
    c.square === best ? "the lowest before it" : ""].filter(Boolean).join(", ");
  const rows = list.map((c) => `<tr class="${c.square === chosen ? "taken" : c.square === now ? "now" : c.refused ? "refused" : ""}"><td>${escapeText(c.square)}</td><td class="num">${c.accessibility}</td>${scored ? `<td class="nowrap">0x${c.score.toString(16)} <span class="muted">(${c.ahead.join("·")})</span></td>` : ""}<td>${escapeText(verdict(c))}</td></tr>`).join("");
  return `<p class="small">From <strong>${escapeText(from)}</strong>${step.kind === "test" ? ", so far" : ""}:</p><div class="scroller" tabindex="0" role="group" aria-label="the candidates (scrolls sideways)"><table class="candidates"><thead><tr><th scope="col">square</th><th scope="col" class="num">accessibility</th>${scored ? '<th scope="col">score (digit by digit)</th>' : ""}<th scope="col"></th></tr></thead><tbody>${rows}</tbody></table></div><p class="scroll-hint small">scroll sideways for the rest →</p>`;
}

function panels(step, previous, setup) {
  const title = (text) => `<h3>${text}</h3>`;
  const how = HOW[setup.method] || "";
  const codes = ["warnsdorff", "lookahead"].includes(setup.method) ? `<div class="codes-box">${codesSvg(setup.uid)}<p class="small muted">Move codes: 0 is two files right and one rank up, then round counter-clockwise.${setup.method === "lookahead" ? " On the board, a candidate's corner reads its score digit by digit." : ""}</p></div>` : "";
  return `<section class="watch-panel">${title(step.kind === "back" ? "The backtrack" : "The candidates")}${candidatesTable(step, setup)}</section>` +
    `<section class="watch-panel">${title(`How ${escapeText(setup.method)} chooses`)}<p class="small">${escapeText(how)}</p>${codes}</section>`;
}

// ---------------------------------------------------------------- the puzzle, for watch.js

export const puzzle = {
  name: "knight",
  kindOf: (step) => step.kind,
  counters: [["tests", "tests"], ["moves", "moves"], ["backs", "backtracks"], ["restarts", "restarts"], ["nodes", "tree nodes"]],
  jumps: [
    { label: "Next move", sign: "♞", key: "m", kinds: ["move"], title: "the next move (past the tests)" },
    { label: "Next backtrack", sign: "↩", key: "b", kinds: ["back"], title: "the next retreat" },
  ],
  boardSpec,
  describe,
  panels,
  frameLabel(frame) {
    const v = frame.vars || {};
    const at = (row, col) => (row !== undefined && col !== undefined ? squareName(row, col) : "?");
    if (frame.name === "backtrack") return `backtrack · budget ${Number(v.budget).toLocaleString("en")} moves, ties ${v.order}`;
    if (frame.name === "search") return `search(${at(v.row, v.col)}) · square ${v.number}`;
    if (frame.name === "walk") return `walk · on ${at(v.row, v.col)}${v.number ? `, looking for square ${v.number}` : ""}`;
    return frame.name;
  },
  nodeLabel: (step) => step.square,
  nodeSlot(step) {
    const code = moveCode(step.path[step.path.length - 2], step.square);
    return code < 0 ? null : [code, 8];
  },
  probe(step) {
    if (step.kind !== "test") return null;
    return { slot: moveCode(step.square, step.candidate.square), label: step.candidate.square, refused: Boolean(step.candidate.refused) };
  },
  treeShape(setup) {
    return { depth: Math.max(1, setup.squares - 1), slots: 8, rootLabel: setup.start, split: "made", full: false, solved: "a tour below",
      note: "Each node is a square the knight moved to, below the square it came from; its place in the row is its move code (0 to 7). Drawn: the path to the knight's square with the squares tried on the way; grey: given up by a backtrack. +n: the nodes below a node. A click on a node goes to the step that made it." };
  },
  ending,
  legend: () => `<span class="mark mark-knight">the knight, its square number in the corner</span><span class="mark mark-visited">visited, numbered</span><span class="mark mark-tested">the candidate tested now</span><span class="mark mark-before">tested before</span><span class="mark mark-taken">the square taken</span><span class="mark mark-refused">a candidate refused</span><span class="mark mark-cross mark-left">left by a backtrack</span><span class="mark mark-reason">named in a backtrack's reason</span><span class="mark mark-fell">accessibility just fell</span>`,
  isSolution: (step) => step.kind === "done",
  found: (step) => step.kind === "done",
  noCode: () => "Divide builds its tour piece by piece, not move by move: these steps replay the tour it found, and no code runs square by square.",
};
