// The seed's draughts program (seed 004) plugged into the watching framework (watch.js): hod building the capture
// tree node by node, num filled in bottom-up, then search walking down the longest branches; how a step is
// drawn on the board (the white man's route through the squares it lands on, the men taken, the capture tried),
// said in a sentence and explained.
import { escapeText, parseSquare, routeOverlay, squareName } from "./board.js";

const BLUE = "#0b57d0";
const GREEN = "#1b6e20";
const RED = "#b3261e";
const GREY = "#8e877c";
export const DARK = "#7d5433"; // white square numbers on it pass WCAG AA
// one colour a longest path (the page's capture list uses them too)
export const COLOURS = ["#0b57d0", "#c2185b", "#1b6e20", "#e65100", "#6a1b9a", "#00838f"];
const NAMES = { w: "white man", W: "white king", b: "black man", B: "black king" };

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
  for (const name of taken) mark(name, { cross: RED, aria: ", taken" });
  if (searching) for (const name of jumped(route)) mark(name, { cross: RED, aria: ", jumped on the way down" }); // search sees the whole board
  if (step.action === "test" && step.target) {
    const can = !step.reason;
    mark(step.target, { ring: can ? GREEN : RED, aria: can ? ", the landing square: free" : `, the landing square: ${step.reason}` });
    if (step.jumped) mark(step.jumped, { ring: can ? GREEN : GREY, aria: can ? ", the man it would take" : ", the square jumped" });
  } else if (step.action === "test") {
    mark(step.square, { ring: RED, aria: ", the capture tried leaves the board" });
  } else if (step.action === "node" && step.jumped) {
    mark(step.square, { ring: BLUE, aria: ", a new node: the man lands here" });
  } else if (step.action === "check") {
    mark(step.target, { ring: step.reason ? GREY : GREEN, aria: step.reason ? ", a child not followed" : ", a child search follows" });
  }
  const colour = step.action === "path" ? COLOURS[(step.counts.paths - 1) % COLOURS.length] : searching ? GREEN : BLUE;
  return {
    rows: 8, cols: 8, dark: DARK, title: `the seed's capture tree, step ${step.index + 1}`,
    cell(r, c) {
      const name = squareName(r, c);
      const how = marks[name] || {};
      let piece = null;
      if (name === step.square) piece = "w";
      else if (setup.blacks.includes(name) && !taken.has(name)) piece = "b";
      const value = name === step.square && step.num !== null && step.action !== "check" ? `num ${step.num}` : null;
      return { piece, ring: how.ring, cross: how.cross, corner: value,
        tint: name === setup.white && name !== step.square ? "#fff3c4" : undefined, tintOpacity: 0.5,
        aria: `${name}${piece ? `, ${NAMES[piece]}` : ""}${name === setup.white ? ", where the white man started" : ""}${how.aria || ""}` };
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
  if (step.action === "node" && !step.jumped) return `The program makes the root of the tree on ${at}, the white man's square, and calls hod from it (num = 1: one node on the path).`;
  if (step.action === "node") return `Node ${step.node}: hod makes it on ${at}, below the node the man jumped from; the man on ${step.jumped} is taken off the desk at once, and hod goes on from ${at}.`;
  if (step.action === "test") {
    const [x, y] = step.direction;
    if (!step.target) return `From ${at}, hod tries the capture (${x}, ${y}): the landing square would be off the board.`;
    return `From ${at}, hod tries the capture (${x}, ${y}) over ${step.jumped} to ${step.target}: ${step.reason ? `no, ${step.reason}` : "it can be made"}.`;
  }
  if (step.action === "num") return `All four captures from ${at} are tried: hod stores num = ${step.num} in node ${step.node}, the most men a capture through it takes, and returns to the node above (the man it took is put back).`;
  if (step.action === "visit") return `Walking down, search comes to node ${step.node} on ${at} (num ${step.num}).`;
  if (step.action === "check") {
    return step.reason ? `At ${at}, search looks at the child on ${step.target}: its num ${step.num} is not the root's, so no longest capture goes through it.`
      : `At ${at}, search looks at the child on ${step.target}: its num ${step.num} equals the root's, so it follows it.`;
  }
  const men = jumped(step.path);
  return `A longest capture: ${step.path.join(" → ")}, taking ${men.join(", ")} (${men.length} men).`;
}

function ending(step) {
  const c = step.counts;
  return `The program is over: hod made ${c.nodes} node${c.nodes === 1 ? "" : "s"} after ${c.tests} captures tried; search found ${c.paths} longest capture${c.paths === 1 ? "" : "s"}${c.paths ? `, each taking ${step.num} men` : ""}.`;
}

const HOW = `<p class="small"><strong>hod</strong>(desk, node, num) tries the four captures from the node's square, in the seed's order (−2, −2), (2, −2), (2, 2), (−2, 2): a capture needs a black man on the square jumped and an empty square to land on. Each capture it can make becomes a child node: the man is taken off the desk at once (and put back when hod returns), and hod goes on from the child with num + 1. When all four are tried, hod stores in the node's <strong>num</strong> the most men a capture through it takes: the leaves first, so the nums fill in from the bottom up.</p>
<p class="small">Then <strong>search</strong> walks down from the root along every child whose num equals the root's: each walk that reaches a node with no such child is a longest capture.</p>`;

// ---------------------------------------------------------------- the puzzle, for watch.js

export const puzzle = {
  name: "draughts",
  kindOf: (step) => step.action,
  counters: [["tests", "captures tried"], ["nodes", "nodes"], ["nums", "nums stored"], ["visits", "walked down"], ["checks", "children compared"], ["paths", "longest captures"]],
  jumps: [
    { label: "Next node", sign: "●", key: "n", kinds: ["node"], title: "the next node hod makes" },
    { label: "Next num", sign: "#", key: "u", kinds: ["num"], title: "the next num hod stores" },
    { label: "Next longest capture", sign: "★", key: "l", kinds: ["path"], title: "the next longest capture search finds" },
  ],
  boardSpec,
  describe,
  panels: () => `<section class="watch-panel"><h3>How hod and search work</h3>${HOW}</section>`,
  frameLabel(frame) {
    const v = frame.vars || {};
    if (frame.name === "hod") return `hod(${nodeName(v)}, num ${v.num})`;
    if (frame.name === "move") return `move(${v.x}, ${v.y}) from ${nodeName(v)}`;
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
    return { layout: "whole", depth: 12, slots: 4, rootLabel: setup.white, solved: "on a longest capture",
      note: "The seed's tree: a node for each square the white man lands on, below the node it jumped from, with its num once hod has stored it; the node hod or search stands on is ringed, the path to it blue, a capture being tried dashed. A click on a node goes to the step that made it." };
  },
  ending,
  legend: () => `<span class="mark mark-taken">the white man's route: the squares it lands on</span><span class="mark mark-cross">a man taken</span><span class="mark mark-refused">a capture refused</span><span class="mark mark-tested">a capture that can be made, a child search follows</span><span class="mark mark-start">where the white man started</span>`,
  isSolution: (step) => step.action === "path",
  found: (step) => step.counts.paths > 0,
};
