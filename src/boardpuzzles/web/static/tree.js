// The search tree of a watched search, grown from the steps' "node" and "parent" keys, and drawn three ways:
// the focus view (the path from the root to the current node, with at each depth the siblings made so far:
// dead ones grey, ones with a solution below green, each with how many nodes its subtree holds), the whole
// view (every node made so far, laid out as a tree: for a small tree, the seed's draughts captures) and the
// overview (every node made, as nested bands: each node's band split among its possible children).
import { escapeText } from "./board.js";
import { t } from "./i18n.js";

const DEAD = "#e2dfd9";
const DEAD_INK = "#4a4a4a";
const SOLVED = "#1b6e20";
const OPEN = "#0b57d0";
const FRESH = "#ffffff";
const NEVER = Infinity;

export class SearchTree {
  // slotOf(step) -> [slot, slots]: where the node a step makes stands among its possible siblings
  // (queens: its column); labelOf(step): the text on that node; isSolution(step); valueOf(step) -> [node, text]
  // or null: a value a step stores in a node made before (draughts: hod's num), shown under its label.
  constructor({ slotOf, labelOf, isSolution, valueOf = () => null }) {
    this.slotOf = slotOf;
    this.labelOf = labelOf;
    this.isSolution = isSolution;
    this.valueOf = valueOf;
    this.values = new Map(); // node -> [[step, text], ...] in the order stored
    this.parent = [-1];
    this.depth = [0];
    this.made = [-1]; // the step that made each node (the root: before the first)
    this.left = [NEVER]; // the step at which each node left the current path
    this.solved = [NEVER]; // the first step at which a solution stood in each node's subtree
    this.last = [0]; // the last node of each subtree (nodes are numbered in the order they are made)
    this.slot = [[0, 1]];
    this.order = [0]; // each node's place among its parent's children, in the order made
    this.label = [""];
    this.children = [[]];
    this.stepNode = []; // the node of each step
    this.stepMax = []; // the last node made by each step
  }

  get size() {
    return this.parent.length;
  }

  ancestors(node) {
    const path = [];
    for (let at = node; at >= 0; at = this.parent[at]) path.push(at);
    return path.reverse();
  }

  // Takes the next step in (they come in order).
  add(step) {
    const index = this.stepNode.length;
    const before = index ? this.stepNode[index - 1] : 0;
    if (step.parent !== undefined && step.parent !== null && step.node === this.size) {
      const node = step.node, parent = step.parent;
      this.parent.push(parent);
      this.depth.push(this.depth[parent] + 1);
      this.made.push(index);
      this.left.push(NEVER);
      this.solved.push(NEVER);
      this.last.push(node);
      this.slot.push(this.slotOf(step) || [this.children[parent].length, 0]);
      this.order.push(this.children[parent].length);
      this.label.push(this.labelOf(step));
      this.children.push([]);
      this.children[parent].push(node);
      for (let at = parent; at >= 0; at = this.parent[at]) this.last[at] = node;
    }
    const path = new Set(this.ancestors(step.node));
    for (let at = before; at >= 0 && !path.has(at); at = this.parent[at]) this.left[at] = Math.min(this.left[at], index);
    if (this.isSolution(step)) for (let at = step.node; at >= 0; at = this.parent[at]) this.solved[at] = Math.min(this.solved[at], index);
    const stored = this.valueOf(step);
    if (stored) {
      if (!this.values.has(stored[0])) this.values.set(stored[0], []);
      this.values.get(stored[0]).push([index, stored[1]]);
    }
    this.stepNode.push(step.node);
    this.stepMax.push(this.size - 1);
  }

  // How node stands at step s: "path", "solved", "dead" or "open" (made, not left, not on the path: none here).
  state(node, s, path) {
    if (path.has(node)) return "path";
    if (this.solved[node] <= s) return "solved";
    if (this.left[node] <= s) return "dead";
    return "open";
  }

  // The value stored in `node` by step s (null: none yet).
  valueAt(node, s) {
    let value = null;
    for (const [at, text] of this.values.get(node) || []) if (at <= s) value = text;
    return value;
  }

  // Nodes below `node` made by step s.
  below(node, s) {
    return Math.max(0, Math.min(this.last[node], this.stepMax[s]) - node);
  }
}

const COLOURS = { path: OPEN, solved: SOLVED, dead: DEAD, open: FRESH };

// The focus view at step s: one row per depth, `slots` places a row (the siblings' slots), `depth` rows
// below the root; returns SVG text whose nodes carry data-node (a click on one goes to the step that made it).
// A deep search shows its last `window` rows (the current node's, and the rows above it), saying how many
// rows lie above; `full` false draws no row below the current node's children (a search deeper than it is wide).
// probe: {slot, label, refused} draws what step s tries below the current node (a test), dashed.
export function focusSvg(tree, s, { slots, depth, rootLabel = t("watch.tree_root"), title = t("watch.tree_title"), probe = null, window = 10, full = true }) {
  const current = tree.stepNode[s];
  const pathList = tree.ancestors(current);
  const path = new Set(pathList);
  const here = tree.depth[current];
  const top = Math.max(0, Math.min(here + 1, depth) - window + 1); // the first depth drawn
  const shown = Math.min(depth, full ? Math.max(here + 1, top + window - 1) : here + 1) - top + 1; // rows drawn
  const gap = 36, rowHeight = 40, radius = 13, left = 30;
  const lead = top ? 20 : 0; // room for the note on the rows above
  const width = left + slots * gap + 10, height = 30 + lead + shown * rowHeight;
  const x = (slot) => left + slot * gap + gap / 2;
  const y = (d) => 24 + lead + (d - top) * rowHeight;
  const parts = [`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" role="group" aria-label="${escapeText(title)}" font-family="system-ui, sans-serif">`];
  if (top) parts.push(`<text x="4" y="14" font-size="11" fill="#545458">⋮ ${escapeText(t(top > 1 ? "tree.rows_above" : "tree.row_above", { count: top }))}</text>`);
  const xs = new Map([[0, left + (slots * gap) / 2]]);
  for (let d = Math.max(1, top); d < top + shown; d++) {
    parts.push(`<text x="4" y="${y(d) + 4}" font-size="11" fill="#545458">${d}</text>`);
  }
  const rows = [];
  for (let d = 0; d < pathList.length; d++) {
    const above = pathList[d];
    const kids = tree.children[above].filter((child) => tree.made[child] <= s);
    kids.forEach((child, order) => xs.set(child, x(tree.slot[child][1] ? tree.slot[child][0] : order)));
    if (d + 1 >= top) rows.push([above, kids]);
  }
  for (const [above, kids] of rows) {
    if (tree.depth[above] < top) continue; // the path into the window starts at its first row
    for (const child of kids) {
      const strong = path.has(child);
      parts.push(`<line x1="${xs.get(above)}" y1="${y(tree.depth[above]) + radius}" x2="${xs.get(child)}" y2="${y(tree.depth[child]) - radius}" stroke="${strong ? OPEN : "#b9b4ab"}" stroke-width="${strong ? 3 : 1.5}"/>`);
    }
  }
  const node = (id) => {
    const state = tree.state(id, s, path);
    const cx = xs.get(id), cy = y(tree.depth[id]);
    const isCurrent = id === current;
    const under = state === "path" ? 0 : tree.below(id, s);
    const ink = state === "open" ? "#1d1d1f" : state === "dead" ? DEAD_INK : "#fff";
    const label = id === 0 ? rootLabel : tree.label[id];
    const name = id === 0 ? t("tree.root", { label: rootLabel }) : t("tree.node", { id, label: tree.label[id], state: t(`tree.state_${state}`) }) + (under ? t("tree.below", { count: under }) : "");
    let text = `<g class="node" data-node="${id}" role="button" tabindex="-1" aria-label="${escapeText(name)}">`;
    text += `<title>${escapeText(name)}</title>`;
    if (isCurrent) text += `<circle cx="${cx}" cy="${cy}" r="${radius + 5}" fill="#ffd54f" stroke="#7a4f00" stroke-width="2"/>`;
    text += `<circle cx="${cx}" cy="${cy}" r="${radius}" fill="${COLOURS[state]}" stroke="${state === "open" || state === "dead" ? "#8e877c" : COLOURS[state]}" stroke-width="1.5"/>`;
    text += `<text x="${cx}" y="${cy + 1}" font-size="${id === 0 || String(label).length > 2 ? 10 : 13}" font-weight="650" text-anchor="middle" dominant-baseline="central" fill="${ink}">${escapeText(label)}</text>`;
    if (under) text += `<text x="${cx}" y="${cy + radius + 10}" font-size="10" text-anchor="middle" fill="#545458">+${under}</text>`;
    return text + "</g>";
  };
  if (probe && here < depth) {
    const px = x(probe.slot), py = y(here + 1);
    const colour = probe.refused ? "#b3261e" : SOLVED;
    parts.push(`<line x1="${xs.get(current)}" y1="${y(here) + radius}" x2="${px}" y2="${py - radius}" stroke="${colour}" stroke-width="2" stroke-dasharray="4 3"/>`);
    parts.push(`<g aria-label="${escapeText(t(probe.refused ? "tree.tried_refused" : "tree.tried_free", { label: probe.label }))}"><circle cx="${px}" cy="${py}" r="${radius}" fill="#fff" stroke="${colour}" stroke-width="2" stroke-dasharray="4 3"/>`);
    parts.push(`<text x="${px}" y="${py + 1}" font-size="${String(probe.label).length > 2 ? 10 : 13}" font-weight="650" text-anchor="middle" dominant-baseline="central" fill="${colour}">${probe.refused ? "✕" : escapeText(probe.label)}</text></g>`);
  }
  if (top === 0) parts.push(node(0));
  else parts.push(node(pathList[top]));
  for (const [above, kids] of rows) for (const child of kids) if (tree.depth[child] > top) parts.push(node(child));
  parts.push("</svg>");
  return parts.join("");
}

// The whole view at step s: every node made so far, laid out as a tree (leaves side by side, a parent above
// the middle of its children), each with its label and the value stored in it by then; what step s tries below
// the current node (probe) dashed as its last child. For a small tree (at most a few dozen nodes).
export function wholeSvg(tree, s, { rootLabel = t("watch.tree_root"), title = t("watch.tree_title"), probe = null }) {
  const current = tree.stepNode[s];
  const path = new Set(tree.ancestors(current));
  const gapX = 46, rowHeight = 56, radius = 15;
  const place = new Map();
  let leaves = 0, deepest = 0;
  const lay = (id) => {
    const kids = tree.children[id].filter((child) => tree.made[child] <= s);
    deepest = Math.max(deepest, tree.depth[id]);
    const xs = kids.map(lay);
    if (id === current && probe) {
      xs.push(leaves++);
      deepest = Math.max(deepest, tree.depth[id] + 1);
    }
    const x = xs.length ? (xs[0] + xs[xs.length - 1]) / 2 : leaves++;
    place.set(id, x);
    return x;
  };
  lay(0);
  const width = Math.max(1, leaves) * gapX + 20, height = (deepest + 1) * rowHeight + 20;
  const X = (x) => 10 + gapX / 2 + x * gapX, Y = (d) => 10 + radius + 4 + d * rowHeight;
  const parts = [`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="group" aria-label="${escapeText(title)}" font-family="system-ui, sans-serif">`];
  for (const [id] of place) {
    if (id === 0) continue;
    const parent = tree.parent[id], strong = path.has(id);
    parts.push(`<line x1="${X(place.get(parent))}" y1="${Y(tree.depth[parent]) + radius}" x2="${X(place.get(id))}" y2="${Y(tree.depth[id]) - radius}" stroke="${strong ? OPEN : "#b9b4ab"}" stroke-width="${strong ? 3 : 1.5}"/>`);
  }
  if (probe) {
    const px = X(leaves - 1), py = Y(tree.depth[current] + 1), colour = probe.refused ? "#b3261e" : SOLVED;
    parts.push(`<line x1="${X(place.get(current))}" y1="${Y(tree.depth[current]) + radius}" x2="${px}" y2="${py - radius}" stroke="${colour}" stroke-width="2" stroke-dasharray="4 3"/>`);
    parts.push(`<g aria-label="${escapeText(t(probe.refused ? "tree.tried_refused" : "tree.tried_possible", { label: probe.label }))}"><circle cx="${px}" cy="${py}" r="${radius}" fill="#fff" stroke="${colour}" stroke-width="2" stroke-dasharray="4 3"/>`);
    parts.push(`<text x="${px}" y="${py + 1}" font-size="11" font-weight="650" text-anchor="middle" dominant-baseline="central" fill="${colour}">${probe.refused ? "✕" : escapeText(probe.label)}</text></g>`);
  }
  for (const [id, x] of place) {
    const state = tree.state(id, s, path);
    const cx = X(x), cy = Y(tree.depth[id]);
    const label = id === 0 ? rootLabel : tree.label[id];
    const value = tree.valueAt(id, s);
    const ink = state === "open" ? "#1d1d1f" : state === "dead" ? DEAD_INK : "#fff";
    const name = t("tree.node", { id, label: value !== null ? `${label}, ${value}` : label, state: t(state === "dead" ? "tree.state_left" : `tree.state_${state}`) });
    let text = `<g class="node" data-node="${id}" role="button" tabindex="-1" aria-label="${escapeText(name)}"><title>${escapeText(name)}</title>`;
    if (id === current) text += `<circle cx="${cx}" cy="${cy}" r="${radius + 5}" fill="#ffd54f" stroke="#7a4f00" stroke-width="2"/>`;
    text += `<circle cx="${cx}" cy="${cy}" r="${radius}" fill="${COLOURS[state]}" stroke="${state === "open" || state === "dead" ? "#8e877c" : COLOURS[state]}" stroke-width="1.5"/>`;
    text += `<text x="${cx}" y="${cy + 1}" font-size="12" font-weight="650" text-anchor="middle" dominant-baseline="central" fill="${ink}">${escapeText(label)}</text>`;
    if (value !== null) text += `<text x="${cx}" y="${cy + radius + 12}" font-size="11" font-weight="600" text-anchor="middle" fill="#1d1d1f" stroke="#fff" stroke-width="3" paint-order="stroke">${escapeText(value)}</text>`;
    parts.push(text + "</g>");
  }
  parts.push("</svg>");
  return parts.join("");
}

// Where node `id` stands in its parent's band: [place, places]. split "slots": the parent's
// width split evenly among its possible children (`slots` of them, or the node's own slot count); split
// "made": among the children made so far (`made`: their number, by parent; a search that tries few of its
// possible children: the knight).
function band(tree, id, slots, split, made) {
  if (split === "made") return [tree.order[id], made[tree.parent[id]]];
  const [slot, count] = tree.slot[id];
  return [slot, count || slots];
}

function madeBy(tree, s, split) {
  if (split !== "made") return null;
  const made = new Array(tree.stepMax[s] + 1).fill(0);
  for (let id = 1; id <= tree.stepMax[s]; id++) made[tree.parent[id]]++;
  return made;
}

// The overview at step s: every node made, as a band inside its parent's band (split as `band` says);
// rows are depths. Returns SVG text; bandAt(x, y) of the same geometry finds the node under a point.
export function overviewSvg(tree, s, { slots, depth, split = "slots", width = 600, title = t("tree.overview") }) {
  const rowHeight = 14, height = (depth + 1) * rowHeight;
  const path = new Set(tree.ancestors(tree.stepNode[s]));
  const spans = new Map([[0, [0, width]]]);
  const paths = { path: "", solved: "", dead: "", open: "" };
  const last = tree.stepMax[s];
  const made = madeBy(tree, s, split);
  for (let id = 0; id <= last; id++) {
    if (id > 0) {
      const [start, span] = spans.get(tree.parent[id]);
      const [place, places] = band(tree, id, slots, split, made);
      const share = span / places;
      spans.set(id, [start + place * share, share]);
    }
    const [start, span] = spans.get(id);
    const state = tree.state(id, s, path);
    paths[state] += `M${start.toFixed(2)} ${tree.depth[id] * rowHeight}h${Math.max(span - 0.3, 0.6).toFixed(2)}v${rowHeight - 2}h-${Math.max(span - 0.3, 0.6).toFixed(2)}z`;
  }
  const fills = { open: "#cfc9bf", dead: "#9a958c", solved: SOLVED, path: OPEN };
  let text = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" preserveAspectRatio="none" role="img" aria-label="${escapeText(title)}">`;
  for (const state of ["open", "dead", "solved", "path"]) if (paths[state]) text += `<path d="${paths[state]}" fill="${fills[state]}"/>`;
  return text + "</svg>";
}

// The node whose band holds the point (x, y) of the overview (in its units), among those made by step s.
export function bandAt(tree, s, x, y, { slots, split = "slots", width = 600 }) {
  const rowHeight = 14;
  const depth = Math.floor(y / rowHeight);
  const made = madeBy(tree, s, split);
  let node = 0, start = 0, span = width;
  for (let d = 0; d < depth; d++) {
    const kids = tree.children[node].filter((child) => tree.made[child] <= s);
    let next = -1;
    for (const child of kids) {
      const [place, places] = band(tree, child, slots, split, made);
      const share = span / places;
      if (x >= start + place * share && x < start + (place + 1) * share) {
        next = child;
        start += place * share;
        span = share;
        break;
      }
    }
    if (next < 0) break;
    node = next;
  }
  return node;
}
