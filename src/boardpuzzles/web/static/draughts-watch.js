// The seed's draughts program (seed 004) plugged into the watching framework (watch.js): hod building the capture
// tree node by node, num filled in bottom-up, then search walking down the longest branches; how a step is
// drawn on the board (the white man's route through the squares it lands on, the men taken, the capture tried),
// said in a sentence and explained.
import { escapeText, parseSquare, routeOverlay, squareName } from "./board.js";
import { said, t } from "./i18n.js";

const BLUE = "#0b57d0";
const GREEN = "#1b6e20";
const RED = "#b3261e";
const GREY = "#8e877c";
export const DARK = "#7d5433"; // white square numbers on it pass WCAG AA
// one colour a longest path (the page's capture list uses them too)
export const COLOURS = ["#0b57d0", "#c2185b", "#1b6e20", "#e65100", "#6a1b9a", "#00838f"];
const NAMES = { w: "draughts.piece_w", W: "draughts.piece_W", b: "draughts.piece_b", B: "draughts.piece_B" };

// The men a route jumps: halfway between two landing squares.
function jumped(route) {
  const men = [];
  for (let i = 0; i + 1 < route.length; i++) {
    const [r1, c1] = parseSquare(route[i]), [r2, c2] = parseSquare(route[i + 1]);
    men.push(squareName((r1 + r2) / 2, (c1 + c2) / 2));
  }
  return men;
}

const nodeName = (vars) => String(vars.node || "").split(" ")[0];

// ---------------------------------------------------------------- the board

function boardSpec(step, previous, setup) {
  const taken = new Set(step.taken);
  const searching = ["visit", "check", "path"].includes(step.action);
  const route = step.path;
  const marks = {};
  const mark = (name, how) => (marks[name] = { ...(marks[name] || {}), ...how });
  for (const name of taken) mark(name, { cross: RED, aria: t("draughts.aria_taken") });
  if (searching) for (const name of jumped(route)) mark(name, { cross: RED, aria: t("draughts.aria_jumped_down") }); // search sees the whole board
  if (step.action === "test" && step.target) {
    const can = !step.reason;
    mark(step.target, { ring: can ? GREEN : RED, aria: can ? t("draughts.aria_landing_free") : t("draughts.aria_landing", { reason: said(step.said) }) });
    if (step.jumped) mark(step.jumped, { ring: can ? GREEN : GREY, aria: t(can ? "draughts.aria_would_take" : "draughts.aria_square_jumped") });
  } else if (step.action === "test") {
    mark(step.square, { ring: RED, aria: t("draughts.aria_leaves") });
  } else if (step.action === "node" && step.jumped) {
    mark(step.square, { ring: BLUE, aria: t("draughts.aria_new_node") });
  } else if (step.action === "check") {
    mark(step.target, { ring: step.reason ? GREY : GREEN, aria: t(step.reason ? "draughts.aria_not_followed" : "draughts.aria_followed") });
  }
  const colour = step.action === "path" ? COLOURS[(step.counts.paths - 1) % COLOURS.length] : searching ? GREEN : BLUE;
  return {
    rows: 8, cols: 8, dark: DARK, title: t("draughts.tree_title", { step: step.index + 1 }),
    cell(r, c) {
      const name = squareName(r, c);
      const how = marks[name] || {};
      let piece = null;
      if (name === step.square) piece = "w";
      else if (setup.blacks.includes(name) && !taken.has(name)) piece = "b";
      const value = name === step.square && step.num !== null && step.action !== "check" ? `num ${step.num}` : null;
      return { piece, ring: how.ring, cross: how.cross, corner: value,
        tint: name === setup.white && name !== step.square ? "#fff3c4" : undefined, tintOpacity: 0.5,
        aria: `${name}${piece ? `, ${t(NAMES[piece])}` : ""}${name === setup.white ? t("draughts.aria_started") : ""}${how.aria || ""}` };
    },
    overlay(centre) {
      let svg = routeOverlay(route.map(parseSquare), centre, { colour, width: step.action === "path" ? 6 : 4, id: `${setup.uid}-route` });
      if (step.action === "test" && step.target) {
        svg += routeOverlay([parseSquare(step.square), parseSquare(step.target)], centre,
          { colour: step.reason ? RED : GREEN, width: 3, opacity: 0.8, dash: "7 5", id: `${setup.uid}-try` });
      }
      return svg;
    },
  };
}

// ---------------------------------------------------------------- in words

function describe(step) {
  const at = step.square;
  if (step.action === "node" && !step.jumped) return t("draughts.says_root", { at });
  if (step.action === "node") return t("draughts.says_node", { node: step.node, at, jumped: step.jumped });
  if (step.action === "test") {
    const [x, y] = step.direction;
    if (!step.target) return t("draughts.says_test_off", { at, x, y });
    return t(step.reason ? "draughts.says_test_no" : "draughts.says_test_yes", { at, x, y, jumped: step.jumped, target: step.target, reason: said(step.said) });
  }
  if (step.action === "num") return t("draughts.says_num", { at, num: step.num, node: step.node });
  if (step.action === "visit") return t("draughts.says_visit", { node: step.node, at, num: step.num });
  if (step.action === "check") return t(step.reason ? "draughts.says_check_no" : "draughts.says_check_yes", { at, target: step.target, num: step.num });
  const men = jumped(step.path);
  return t("draughts.says_path", { path: step.path.join(" → "), men: men.join(", "), count: men.length });
}

function ending(step) {
  const c = step.counts;
  const counted = (count, word) => t(count === 1 ? `draughts.count_${word}_one` : `draughts.count_${word}`, { count });
  return t(c.paths ? "draughts.ending_found" : "draughts.ending_none", { nodes: counted(c.nodes, "node"), tests: c.tests, paths: counted(c.paths, "capture"), num: step.num });
}

const HOW = () => `<p class="small">${t("draughts.how_hod")}</p><p class="small">${t("draughts.how_search")}</p>`;

// ---------------------------------------------------------------- the puzzle, for watch.js

export const puzzle = {
  name: "draughts",
  kindOf: (step) => step.action,
  counters: [["tests", t("draughts.counter_tests")], ["nodes", t("draughts.counter_nodes")], ["nums", t("draughts.counter_nums")], ["visits", t("draughts.counter_visits")], ["checks", t("draughts.counter_checks")], ["paths", t("draughts.counter_paths")]],
  jumps: [
    { label: t("draughts.next_node"), sign: "●", key: "n", kinds: ["node"], title: t("draughts.next_node_title") },
    { label: t("draughts.next_num"), sign: "#", key: "u", kinds: ["num"], title: t("draughts.next_num_title") },
    { label: t("draughts.next_capture"), sign: "★", key: "l", kinds: ["path"], title: t("draughts.next_capture_title") },
  ],
  boardSpec,
  describe,
  panels: () => `<section class="watch-panel"><h3>${t("draughts.panel_how")}</h3>${HOW()}</section>`,
  frameLabel(frame) {
    const v = frame.vars || {};
    if (frame.name === "hod") return `hod(${nodeName(v)}, num ${v.num})`;
    if (frame.name === "move") return t("draughts.frame_move", { x: v.x, y: v.y, node: nodeName(v) });
    if (frame.name === "walk") return `walk(${nodeName(v)})`;
    return frame.name;
  },
  nodeLabel: (step) => step.square,
  nodeSlot: () => null,
  nodeValue: (step) => (step.action === "num" ? [step.node, `num ${step.num}`] : null),
  probe(step) {
    if (step.action !== "test") return null;
    return { slot: 0, label: step.target || "off", refused: Boolean(step.reason) };
  },
  treeShape(setup) {
    return { layout: "whole", depth: 12, slots: 4, rootLabel: setup.white, solved: t("draughts.tree_solved"), note: t("draughts.tree_note") };
  },
  ending,
  legend: () => [["taken", "route"], ["cross", "taken"], ["refused", "refused"], ["tested", "tested"], ["start", "start"]]
    .map(([mark, key]) => `<span class="mark mark-${mark}">${escapeText(t(`draughts.legend_${key}`))}</span>`).join(""),
  isSolution: (step) => step.action === "path",
  found: (step) => step.counts.paths > 0,
};
