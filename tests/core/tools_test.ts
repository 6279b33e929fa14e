import assert from "node:assert/strict";
import fc from "fast-check";
import { isApiError } from "../../core/errors.ts";
import { execute } from "../../core/execute.ts";
import type { OperationContext } from "../../core/operation.ts";
import { operations } from "../../core/registry.ts";
import { searchTools, TOOL_SLUGS, tools } from "../../core/ops/tools.ts";
import { RULES } from "../../core/rules/registry.ts";

const ctx: OperationContext = { today: "2026-06-15", baseUrl: "https://lanka.test" };

/** The canonical page slugs of the common brief. */
const CANONICAL = [
  "paye",
  "payslip",
  "gratuity",
  "minimum-wage",
  "maternity-leave",
  "annual-leave",
  "overtime",
  "no-pay",
  "holiday-pay",
  "termination-compensation",
  "workmens-compensation",
  "epf-projection",
  "apit",
  "vat",
  "electricity-bill",
  "phone",
  "words",
  "loan",
  "fd",
  "land",
  "nic",
  "plate",
  "holidays",
  "is-holiday",
  "long-weekends",
  "wht",
  "sscl",
  "working-days",
  "working-days-add",
  "districts",
  "postcodes",
  "tools",
  "z-score",
  "al-combination",
  "scholarship-cutoff",
  "news",
  "store",
  "voice",
  // Issue 46: one page for the three text converters.
  "text",
];

Deno.test("the catalogue lists exactly the canonical tool slugs, each once", () => {
  // And every rule of data/rules/ (docs/rules.md), by its name.
  const rules = RULES.map((r) => r.source.rule.name);
  assert.deepEqual([...TOOL_SLUGS].sort(), [...CANONICAL, ...rules].sort());
});

Deno.test("each tool links to its page under the base URL and to its API path", () => {
  const all = searchTools({ limit: 200, offset: 0 }, ctx).tools;
  for (const tool of all) {
    assert.equal(tool.url, `https://lanka.test/tools/${tool.slug}`);
    assert.equal(tool.hasApi, tool.apiPath !== undefined);
    assert.ok(tool.title && tool.description && tool.category && tool.keywords.length > 0);
  }
  // Every operation in the registry with a page is in the catalogue under that page's API path:
  // the operation's own, or for a page of several operations (text: unicode, legacy, singlish)
  // the first one's in the registry.
  for (const op of operations.filter((o) => o.page)) {
    const tool = all.find((t) => t.slug === op.page);
    assert.ok(tool, op.page);
    const first = operations.find((o) => o.page === op.page)!;
    assert.equal(tool.apiPath, `/api/v1${first.path}`, op.name);
  }
});

Deno.test("q searches title, description and keywords ignoring case; every word must match", () => {
  const tax = searchTools({ q: "TAX", limit: 200, offset: 0 }, ctx);
  assert.equal(tax.query, "TAX");
  assert.ok(["paye", "vat", "fd"].every((s) => tax.tools.some((t) => t.slug === s)));
  for (const t of tax.tools) {
    assert.match([t.title, t.description, ...t.keywords].join(" "), /tax/i);
  }
  const keywordOnly = searchTools({ q: "poya", limit: 200, offset: 0 }, ctx);
  // In data-file order (no page views here): the calendar tools, then the labour tool, then the
  // rules.
  assert.deepEqual(keywordOnly.tools.map((t) => t.slug), [
    "holidays",
    "long-weekends",
    "holiday-pay",
    "moon-phase",
  ]);
  assert.equal(searchTools({ q: "tax poya", limit: 200, offset: 0 }, ctx).total, 0);
  assert.equal(searchTools({ q: "zzzz-nothing", limit: 200, offset: 0 }, ctx).total, 0);
});

Deno.test("category filters ignoring case and echoes the canonical spelling", () => {
  const page = searchTools({ category: "education", limit: 50, offset: 0 }, ctx);
  assert.equal(page.category, "Education");
  assert.deepEqual(page.tools.map((t) => t.slug), [
    "z-score",
    "al-combination",
    "scholarship-cutoff",
    "grade1-admission",
    "mahapola-bursary",
    "nvq-level",
    "ol-pass",
  ]);
  assert.ok(page.categories.includes("Finance") && page.categories.includes("Media"));
  assert.throws(() => searchTools({ category: "Astrology", limit: 50, offset: 0 }, ctx), (e) => {
    assert.ok(isApiError(e));
    assert.equal(e.status, 400);
    assert.equal(e.details?.[0]?.param, "category");
    assert.match(e.message, /Finance, .*Education/);
    return true;
  });
});

Deno.test("tools are ordered by page views from the context, ties in data-file order", () => {
  const popularity = new Map([["z-score", 900], ["vat", 40], ["districts", 40], ["nic", 3]]);
  // The whole catalogue on one page (it has grown past the default page of 50).
  const all = [["limit", "200"]] as [string, string][];
  assert.ok(TOOL_SLUGS.length <= 200, "one page holds the catalogue");
  const ordered = execute(tools, all, { ...ctx, popularity }).tools.map((t) => t.slug);
  const rest = TOOL_SLUGS.filter((s) => !popularity.has(s));
  assert.deepEqual(ordered, ["z-score", "vat", "districts", "nic", ...rest]);
  // No views (absent or empty map): the data file's order.
  assert.deepEqual(execute(tools, all, ctx).tools.map((t) => t.slug), [...TOOL_SLUGS]);
  assert.deepEqual(
    execute(tools, all, { ...ctx, popularity: new Map() }).tools.map((t) => t.slug),
    [...TOOL_SLUGS],
  );
});

Deno.test("paging keeps total stable and pages are disjoint and cover the whole result", () => {
  const queries = [undefined, "tax", "calculator", "a", "the"];
  const categories = [undefined, "Finance", "Reference", "Media"];
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 7 }),
      fc.constantFrom(...queries),
      fc.constantFrom(...categories),
      fc.dictionary(fc.constantFrom(...TOOL_SLUGS), fc.nat({ max: 50 })),
      (limit, q, category, views) => {
        const popularity = new Map(Object.entries(views));
        const run = (offset: number) =>
          searchTools({ q, category, limit, offset }, { ...ctx, popularity });
        const whole = run(0).total;
        const seen: string[] = [];
        for (let offset = 0; offset < whole + limit; offset += limit) {
          const page = run(offset);
          assert.equal(page.total, whole);
          assert.equal(page.limit, limit);
          assert.equal(page.offset, offset);
          assert.ok(page.tools.length <= limit);
          seen.push(...page.tools.map((t) => t.slug));
        }
        assert.equal(new Set(seen).size, seen.length, "pages overlap");
        assert.deepEqual(
          seen,
          searchTools({ q, category, limit: 200, offset: 0 }, {
            ...ctx,
            popularity,
          }).tools.map((t) => t.slug),
        );
        assert.equal(seen.length, whole);
      },
    ),
    { numRuns: 150 },
  );
});
