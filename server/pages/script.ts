/**
 * The pages' one small script, served at `/static/page.js` (the pages' policy allows no inline
 * script). Progressive enhancement only: every page works without it. It moves focus to the
 * error summary when there is one, and shows the answer's "Copy" button, which copies the key
 * figure.
 *
 * @module
 */

/** The script. */
export const PAGE_SCRIPT = `
(function () {
  var summary = document.getElementById("errors");
  if (summary) summary.focus();
  var button = document.querySelector("button.copy[data-copy]");
  if (!button || !navigator.clipboard) return;
  button.hidden = false;
  var status = document.querySelector(".copied");
  button.addEventListener("click", function () {
    navigator.clipboard.writeText(button.getAttribute("data-copy") || "").then(function () {
      if (status) status.textContent = button.getAttribute("data-done") || "";
    });
  });
})();
`;
