// A lesson: a seed's real search cut into stages (boardpuzzles/lessons.py makes them, /api/<puzzle>/lesson
// serves them), shown with the Watch tab's own board, code, tables and tree (watch.js and the puzzle's adapter).
// A stage says a sentence or two about its step, or asks what the search does next: the learner answers by
// clicking the board, a cell of the seed's tables (or a number of its free lists), a node of the search tree
// (a click, or Enter on a node reached by Tab and the arrow keys) or a number; the page says
// right or wrong, and why, and shows the step after. The stage is in the address (?stage=3, from 1) and the
// browser remembers where the learner stopped (lesson-store.js). A queens lesson may start from queens a
// teacher placed on the first rows (?placed=b1,d2): its search keeps them, and no place is remembered.
import { get } from "./api.js";
import { Board } from "./board.js";
import { $, failed, fitStage, say } from "./common.js";
import { puzzle as draughts } from "./draughts-watch.js";
import { t } from "./i18n.js";
import { puzzle as knight } from "./knight-watch.js";
import { remember, stoppedAt } from "./lesson-store.js";
import { puzzle as queens } from "./queens-watch.js";
import { StepStore } from "./steps.js";
import { Watch } from "./watch.js";

const ADAPTERS = { queens, knight, draughts };
const name = decodeURIComponent(window.location.pathname.split("/").pop());
const prefix = name.split("-")[0];
const puzzleName = prefix in ADAPTERS ? prefix : "queens"; // a lesson's name starts with its puzzle's, but the first
const adapter = ADAPTERS[puzzleName];
// The seed's tables by the head of their row (queens-watch.js draws them), and the Prolog term's free lists.
const TABLES = { "c": "c", "cm": "cm", "dp": "dp", "dm": "dm" };
const LISTS = { FreeRows: "rows", FreeCols: "cols", FreeDiag1: "diag1", FreeDiag2: "diag2" };

// The queens a teacher placed (a queens lesson's ?placed=), "" when none.
const placed = new URLSearchParams(window.location.search).get("placed") || "";
let lesson = null;
let at = 0; // the stage shown, from 0
let answered = false; // the question of the stage shown is answered (or shown)

const board = new Board($("board"), (row, col, square) => answer({ square }, square));
board.setReadOnly(true);
fitStage();
const watcher = new Watch({ board, bar: $("bar"), caption: $("caption"), counts: $("counts"), legend: $("legend"),
  side: $("watch-side"), status: $("status"), keys: document.createElement("div"), onError: failed }, adapter);
watcher.onShow = () => markAnswerable();

function question() {
  return lesson ? lesson.stages[at].question : null;
}

// How the question of the stage is answered: "square", "node" (in the search tree only), "cell" or "number".
function how(q) {
  if ("square" in q.answer) return "square";
  if ("node" in q.answer) return "node";
  return "cells" in q.answer ? "cell" : "number";
}

function cellName([table, entry]) {
  const list = Object.keys(LISTS).find((key) => LISTS[key] === table);
  return list ? `${list} ${entry}` : `${table}[${entry}]`;
}

// The table cell (or free-list number) an element of the panels stands for: [table, entry], or null.
function cellOf(target) {
  const td = target.closest("table.tables td");
  if (td && !td.classList.contains("index")) {
    const head = td.parentElement.querySelector("th").textContent.split("[")[0];
    return head in TABLES ? [TABLES[head], td.cellIndex] : null;
  }
  const chip = target.closest(".term .chip");
  if (chip && !chip.classList.contains("queen")) {
    const list = chip.closest(".arg").querySelector(".name").textContent;
    return list in LISTS ? [LISTS[list], Number(chip.textContent)] : null;
  }
  return null;
}

// While a cell is asked for, the cells and numbers of the panels take the focus and Enter.
function markAnswerable() {
  const asking = question() && !answered && how(question()) === "cell";
  for (const cell of $("watch-side").querySelectorAll("table.tables td:not(.index), .term .chip:not(.queen)")) {
    if (asking) cell.tabIndex = 0;
    else cell.removeAttribute("tabindex");
  }
  board.setReadOnly(!(question() && !answered && how(question()) === "square"));
}

function answer(given, chosen) {
  const q = question();
  if (!q || answered) return;
  const kind = how(q);
  if (!(kind in given) && !(kind === "square" && "node" in given && "node" in q.answer)) return;
  let right;
  if (kind === "square") right = "node" in given ? given.node === q.answer.node : given.square === q.answer.square;
  else if (kind === "node") right = given.node === q.answer.node;
  else if (kind === "cell") right = q.answer.cells.some(([table, entry]) => table === given.cell[0] && entry === given.cell[1]);
  else right = given.number === q.answer.number;
  reveal(right, chosen);
}

// The step after the question's, with whether the learner was right (null: the learner asked to be shown).
function reveal(right, chosen = "") {
  const q = question();
  answered = true;
  watcher.player.go(lesson.stages[at].step + 1);
  const verdict = right === null ? "" : right ? t("lesson.ui.right") : t("lesson.ui.wrong", { chosen });
  $("feedback").className = `feedback ${right === null ? "" : right ? "good" : "error"}`;
  $("feedback").textContent = `${verdict} ${t(q.why, q.fields)}`.trim();
  $("answers").replaceChildren();
  buttons();
}

function buttons() {
  const asking = Boolean(question()) && !answered;
  $("back").disabled = at === 0;
  $("next").disabled = asking || at === lesson.stages.length - 1;
  $("show").hidden = !asking;
  markAnswerable();
}

function answers(q) {
  const box = $("answers");
  const kind = how(q);
  const hint = document.createElement("p");
  hint.className = "small hint";
  hint.textContent = t(`lesson.ui.how.${kind}`);
  box.replaceChildren(hint);
  if (kind !== "number") return;
  const group = document.createElement("div");
  group.className = "numbers";
  group.setAttribute("role", "group");
  group.setAttribute("aria-label", t("lesson.ui.numbers"));
  for (let value = 0; value <= lesson.setup.blacks.length; value++) {
    const choice = document.createElement("button");
    choice.type = "button";
    choice.className = "secondary";
    choice.textContent = String(value);
    choice.addEventListener("click", () => answer({ number: value }, String(value)));
    group.append(choice);
  }
  box.append(group);
}

function show(index) {
  at = Math.max(0, Math.min(lesson.stages.length - 1, index));
  answered = false;
  const stage = lesson.stages[at];
  watcher.player.go(stage.step);
  $("stage-count").textContent = t("lesson.ui.stage", { at: at + 1, of: lesson.stages.length });
  $("lesson-text").textContent = t(stage.text, stage.fields);
  $("feedback").textContent = "";
  $("feedback").className = "feedback";
  if (stage.question) answers(stage.question);
  else $("answers").replaceChildren();
  if (at === lesson.stages.length - 1) {
    const end = document.createElement("p");
    end.className = "small";
    end.textContent = t("lesson.ui.done");
    $("answers").append(end);
  }
  buttons();
  const address = new URL(window.location.href);
  address.searchParams.set("stage", String(at + 1));
  window.history.replaceState(null, "", address);
  if (!placed) remember(name, at + 1);
}

$("back").addEventListener("click", () => show(at - 1));
$("next").addEventListener("click", () => show(at + 1));
$("show").addEventListener("click", () => reveal(null));
$("watch-side").addEventListener("click", (event) => {
  const cell = cellOf(event.target);
  if (cell) answer({ cell }, cellName(cell));
});
// A question whose answer is also a node of the search tree takes a click (or Enter) on a node as the answer,
// before the tree's own handler would go to the step that made it.
function treeAnswer(event) {
  const node = event.target.closest(".watch-tree [data-node]");
  const q = question();
  if (!node || !q || answered || !("node" in q.answer)) return;
  if (event.type === "keydown" && event.key !== "Enter" && event.key !== " ") return;
  event.preventDefault();
  event.stopPropagation();
  const label = node.querySelector("text:not(:empty)");
  answer({ node: Number(node.dataset.node) }, label ? label.textContent : node.dataset.node);
}
$("watch-side").addEventListener("click", treeAnswer, true);
$("watch-side").addEventListener("keydown", treeAnswer, true);
$("watch-side").addEventListener("keydown", (event) => {
  if (event.key !== "Enter" && event.key !== " ") return;
  const cell = cellOf(event.target);
  if (!cell) return;
  event.preventDefault();
  answer({ cell }, cellName(cell));
});

// The stage the address asks for (?stage=, from 1), else where the learner stopped, else the first; and what
// was wrong with the address ("": nothing).
function firstStage(count) {
  const asked = new URLSearchParams(window.location.search).get("stage");
  if (asked !== null) {
    const value = Number(asked);
    if (/^[0-9]{1,4}$/.test(asked) && value >= 1 && value <= count) return [value - 1, ""];
    return [0, t("lesson.ui.bad-stage", { value: asked.slice(0, 20), of: count })];
  }
  const stopped = placed ? null : stoppedAt(name);
  return [stopped && stopped <= count ? stopped - 1 : 0, ""];
}

async function start() {
  try {
    lesson = await get(`${puzzleName}/lesson`, placed ? { name, placed } : { name }, "lesson");
    const listing = await get(`${puzzleName}/listing`, { method: lesson.method }, "listing");
    const title = t(lesson.title);
    $("title").textContent = title;
    document.title = `${title} · boardpuzzles`;
    const store = new StepStore(adapter.kindOf);
    for (const step of lesson.steps) store.push(step);
    const [first, problem] = firstStage(lesson.stages.length);
    await watcher.start(listing, { ...lesson.setup, uid: "l" }, { store, more: async () => false, done: true }, lesson.stages[first].step);
    show(first);
    if (problem) say(problem, "error"); // after the step shown, which clears the status line
  } catch (error) {
    failed(error);
  }
}

start();
