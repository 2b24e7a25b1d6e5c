// The page's language and its words. The catalogue (boardpuzzles/catalogue/en.json and ru.json, one text per key,
// with {field} slots) is put in the page as <script type="application/json" id="bp-catalogue">: by the server on
// every page, by boardpuzzles/notebook.py in a player (which fixes the language there with data-lang).
//
// The language: ?lang= in the address, else the one the player was made in, else the reader's choice stored in
// the browser (the switch), else the first of the browser's languages that the catalogue speaks, else English.
export const LANGUAGES = ["en", "ru"];
const STORED = "boardpuzzles.lang";

function stored() {
  try {
    return window.localStorage.getItem(STORED);
  } catch {
    return null; // storage refused (a sandboxed frame, a file opened with storage off)
  }
}

function store(value) {
  try {
    window.localStorage.setItem(STORED, value);
  } catch {
    // the choice holds for this page only
  }
}

const element = document.getElementById("bp-catalogue");
const CATALOGUES = element ? JSON.parse(element.textContent) : {};

function known(value) {
  const found = String(value || "").toLowerCase().split(/[-_]/)[0];
  return LANGUAGES.includes(found) ? found : null;
}

function pageLanguage() {
  const asked = known(new URLSearchParams(window.location.search).get("lang"));
  if (asked) return asked;
  const fixed = known(element && element.dataset.lang);
  if (fixed) return fixed;
  const chosen = known(stored());
  if (chosen) return chosen;
  for (const value of navigator.languages || [navigator.language]) if (known(value)) return known(value);
  return LANGUAGES[0];
}

//: The language the page speaks ("en" or "ru").
export const lang = pageLanguage();

// The text of `key` in the page's language with its {field} slots filled from `fields` (a missing key says
// itself, so that a test finds it).
export function t(key, fields = {}) {
  const text = (CATALOGUES[lang] || {})[key] ?? (CATALOGUES[LANGUAGES[0]] || {})[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (slot, name) => (name in fields ? String(fields[name]) : slot));
}

// A number as the language writes it ("5,000"; in Russian "5 000").
export function number(value) {
  return Number(value).toLocaleString(lang === "ru" ? "ru-RU" : "en-US");
}

// A sentence the library gives as {key, fields} (boardpuzzles.i18n.Note: a step's said, a NoTour's said), said in
// the page's language: a field is a note itself, a list of names ("c3, e4 and g5"), a number or a text.
export function said(note) {
  if (!note) return "";
  const fields = {};
  for (const [name, value] of Object.entries(note.fields)) {
    if (Array.isArray(value)) fields[name] = value.length > 1 ? value.slice(0, -1).join(", ") + t("common.and") + value[value.length - 1] : value[0];
    else if (typeof value === "number") fields[name] = number(value);
    else fields[name] = value !== null && typeof value === "object" ? said(value) : value;
  }
  return t(note.key, fields);
}

// The page's own text put in its language: an element with data-t="key" gets the text, data-t-html="key" the
// text as HTML (the catalogue's own markup: <kbd>, <em>, <code>), data-t-attr="aria-label:key;title:key" its
// attributes.
export function translate(root = document) {
  for (const found of root.querySelectorAll("[data-t]")) found.textContent = t(found.dataset.t);
  for (const found of root.querySelectorAll("[data-t-html]")) found.innerHTML = t(found.dataset.tHtml);
  for (const found of root.querySelectorAll("[data-t-attr]")) {
    for (const pair of found.dataset.tAttr.split(";")) {
      const [name, key] = pair.split(":");
      found.setAttribute(name.trim(), t(key.trim()));
    }
  }
}

// The reader chooses a language: stored for the next pages, and this page shown again in it.
export function choose(value) {
  store(value);
  const address = new URL(window.location.href);
  address.searchParams.set("lang", value);
  window.location.assign(address.href);
}

// The switch (EN | RU) at the end of the page's header.
function languageSwitch(header) {
  const group = document.createElement("div");
  group.className = "langs";
  group.setAttribute("role", "group");
  group.setAttribute("aria-label", t("switch.label"));
  LANGUAGES.forEach((value, index) => {
    if (index) group.append(" | ");
    const choice = document.createElement("button");
    choice.type = "button";
    choice.className = "lang";
    choice.lang = value;
    choice.textContent = value.toUpperCase();
    choice.title = (CATALOGUES[value] || {})["language.name"] || value;
    choice.setAttribute("aria-pressed", String(value === lang));
    choice.addEventListener("click", () => choose(value));
    group.append(choice);
  });
  header.append(group);
}

document.documentElement.lang = lang;
const header = document.querySelector("header.top");
if (header) {
  translate();
  languageSwitch(header);
}
