/**
 * The pages' one small script, served at `/static/page.js` (the pages' policy allows no inline
 * script). Progressive enhancement only: every page works without it. It moves focus to the
 * error summary when there is one, and shows the answer's "Copy" button, which copies the key
 * figure (or the text of the box that `data-copy-from` names). On a page that answers as people
 * type (`data-live`, the postcode finder), it fetches
 * the page for what is typed (a quarter of a second after the last key), puts the fetched answer
 * in place of the old one, keeps the address in step (so the answer can be shared), and says the
 * answer's sentence through the status line for screen readers. Without it, the form is an
 * ordinary GET form.
 *
 * @module
 */

/** The script. */
export const PAGE_SCRIPT = `
(function () {
  var summary = document.getElementById("errors");
  if (summary) summary.focus();
  function copyButton() {
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
  }
  copyButton();
  var form = document.querySelector("[data-live] form");
  var results = document.querySelector("[data-live-results]");
  if (!form || !results || !window.fetch || !window.DOMParser || !window.URLSearchParams) return;
  var said = document.querySelector("[data-live-status]");
  var timer = 0;
  var controller = null;
  var shown = location.search.slice(1);
  function query() {
    var params = new URLSearchParams();
    new FormData(form).forEach(function (value, name) {
      if (String(value).trim()) params.append(name, String(value));
    });
    return params.toString();
  }
  function run() {
    var q = query();
    if (q === shown) return;
    shown = q;
    if (controller) controller.abort();
    var url = location.pathname + (q ? "?" + q : "");
    if (!new URLSearchParams(q).get("q")) {
      results.innerHTML = "";
      if (said) said.textContent = "";
      history.replaceState(null, "", url);
      return;
    }
    controller = window.AbortController ? new AbortController() : null;
    fetch(url, { headers: { Accept: "text/html" }, signal: controller ? controller.signal : undefined })
      .then(function (res) { return res.text(); })
      .then(function (text) {
        var next = new DOMParser().parseFromString(text, "text/html").querySelector("[data-live-results]");
        if (!next || q !== shown) return;
        results.innerHTML = next.innerHTML;
        history.replaceState(null, "", url);
        var sentence = results.querySelector("h2");
        if (said) said.textContent = sentence ? sentence.textContent : "";
        copyButton();
      })
      .catch(function () {});
  }
  function later(wait) {
    clearTimeout(timer);
    timer = setTimeout(run, wait);
  }
  form.addEventListener("input", function () { later(250); });
  form.addEventListener("change", function () { later(0); });
})();
`;
