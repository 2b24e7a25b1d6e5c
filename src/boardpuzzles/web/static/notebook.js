// The notebook player (boardpuzzles/notebook.py): unpacks the steps put in the page and plays them with
// the same framework as the web page, inside the player's own element.
import { Board } from "./board.js";
import { StepStore } from "./steps.js";
import { Watch } from "./watch.js";
import { t } from "./i18n.js";

async function unpack(packed) {
  const bytes = Uint8Array.from(atob(packed), (ch) => ch.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return JSON.parse(await new Response(stream).text());
}

function part(tag, className, attributes = {}) {
  const element = document.createElement(tag);
  element.className = className;
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  return element;
}

export async function mount(root, packed, puzzle, uid) {
  try {
    const data = await unpack(packed);
    const title = part("p", "bp-title");
    title.textContent = data.title;
    const board = part("div", "board");
    const bar = part("div", "bar");
    const caption = part("p", "caption", { "aria-live": "polite" });
    const counts = part("dl", "counts");
    const legend = part("div", "legend small");
    const status = part("p", "status good", { role: "status", "aria-live": "polite" });
    const stage = part("div", "stage");
    stage.append(board, bar, caption, counts, status, legend);
    const side = part("div", "side");
    const layout = part("div", "bp-layout");
    layout.append(stage, side);
    root.replaceChildren(title, layout);
    const store = new StepStore(puzzle.kindOf);
    for (const written of data.steps) store.pushDelta(written);
    const shown = new Board(board, null);
    shown.setReadOnly(true); // it shows the search: the arrow keys step it
    const watch = new Watch({ board: shown, bar, caption, counts, legend, side, status, keys: root }, puzzle);
    await watch.start(data.listing, { ...data.setup, uid }, { store, more: async () => false, done: true }, 0);
  } catch (error) {
    root.textContent = t("notebook.could_not_start", { error: error.message });
  }
}
