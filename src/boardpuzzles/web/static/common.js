// What every page shares: its elements by id, its status line, and how a failed request is told.
import { isAbort } from "./api.js";
import { t } from "./i18n.js";

export const $ = (id) => document.getElementById(id);

// The status line under the board: `kind` is "", "good" or "error".
export function say(text, kind = "") {
  $("status").textContent = text;
  $("status").className = `status ${kind}`;
}

// The page watches a search (its panels in #watch-side shown, the board's column narrower) or not.
export function watching(on) {
  $("watch-side").hidden = !on;
  document.body.classList.toggle("watching", on);
}

// A request that failed, said on the status line (one cancelled by a newer one says nothing).
export function failed(error) {
  if (isAbort(error)) return;
  say(error instanceof Error ? error.message : String(error), "error");
}

// What was wrong in the page's address (a value it could not use, and what the page shows instead), said in a
// note above the status line; none: the note goes.
export function sayAddress(problems) {
  let note = $("address-note");
  if (!problems.length) {
    if (note) note.remove();
    return;
  }
  if (!note) {
    note = document.createElement("p");
    note.id = "address-note";
    note.className = "note address-note";
    note.setAttribute("role", "alert");
    $("status").before(note);
  }
  note.textContent = t("common.in_address", { problems: problems.map((problem) => problem[0].toUpperCase() + problem.slice(1)).join(" ") });
}

// The board's column stays in view while the page scrolls (CSS: sticky); one taller than the window sticks by
// its end instead (a negative top), so that its last lines (the search's ending, the legend, the export) are
// reached by scrolling, not only at the end of the page.
export function fitStage() {
  const stage = document.querySelector("main > .stage");
  if (!stage || !window.ResizeObserver) return;
  const fit = () => (stage.style.top = `${Math.min(10, window.innerHeight - stage.offsetHeight - 10)}px`);
  new ResizeObserver(fit).observe(stage);
  window.addEventListener("resize", fit);
}
