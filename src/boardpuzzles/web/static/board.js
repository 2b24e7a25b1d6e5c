// A board drawn as SVG: squares with aria-labels, names on the edges, keyboard focus, export.
// Row 0 is rank 1 (drawn at the bottom), column 0 is file a, as in the library.
import { t } from "./i18n.js";

export const LIGHT = "#f0d9b5";
export const DARK = "#b58863";
const FRAME = "#4a3220";
const S = 48; // one square, in SVG units

export function fileName(col) {
  let name = "";
  col += 1;
  while (col > 0) {
    const rest = (col - 1) % 26;
    name = String.fromCharCode(97 + rest) + name;
    col = Math.floor((col - 1) / 26);
  }
  return name;
}

export function squareName(row, col) {
  return fileName(col) + (row + 1);
}

export function parseSquare(name) {
  const match = /^([a-z]+)([0-9]+)$/.exec(name);
  if (!match) return null;
  let col = 0;
  for (const letter of match[1]) col = col * 26 + letter.charCodeAt(0) - 96;
  return [Number(match[2]) - 1, col - 1];
}

export function escapeText(text) {
  return String(text).replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function piece(kind, x, y) {
  const cx = x + S / 2, cy = y + S / 2;
  if (kind === "Q" || kind === "N") {
    const glyph = kind === "Q" ? "♛" : "♞";
    return `<text x="${cx}" y="${cy + 1}" font-size="${S * 0.78}" text-anchor="middle" dominant-baseline="central" fill="#111" stroke="#f5f5f5" stroke-width="1.2" paint-order="stroke">${glyph}</text>`;
  }
  const white = kind === "w" || kind === "W";
  const fill = white ? "#fafafa" : "#1b1b1b";
  const line = white ? "#1b1b1b" : "#fafafa";
  let shape = `<circle cx="${cx}" cy="${cy}" r="${S * 0.37}" fill="${fill}" stroke="#1b1b1b" stroke-width="2.5"/>`;
  shape += `<circle cx="${cx}" cy="${cy}" r="${S * 0.27}" fill="none" stroke="${line}" stroke-opacity="0.45" stroke-width="1.5"/>`;
  if (kind === "W" || kind === "B") {
    shape += `<text x="${cx}" y="${cy + 1}" font-size="${S * 0.36}" font-weight="700" text-anchor="middle" dominant-baseline="central" fill="${line}">K</text>`;
  }
  return shape;
}

// spec: {rows, cols, lightA1, dark (colour), title, cell(row, col) -> {fill, tint, piece, label, labelColor, corner, ring, ringColor, cross, aria}, overlay: svg text}
export function boardSvg(spec) {
  const { rows, cols } = spec;
  // the files' and ranks' names grow with the board, so that they stay readable when it is drawn small
  const font = Math.max(S * 0.32, Math.max(rows, cols) * S * 0.03);
  const margin = font / 0.52;
  const width = cols * S + 2 * margin, height = rows * S + 2 * margin;
  const parts = [];
  const labels = []; // drawn above the overlay, so that numbers stay readable over a path
  parts.push(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" role="grid" aria-label="${escapeText(spec.title || t("board.board"))}" font-family="system-ui, sans-serif">`);
  parts.push(`<title>${escapeText(spec.title || t("board.board"))}</title>`);
  parts.push(`<rect width="${width}" height="${height}" rx="8" fill="${FRAME}"/>`);
  for (let row = rows - 1; row >= 0; row--) {
    parts.push(`<g role="row">`);
    for (let col = 0; col < cols; col++) {
      const x = margin + col * S, y = margin + (rows - 1 - row) * S;
      const dark = (row + col + (spec.lightA1 ? 1 : 0)) % 2 === 0;
      const cell = spec.cell(row, col) || {};
      const name = squareName(row, col);
      const aria = cell.aria || name;
      parts.push(`<g role="gridcell" class="square" data-square="${name}" tabindex="-1" aria-label="${escapeText(aria)}">`);
      parts.push(`<rect x="${x}" y="${y}" width="${S}" height="${S}" fill="${cell.fill || (dark ? spec.dark || DARK : LIGHT)}"/>`);
      if (cell.tint) parts.push(`<rect x="${x}" y="${y}" width="${S}" height="${S}" fill="${cell.tint}" fill-opacity="${cell.tintOpacity || 0.5}"/>`);
      if (cell.dot) parts.push(`<circle cx="${x + S / 2}" cy="${y + S / 2}" r="${S * 0.1}" fill="${cell.dot}"/>`);
      if (cell.corner !== undefined && cell.corner !== null) {
        parts.push(`<text x="${x + 3}" y="${y + 11}" font-size="10.5" fill="${cell.cornerColor || (dark ? "#fff" : "#000")}">${escapeText(cell.corner)}</text>`);
      }
      if (cell.ring) parts.push(`<rect x="${x + 2.5}" y="${y + 2.5}" width="${S - 5}" height="${S - 5}" fill="none" stroke="${cell.ring}" stroke-width="4" rx="4"/>`);
      if (cell.piece) parts.push(piece(cell.piece, x, y));
      if (cell.cross) {
        parts.push(`<path d="M${x + 9} ${y + 9}L${x + S - 9} ${y + S - 9}M${x + S - 9} ${y + 9}L${x + 9} ${y + S - 9}" stroke="${cell.cross}" stroke-width="5" stroke-linecap="round"/>`);
      }
      if (cell.label !== undefined && cell.label !== null && cell.label !== "") {
        const big = cell.labelSize || S * 0.4;
        labels.push(`<text x="${x + S / 2}" y="${y + S / 2 + 1}" font-size="${big}" font-weight="${cell.labelWeight || 600}" text-anchor="middle" dominant-baseline="central" fill="${cell.labelColor || "#000"}" stroke="${cell.labelHalo || "none"}" stroke-width="3" paint-order="stroke">${escapeText(cell.label)}</text>`);
      }
      parts.push(`<rect class="focus-ring" x="${x + 1.5}" y="${y + 1.5}" width="${S - 3}" height="${S - 3}" fill="none" stroke-width="3" rx="3"/>`);
      parts.push(`</g>`);
    }
    parts.push(`</g>`);
  }
  // the overlay draws what the squares' labels and the page's words say: hidden from screen readers
  if (spec.overlay) parts.push(`<g pointer-events="none" aria-hidden="true">${spec.overlay(centre)}</g>`);
  parts.push(`<g pointer-events="none" aria-hidden="true">${labels.join("")}</g>`);
  for (let col = 0; col < cols; col++) {
    const x = margin + (col + 0.5) * S;
    parts.push(`<text x="${x}" y="${height - margin * 0.32}" font-size="${font}" text-anchor="middle" fill="#fff" aria-hidden="true">${fileName(col)}</text>`);
  }
  for (let row = 0; row < rows; row++) {
    const y = margin + (rows - 1 - row + 0.5) * S;
    parts.push(`<text x="${margin / 2}" y="${y}" font-size="${font}" text-anchor="middle" dominant-baseline="central" fill="#fff" aria-hidden="true">${row + 1}</text>`);
  }
  parts.push(`</svg>`);
  return parts.join("");

  function centre(row, col) {
    return [margin + (col + 0.5) * S, margin + (rows - 1 - row + 0.5) * S];
  }
}

// Lines through square centres with arrow heads; numbers and marks stay readable above them.
export function pathOverlay(squares, centre, { colour = "#1565c0", width = 5, arrows = true, closed = false, dash = "", id = "a" } = {}) {
  if (squares.length < 2) return "";
  const points = squares.map(([r, c]) => centre(r, c));
  if (closed) points.push(points[0]);
  const marker = arrows ? ` marker-end="url(#arrow-${id})"` : "";
  let text = `<defs><marker id="arrow-${id}" viewBox="0 0 10 10" refX="8.5" refY="5" markerWidth="4" markerHeight="4" orient="auto-start-reverse"><path d="M0 0L10 5L0 10z" fill="${colour}"/></marker></defs>`;
  for (let i = 0; i + 1 < points.length; i++) {
    const [x1, y1] = points[i], [x2, y2] = points[i + 1];
    const shorten = arrows ? 0.28 : 0;
    const ex = x2 - (x2 - x1) * shorten, ey = y2 - (y2 - y1) * shorten;
    const sx = x1 + (x2 - x1) * (arrows ? 0.22 : 0), sy = y1 + (y2 - y1) * (arrows ? 0.22 : 0);
    text += `<line x1="${sx}" y1="${sy}" x2="${ex}" y2="${ey}" stroke="${colour}" stroke-width="${width}" stroke-linecap="round" stroke-opacity="0.85"${dash ? ` stroke-dasharray="${dash}"` : ""}${marker}/>`;
  }
  return text;
}

// A piece's route through the squares it lands on, as one continuous line: a ring on the first square, a dot on
// each square it lands on, an arrowhead at the last. `lane` shifts the line sideways by that many units (each
// segment along its own normal), so that several routes along the same diagonals lie side by side.
// `label` names the route for the page's scripts (data-label); the overlay is hidden from screen readers.
export function routeOverlay(squares, centre, { colour = "#1565c0", width = 5, lane = 0, opacity = 0.9, dash = "", id = "r", label = "" } = {}) {
  if (!squares.length) return "";
  const points = squares.map(([r, c]) => centre(r, c));
  const normal = (i) => { // the unit normal of segment i (from point i to i + 1)
    const [x1, y1] = points[i], [x2, y2] = points[i + 1];
    const length = Math.hypot(x2 - x1, y2 - y1) || 1;
    return [-(y2 - y1) / length, (x2 - x1) / length];
  };
  const shifted = points.map(([x, y], i) => {
    if (points.length < 2 || !lane) return [x, y];
    const a = normal(Math.max(0, i - 1)), b = normal(Math.min(points.length - 2, i));
    let nx = a[0] + b[0], ny = a[1] + b[1];
    const length = Math.hypot(nx, ny);
    if (length < 1e-6) [nx, ny] = a; // the route turns straight back: either normal
    else [nx, ny] = [nx / length, ny / length];
    const stretch = 1 / Math.max(0.5, nx * a[0] + ny * a[1]); // a corner keeps the lane's width
    return [x + nx * lane * stretch, y + ny * lane * stretch];
  });
  const text = shifted.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(" ");
  let svg = `<g class="route" opacity="${opacity}"${label ? ` data-label="${escapeText(label)}"` : ""}>`;
  svg += `<defs><marker id="route-${id}" viewBox="0 0 10 10" refX="6" refY="5" markerWidth="3.2" markerHeight="3.2" orient="auto"><path d="M0 0L10 5L0 10z" fill="${colour}"/></marker></defs>`;
  if (shifted.length > 1) svg += `<polyline points="${text}" fill="none" stroke="${colour}" stroke-width="${width}" stroke-linejoin="round" stroke-linecap="round"${dash ? ` stroke-dasharray="${dash}"` : ""} marker-end="url(#route-${id})"/>`;
  const [sx, sy] = shifted[0];
  svg += `<circle cx="${sx}" cy="${sy}" r="${width * 1.4}" fill="#fff" stroke="${colour}" stroke-width="${Math.max(2, width * 0.6)}"/>`;
  for (const [x, y] of shifted.slice(1, -1)) svg += `<circle cx="${x}" cy="${y}" r="${width * 1.1}" fill="${colour}" stroke="#fff" stroke-width="1.5"/>`;
  return svg + "</g>";
}

// A board in the page: renders a spec, keeps keyboard focus, calls onActivate(row, col) on click or Enter.
export class Board {
  constructor(element, onActivate) {
    this.element = element;
    this.onActivate = onActivate;
    this.focus = null;
    this.spec = null;
    this.pressed = null;
    this.released = -Infinity; // when a press was last activated on its release
    this.drawn = 0; // boards drawn so far
    // A board redrawn between press and release (a field left by this click redraws it, maybe at another size)
    // gets no click: the browser sends none when the pressed element is gone. So a press is activated on its
    // release: the square pressed (by name), over which the pointer is released, or wherever it is released
    // when the board was redrawn meanwhile (the square seen when pressed is the one meant). A click that follows
    // is the same press; one with no press before it (a screen reader's) activates alone.
    element.addEventListener("pointerdown", (event) => {
      const square = event.target.closest(".square");
      this.pressed = square ? { name: square.dataset.square, drawn: this.drawn } : null;
    });
    element.addEventListener("pointerup", (event) => {
      const square = event.target.closest(".square");
      const pressed = this.pressed;
      this.pressed = null;
      if (!pressed || !(pressed.drawn !== this.drawn || (square && square.dataset.square === pressed.name))) return;
      if (!this.element.querySelector(`[data-square="${pressed.name}"]`)) return; // the board has no such square now
      this.released = event.timeStamp;
      this.activate(pressed.name);
    });
    element.addEventListener("click", (event) => {
      if (event.timeStamp - this.released < 1000) return;
      const square = event.target.closest(".square");
      if (square) this.activate(square.dataset.square);
    });
    element.addEventListener("keydown", (event) => this.key(event));
    element.addEventListener("focusin", (event) => {
      const square = event.target.closest(".square");
      if (square) this.focus = square.dataset.square;
    });
  }

  activate(name) {
    this.focus = name;
    const [row, col] = parseSquare(name);
    if (this.onActivate) this.onActivate(row, col, name);
  }

  render(spec) {
    // another board (a variant of another size, a board resized) keeps no focus: its squares are new squares
    const same = this.spec && this.spec.rows === spec.rows && this.spec.cols === spec.cols && Boolean(this.spec.lightA1) === Boolean(spec.lightA1);
    if (!same) this.focus = null;
    this.spec = spec;
    this.drawn++;
    const hadFocus = same && this.element.contains(document.activeElement);
    this.element.innerHTML = boardSvg(spec);
    const names = [...this.element.querySelectorAll(".square")].map((el) => el.dataset.square);
    if (!names.includes(this.focus)) this.focus = squareName(0, 0);
    const target = this.element.querySelector(`[data-square="${this.focus}"]`);
    if (target) {
      target.setAttribute("tabindex", "0");
      if (hadFocus) target.focus();
    }
  }

  // A board that only shows (a search being watched) takes no keys: the arrow keys step the search.
  setReadOnly(on) {
    this.element.classList.toggle("read-only", on);
  }

  key(event) {
    if (event.key === "Escape" && this.element.contains(document.activeElement)) {
      document.activeElement.blur(); // the keys go back to the page (the steps' player)
      return;
    }
    if (this.element.classList.contains("read-only")) return;
    const moves = { ArrowUp: [1, 0], ArrowDown: [-1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    const here = parseSquare(this.focus || "a1");
    if (!here || !this.spec) return;
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      this.activate(this.focus);
      return;
    }
    const step = moves[event.key];
    if (!step) return;
    event.preventDefault();
    const row = Math.min(this.spec.rows - 1, Math.max(0, here[0] + step[0]));
    const col = Math.min(this.spec.cols - 1, Math.max(0, here[1] + step[1]));
    const old = this.element.querySelector(`[data-square="${this.focus}"]`);
    if (old) old.setAttribute("tabindex", "-1");
    this.focus = squareName(row, col);
    const next = this.element.querySelector(`[data-square="${this.focus}"]`);
    next.setAttribute("tabindex", "0");
    next.focus();
  }

  svgText() {
    const svg = this.element.querySelector("svg").cloneNode(true);
    svg.querySelectorAll(".focus-ring").forEach((el) => el.remove());
    svg.querySelectorAll("[tabindex]").forEach((el) => el.removeAttribute("tabindex"));
    return new XMLSerializer().serializeToString(svg);
  }
}

// "Copy as SVG" and "Download SVG" buttons for a board.
export function exportButtons(container, board, fileName) {
  const copy = button(t("board.copy_svg"), async () => {
    try {
      await navigator.clipboard.writeText(board.svgText());
      copy.textContent = t("board.copied");
    } catch {
      copy.textContent = t("board.copy_refused");
    }
    setTimeout(() => (copy.textContent = t("board.copy_svg")), 1500);
  });
  const save = button(t("board.download_svg"), () => {
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([board.svgText()], { type: "image/svg+xml" }));
    link.download = typeof fileName === "function" ? fileName() : fileName;
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  });
  container.append(copy, save);
}

export function button(text, action, title = "") {
  const element = document.createElement("button");
  element.type = "button";
  element.textContent = text;
  if (title) element.title = title;
  element.addEventListener("click", action);
  return element;
}
