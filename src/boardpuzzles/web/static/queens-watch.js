// The N queens on the board, and the seeds' searches plugged into the watching framework (watch.js):
// how a step is drawn, said and tabled (the seed's c, cm, dp, dm, the automaton, the Prolog term).
import { escapeText, squareName } from "./board.js";
import { number, t } from "./i18n.js";

const ATTACKED = "#6d0f0b";
const GOOD = "#1b6e20";
const BAD = "#b3261e";
const SOLVED = "#43a047";

export function attackHow([r1, c1], [r2, c2]) {
  if (r1 === r2) return t("queens.share_rank");
  if (c1 === c2) return t("queens.share_file");
  if (Math.abs(r1 - r2) === Math.abs(c1 - c2)) return t("queens.share_diagonal");
  return null;
}

function attacked(placed) {
  const lines = new Set();
  for (const [r, c] of placed) lines.add(`r${r}`).add(`c${c}`).add(`s${r + c}`).add(`d${r - c}`);
  return (r, c) => lines.has(`r${r}`) || lines.has(`c${c}`) || lines.has(`s${r + c}`) || lines.has(`d${r - c}`);
}

// A board of n x n with `placed` queens ([row, col], 0-based): attacked squares dotted while the board is not
// full, queens in conflict ringed red; marks["r,c"] = {ring, cross, tint} on chosen squares; overlay(centre).
export function queensSpec({ n, placed, marks = {}, title, overlay = null }) {
  const isAttacked = placed.length < n ? attacked(placed) : () => false;
  const at = new Set(placed.map(([r, c]) => `${r},${c}`));
  const conflict = new Set();
  for (let a = 0; a < placed.length; a++) {
    for (let b = a + 1; b < placed.length; b++) {
      if (attackHow(placed[a], placed[b])) conflict.add(`${placed[a]}`).add(`${placed[b]}`);
    }
  }
  return {
    rows: n, cols: n, title, overlay,
    cell(r, c) {
      const name = squareName(r, c);
      const mark = marks[`${r},${c}`] || {};
      if (at.has(`${r},${c}`)) {
        const bad = conflict.has(`${[r, c]}`);
        return { piece: "Q", ring: bad ? "#d50000" : mark.ring, tint: mark.tint, aria: `${t("queens.square_queen", { square: name })}${bad ? t("queens.aria_conflict") : ""}${mark.aria || ""}` };
      }
      const hit = isAttacked(r, c);
      return { dot: hit ? ATTACKED : null, ring: mark.ring, cross: mark.cross, tint: mark.tint, aria: `${name}${hit ? t("queens.aria_attacked") : ""}${mark.aria || ""}` };
    },
  };
}

// ---------------------------------------------------------------- one step

const STATES = { "С": "queens.state_s", "И": "queens.state_i", "СОК": "queens.state_sok", "С8": "queens.state_s8", "СБ": "queens.state_sb", "Я": "queens.state_ya" };

// The queen a step is about, and the queens on the board after it ([row, col], 0-based).
function square(step) {
  return step.method === "freelist" ? [step.row - 1, step.col - 1] : [step.k - 1, step.i - 1];
}

function queensOf(step) {
  if (step.method === "freelist") return step.board.queens.map(([r, c]) => [r - 1, c - 1]);
  return step.c.map((c, k) => [k, c - 1]);
}

function boardSpec(step, previous, setup) {
  const n = setup.n;
  const [r, c] = square(step);
  const marks = {};
  let overlay = null;
  const placed = queensOf(step);
  if (step.action === "test" && step.reason) {
    const { row, col } = step.blocker;
    marks[`${r},${c}`] = { cross: BAD, aria: t("queens.aria_refused") };
    marks[`${row - 1},${col - 1}`] = { ring: BAD, aria: t("queens.aria_holds") };
    overlay = (centre) => {
      const [x1, y1] = centre(row - 1, col - 1), [x2, y2] = centre(r, c);
      return `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="${BAD}" stroke-width="4" stroke-dasharray="9 6" stroke-linecap="round" opacity="0.8"/>`;
    };
  } else if (step.action === "test") {
    marks[`${r},${c}`] = { ring: GOOD, aria: t("queens.aria_tested_free") };
  } else if (step.action === "occupy") {
    marks[`${r},${c}`] = { ring: GOOD, aria: t("queens.aria_just_placed") };
  } else if (step.action === "free") {
    marks[`${r},${c}`] = { cross: BAD, aria: t("queens.aria_taken_back") };
  } else if (step.action === "solution") {
    for (const [qr, qc] of placed) marks[`${qr},${qc}`] = { tint: SOLVED, aria: t("queens.aria_solution") };
  }
  return queensSpec({ n, placed, marks, overlay, title: t("queens.step_title", { n, method: setup.method, step: step.index + 1 }) });
}

// Squares are named as the board names them (row k is rank k, column i is file i); the seed's own (k, i) and
// q(R,C) stay in the code, the tables and the term.
function describeArsac(step, n, first) {
  const { k, i } = step;
  const here = squareName(k - 1, i - 1);
  const who = step.method === "recursive" ? `HR(${k})` : `${step.state} (k = ${k})`;
  if (step.action === "test") {
    if (!step.reason) return t("queens.says_test_free", { who, here });
    const { table, entry, row, col } = step.blocker;
    return t("queens.says_test_refused", { who, here, table, entry, queen: row, holder: squareName(row - 1, col - 1) });
  }
  if (step.action === "occupy") return t("queens.says_occupy", { who, k, here, i, dp: k + i - 1, dm: k - i + n });
  if (step.action === "free") {
    const next = i < n ? t("queens.says_row_goes_on", { k, square: squareName(k - 1, i) })
      : k > first ? t("queens.says_row_exhausted", { k, back: k - 1 }) : t("queens.says_search_over", { k });
    return t("queens.says_free", { who, k, here, next });
  }
  return t("queens.says_solution", { n, count: step.counts.solutions, columns: step.solution.join(" ") });
}

function describeProlog(step, n, first) {
  const here = squareName(step.row - 1, step.col - 1);
  if (step.action === "test") {
    if (step.reason) {
      const { table, entry, row, col } = step.blocker;
      const [list, diagonal] = table === "diag1" ? ["FreeDiag1", "D1"] : ["FreeDiag2", "D2"];
      return t("queens.says_try_refused", { here, list, diagonal, entry, holder: squareName(row - 1, col - 1) });
    }
    return t("queens.says_try_free", { here, d1: n + step.col - step.row, d2: step.row + step.col - 1 });
  }
  if (step.action === "occupy") return t("queens.says_place", { here });
  if (step.action === "free") {
    const last = step.row === first && step.col === n;
    return t(last ? "queens.says_undo_last" : "queens.says_undo", { here });
  }
  return t("queens.says_clause", { count: step.counts.solutions, columns: step.solution.join(" ") });
}

// Why HR(k) and the automaton count differently on the same search (and the same solutions).
const COUNTED = { recursive: "queens.counted_recursive", iterative: "queens.counted_iterative" };

// ---------------------------------------------------------------- the seed's tables

function tableRow(name, values, previous, length, hint, lit = -1) {
  let cells = "";
  for (let j = 0; j < length; j++) {
    const value = j < values.length ? values[j] : "";
    const old = previous && j < previous.length ? previous[j] : "";
    const changed = previous && String(value) !== String(old);
    cells += `<td class="${value === 0 ? "zero" : ""}${changed ? " changed" : ""}${j === lit ? " refuses" : ""}">${value}</td>`;
  }
  return `<tr><th scope="row" title="${escapeText(hint)}">${name}</th>${cells}</tr>`;
}

function indexRow(length) {
  let cells = "";
  for (let j = 1; j <= length; j++) cells += `<td class="index">${j}</td>`;
  return `<tr><th></th>${cells}</tr>`;
}

// A table that may be wider than its panel: it scrolls sideways and says so.
function scroller(inner, label) {
  return `<div class="scroller" tabindex="0" role="group" aria-label="${escapeText(t("watch.scrolls_sideways", { label }))}">${inner}</div><p class="scroll-hint small">${escapeText(t("watch.scroll_hint"))}</p>`;
}

function tablesView(step, previous, n) {
  const prev = previous && previous.method === step.method ? previous : null;
  const refuses = (table) => (step.reason && step.blocker.table === table ? step.blocker.entry - 1 : -1);
  return scroller(`<table class="tables">
    ${indexRow(2 * n - 1)}
    ${tableRow("c[1..k]", step.c, prev && prev.c, n, t("queens.hint_c"))}
    ${tableRow("cm", step.cm, prev && prev.cm, n, t("queens.hint_cm"), refuses("cm"))}
    ${tableRow("dp[k+i−1]", step.dp, prev && prev.dp, 2 * n - 1, t("queens.hint_dp"), refuses("dp"))}
    ${tableRow("dm[k−i+N]", step.dm, prev && prev.dm, 2 * n - 1, t("queens.hint_dm"), refuses("dm"))}
  </table>`, t("queens.tables_label")) + `<p class="muted small">${escapeText(t("queens.tables_note"))}</p>`;
}

// The automaton's moves: from each state, where it may go next.
const MOVES = { "С": ["И"], "И": ["И", "СОК", "СБ"], "СОК": ["С", "С8"], "С8": ["СБ"], "СБ": ["И", "Я"], "Я": [] };

// The states the automaton passes from `from` to `to` (both included), the shortest way.
function route(from, to) {
  const before = new Map([[from, null]]);
  const queue = [from];
  while (queue.length && !before.has(to)) {
    const state = queue.shift();
    for (const next of MOVES[state]) if (!before.has(next)) (before.set(next, state), queue.push(next));
  }
  if (!before.has(to)) return [to];
  const path = [to];
  while (path[0] !== from) path.unshift(before.get(path[0]));
  return path;
}

// The automaton with `current` lit and the states passed since the step before (`passed`) lit faintly.
function automatonSvg(current, uid = "a", passed = []) {
  const boxes = { "С": [70, 40], "И": [230, 40], "СОК": [390, 40], "С8": [390, 150], "СБ": [230, 150], "Я": [70, 150] };
  const edges = [["С", "И"], ["И", "СОК"], ["И", "СБ"], ["СОК", "С8"], ["СБ", "Я"], ["С8", "СБ"]];
  const tip = `${uid}-tip`;
  let svg = `<svg class="automaton" viewBox="0 -22 470 222" role="img" aria-label="${escapeText(t("queens.automaton_label", { state: current }))}"><defs><marker id="${tip}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto"><path d="M0 0L10 5L0 10z" fill="#444"/></marker></defs>`;
  for (const [a, b] of edges) {
    const [x1, y1] = boxes[a], [x2, y2] = boxes[b];
    const dx = x2 - x1, dy = y2 - y1, len = Math.hypot(dx, dy);
    svg += `<line x1="${x1 + (dx / len) * 42}" y1="${y1 + (dy / len) * 24}" x2="${x2 - (dx / len) * 44}" y2="${y2 - (dy / len) * 26}" stroke="#444" stroke-width="2" marker-end="url(#${tip})"/>`;
  }
  svg += `<path d="M390 16 C 390 -8, 70 -8, 70 14" fill="none" stroke="#444" stroke-width="2" marker-end="url(#${tip})"/><text x="230" y="-8" font-size="12" text-anchor="middle" fill="#333">k + 1</text>`;
  svg += `<path d="M214 126 C 190 100, 190 80, 214 66" fill="none" stroke="#444" stroke-width="2" marker-end="url(#${tip})"/><text x="160" y="100" font-size="12" fill="#333">k − 1</text>`;
  for (const [name, [x, y]] of Object.entries(boxes)) {
    const lit = name === current, went = !lit && passed.includes(name);
    svg += `<rect x="${x - 42}" y="${y - 22}" width="84" height="44" rx="10" fill="${lit ? "#ffd54f" : went ? "#fff3c4" : "#f4f1ea"}" stroke="${lit ? "#7a4f00" : went ? "#c9a227" : "#8e877c"}" stroke-width="${lit ? 3 : went ? 2 : 1.5}"${went ? ' stroke-dasharray="5 3"' : ""}/>`;
    svg += `<text x="${x}" y="${y + 1}" font-size="18" font-weight="700" text-anchor="middle" dominant-baseline="central" fill="#1d1d1f">${name}</text>`;
  }
  return svg + "</svg>";
}

// A Prolog list as chips that wrap between items; the comma after an item, and `after` (what closes the
// list: "]," or "])"), stay on the line of the item they follow.
function chips(values, full, previous, after, refused = null) {
  const present = new Set(values);
  const had = previous ? new Set(previous) : present;
  const items = full.map((v) => ({ v, cls: `chip${present.has(v) ? "" : " gone"}${present.has(v) !== had.has(v) ? " changed" : ""}${v === refused ? " refuses" : ""}` }));
  if (!items.length) return `<span class="nowrap">[]${after}</span>`;
  return `<span class="list">${items.map(({ v, cls }, j) => {
    const open = j === 0 ? "[" : "";
    const close = j === items.length - 1 ? `]${after}` : ",";
    return `<span class="nowrap">${open}<span class="${cls}">${v}</span>${close}</span>`;
  }).join(" ")}</span>`;
}

function termView(step, previous, n) {
  const range = (m) => Array.from({ length: m }, (_, j) => j + 1);
  const b = step.board;
  const p = previous && previous.board;
  const refused = (table) => (step.reason && step.blocker.table === table ? step.blocker.entry : null);
  const queens = b.queens.length ? `<span class="list">${b.queens.map(([r, c], j) => `<span class="nowrap">${j === 0 ? "[" : ""}<span class="chip queen">q(${r},${c})</span>${j === b.queens.length - 1 ? "]," : ","}</span>`).join(" ")}</span>` : `<span class="nowrap">[],</span>`;
  return `<div class="term" aria-label="${escapeText(t("queens.term_label"))}">board(
    <div class="arg"><span class="name">Queens</span> = ${queens}</div>
    <div class="arg"><span class="name">FreeRows</span> = ${chips(b.rows, range(n), p && p.rows, ",")}</div>
    <div class="arg"><span class="name">FreeCols</span> = ${chips(b.cols, range(n), p && p.cols, ",")}</div>
    <div class="arg"><span class="name">FreeDiag1</span> = ${chips(b.diag1, range(2 * n - 1), p && p.diag1, ",", refused("diag1"))}</div>
    <div class="arg"><span class="name">FreeDiag2</span> = ${chips(b.diag2, range(2 * n - 1), p && p.diag2, ")", refused("diag2"))}</div></div>
    <p class="muted small">${escapeText(t("queens.term_note"))}</p>`;
}

// ---------------------------------------------------------------- the puzzle, for watch.js

export const puzzle = {
  name: "queens",
  kindOf: (step) => step.action,
  counters: [["tests", t("queens.count_tests")], ["placements", t("queens.count_placements")], ["backtracks", t("queens.count_backtracks")],
    ["solutions", t("queens.count_solutions")], ["nodes", t("watch.count_nodes")]],
  jumps: [
    { label: t("queens.next_solution_jump"), sign: "★", key: "s", kinds: ["solution"], title: t("queens.next_solution_title") },
    { label: t("queens.next_backtrack_jump"), sign: "↩", key: "b", kinds: ["free"], title: t("queens.next_backtrack_title") },
  ],
  boardSpec,
  describe(step, setup) {
    const first = setup.first || 1; // the first row searched: the rows above hold the queens placed before
    return step.method === "freelist" ? describeProlog(step, setup.n, first) : describeArsac(step, setup.n, first);
  },
  panels(step, previous, setup) {
    const title = (text) => `<h3>${text}</h3>`;
    if (step.method === "freelist") return `<section class="watch-panel">${title(t("queens.panel_term"))}${termView(step, previous, setup.n)}</section>`;
    const tables = `<section class="watch-panel">${title(t("queens.panel_tables"))}${tablesView(step, previous, setup.n)}</section>`;
    if (step.method !== "iterative") return tables;
    const passed = previous && previous.state ? route(previous.state, step.state) : [step.state];
    const way = passed.length > 2 ? t("queens.since_before", { states: passed.join(" → ") }) : "";
    return tables + `<section class="watch-panel">${title(t("queens.panel_automaton"))}${automatonSvg(step.state, setup.uid, passed)}<p class="small"><strong>${escapeText(step.state)}</strong>: ${escapeText(t(STATES[step.state]))}.${escapeText(way)}</p></section>`;
  },
  frameLabel(frame) {
    const vars = frame.vars || {};
    if (frame.name === "HR") return `HR(${vars.k}) · i = ${vars.i}`;
    if (frame.name === "automaton") return t("queens.frame_automaton", { state: vars.state, k: vars.k, i: vars.i });
    if (frame.name === "place_a_queen" && vars.R !== undefined) return `place_a_queen · R = ${vars.R}${vars.C !== undefined ? `, C = ${vars.C}` : ""}`;
    return frame.name;
  },
  nodeLabel(step) {
    return String(step.method === "freelist" ? step.col : step.i);
  },
  nodeSlot(step, setup) {
    return [(step.method === "freelist" ? step.col : step.i) - 1, setup.n];
  },
  probe(step) {
    if (step.action !== "test") return null;
    const column = step.method === "freelist" ? step.col : step.i;
    return { slot: column - 1, label: String(column), refused: Boolean(step.reason) };
  },
  treeShape(setup) {
    return { depth: setup.n - (setup.first || 1) + 1, slots: setup.n, rootLabel: t("watch.tree_root"), note: t("queens.tree_note") };
  },
  found: (step) => step.counts.solutions > 0,
  legend: () => `<span class="mark mark-free">${t("queens.legend_free")}</span><span class="mark mark-cross">${t("queens.legend_cross")}</span><span class="mark mark-holder">${t("queens.legend_holder")}</span><span class="mark mark-dot">${t("queens.legend_dot")}</span>`,
  ending(step) {
    const c = step.counts;
    const found = c.solutions;
    const why = COUNTED[step.method] ? ` ${t(COUNTED[step.method])}` : "";
    return t(found === 1 ? "queens.ending_one" : "queens.ending", { solutions: number(found), tests: number(c.tests), placements: number(c.placements),
      backtracks: number(c.backtracks), nodes: number(c.nodes) }) + why;
  },
};
