// The steps of a watched search, kept compact: each step as its difference from the one before
// (boardpuzzles/watching.py writes the same form for the notebook player), a whole step every SNAPSHOT.
//
// A difference leaves out the keys that did not change; "$gone" lists the keys that went; an object
// that changed is its own difference; a list that starts like the one before is {"$keep": K, "$tail": [...]}.

const SNAPSHOT = 64;

function isObject(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function equal(a, b) {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((item, i) => equal(item, b[i]));
  if (isObject(a)) {
    if (!isObject(b)) return false;
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((key) => key in b && equal(a[key], b[key]));
  }
  return false;
}

function valueDelta(before, after) {
  if (isObject(before) && isObject(after)) return objectDelta(before, after);
  if (Array.isArray(before) && Array.isArray(after)) {
    let keep = 0;
    while (keep < Math.min(before.length, after.length) && equal(before[keep], after[keep])) keep++;
    if (keep) return { $keep: keep, $tail: after.slice(keep) };
  }
  return after;
}

function objectDelta(before, after) {
  const written = {};
  for (const [key, value] of Object.entries(after)) {
    if (!(key in before)) written[key] = value;
    else if (!equal(before[key], value)) written[key] = valueDelta(before[key], value);
  }
  const gone = Object.keys(before).filter((key) => !(key in after));
  if (gone.length) written.$gone = gone;
  return written;
}

// `step` written as its difference from `before` (null: the first step).
export function delta(before, step) {
  return before ? objectDelta(before, step) : step;
}

function applyValue(before, written) {
  if (isObject(before) && isObject(written)) return applyObject(before, written);
  if (Array.isArray(before) && isObject(written) && "$keep" in written) return before.slice(0, written.$keep).concat(written.$tail);
  return written;
}

function applyObject(before, written) {
  const after = { ...before };
  for (const [key, value] of Object.entries(written)) {
    if (key === "$gone") continue;
    after[key] = key in before ? applyValue(before[key], value) : value;
  }
  for (const key of written.$gone || []) delete after[key];
  return after;
}

// The step that `written` (a difference) makes of `before`.
export function undelta(before, written) {
  return before ? applyObject(before, written) : written;
}

// Steps in order, appended whole (push) or as differences (pushDelta); get(i) gives step i whole.
// Alongside, per step, what the timeline and the tree read often: its kind, read by kindOf(step) (the
// puzzle adapter's: the queens' step.action, the knight's step.kind), and its node.
export class StepStore {
  constructor(kindOf) {
    this.kindOf = kindOf;
    this.deltas = [];
    this.snapshots = [];
    this.last = null; // the last step, whole
    this.cache = { index: -1, step: null };
    this.kinds = [];
    this.nodes = [];
  }

  get length() {
    return this.deltas.length;
  }

  push(step) {
    this.add(delta(this.last, step), step);
  }

  pushDelta(written) {
    this.add(written, undelta(this.last, written));
  }

  add(written, step) {
    const index = this.deltas.length;
    this.deltas.push(index % SNAPSHOT === 0 ? null : written);
    if (index % SNAPSHOT === 0) this.snapshots.push(step);
    this.last = step;
    this.kinds.push(this.kindOf(step));
    this.nodes.push(step.node);
  }

  get(index) {
    if (index < 0 || index >= this.deltas.length) return null;
    if (index === this.deltas.length - 1) return this.last;
    let { index: at, step } = this.cache;
    if (!(at <= index && Math.floor(at / SNAPSHOT) === Math.floor(index / SNAPSHOT))) {
      at = index - (index % SNAPSHOT);
      step = this.snapshots[at / SNAPSHOT];
    }
    while (at < index) step = undelta(step, this.deltas[++at]);
    this.cache = { index, step };
    return step;
  }

  // The first step after `from` whose kind is one of `kinds` (-1: none loaded).
  find(from, kinds) {
    for (let i = from + 1; i < this.kinds.length; i++) if (kinds.includes(this.kinds[i])) return i;
    return -1;
  }
}

// A source for Watch.start that loads the steps page by page from the server: fetchPage(offset) resolves a
// page of /api/<puzzle>/steps ({steps, more}); at most `most` steps are loaded (then `capped`: the page holds
// only the beginning of the search); `first`, a page already fetched, starts the store.
export function pagedSource(store, fetchPage, most, first = null) {
  let more = true;
  if (first) {
    for (const step of first.steps) store.push(step);
    more = first.more;
  }
  const source = {
    store, capped: false, done: !more,
    async more() {
      if (!more) return false;
      if (store.length >= most) {
        source.capped = true;
        return false;
      }
      const page = await fetchPage(store.length);
      for (const step of page.steps) store.push(step);
      more = page.more;
      source.done = !more;
      return page.steps.length > 0;
    },
  };
  return source;
}
