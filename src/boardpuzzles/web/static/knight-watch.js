// The knight's methods plugged into the watching framework (watch.js): how a step is drawn on the board
// (the path numbered, the accessibility of every free square, the candidates tested with their score, a
// retreat), said in a sentence, tabled (the candidates) and explained (how the method chooses).
import { escapeText, parseSquare, pathOverlay, squareName } from "./board.js";
import { number as numberText, said, t } from "./i18n.js";

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
// "3 tests" in English, "проверок: 3" in Russian: the catalogue's knight.count_<word> (and _one) say it.
const plural = (count, word) => t(count === 1 ? `knight.count_${word}_one` : `knight.count_${word}`, { count: numberText(count) });
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
  return `0x${candidate.score.toString(16)} = ${digits.join(t("knight.then"))}`;
}

function candidateText(c) {
  const score = scoreText(c);
  return t(score ? "knight.candidate_scored" : "knight.candidate", { square: c.square, accessibility: c.accessibility, score });
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
  const named = new Set(step.kind === "back" ? (step.said.fields.squares || []).filter((name) => name !== step.left && name !== step.square) : []);
  const title = t("knight.step_title", { rows: setup.rows, cols: setup.cols, method: setup.method, step: step.index + 1 });
  return {
    rows: setup.rows, cols: setup.cols, title,
    cell(r, c) {
      const name = squareName(r, c);
      if (blocked.has(name)) return { fill: "#3a3a3a", cross: "#9e9e9e", aria: t("knight.aria_blocked", { square: name }) };
      if (name === step.square) {
        return { piece: "N", corner: String(step.number), cornerColor: "#000", tint: step.kind === "stuck" ? "#ef9a9a" : "#ffe082", tintOpacity: 0.85,
          ring: step.kind === "stuck" ? RED : undefined, aria: t("knight.aria_knight", { square: name, number: step.number }) };
      }
      if (name === step.left) {
        return { cross: RED, tint: "#ffcdd2", tintOpacity: 0.8, label: String(step.accessibility[r][c] ?? ""), labelSize: 13,
          aria: t("knight.aria_left", { square: name, accessibility: step.accessibility[r][c] }) };
      }
      if (number.has(name)) {
        return { label: String(number.get(name)), labelColor: "#1a237e", labelHalo: "#fff", labelWeight: 700, labelSize: 18, tint: "#c5cae9", tintOpacity: 0.9,
          aria: t("knight.aria_visited", { square: name, number: number.get(name) }) };
      }
      const value = step.accessibility[r][c];
      const fell = before && before[r][c] !== null && value !== null && value < before[r][c];
      const option = offered.get(name);
      if (named.has(name)) {
        return { label: String(value), labelColor: "#000", labelWeight: 800, labelSize: 21, ring: ORANGE, tint: "#ffe0b2", tintOpacity: 0.8,
          aria: t("knight.aria_reason", { square: name, accessibility: value }) };
      }
      if (!option) {
        return { label: String(value), labelColor: "#000", labelWeight: 400, labelSize: 13, tint: fell ? "#ffd54f" : undefined, tintOpacity: 0.75,
          aria: t("knight.aria_accessibility", { square: name, accessibility: value }) };
      }
      const ring = name === chosen ? BLUE : option.refused ? RED : name === now ? GREEN : BROWN;
      const role = t(name === chosen ? "knight.aria_taken" : option.refused ? "knight.aria_refused" : name === now ? "knight.aria_tested_now" : "knight.aria_tested");
      return { label: String(option.accessibility), labelColor: "#000", labelWeight: 800, labelSize: 21, ring,
        corner: lookahead && option.ahead ? option.ahead.join("·") : null, cornerColor: "#000",
        tint: name === chosen ? "#90caf9" : name === now ? "#c8e6c9" : fell ? "#ffd54f" : undefined, tintOpacity: 0.75,
        aria: t("knight.aria_candidate", { square: name, accessibility: option.accessibility }) + (option.score !== null ? t("knight.aria_score", { score: scoreText(option) }) : "") + role };
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

const RULE = { warnsdorff: "knight.rule_warnsdorff", lookahead: "knight.rule_lookahead", roth: "knight.rule_roth" };

function describe(step, setup) {
  const where = step.square;
  if (step.kind === "start") {
    return t("knight.says_start", { where }) + (step.said ? t("knight.says_this_run", { note: said(step.said) }) : "");
  }
  if (step.kind === "restart") return `${sentence(said(step.said))}. ${t("knight.says_restart", { where })}`;
  if (step.kind === "test") {
    const c = step.candidate;
    const score = scoreText(c);
    let text = t(score ? "knight.says_test_scored" : "knight.says_test", { where, number: step.number, square: c.square, accessibility: c.accessibility, score });
    if (c.refused) text += t("knight.says_refused", { why: said(c.said) });
    else if (Array.isArray(step.vars.best)) text += t("knight.says_lowest_before", { square: squareName(...step.vars.best) }); // the rule's best so far
    else if ("best" in step.vars) text += t("knight.says_first_looked");
    return text;
  }
  if (step.kind === "move") {
    const from = step.path[step.path.length - 2];
    const how = setup.method === "backtrack" ? t("knight.how_backtrack")
      : setup.method === "divide" ? t("knight.how_divide") : t("knight.how_rule", { candidates: plural(step.candidates.length, "candidate"), rule: t(RULE[setup.method]) });
    return t("knight.says_move", { move: step.number - 1, from, where, how });
  }
  if (step.kind === "back") return t("knight.says_back", { left: step.left, where, why: said(step.said) });
  if (step.kind === "done") return doneText(step, setup);
  if (step.kind === "stuck") return stuckText(step, setup);
  return `${sentence(said(step.said))}.`;
}

// The tour found: where it ends, and whether it closes (as the library's note says it, in the page's language).
function doneText(step, setup) {
  const [first, last] = [parseSquare(step.path[0]), parseSquare(step.path[step.path.length - 1])];
  const closes = Math.abs(last[0] - first[0]) * Math.abs(last[1] - first[1]) === 2;
  const key = closes ? "knight.says_done_closes" : setup.closed ? "knight.says_done_not_closed" : "knight.says_done_open";
  return t(key, { last: step.path[step.path.length - 1] });
}

// The rule stuck: on which square, after how many moves, with how many squares left, and why.
function stuckText(step, setup) {
  const names = (step.candidates || []).map((c) => c.square).join(", ");
  const why = names ? t("knight.stuck_dead_ends", { names, method: setup.method }) : t("knight.stuck_no_square");
  const left = setup.squares - step.number;
  return t(left === 1 ? "knight.says_stuck_one" : "knight.says_stuck", { where: step.square, moves: step.number - 1, left, why });
}

function ending(step, setup) {
  const c = step.counts;
  const work = `${plural(c.tests, "test")}, ${plural(c.moves, "move")}, ${plural(c.backs, "backtrack")}${c.restarts ? `, ${plural(c.restarts, "restart")}` : ""}`;
  if (step.kind === "done") return t("knight.ending_done", { method: setup.method, squares: plural(step.number, "square"), work });
  if (step.kind === "stuck") return t("knight.ending_stuck", { method: sentence(setup.method), number: step.number, squares: setup.squares, work });
  if (step.kind === "exhausted") return t("knight.ending_exhausted", { note: sentence(said(step.said)), work });
  return t("knight.ending_here", { work });
}

// ---------------------------------------------------------------- the panels

// The eight move codes round a knight: the order in which ties are broken.
function codesSvg(uid) {
  const cell = 26, size = 5 * cell;
  let svg = `<svg class="codes" viewBox="0 0 ${size} ${size}" role="img" aria-label="${escapeText(t("knight.codes_label"))}" font-family="system-ui, sans-serif">`;
  for (let r = 0; r < 5; r++) for (let c = 0; c < 5; c++) svg += `<rect x="${c * cell}" y="${r * cell}" width="${cell}" height="${cell}" fill="${(r + c) % 2 ? "#b58863" : "#f0d9b5"}"/>`;
  svg += `<text x="${2.5 * cell}" y="${2.5 * cell + 1}" font-size="20" text-anchor="middle" dominant-baseline="central">♞</text>`;
  for (let k = 0; k < 8; k++) {
    const x = (2 + COL_STEP[k] + 0.5) * cell, y = (2 - ROW_STEP[k] + 0.5) * cell;
    svg += `<circle cx="${x}" cy="${y}" r="9" fill="#fff" stroke="${BROWN}"/><text x="${x}" y="${y + 1}" font-size="12" font-weight="700" text-anchor="middle" dominant-baseline="central">${k}</text>`;
  }
  return `${svg}<title>${escapeText(t("knight.codes_title", { uid }))}</title></svg>`;
}

const HOW = { warnsdorff: "knight.how_warnsdorff", lookahead: "knight.how_lookahead", roth: "knight.how_roth", backtrack: "knight.how_exhaustive", divide: "knight.how_divide_builds" };

function candidatesTable(step, setup) {
  const { list, chosen, now } = candidatesOf(step);
  if (step.kind === "back") {
    return `<p>${escapeText(t("knight.back_panel", { left: step.left, square: step.square, why: said(step.said) }))}</p>`;
  }
  if (!list.length) {
    const why = { start: "knight.none_start", restart: "knight.none_restart", stuck: "knight.none_stuck", done: "knight.none_done", exhausted: "knight.none_exhausted" };
    return `<p class="muted small">${escapeText(t("knight.no_candidate", { why: t(why[step.kind] || "knight.none_gone_on", { square: step.square }) }))}</p>`;
  }
  const scored = setup.method === "lookahead";
  const from = step.kind === "move" ? step.path[step.path.length - 2] : step.square;
  // a rule's best candidate so far: the walk's variable best, (row, col) of the lowest score met
  const best = step.kind === "test" && Array.isArray(step.vars.best) ? squareName(...step.vars.best) : null;
  const verdict = (c) => [c.square === chosen ? t("knight.verdict_taken") : c.refused ? t("knight.verdict_refused", { why: said(c.said) }) : c.square === now ? t("knight.verdict_now") : t("knight.verdict_tested"),
    c.square === best ? t("knight.verdict_lowest") : ""].filter(Boolean).join(", ");
  const rows = list.map((c) => `<tr class="${c.square === chosen ? "taken" : c.square === now ? "now" : c.refused ? "refused" : ""}"><td>${escapeText(c.square)}</td><td class="num">${c.accessibility}</td>${scored ? `<td class="nowrap">0x${c.score.toString(16)} <span class="muted">(${c.ahead.join("·")})</span></td>` : ""}<td>${escapeText(verdict(c))}</td></tr>`).join("");
  return `<p class="small">${escapeText(t(step.kind === "test" ? "knight.from_so_far" : "knight.from", { square: from }))}</p><div class="scroller" tabindex="0" role="group" aria-label="${escapeText(t("watch.scrolls_sideways", { label: t("knight.candidates_label") }))}"><table class="candidates"><thead><tr><th scope="col">${t("knight.col_square")}</th><th scope="col" class="num">${t("knight.col_accessibility")}</th>${scored ? `<th scope="col">${t("knight.col_score")}</th>` : ""}<th scope="col"></th></tr></thead><tbody>${rows}</tbody></table></div><p class="scroll-hint small">${t("watch.scroll_hint")}</p>`;
}

function panels(step, previous, setup) {
  const title = (text) => `<h3>${text}</h3>`;
  const how = HOW[setup.method] ? t(HOW[setup.method]) : "";
  const codes = ["warnsdorff", "lookahead"].includes(setup.method) ? `<div class="codes-box">${codesSvg(setup.uid)}<p class="small muted">${escapeText(t("knight.codes_note"))}${setup.method === "lookahead" ? escapeText(t("knight.codes_note_lookahead")) : ""}</p></div>` : "";
  return `<section class="watch-panel">${title(t(step.kind === "back" ? "knight.panel_backtrack" : "knight.panel_candidates"))}${candidatesTable(step, setup)}</section>` +
    `<section class="watch-panel">${title(escapeText(t("knight.panel_how", { method: setup.method })))}<p class="small">${escapeText(how)}</p>${codes}</section>`;
}

// ---------------------------------------------------------------- the puzzle, for watch.js

export const puzzle = {
  name: "knight",
  kindOf: (step) => step.kind,
  counters: [["tests", t("knight.counter_tests")], ["moves", t("knight.counter_moves")], ["backs", t("knight.counter_backs")], ["restarts", t("knight.counter_restarts")], ["nodes", t("watch.count_nodes")]],
  jumps: [
    { label: t("knight.next_move"), sign: "♞", key: "m", kinds: ["move"], title: t("knight.next_move_title") },
    { label: t("queens.next_backtrack_jump"), sign: "↩", key: "b", kinds: ["back"], title: t("knight.next_back_title") },
  ],
  boardSpec,
  describe,
  panels,
  frameLabel(frame) {
    const v = frame.vars || {};
    const at = (row, col) => (row !== undefined && col !== undefined ? squareName(row, col) : "?");
    if (frame.name === "backtrack") return t("knight.frame_backtrack", { budget: numberText(Number(v.budget)), order: v.order });
    if (frame.name === "search") return t("knight.frame_search", { square: at(v.row, v.col), number: v.number });
    if (frame.name === "walk") return t(v.number ? "knight.frame_walk_looking" : "knight.frame_walk", { square: at(v.row, v.col), number: v.number });
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
    return { depth: Math.max(1, setup.squares - 1), slots: 8, rootLabel: setup.start, split: "made", full: false, solved: t("knight.tree_solved"), note: t("knight.tree_note") };
  },
  ending,
  legend: () => [["knight", "knight"], ["visited", "visited"], ["tested", "tested"], ["before", "before"], ["taken", "taken"], ["refused", "refused"], ["cross mark-left", "left"], ["reason", "reason"], ["fell", "fell"]]
    .map(([mark, key]) => `<span class="mark mark-${mark}">${escapeText(t(`knight.legend_${key}`))}</span>`).join(""),
  isSolution: (step) => step.kind === "done",
  found: (step) => step.kind === "done",
  noCode: () => t("knight.no_code"),
};
