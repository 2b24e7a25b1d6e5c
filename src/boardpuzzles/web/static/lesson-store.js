// Where the learner stopped in each lesson, kept in the browser (localStorage); nothing when storage is refused.
const PREFIX = "boardpuzzles.lesson.";

// The stage (from 1) the learner last saw in lesson `name`, or null.
export function stoppedAt(name) {
  try {
    const value = Number(window.localStorage.getItem(PREFIX + name));
    return Number.isInteger(value) && value >= 1 ? value : null;
  } catch {
    return null;
  }
}

export function remember(name, stage) {
  try {
    window.localStorage.setItem(PREFIX + name, String(stage));
  } catch {
    // the place is kept by the address only
  }
}
