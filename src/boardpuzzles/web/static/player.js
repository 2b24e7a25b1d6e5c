// Play, pause, step forward, step back and speed, over a list of steps that may load in pages.
import { button } from "./board.js";

export class Player {
  // steps(): the steps loaded; more(): loads further steps, resolves false at the end; show(index);
  // counter(index): what the counter says (default: label and number)
  constructor(container, { steps, more, show, label = "step", counter = null }) {
    this.steps = steps;
    this.more = more;
    this.show = show;
    this.counterText = counter || ((index) => `${label} ${index + 1}`);
    this.index = -1;
    this.timer = null;
    this.back = button("◀ Back", () => this.go(this.index - 1), "step back (key: ,)");
    this.play = button("▶ Play", () => this.toggle(), "play or pause (key: p)");
    this.forward = button("Step ▶", () => this.step(), "step forward (key: .)");
    this.reset = button("⇤ Start", () => this.go(0), "back to the first step");
    this.speed = document.createElement("input");
    Object.assign(this.speed, { type: "range", min: "1", max: "60", value: "6" });
    this.speed.setAttribute("aria-label", "speed, steps a second");
    const speedLabel = document.createElement("label");
    speedLabel.className = "speed";
    speedLabel.append("speed ", this.speed);
    this.counter = document.createElement("span");
    this.counter.className = "counter";
    this.counter.setAttribute("aria-live", "polite");
    container.classList.add("player");
    container.append(this.reset, this.back, this.play, this.forward, speedLabel, this.counter);
    this.container = container;
    container.hidden = true; // shown once there are steps to play
    this.speed.addEventListener("input", () => this.timer && (this.pause(), this.start()));
  }

  async step() {
    if (this.index + 1 >= this.steps().length && !(await this.more())) {
      this.pause();
      return false;
    }
    this.go(this.index + 1);
    return true;
  }

  go(index) {
    const steps = this.steps();
    if (!steps.length) return;
    this.container.hidden = false;
    this.index = Math.max(0, Math.min(steps.length - 1, index));
    this.counter.textContent = this.counterText(this.index);
    this.show(this.index);
  }

  toggle() {
    if (this.timer) this.pause();
    else this.start();
  }

  start() {
    this.play.textContent = "❚❚ Pause";
    const tick = async () => {
      if (!(await this.step())) return;
      this.timer = setTimeout(tick, 1000 / Number(this.speed.value));
    };
    this.timer = setTimeout(tick, 0);
  }

  pause() {
    clearTimeout(this.timer);
    this.timer = null;
    this.play.textContent = "▶ Play";
  }

  clear() {
    this.pause();
    this.index = -1;
    this.counter.textContent = "";
    this.container.hidden = true;
  }
}
