/**
 * Human pages of the voucher catalogue: `/store` (filters in a plain GET form that works without
 * JavaScript) and `/store/{slug}` (one exam).
 *
 * @module
 */
import type { Context, Hono } from "hono";
import { isApiError } from "../../core/errors.ts";
import type { StoreListing, StoreProduct } from "../../core/ops/store.ts";
import type { AppEnv } from "../http/types.ts";
import { html, layout, raw, type SafeHtml } from "../pages/html.ts";
import { formatUsd, type StoreCatalogue } from "./catalogue.ts";
import { readStoreParams } from "./handler.ts";

const FACT_ROWS: [keyof StoreProduct["facts"], string][] = [
  ["duration_minutes", "Duration (minutes)"],
  ["question_count", "Questions"],
  ["passing_score", "Passing score"],
  ["prerequisites", "Prerequisites"],
  ["languages", "Languages"],
  ["delivery_provider", "Exam delivery"],
  ["validity_years", "Certification validity (years)"],
];

const LEVELS: Record<string, string> = {
  foundational: "Foundational",
  associate: "Associate",
  professional: "Professional",
  specialty: "Specialty",
  expert: "Expert",
};

function sendHtml(c: Context<AppEnv>, status: 200 | 400 | 404, page: string): Response {
  c.header("Cache-Control", "public, max-age=300");
  return c.html(page, status);
}

const UNCONFIRMED = raw(' <span class="muted">(unconfirmed)</span>');
const SELECTED = raw("selected");

function unconfirmed(p: StoreProduct, field: string): SafeHtml | string {
  return p.uncertainFields.includes(field) ? UNCONFIRMED : "";
}

function options(
  facets: StoreListing["filters"]["vendors"],
  selected: string | null,
  all: string,
): SafeHtml {
  return html`<option value="">${all}</option>${
    facets.map((f) =>
      html`
        <option value="${f.slug}" ${f.slug === selected ? SELECTED : ""}>${f.label} (${f
          .count})</option>
      `
    )
  }`;
}

function productRow(p: StoreProduct, topics: Map<string, string>): SafeHtml {
  return html`<tr>
  <td><a href="/store/${p.slug}">${p.title}</a></td>
  <td><code>${p.examCode}</code></td>
  <td>${p.vendorName}</td>
  <td>${LEVELS[p.level] ?? p.level}</td>
  <td>${topics.get(p.topic) ?? p.topic}</td>
  <td class="num">${p.price.formatted}</td>
  <td class="num">${formatUsd(p.price.officialListUsd)}</td>
</tr>`;
}

function storeInfo(catalogue: StoreCatalogue): SafeHtml {
  const { info, pricing } = catalogue;
  return html`<section aria-labelledby="pricing">
  <h2 id="pricing">How prices are set</h2>
  <p>Each LKR price is the vendor's official US list price multiplied by ${pricing.exchangeRate} rupees per US dollar (a reference rate for ${pricing.exchangeRateDate} from Central Bank of Sri Lanka figures), rounded up to the next LKR 100. It excludes card or foreign-exchange fees and taxes. Several vendors price exams by country, so check the vendor's page before you buy: facts marked <em>unconfirmed</em> were not confirmed by a retrieved source.</p>
  <p class="muted">Rate source: <a href="${pricing.exchangeRateSource}" rel="nofollow noopener">${pricing.exchangeRateSource}</a></p>
</section>
<section aria-labelledby="paying">
  <h2 id="paying">Paying</h2>
  <p>${info.name} sells in ${info.currency} (${info.country}). Payment methods: ${
    info.paymentMethods.length ? info.paymentMethods.join(", ") : "ask the store"
  }.</p>
</section>
<section aria-labelledby="refunds">
  <h2 id="refunds">Refunds</h2>
  <p>Exam vouchers are single use and, once issued, generally non-refundable (CompTIA, for example, does not refund vouchers). Unused vouchers expire: each exam's page gives how long its voucher stays valid. Refund terms: <a href="${info.refunds}">${info.refunds}</a>.</p>
</section>`;
}

function listingPage(
  catalogue: StoreCatalogue,
  listing: StoreListing | null,
  raw: { q: string },
  error: string | null,
): string {
  const shown = listing ?? catalogue.list({ limit: 200, offset: 0 });
  const topics = new Map(catalogue.topics.map((t) => [t.slug, t.label]));
  const notListed = catalogue.all.filter((p) => p.status !== "current");
  const count = shown.total === 1 ? "1 exam" : `${shown.total} exams`;
  const from = shown.offset + 1;
  const to = shown.offset + shown.products.length;
  const range = shown.products.length && shown.products.length < shown.total
    ? `, showing ${from} to ${to}`
    : "";
  const summary = `${count}${range}${shown.query ? ` matching “${shown.query}”` : ""}.`;
  const pageLink = (offset: number) => {
    const query = new URLSearchParams();
    if (shown.vendor) query.set("vendor", shown.vendor);
    if (shown.topic) query.set("topic", shown.topic);
    if (shown.query) query.set("q", shown.query);
    query.set("limit", String(shown.limit));
    query.set("offset", String(offset));
    return `/store?${query}`;
  };
  const body = html`<h1>Certification exam vouchers</h1>
<p>IT certification exam vouchers priced in Sri Lankan rupees, with each vendor's official US list price. The same data is at <a href="/api/v1/store"><code>/api/v1/store</code></a>.</p>
<form method="get" action="/store" role="search">
  <div><label for="store-vendor">Vendor</label>
    <select id="store-vendor" name="vendor">${
    options(shown.filters.vendors, shown.vendor, "All vendors")
  }</select></div>
  <div><label for="store-topic">Topic</label>
    <select id="store-topic" name="topic">${
    options(shown.filters.topics, shown.topic, "All topics")
  }</select></div>
  <div><label for="store-q">Search title, exam code or slug</label>
    <input id="store-q" name="q" type="search" maxlength="100" value="${raw.q}" placeholder="SAA-C03"></div>
  <button type="submit">Show vouchers</button>
</form>
${
    error
      ? html`
        <div class="result error" role="alert">
          <p>${error}</p>
          <p><a href="/store">Show all vouchers</a></p>
        </div>
      `
      : ""
  }
${
    listing
      ? html`<p aria-live="polite">${summary}</p>
${
        shown.products.length
          ? html`
            <table>
              <caption class="visually-hidden">Exam vouchers</caption>
              <thead>
                <tr>
                  <th scope="col">Exam</th>
                  <th scope="col">Code</th>
                  <th scope="col">Vendor</th>
                  <th scope="col">Level</th>
                  <th scope="col">Topic</th>
                  <th scope="col" class="num">Price</th>
                  <th scope="col" class="num">US list price</th>
                </tr>
              </thead>
              <tbody>${shown.products.map((p) => productRow(p, topics))}</tbody>
            </table>
          `
          : html`<p>No exams match these filters. <a href="/store">Show all vouchers</a>.</p>`
      }
${
        shown.offset > 0 || to < shown.total
          ? html`<nav aria-label="Pages">${
            shown.offset > 0
              ? html`
                <a href="${pageLink(Math.max(0, shown.offset - shown.limit))}">Previous</a>
              `
              : ""
          }${to < shown.total ? html`<a href="${pageLink(to)}">Next</a>` : ""}</nav>`
          : ""
      }`
      : ""
  }
${
    notListed.length
      ? html`<section aria-labelledby="not-listed">
  <h2 id="not-listed">Not on sale</h2>
  <ul>${
        notListed.map((p) =>
          html`<li><a href="/store/${p.slug}">${p.title} (${p.examCode})</a>: ${
            p.statusNote ?? p.status
          }</li>`
        )
      }</ul>
</section>`
      : ""
  }
${storeInfo(catalogue)}`;
  return layout({
    title: "Certification exam vouchers",
    description:
      "IT certification exam vouchers (AWS, Microsoft, Google Cloud, CompTIA, Cisco and more) priced in LKR with official USD list prices.",
    body,
  });
}

function productPage(catalogue: StoreCatalogue, p: StoreProduct): string {
  const topic = catalogue.topics.find((t) => t.slug === p.topic)?.label ?? p.topic;
  const body = html`
    <p><a href="/store">All exam vouchers</a></p>
    <h1>${p.title} <code>${p.examCode}</code></h1>
    ${p.status !== "current"
      ? html`
        <div class="result error" role="note">
          <p><strong>${p.status === "retiring"
            ? "Retiring exam"
            : "Not sold here"}:</strong> ${p.statusNote ?? ""}</p>
        </div>
      `
      : ""}
    <div class="result">
      <p><strong>${p.price.formatted}</strong>${unconfirmed(
        p,
        "price.officialListUsd",
      )} · official list price ${formatUsd(p.price.officialListUsd)}</p>
      <p>${p.answer}</p>
      ${p.price.note ? html`<p class="muted">${p.price.note}</p>` : ""}
    </div>
    <table>
      <caption class="visually-hidden">Voucher</caption>
      <tbody>
        <tr>
          <th scope="row">Vendor</th>
          <td>${p.vendorName}</td>
        </tr>
        <tr>
          <th scope="row">Level</th>
          <td>${LEVELS[p.level] ?? p.level}</td>
        </tr>
        <tr>
          <th scope="row">Topic</th>
          <td><a href="/store?topic=${p.topic}">${topic}</a></td>
        </tr>
        <tr>
          <th scope="row">Voucher valid for</th>
          <td>${p.validityMonths} months${unconfirmed(p, "validityMonths")}</td>
        </tr>
        <tr>
          <th scope="row">Delivery</th>
          <td>${p.delivery.note}</td>
        </tr>
      </tbody>
    </table>
    <h2>Exam facts</h2>
    <table>
      <caption class="visually-hidden">Exam facts</caption>
      <tbody>${FACT_ROWS.map(([key, label]) =>
        html`
          <tr>
            <th scope="row">${label}</th>
            <td>${String(p.facts[key])}${unconfirmed(p, `facts.${key}`)}</td>
          </tr>
        `
      )}</tbody>
    </table>
    <p>${p.factsVerified
      ? "Every fact above is confirmed by a retrieved source."
      : "Facts marked unconfirmed were not confirmed by a retrieved source: check the vendor's page before you buy."}</p>
    <h2>Sources</h2>
    <ul>${p.sources.map((url) =>
      html`<li><a href="${url}" rel="nofollow noopener">${url}</a></li>`
    )}</ul>
    <p
      class="muted">JSON: <a href="/api/v1/store?slug=${p.slug}"><code>/api/v1/store?slug=${p
        .slug}</code></a></p>
  `;
  const name = p.title.includes(p.examCode) ? p.title : `${p.title} (${p.examCode})`;
  return layout({
    // Short enough for search results: the layout adds " · Lanka API".
    title: name.length <= 50 ? `${name} voucher` : `${p.examCode} exam voucher`,
    description: p.answer,
    body,
    head: productJsonLd(catalogue, p),
  });
}

/** schema.org Product data for search engines; `<` is escaped so the JSON cannot end the script. */
function productJsonLd(catalogue: StoreCatalogue, p: StoreProduct): SafeHtml {
  const data = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: p.title,
    sku: p.examCode,
    brand: { "@type": "Brand", name: p.vendorName },
    description: p.answer,
    url: p.url,
    offers: {
      "@type": "Offer",
      price: p.price.amount.toFixed(2),
      priceCurrency: p.price.currency,
      availability: p.availability,
      url: p.url,
      seller: { "@type": "Organization", name: catalogue.info.name },
    },
  };
  const json = JSON.stringify(data).replace(/</g, "\\u003c");
  return raw(`<script type="application/ld+json">${json}</script>`);
}

function notFoundPage(slug: string): string {
  return layout({
    title: "Exam not found",
    body: html`<h1>Exam not found</h1>
<p>There is no exam voucher “${slug}” in the catalogue. <a href="/store">See all exam vouchers</a>.</p>`,
  });
}

/**
 * Mounts `/store`, `/store/{slug}` and the canonical alias `/tools/store`.
 *
 * @param app The app.
 * @param catalogue The catalogue.
 */
export function mountStorePages(app: Hono<AppEnv>, catalogue: StoreCatalogue): void {
  app.get("/tools/store", (c) => c.redirect("/store", 301));
  app.get("/store", (c) => {
    const search = new URL(c.req.url).searchParams;
    // An empty field of the form ("All vendors", an empty search box) means no filter.
    const entries = [...search].filter(([, value]) => value.trim() !== "");
    const raw = { q: search.get("q") ?? "" };
    try {
      const params = readStoreParams(entries);
      if (params.slug !== undefined) return c.redirect(`/store/${encodeURIComponent(params.slug)}`);
      return sendHtml(c, 200, listingPage(catalogue, catalogue.list(params), raw, null));
    } catch (error) {
      if (!isApiError(error) || error.status !== 400) throw error;
      return sendHtml(c, 400, listingPage(catalogue, null, raw, error.message));
    }
  });
  app.get("/store/:slug", (c) => {
    const slug = c.req.param("slug");
    const product = catalogue.all.find((p) => p.slug === slug);
    if (!product) return sendHtml(c, 404, notFoundPage(slug));
    return sendHtml(c, 200, productPage(catalogue, product));
  });
}
