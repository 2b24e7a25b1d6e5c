// The timeline over a list of steps that may load in pages: Start, Back, Play/Pause, Step, End, jumps to
// the next step of a kind (the next solution, the next backtrack), a scrubber, the speed with its value,
// keyboard shortcuts, and the counter. Every page's step player is one (queens, knight, draughts).
import { button } from "./board.js";
import { number, t } from "./i18n.js";

// Steps a second the speed slider offers (its value is an index into this list).
const SPEEDS = [1, 2, 4, 8, 15, 30, 60, 120, 250, 500, 1000];
const SHOWN_PER_SECOND = 30; // faster than this, a tick skips steps instead of drawing each

// A button's text as a sign and a word; on a phone the word may be hidden (class "word"), the accessible name
// stays: labelled(element, "▶", "Play") shows and reads "▶ Play"; with `after`, "Step ▶"; `name` reads instead.
function labelled(element, sign, word, { after = false, name = null } = {}) {
  element.setAttribute("aria-label", name || (after ? `${word} ${sign}` : `${sign} ${word}`));
  const signPart = document.createElement("span");
  signPart.textContent = sign;
  signPart.setAttribute("aria-hidden", "true");
  const wordPart = document.createElement("span");
  wordPart.className = "word";
  wordPart.textContent = word;
  wordPart.setAttribute("aria-hidden", "true");
  element.replaceChildren(...(after ? [wordPart, " ", signPart] : [signPart, " ", wordPart]));
  return element;
}

export class Player {
  // steps(): the steps loaded (an array, or a StepStore); more(): loads further steps, resolves false at the
  // end; show(index); counter(index): what the counter says (default: "step 4 of 1,095");
  // jumps: [{label, sign, key, kinds, title}] buttons that go to the next step whose kind is one of `kinds` (steps()
  // is then a StepStore, which knows each step's kind);
  // keys: the element whose key presses drive the player (default: the document);
  // onEnd(index): called when the last step of a finished search is shown; onError(error): a load that failed;
  // onNone(jump, finished): a jump found no such step (in the whole search when `finished`, else in those loaded).
  constructor(container, { steps, more, show, label = t("player.step"), counter = null, jumps = [], keys = document, onEnd = null, onError = null, onNone = null }) {
    this.steps = steps;
    this.more = more;
    this.show = show;
    this.label = label;
    this.counterText = counter;
    this.onEnd = onEnd;
    this.onError = onError;
    this.onNone = onNone;
    this.generation = 0; // a new list of steps (clear()) ignores the loads asked for the one before
    this.finished = false; // true once more() said there is nothing further
    this.index = -1;
    this.timer = null;
    this.reset = labelled(button("", () => this.go(0), t("player.start_title")), "⇤", t("player.start"));
    this.back = labelled(button("", () => this.go(this.index - 1), t("player.back_title")), "❮", t("player.back"));
    this.play = labelled(button("", () => this.toggle(), t("player.play_title")), "▶", t("player.play"));
    this.forward = labelled(button("", () => this.step(), t("player.step_title")), "❯", t("player.step_button"), { after: true });
    this.end = labelled(button("", () => this.toEnd(), t("player.end_title")), "⇥", t("player.end"), { after: true });
    this.jumps = jumps.map((jump) => ({ ...jump, button: labelled(button("", () => this.jump(jump), t("player.jump_title", { what: jump.title || jump.label, key: jump.key })),
      jump.sign || "»", jump.label, { name: jump.label }) }));
    for (const element of [this.reset, this.back, this.forward, this.end, ...this.jumps.map((jump) => jump.button)]) element.classList.add("secondary");
    this.scrubber = document.createElement("input");
    Object.assign(this.scrubber, { type: "range", min: "0", max: "0", value: "0", className: "scrubber" });
    this.scrubber.setAttribute("aria-label", t("player.scrubber"));
    this.scrubber.addEventListener("input", () => this.go(Number(this.scrubber.value)));
    this.speed = document.createElement("input");
    Object.assign(this.speed, { type: "range", min: "0", max: String(SPEEDS.length - 1), value: "3" });
    this.speed.setAttribute("aria-label", t("player.speed_label"));
    this.speedValue = document.createElement("output");
    const speedLabel = document.createElement("label");
    speedLabel.className = "speed";
    speedLabel.append(`${t("player.speed")} `, this.speed, this.speedValue);
    this.counter = document.createElement("span");
    this.counter.className = "counter";
    this.counter.setAttribute("aria-live", "polite");
    // While the steps load (End, a jump, a step past those loaded), the bar says how far the loading has got,
    // the buttons that wait for it are disabled, and Stop ends it.
    this.loading = document.createElement("p");
    this.loading.className = "loading small";
    this.loading.setAttribute("role", "status");
    this.loadingText = document.createElement("span");
    this.stopButton = labelled(button("", () => (this.stopping = true), t("player.stop_title")), "■", t("player.stop"));
    this.stopButton.classList.add("secondary");
    this.loading.append(this.loadingText, " ", this.stopButton);
    this.loading.hidden = true;
    this.stopping = false;
    const buttons = document.createElement("div");
    buttons.className = "buttons";
    buttons.append(this.reset, this.back, this.play, this.forward, this.end, ...this.jumps.map((jump) => jump.button));
    const line = document.createElement("div");
    line.className = "line";
    line.append(this.scrubber, this.counter);
    container.classList.add("player");
    container.append(buttons, line, this.loading, speedLabel);
    this.container = container;
    container.hidden = true; // shown once there are steps to play
    this.showSpeed();
    this.speed.addEventListener("input", () => {
      this.showSpeed();
      if (this.timer) (this.pause(), this.start());
    });
    keys.addEventListener("keydown", (event) => this.key(event));
  }

  get perSecond() {
    return SPEEDS[Number(this.speed.value)] || 8;
  }

  showSpeed() {
    this.speedValue.textContent = t(this.perSecond > 1 ? "player.per_second" : "player.per_second_one", { count: this.perSecond });
  }

  loaded() {
    return this.steps();
  }

  count() {
    return this.loaded().length;
  }

  // What the keys do, for the page to list.
  shortcuts() {
    return [["← ,", t("player.key_back")], ["→ .", t("player.key_step")], [t("player.key_space"), t("player.key_play")], ["Home", t("player.key_start")], ["End", t("player.key_end")],
      ...this.jumps.map((jump) => [jump.key, jump.label])];
  }

  key(event) {
    if (this.container.hidden || event.altKey || event.ctrlKey || event.metaKey) return;
    // keys typed into a field, or that act on what has the focus: a board one edits, a tree's nodes, and Space
    // or Enter on a button or a link (a focused Step is pressed once, not also played)
    const target = event.target.closest ? event.target : null;
    if (target && target.closest("input, select, textarea, .board:not(.read-only), .tree-focus, [contenteditable]")) return;
    if (target && (event.key === " " || event.key === "Enter") && target.closest("button, a, [role=button]")) return;
    const actions = { ArrowLeft: () => this.go(this.index - 1), ",": () => this.go(this.index - 1),
      ArrowRight: () => this.step(), ".": () => this.step(), " ": () => this.toggle(), p: () => this.toggle(),
      Home: () => this.go(0), End: () => this.toEnd() };
    for (const jump of this.jumps) actions[jump.key] = () => this.jump(jump);
    const action = actions[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  }

  async load() {
    if (this.stopping) { // Stop was pressed while a page loaded: the loading ends here
      this.stopping = false;
      return false;
    }
    if (this.finished || !this.more) return false;
    const generation = this.generation;
    this.busy(true);
    let grew;
    try {
      grew = await this.more();
    } catch (error) {
      if (this.onError && generation === this.generation) this.onError(error);
      return false;
    } finally {
      if (generation === this.generation) this.busy(false);
    }
    if (generation !== this.generation) return false;
    if (!grew) this.finished = true;
    return grew;
  }

  // Loading or not: the bar says so, with the steps loaded so far, and the buttons that wait are disabled.
  busy(on) {
    this.container.setAttribute("aria-busy", String(on));
    this.loading.hidden = !on;
    if (on) this.loadingText.textContent = t("player.loading", { count: number(this.count()) });
    for (const element of [this.play, this.forward, this.end, ...this.jumps.map((jump) => jump.button)]) element.disabled = on;
  }

  async step(by = 1) {
    while (this.index + by >= this.count()) {
      if (!(await this.load())) {
        if (this.index + 1 < this.count()) break;
        this.pause();
        this.atEnd();
        return false;
      }
    }
    this.go(Math.min(this.index + by, this.count() - 1));
    return true;
  }

  go(index) {
    const total = this.count();
    if (!total) return;
    this.container.hidden = false;
    this.index = Math.max(0, Math.min(total - 1, index));
    this.scrubber.max = String(total - 1);
    this.scrubber.value = String(this.index);
    this.counter.textContent = this.counterText ? this.counterText(this.index)
      : t("player.counter", { label: this.label, index: number(this.index + 1), total: number(total) + (this.finished ? "" : "+") });
    this.show(this.index);
    if (this.finished && this.index === total - 1) this.atEnd();
  }

  atEnd() {
    if (this.onEnd && this.finished) this.onEnd(this.index);
  }

  async toEnd() {
    this.pause();
    while (await this.load());
    this.go(this.count() - 1);
  }

  // The next step whose kind is one of jump.kinds, loading further steps while there is none.
  async jump(jump) {
    this.pause();
    const find = (from) => this.loaded().find(from, jump.kinds);
    let found = find(this.index);
    while (found < 0) {
      const from = this.count() - 1;
      if (!(await this.load())) break;
      found = find(from);
    }
    if (found >= 0) this.go(found);
    else {
      this.go(this.count() - 1);
      if (this.onNone) this.onNone(jump, this.finished);
    }
  }

  toggle() {
    if (this.timer) this.pause();
    else this.start();
  }

  start() {
    labelled(this.play, "❚❚", t("player.pause"));
    this.play.setAttribute("aria-pressed", "true");
    let last = performance.now();
    const tick = async () => {
      const now = performance.now();
      const by = this.perSecond <= SHOWN_PER_SECOND ? 1 : Math.max(1, Math.round(((now - last) * this.perSecond) / 1000));
      last = now;
      if (!(await this.step(by))) return;
      if (this.timer) this.timer = setTimeout(tick, Math.max(1000 / this.perSecond, 1000 / SHOWN_PER_SECOND));
    };
    this.timer = setTimeout(tick, 0);
  }

  pause() {
    clearTimeout(this.timer);
    this.timer = null;
    labelled(this.play, "▶", t("player.play"));
    this.play.setAttribute("aria-pressed", "false");
  }

  clear() {
    this.pause();
    this.generation++;
    this.index = -1;
    this.finished = false;
    this.counter.textContent = "";
    this.container.hidden = true;
  }
}
