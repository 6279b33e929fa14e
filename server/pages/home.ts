/**
 * The home page (`/`): the tools by category, most viewed first, with a search box, and the
 * human 404 page.
 *
 * @module
 */
import type { ToolEntry } from "./catalogue.ts";
import { maybeMessage } from "../../core/i18n.ts";
import { html, layout, type SafeHtml } from "./html.ts";
import { pageContext, t } from "./lang.ts";

/**
 * What people look up most (issue 27): income tax, the payslip, holidays, the NIC, loans and
 * fixed deposits, first on the home page.
 */
export const LEADING_TOOLS: readonly string[] = [
  "paye",
  "payslip",
  "holidays",
  "nic",
  "loan",
  "fd",
];

function leading(shown: readonly ToolEntry[]): SafeHtml | string {
  const first = LEADING_TOOLS.map((slug) => shown.find((e) => e.slug === slug)).filter((e) =>
    e !== undefined
  );
  if (!first.length) return "";
  return html`<section aria-labelledby="popular">
  <h2 id="popular">${t("page.home.popular")}</h2>
  <ul class="grid tools">${
    first.map((entry) =>
      html`<li class="card"><a href="${entry.url}">${entry.title}</a><p>${entry.description}</p></li>`
    )
  }</ul>
</section>`;
}

/**
 * Renders the home page.
 *
 * @param shown The catalogue entries to list (already searched), in display order.
 * @param query The search text (empty: everything).
 * @returns The document.
 */
export function homePage(shown: readonly ToolEntry[], query: string): string {
  const categories = [...new Set(shown.map((entry) => entry.category))];
  const { lang } = pageContext();
  const count = { count: shown.length, query: query.trim() };
  const body = html`
    <h1>${t("page.home.heading")}</h1>
    <p>${t("page.home.intro")}
    <a href="/docs">${t("page.home.reference")}</a>.</p>
    <form method="get" action="/" role="search" class="search">
      <label for="q">${t("page.home.search")}</label>
      <div
        class="inline"><input type="search" id="q" name="q" value="${query}" placeholder="${t(
          "page.home.placeholder",
        )}">
      <button type="submit">${t("page.home.submit")}</button></div>
    </form>
    ${query.trim()
      ? html`<p role="status">${
        t(shown.length === 1 ? "page.home.match_one" : "page.home.match_many", count)
      } <a href="/">${t("page.home.show_all")}</a></p>`
      : ""}
    ${query.trim() ? "" : leading(shown)}
    ${categories.map((category, i) =>
      html`<section aria-labelledby="cat-${i}">
  <h2 id="cat-${i}">${
        lang === "en" ? category : maybeMessage(lang, `tool.category.${category}`) ?? category
      }</h2>
  <ul class="grid tools">${
        shown.filter((entry) => entry.category === category).map((entry) =>
          html`<li class="card"><a href="${entry.url}">${entry.title}</a><p>${entry.description}</p></li>`
        )
      }</ul>
</section>`
    )}
  `;
  return layout({ title: t("page.home.title"), description: t("page.home.description"), body });
}

/**
 * The human "not found" page for paths outside the API.
 *
 * @param path The path asked for.
 * @returns The document.
 */
export function notFoundPage(path: string): string {
  if (pageContext().lang === "en") {
    return layout({
      title: "Page not found",
      body: html`<h1>Page not found</h1>
<p>There is no page at <code>${path}</code>.</p>
<p>Try the <a href="/">list of tools</a> or the <a href="/docs">API reference</a>.</p>`,
    });
  }
  return layout({
    title: t("page.missing.title"),
    body: html`<h1>${t("page.missing.title")}</h1>
<p>${t("page.missing.text")} <code>${path}</code></p>
<p><a href="/">${t("page.missing.tools")}</a> · <a href="/docs">${
      t("page.home.reference")
    }</a></p>`,
  });
}
