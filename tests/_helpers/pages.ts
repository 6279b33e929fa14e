/** Helpers for tests of the human pages: HTML validation and an internal link crawler. */
import { HtmlValidate } from "html-validate";

const validator = new HtmlValidate({
  extends: ["html-validate:recommended"],
  rules: {
    // Style choices of the layout, not validity: lowercase doctype, long inline SVG paths.
    "doctype-style": "off",
    "long-title": "off",
    "no-trailing-whitespace": "off",
    // `no-inline-style` and the rest stay on.
  },
});

/**
 * Validates a document; returns the problems as readable lines (empty when valid).
 *
 * @param markup A complete HTML document.
 */
export async function htmlProblems(markup: string): Promise<string[]> {
  const report = await validator.validateString(markup);
  return report.results.flatMap((r) =>
    r.messages.map((m) => `${m.line}:${m.column} ${m.ruleId}: ${m.message}`)
  );
}

/** Internal links of a document: `href` and `src` values on this site, without fragments. */
export function internalLinks(markup: string, from: string): string[] {
  const links: string[] = [];
  for (const match of markup.matchAll(/\s(?:href|src)="([^"]*)"/g)) {
    const raw = match[1]!.replace(/&amp;/g, "&");
    if (/^(https?:|mailto:|#|data:)/.test(raw)) continue;
    const url = new URL(raw, `http://site.invalid${from}`);
    links.push(url.pathname + url.search);
  }
  return links;
}

/** One broken link found by {@linkcode crawl}. */
export interface BrokenLink {
  url: string;
  status: number;
  from: string;
}

/**
 * Crawls a site from a start page, following internal links of HTML pages (and checking, not
 * following, links to other content), up to a page budget.
 *
 * @param get Fetches a path on the site.
 * @param start The first path.
 * @param budget Most URLs fetched.
 * @returns The visited URLs with their status, and the broken links.
 */
export async function crawl(
  get: (path: string) => Response | Promise<Response>,
  start = "/",
  budget = 500,
): Promise<{ visited: Map<string, number>; broken: BrokenLink[] }> {
  const visited = new Map<string, number>();
  const broken: BrokenLink[] = [];
  const queue: [string, string][] = [[start, "(start)"]];
  while (queue.length && visited.size < budget) {
    const [url, from] = queue.shift()!;
    if (visited.has(url)) continue;
    const response = await get(url);
    visited.set(url, response.status);
    const type = response.headers.get("Content-Type") ?? "";
    const body = await response.text();
    const location = response.headers.get("Location");
    if (response.status >= 300 && response.status < 400 && location?.startsWith("/")) {
      if (!visited.has(location)) queue.push([location, url]);
      continue;
    }
    if (response.status >= 400) {
      broken.push({ url, status: response.status, from });
      continue;
    }
    if (!type.startsWith("text/html")) continue;
    for (const link of internalLinks(body, url)) {
      if (!visited.has(link)) queue.push([link, url]);
    }
  }
  return { visited, broken };
}

/**
 * A page with runs of white space collapsed to one space (none before `>`) and non-breaking
 * spaces as spaces, so tests can match markup and formatted figures simply.
 */
export function squash(markup: string): string {
  return markup.replace(/[\s\u00a0]+/g, " ").replace(/ >/g, ">").replace(/> </g, "><");
}
