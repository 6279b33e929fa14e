/**
 * The home page (`/`): the tools by category, most viewed first, with a search box, and the
 * human 404 page.
 *
 * @module
 */
import type { ToolEntry } from "./catalogue.ts";
import { html, layout } from "./html.ts";

/**
 * Renders the home page.
 *
 * @param shown The catalogue entries to list (already searched), in display order.
 * @param query The search text (empty: everything).
 * @returns The document.
 */
export function homePage(shown: readonly ToolEntry[], query: string): string {
  const categories = [...new Set(shown.map((entry) => entry.category))];
  const body = html`
    <h1>Sri Lanka tools and data</h1>
    <p>Free calculators and reference data for Sri Lanka. Every tool is also an API endpoint: see the
    <a href="/docs">API reference</a>.</p>
    <form method="get" action="/" role="search" class="search">
      <label for="q">Search the tools</label>
      <div
        class="inline"><input type="search" id="q" name="q" value="${query}" placeholder="e.g. tax, holidays, land">
      <button type="submit">Search</button></div>
    </form>
    ${query.trim()
      ? html`<p role="status">${shown.length} tool${
        shown.length === 1 ? "" : "s"
      } match “${query.trim()}”. <a href="/">Show all</a></p>`
      : ""}
    ${categories.map((category, i) =>
      html`<section aria-labelledby="cat-${i}">
  <h2 id="cat-${i}">${category}</h2>
  <ul class="grid tools">${
        shown.filter((entry) => entry.category === category).map((entry) =>
          html`<li class="card"><a href="${entry.url}">${entry.title}</a><p>${entry.description}</p></li>`
        )
      }</ul>
</section>`
    )}
  `;
  return layout({
    title: "Tools",
    description: "Free Sri Lanka calculators and data: tax, VAT, loans, deposits, land, holidays.",
    body,
  });
}

/**
 * The human "not found" page for paths outside the API.
 *
 * @param path The path asked for.
 * @returns The document.
 */
export function notFoundPage(path: string): string {
  return layout({
    title: "Page not found",
    body: html`<h1>Page not found</h1>
<p>There is no page at <code>${path}</code>.</p>
<p>Try the <a href="/">list of tools</a> or the <a href="/docs">API reference</a>.</p>`,
  });
}
