// What every page shares: its elements by id, its status line, and how a failed request is told.
import { isAbort } from "./api.js";

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
