// The lessons' index: each lesson's title and what it teaches, in the page's language, and where the learner
// stopped (the stage lesson.js remembers in the browser).
import { t } from "./i18n.js";
import { stoppedAt } from "./lesson-store.js";

for (const item of document.querySelectorAll("[data-lesson]")) {
  const name = item.dataset.lesson;
  const link = item.querySelector("a");
  link.textContent = t(`lesson.${name}.title`);
  const about = document.createElement("p");
  about.className = "small";
  about.textContent = t(`lesson.${name}.summary`);
  const stopped = stoppedAt(name);
  if (stopped) {
    const note = document.createElement("span");
    note.className = "muted";
    note.textContent = ` ${t("lesson.index.stopped", { stage: stopped })}`;
    about.append(note);
  }
  item.append(about);
}
