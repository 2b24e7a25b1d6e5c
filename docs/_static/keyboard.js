// What axe-core asks of every page and the theme leaves out: the sidebar's captions (role="heading") get a
// level, and code blocks and tables that scroll sideways can be reached and scrolled with the keyboard.
document.addEventListener("DOMContentLoaded", () => {
  document.querySelectorAll('[role="heading"]:not([aria-level])').forEach((caption) => caption.setAttribute("aria-level", "2"));
  document.querySelectorAll("pre, .table-wrapper").forEach((region) => { region.tabIndex = 0; });
});
