/**
 * The pages' one small script, served at `/static/page.js` (the pages' policy allows no inline
 * script). Progressive enhancement only: every page works without it. It moves focus to the
 * error summary when there is one, and shows the answer's "Copy" button, which copies the key
 * figure (or the text of the box that `data-copy-from` names).
 *
 * @module
 */

/** The script. */
export const PAGE_SCRIPT = `
(function () {
  var summary = document.getElementById("errors");
  if (summary) summary.focus();
  var button = document.querySelector("button.copy[data-copy], button.copy[data-copy-from]");
  if (!button || !navigator.clipboard) return;
  button.hidden = false;
  var status = document.querySelector(".copied");
  // data-copy-from names a text box whose text is copied (the text page's result, which may be
  // long: not repeated in an attribute).
  var from = document.getElementById(button.getAttribute("data-copy-from") || "");
  button.addEventListener("click", function () {
    var text = from ? from.value : button.getAttribute("data-copy");
    navigator.clipboard.writeText(text || "").then(function () {
      if (status) status.textContent = button.getAttribute("data-done") || "";
    });
  });
})();
`;
