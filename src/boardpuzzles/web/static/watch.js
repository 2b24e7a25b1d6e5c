// Watching a seed's search: its code with the line executing lit and the frame's variables, the stack, the
// search tree growing, the counters, the puzzle's own tables, and a timeline: the same on the web page and in
// the notebook player (boardpuzzles/notebook.py bundles these modules).
//
// THE CONTRACT (docs/watching.md says it at length)
//
// The listing: {method, lines: [text, ...], frames: [name, ...], variables: [name, ...]} (Listing.to_json()).
// The steps, in order, each an object with at least these keys (boardpuzzles/watching.py makes them):
//   action   what the step does (the knight's is named `kind`: the adapter's kindOf reads it)
//   index    its place in the stream, from 0
//   line     the listing's line executing (1-based); vars: the running frame's variables {name: value}
//   stack    the listed frames, outermost first: [{name, line, vars}, ...]; the last one is the running frame
//   counts   {counter: value} so far; "nodes" counts the search tree's nodes, the root included
//   node     the tree node of the position after the step (0: the root); parent: only on a step that makes `node`
// Anything else is the puzzle's own (queens: k, i, c, cm, dp, dm, state, board, reason, blocker, solution).
//
// A puzzle plugs in with an object (queens: queens-watch.js exports `puzzle`; the notebook finds it in
// `<name>-watch.js`):
//   name                        "queens"
//   kindOf(step)                what the step does: "test", "occupy", ... (queens: step.action; knight: step.kind);
//                               the StepStore, the timeline's jumps and the tree's solutions read it
//   counters                    [[key, label], ...] in the order shown (those the steps count: a key absent from
//                               a step's counts is not shown)
//   jumps                       [{label, sign, key, kinds: [kind, ...], title}]: timeline buttons and keys
//   boardSpec(step, previous, setup)   what board.js's boardSpec() draws for the step
//   describe(step, setup)       the step in a sentence
//   panels(step, previous, setup)      HTML of the puzzle's own panels (the seed's tables), or ""
//   frameLabel(frame, setup)    how a stack frame reads ("HR(3)   i = 5")
//   nodeLabel(step, setup)      the text on the tree node a step makes ("5": the column)
//   nodeSlot(step, setup)       [slot, slots] of that node among its possible siblings, or null (made order)
//   treeShape(setup)            {depth, slots, rootLabel, note, layout, split, full, solved}: rows below the root, slots a
//                               row, what the tree shows; layout "whole" draws every node made (a small tree) instead
//                               of the path with its siblings; full false: the focus view stops below the current node; split "made" shares a node's band in the overview among the children
//                               made (default "slots": among the slots); solved: the legend's words for a node with a
//                               solution below (default "a solution below")
//   nodeValue(step, setup)      optional: [node, text] for a step that stores a value in a node made before (draughts:
//                               "num 4"), shown under the node from that step on
//   probe(step, setup)          optional: {slot, label, refused} for a step that tries a child of the current node
//                               without making it (a test): drawn dashed below the current node
//   ending(step, setup)         what is said when the last step of a finished search is shown
//   found(step)                 optional: whether the search ended with what it looks for (the ending said in green),
//                               or without (in red); default true
//   noCode(step, setup)         optional: what the code panel says for a step made by no listed code (line null)
//   legend(setup)               optional: HTML of the board's legend (spans of class "mark mark-<name>", watch.css)
//   isSolution(step)            optional; default: kindOf(step) === "solution"
// `setup` is what the search was asked ({n, method} for the queens) plus `uid`, a prefix that keeps the
// SVG ids of several players in one document apart.
//
// new Watch(parts, puzzle) builds the panels into parts.side (and the counters into parts.counts), the
// timeline into parts.bar, and draws the board with parts.board (a board.js Board); watch.start(listing,
// setup, source, at) starts at step `at`, where source = {store: new StepStore(puzzle.kindOf), more: async () => grew?, done}: `done`
// true once the store holds the whole search (more() may set it with the last page); `capped` true when the
// source stopped before the end (the end is then said to be the page's, not the search's).
import { escapeText } from "./board.js";
import { number, t } from "./i18n.js";
import { Player } from "./player.js";
import { SearchTree, bandAt, focusSvg, overviewSvg, wholeSvg } from "./tree.js";

const STACK_SHOWN = 12; // frames of a deeper stack shown: the first two, the last nine

function section(title, className) {
  const element = document.createElement("section");
  element.className = `watch-panel ${className}`;
  const heading = document.createElement("h3");
  heading.textContent = title;
  element.append(heading);
  return element;
}

function plain(value) {
  if (Array.isArray(value)) return `[${value.map(plain).join(", ")}]`;
  if (typeof value === "string") return `"${value}"`;
  return String(value);
}

// Tables in a .scroller that are wider than it get the class "overflows" (their hint shows).
function markScrollers(root) {
  for (const box of root.querySelectorAll(".scroller")) box.classList.toggle("overflows", box.scrollWidth > box.clientWidth + 1);
}

// The frame's variables in the listing's order (a step rebuilt from its difference may hold them in another).
function variablesText(vars, order) {
  const held = vars || {};
  return order.filter((name) => name in held).map((name) => `${name} = ${plain(held[name])}`).join(", ");
}

export class Watch {
  // parts: {board: Board, bar, caption, counts, legend, side, status, keys, onError}: elements of the page (or the
  // notebook player), and what to do with a load that failed; legend is optional.
  constructor(parts, puzzle) {
    this.parts = parts;
    this.puzzle = puzzle;
    this.isSolution = puzzle.isSolution || ((step) => puzzle.kindOf(step) === "solution");
    this.code = section(t("watch.panel_code"), "watch-code");
    this.frame = document.createElement("p");
    this.frame.className = "frame-vars";
    this.listing = document.createElement("pre");
    this.listing.className = "listing";
    this.listing.tabIndex = 0;
    this.listing.setAttribute("aria-label", t("watch.listing_label"));
    this.code.append(this.frame, this.listing);
    this.own = document.createElement("div");
    this.own.className = "watch-own";
    this.stack = section(t("watch.panel_stack"), "watch-stack");
    this.frames = document.createElement("ol");
    this.frames.className = "frames";
    this.stack.append(this.frames);
    this.treePanel = section(t("watch.panel_tree"), "watch-tree");
    this.treeNote = document.createElement("p");
    this.treeNote.className = "muted small";
    this.focus = document.createElement("div");
    this.focus.className = "tree-focus";
    this.overview = document.createElement("div");
    this.overview.className = "tree-overview";
    this.treeLegend = document.createElement("p");
    this.treeLegend.className = "legend small";
    this.overviewNote = document.createElement("p");
    this.overviewNote.className = "muted small";
    this.treePanel.append(this.treeNote, this.focus, this.treeLegend, this.overview, this.overviewNote);
    this.keys = section(t("watch.panel_keys"), "watch-keys");
    this.keyList = document.createElement("p");
    this.keyList.className = "small";
    this.keys.append(this.keyList);
    parts.side.replaceChildren(this.code, this.own, this.stack, this.treePanel, this.keys);
    this.player = new Player(parts.bar, {
      steps: () => this.store, more: () => this.more(), show: (index) => this.show(index),
      jumps: puzzle.jumps, keys: parts.keys, onEnd: (index) => this.ended(index), onError: parts.onError,
      onNone: (jump, finished) => this.noneFound(jump, finished),
    });
    this.keyList.innerHTML = this.player.shortcuts().map(([key, what]) => `<kbd>${escapeText(key)}</kbd> ${escapeText(what)}`).join(" · ")
      + t("watch.keys_note");
    this.focus.addEventListener("click", (event) => this.clickNode(event));
    this.focus.addEventListener("keydown", (event) => this.treeKey(event));
    this.overview.addEventListener("click", (event) => this.clickOverview(event));
    this.onShow = null;
  }

  // listing: Listing.to_json(); setup: what the search was asked; source: {store, more}; at: the step to show.
  async start(listing, setup, source, at = 0) {
    this.player.clear();
    this.parts.side.hidden = false;
    this.player.finished = Boolean(source.done);
    this.setup = setup;
    this.source = source;
    this.store = source.store;
    this.tree = new SearchTree({ slotOf: (step) => this.puzzle.nodeSlot(step, setup), labelOf: (step) => this.puzzle.nodeLabel(step, setup),
      isSolution: this.isSolution, valueOf: this.puzzle.nodeValue ? (step) => this.puzzle.nodeValue(step, setup) : undefined });
    for (let i = 0; i < this.store.length; i++) this.tree.add(this.store.get(i));
    this.lines = listing.lines;
    this.variables = listing.variables || [];
    this.listing.innerHTML = listing.lines.map((text, i) => `<span class="ln" data-line="${i + 1}"><span class="no">${i + 1}</span><span class="mark"></span>${escapeText(text) || " "}</span>`).join("");
    const shape = this.puzzle.treeShape(setup);
    this.treeNote.textContent = shape.note || t("watch.tree_note");
    if (this.parts.legend) this.parts.legend.innerHTML = this.puzzle.legend ? this.puzzle.legend(setup) : "";
    this.overviewNote.textContent = t(shape.split === "made" ? "watch.overview_note_made" : "watch.overview_note_slots");
    this.treeLegend.innerHTML = `<span class="swatch swatch-path">${t("watch.legend_path")}</span><span class="swatch swatch-now">${t("watch.legend_now")}</span><span class="swatch swatch-solved">${escapeText(shape.solved || t("watch.legend_solved"))}</span><span class="swatch swatch-dead">${t("watch.legend_dead")}</span>`;
    while (this.store.length <= at && (await this.player.load()));
    if (this.store.length) this.player.go(at);
  }

  // Out of sight: the timeline paused and hidden, the caption, the counts and the legend emptied; `forget` drops
  // the steps too (a page about to watch another search), else showing a step again brings it all back.
  hide(forget = false) {
    if (forget) {
      this.player.clear();
      this.parts.side.hidden = true; // the panels of a search no longer shown
    } else {
      this.player.pause();
      this.player.container.hidden = true;
    }
    this.parts.caption.textContent = "";
    this.parts.counts.innerHTML = "";
    if (this.parts.legend) this.parts.legend.innerHTML = "";
  }

  async more() {
    const before = this.store.length;
    const grew = await this.source.more();
    for (let i = before; i < this.store.length; i++) this.tree.add(this.store.get(i));
    if (this.source.done) this.player.finished = true; // the last page came: nothing further to load
    return grew;
  }

  show(index) {
    const step = this.store.get(index);
    const previous = index > 0 ? this.store.get(index - 1) : null;
    const { puzzle, setup } = this;
    this.parts.board.render(puzzle.boardSpec(step, previous, setup));
    this.parts.caption.textContent = puzzle.describe(step, setup);
    if (this.parts.legend && puzzle.legend && !this.parts.legend.innerHTML) this.parts.legend.innerHTML = puzzle.legend(setup); // after hide()
    this.showCounts(step, previous);
    this.showCode(step);
    this.own.innerHTML = puzzle.panels(step, previous, setup);
    markScrollers(this.own);
    this.showStack(step);
    this.showTree(index);
    if (this.parts.status && !(this.player.finished && index === this.store.length - 1)) this.parts.status.textContent = "";
    if (this.onShow) this.onShow(index, step);
  }

  // The stack, outermost first; a deep one shows its first frames and its last ones, saying how many lie between.
  showStack(step) {
    const { puzzle, setup } = this;
    const frame = (f, depth) => `<li value="${depth + 1}" class="${depth === step.stack.length - 1 ? "now" : ""}"><span class="name">${escapeText(puzzle.frameLabel(f, setup))}</span><span class="at">${t("watch.line", { line: f.line })}</span></li>`;
    const deep = step.stack.length > STACK_SHOWN;
    const head = deep ? 2 : step.stack.length, tail = deep ? STACK_SHOWN - 3 : 0;
    let html = step.stack.slice(0, head).map(frame).join("");
    if (deep) {
      const hidden = step.stack.length - head - tail;
      html += `<li class="more" aria-label="${escapeText(t("watch.frames_hidden", { count: hidden }))}">⋮ ${escapeText(t("watch.frames_more", { count: hidden }))}</li>`;
      html += step.stack.slice(-tail).map((f, i) => frame(f, step.stack.length - tail + i)).join("");
    }
    this.frames.innerHTML = html;
  }

  showCounts(step, previous) {
    this.parts.counts.innerHTML = this.puzzle.counters.filter(([key]) => key in step.counts).map(([key, label]) => {
      const changed = previous && previous.counts[key] !== step.counts[key];
      return `<div class="count${changed ? " changed" : ""}"><dt>${escapeText(label)}</dt><dd>${number(step.counts[key] ?? 0)}</dd></div>`;
    }).join("");
  }

  showCode(step) {
    const callers = new Map(step.stack.slice(0, -1).map((frame, depth) => [frame.line, depth + 1]));
    for (const line of this.listing.children) {
      const number = Number(line.dataset.line);
      const now = number === step.line;
      line.classList.toggle("now", now);
      line.classList.toggle("caller", !now && callers.has(number));
      line.querySelector(".mark").textContent = now ? "▶" : callers.has(number) ? "▷" : "";
    }
    const frame = step.stack[step.stack.length - 1];
    const vars = variablesText(step.vars, this.variables);
    this.frame.innerHTML = frame ? `<strong>${escapeText(frame.name)}</strong> ${escapeText(t("watch.runs_line", { line: step.line }))}${vars ? `: <code>${escapeText(vars)}</code>` : ""}`
      : escapeText(this.puzzle.noCode ? this.puzzle.noCode(step, this.setup) : t("watch.no_code"));
    const lit = this.listing.querySelector(".ln.now");
    if (lit) {
      const top = lit.offsetTop - this.listing.offsetTop, box = this.listing;
      if (top < box.scrollTop + 8 || top + lit.offsetHeight > box.scrollTop + box.clientHeight - 8) box.scrollTop = Math.max(0, top - box.clientHeight / 3);
    }
  }

  showTree(index) {
    const focused = this.focus.contains(document.activeElement) ? document.activeElement.closest("[data-node]") : null;
    const shape = this.puzzle.treeShape(this.setup);
    const step = this.store.get(index);
    const probe = this.puzzle.probe ? this.puzzle.probe(step, this.setup) : null;
    this.focus.classList.toggle("whole", shape.layout === "whole");
    this.focus.innerHTML = shape.layout === "whole"
      ? wholeSvg(this.tree, index, { ...shape, probe, title: t("watch.tree_title_whole", { step: index + 1 }) })
      : focusSvg(this.tree, index, { ...shape, probe, title: t("watch.tree_title_focus", { step: index + 1 }) });
    this.rovingTree(focused ? focused.dataset.node : null);
    this.overview.hidden = this.overviewNote.hidden = shape.layout === "whole"; // the whole tree is shown above
    this.overview.innerHTML = overviewSvg(this.tree, index, { ...shape, title: t("watch.overview_title", { count: number(this.tree.stepMax[index] + 1) }) });
    this.overview.title = t("watch.overview_tip", { count: number(this.tree.stepMax[index] + 1) });
  }

  // The tree's nodes by keyboard: one of them is in the tab order (the current node); the arrows go to the
  // nearest node that way (up: towards the root), Enter or Space to the step that made the node.
  treeKey(event) {
    if (event.key === "Enter" || event.key === " ") {
      this.clickNode(event);
      return;
    }
    const way = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] }[event.key];
    const from = event.target.closest("[data-node]");
    if (!way || !from) return;
    event.preventDefault();
    const at = (node) => { const circle = node.querySelector("circle:last-of-type"); return [Number(circle.getAttribute("cx")), Number(circle.getAttribute("cy"))]; };
    const [x0, y0] = at(from);
    let best = null, bestScore = Infinity;
    for (const node of this.focus.querySelectorAll("[data-node]")) {
      const [x, y] = at(node);
      const along = way[0] ? (x - x0) * way[0] : (y - y0) * way[1];
      if (node === from || along <= 1) continue;
      const score = along + 3 * (way[0] ? Math.abs(y - y0) : Math.abs(x - x0));
      if (score < bestScore) (best = node, bestScore = score);
    }
    if (!best) return;
    from.tabIndex = -1;
    best.tabIndex = 0;
    best.focus();
  }

  // The tree drawn anew keeps one node in the tab order: the one that had the focus, else the current node.
  rovingTree(hadFocus) {
    const nodes = [...this.focus.querySelectorAll("[data-node]")];
    if (!nodes.length) return;
    const current = String(this.tree.stepNode[this.player.index]);
    const keep = nodes.find((node) => node.dataset.node === hadFocus) || nodes.find((node) => node.dataset.node === current) || nodes[0];
    keep.tabIndex = 0;
    if (hadFocus !== null) keep.focus();
  }

  // A jump that found no step of its kind: the status says so, before what the last step says.
  noneFound(jump, finished) {
    if (!this.parts.status) return;
    const where = finished ? t("watch.none_after") : t("watch.none_in_first", { count: number(this.store.length) });
    const said = this.parts.status.textContent;
    this.parts.status.className = `status ${finished ? "error" : ""}`;
    this.parts.status.textContent = t("watch.none_found", { jump: jump.label, where }) + (said ? ` ${said}` : "");
  }

  clickNode(event) {
    const node = event.target.closest("[data-node]");
    if (!node) return;
    event.preventDefault();
    this.goToNode(Number(node.dataset.node));
  }

  clickOverview(event) {
    const svg = this.overview.querySelector("svg");
    if (!svg) return;
    const box = svg.getBoundingClientRect();
    const view = svg.viewBox.baseVal;
    const x = ((event.clientX - box.left) / box.width) * view.width, y = ((event.clientY - box.top) / box.height) * view.height;
    this.goToNode(bandAt(this.tree, this.player.index, x, y, this.puzzle.treeShape(this.setup)));
  }

  goToNode(node) {
    this.player.pause();
    this.player.go(Math.max(0, this.tree.made[node]));
  }

  ended(index) {
    if (!this.parts.status) return;
    const found = this.source.capped || !this.puzzle.found || this.puzzle.found(this.store.get(index));
    this.parts.status.className = `status ${found ? "good" : "error"}`;
    this.parts.status.textContent = this.source.capped
      ? t("watch.capped", { count: number(this.store.length) })
      : this.puzzle.ending(this.store.get(index), this.setup);
  }
}
