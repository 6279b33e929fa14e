/**
 * Human pages of the voucher catalogue: `/store` (filters in a plain GET form that works without
 * JavaScript) and `/store/{slug}` (one exam).
 *
 * @module
 */
import type { Context, Hono } from "hono";
import { isApiError } from "../../core/errors.ts";
import { findTemplate, type MessageKey } from "../../core/i18n.ts";
import type { StoreListing, StoreProduct } from "../../core/ops/store.ts";
import type { AppEnv } from "../http/types.ts";
import { escapeHtml, html, layout, raw, type SafeHtml } from "../pages/html.ts";
import { pageContext, t } from "../pages/lang.ts";
import { pageError } from "../pages/tool.ts";
import { answerParts, formatUsd, type StoreCatalogue } from "./catalogue.ts";
import { readStoreParams } from "./handler.ts";

const FACT_ROWS: (keyof StoreProduct["facts"])[] = [
  "duration_minutes",
  "question_count",
  "passing_score",
  "prerequisites",
  "languages",
  "delivery_provider",
  "validity_years",
];

/** A level's label (`store.level.*`), or the level itself if the catalogue has none. */
function level(code: string): string {
  const key = `store.level.${code}`;
  const label = t(key);
  return label === key ? code : label;
}

/** Escapes element text (not attributes): apostrophes need no escaping there. */
function escapeText(text: string): string {
  return text.replace(/[&<>]/g, (c) => escapeHtml(c));
}

/**
 * A catalogue sentence for element text, with markup in its placeholders: the text around them
 * is escaped, the parts are inserted as they are (SafeHtml) or escaped (strings).
 */
function tHtml(key: MessageKey, parts: Record<string, unknown> = {}): SafeHtml {
  const pieces = t(key).split(/\{(\w+)\}/);
  return raw(
    pieces.map((piece, i) =>
      i % 2 === 0
        ? escapeText(piece)
        : Object.hasOwn(parts, piece)
        ? String(html`${parts[piece]}`)
        : escapeHtml(`{${piece}}`)
    ).join(""),
  );
}

const NO_TRANSLATE = raw(' translate="no"');

/**
 * A name (an exam title, a vendor, an exam code) in a Sinhala or Tamil page: marked
 * `translate="no"`, so it is read as a name. English pages keep their markup as it was.
 */
function name(text: string): SafeHtml | string {
  return pageContext().lang === "en" ? text : html`<span translate="no">${text}</span>`;
}

/** The attribute ` translate="no"` in a Sinhala or Tamil page, nothing in English. */
function noTranslate(): SafeHtml | string {
  return pageContext().lang === "en" ? "" : NO_TRANSLATE;
}

/**
 * Text of the catalogue data that only exists in English (the per-exam notes and facts from
 * vendor sources): marked `lang="en"` in a Sinhala or Tamil page, so readers and screen readers
 * know; English pages keep their markup as it was.
 */
function english(text: string): SafeHtml | string {
  return pageContext().lang === "en" ? text : html`<span lang="en">${text}</span>`;
}

function sendHtml(c: Context<AppEnv>, status: 200 | 400 | 404, page: string): Response {
  c.header("Cache-Control", "public, max-age=300");
  return c.html(page, status);
}

const SELECTED = raw("selected");

/**
 * A delivery note: its fixed sentence from the catalogue (`store.delivery.*`), the provider (as
 * the source wrote it) marked English and the vendor as a name; a note with no template stays as
 * written, marked English.
 */
function delivery(note: string): SafeHtml | string {
  const found = pageContext().lang === "en" ? undefined : findTemplate(note, "store.delivery.");
  if (!found) return english(note);
  const { provider = "", vendor = "" } = found.vars;
  return tHtml(found.key, { provider: english(provider), vendor: name(vendor) });
}

/** A fact's value: numbers as they are, the sources' wording marked English. */
function fact(value: string | number): SafeHtml | string {
  return typeof value === "number" ? String(value) : english(value);
}

function unconfirmed(p: StoreProduct, field: string): SafeHtml | string {
  return p.uncertainFields.includes(field)
    ? raw(` <span class="muted">(${escapeHtml(t("store.unconfirmed"))})</span>`)
    : "";
}

/** A product's `answer` with its names marked (see {@linkcode name}). */
function answerHtml(p: StoreProduct): SafeHtml {
  const { keys, vars } = answerParts(p);
  const parts = { ...vars, title: name(vars.title), code: name(vars.code) };
  return html`${keys.map((key, i) => html`${i ? " " : ""}${tHtml(key, parts)}`)}`;
}

/** A product's `answer` as plain text in the page's language (for the meta description). */
function answerText(p: StoreProduct): string {
  const { keys, vars } = answerParts(p);
  return keys.map((key) => t(key, vars)).join(" ");
}

function options(
  facets: StoreListing["filters"]["vendors"],
  selected: string | null,
  all: string,
  names = false,
): SafeHtml {
  const marked = names ? noTranslate() : "";
  return html`<option value="">${all}</option>${
    facets.map((f) =>
      html`
        <option value="${f.slug}" ${f.slug === selected ? SELECTED : ""}${marked}>${f.label} (${f
          .count})</option>
      `
    )
  }`;
}

function productRow(p: StoreProduct, topics: Map<string, string>): SafeHtml {
  return html`<tr>
  <td${noTranslate()}><a href="/store/${p.slug}">${p.title}</a></td>
  <td><code>${p.examCode}</code></td>
  <td${noTranslate()}>${p.vendorName}</td>
  <td>${level(p.level)}</td>
  <td>${topics.get(p.topic) ?? p.topic}</td>
  <td class="num">${p.price.formatted}</td>
  <td class="num">${formatUsd(p.price.officialListUsd)}</td>
</tr>`;
}

function storeInfo(catalogue: StoreCatalogue): SafeHtml {
  const { info, pricing } = catalogue;
  // The listing's own payment methods: the defaults in the page's language, others as configured.
  const methods = catalogue.list({ limit: 1, offset: 0, lang: pageContext().lang }).store
    .paymentMethods;
  return html`<section aria-labelledby="pricing">
  <h2 id="pricing">${t("store.pricing.heading")}</h2>
  <p>${
    tHtml("store.pricing.text", {
      rate: pricing.exchangeRate,
      date: pricing.exchangeRateDate,
      unconfirmed: html`<em>${t("store.unconfirmed")}</em>`,
    })
  }</p>
  <p class="muted">${
    t("store.pricing.rate_source")
  } <a href="${pricing.exchangeRateSource}" rel="nofollow noopener">${pricing.exchangeRateSource}</a></p>
</section>
<section aria-labelledby="paying">
  <h2 id="paying">${t("store.paying.heading")}</h2>
  <p>${
    tHtml("store.paying.text", {
      name: name(info.name),
      currency: info.currency,
      country: info.country,
      methods: methods.length ? methods.join(", ") : t("store.paying.ask"),
    })
  }</p>
</section>
<section aria-labelledby="refunds">
  <h2 id="refunds">${t("store.refunds.heading")}</h2>
  <p>${
    tHtml("store.refunds.text", {
      vendor: name("CompTIA"),
      link: html`<a href="${info.refunds}">${info.refunds}</a>`,
    })
  }</p>
</section>`;
}

function listingPage(
  catalogue: StoreCatalogue,
  listing: StoreListing | null,
  raw: { q: string },
  error: string | null,
): string {
  const { lang } = pageContext();
  const shown = listing ?? catalogue.list({ limit: 200, offset: 0, lang });
  const topics = new Map(catalogue.topicsIn(lang).map((topic) => [topic.slug, topic.label]));
  const notListed = catalogue.all.filter((p) => p.status !== "current");
  const count = shown.total === 1
    ? t("store.count.one")
    : t("store.count.other", { count: shown.total });
  const from = shown.offset + 1;
  const to = shown.offset + shown.products.length;
  const ranged = shown.products.length && shown.products.length < shown.total
    ? t("store.summary.range", { count, from, to })
    : count;
  const summary = `${
    shown.query ? t("store.summary.query", { summary: ranged, query: shown.query }) : ranged
  }.`;
  const pageLink = (offset: number) => {
    const query = new URLSearchParams();
    if (shown.vendor) query.set("vendor", shown.vendor);
    if (shown.topic) query.set("topic", shown.topic);
    if (shown.query) query.set("q", shown.query);
    query.set("limit", String(shown.limit));
    query.set("offset", String(offset));
    return `/store?${query}`;
  };
  const body = html`<h1>${t("store.page.title")}</h1>
<p>${tHtml("store.page.intro")} ${
    tHtml("store.page.api", {
      link: html`<a href="/api/v1/store"><code>/api/v1/store</code></a>`,
    })
  }</p>
<form method="get" action="/store" role="search">
  <div><label for="store-vendor">${t("store.label.vendor")}</label>
    <select id="store-vendor" name="vendor">${
    options(shown.filters.vendors, shown.vendor, t("store.form.all_vendors"), true)
  }</select></div>
  <div><label for="store-topic">${t("store.label.topic")}</label>
    <select id="store-topic" name="topic">${
    options(shown.filters.topics, shown.topic, t("store.form.all_topics"))
  }</select></div>
  <div><label for="store-q">${t("store.form.search")}</label>
    <input id="store-q" name="q" type="search" maxlength="100" value="${raw.q}" placeholder="SAA-C03"></div>
  <button type="submit">${t("store.form.submit")}</button>
</form>
${
    error
      ? html`
        <div class="result error" role="alert">
          <p>${pageError(error)}</p>
          <p><a href="/store">${t("store.show_all")}</a></p>
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
            <section class="table-wrap" tabindex="0" aria-labelledby="store-caption">
              <table>
                <caption class="visually-hidden" id="store-caption">${t(
                  "store.table.caption",
                )}</caption>
                <thead>
                  <tr>
                    <th scope="col">${t("store.table.exam")}</th>
                    <th scope="col">${t("store.table.code")}</th>
                    <th scope="col">${t("store.label.vendor")}</th>
                    <th scope="col">${t("store.label.level")}</th>
                    <th scope="col">${t("store.label.topic")}</th>
                    <th scope="col" class="num">${t("store.table.price")}</th>
                    <th scope="col" class="num">${t("store.table.usd")}</th>
                  </tr>
                </thead>
                <tbody>${shown.products.map((p) => productRow(p, topics))}</tbody>
              </table>
            </section>
          `
          : html`<p>${t("store.none")} <a href="/store">${t("store.show_all")}</a>.</p>`
      }
${
        shown.offset > 0 || to < shown.total
          ? html`<nav aria-label="${t("store.pages")}">${
            shown.offset > 0
              ? html`
                <a href="${pageLink(Math.max(0, shown.offset - shown.limit))}">${t(
                  "store.previous",
                )}</a>
              `
              : ""
          }${to < shown.total ? html`<a href="${pageLink(to)}">${t("store.next")}</a>` : ""}</nav>`
          : ""
      }`
      : ""
  }
${
    notListed.length
      ? html`<section aria-labelledby="not-listed">
  <h2 id="not-listed">${t("store.not_listed")}</h2>
  <ul>${
        notListed.map((p) =>
          html`<li><a href="/store/${p.slug}">${name(`${p.title} (${p.examCode})`)}</a>: ${
            p.statusNote !== null ? english(p.statusNote) : t(`store.status.${p.status}`)
          }</li>`
        )
      }</ul>
</section>`
      : ""
  }
${storeInfo(catalogue)}`;
  return layout({
    title: t("store.page.title"),
    description: t("store.page.description"),
    body,
  });
}

function productPage(catalogue: StoreCatalogue, p: StoreProduct): string {
  const topic = catalogue.topicsIn(pageContext().lang).find((t) => t.slug === p.topic)?.label ??
    p.topic;
  const body = html`
    <p><a href="/store">${t("store.product.back")}</a></p>
    <h1>${name(p.title)} <code>${p.examCode}</code></h1>
    ${p.status !== "current"
      ? html`
        <div class="result error" role="note">
          <p><strong>${t(`store.status.${p.status}`)}:</strong> ${p.statusNote === null
            ? ""
            : english(p.statusNote)}</p>
        </div>
      `
      : ""}
    <div class="result">
      <p><strong>${p.price.formatted}</strong>${unconfirmed(
        p,
        "price.officialListUsd",
      )} · ${t("store.product.official", { usd: formatUsd(p.price.officialListUsd) })}</p>
      <p>${answerHtml(p)}</p>
      ${p.price.note ? html`<p class="muted">${english(p.price.note)}</p>` : ""}
    </div>
    <table>
      <caption class="visually-hidden">${t("store.product.caption")}</caption>
      <tbody>
        <tr>
          <th scope="row">${t("store.label.vendor")}</th>
          <td${noTranslate()}>${p.vendorName}</td>
        </tr>
        <tr>
          <th scope="row">${t("store.label.level")}</th>
          <td>${level(p.level)}</td>
        </tr>
        <tr>
          <th scope="row">${t("store.label.topic")}</th>
          <td><a href="/store?topic=${p.topic}">${topic}</a></td>
        </tr>
        <tr>
          <th scope="row">${t("store.product.valid")}</th>
          <td>${t("store.product.months", { months: p.validityMonths })}${unconfirmed(
            p,
            "validityMonths",
          )}</td>
        </tr>
        <tr>
          <th scope="row">${t("store.product.delivery")}</th>
          <td>${delivery(p.delivery.note)}</td>
        </tr>
      </tbody>
    </table>
    <h2>${t("store.product.facts")}</h2>
    <table>
      <caption class="visually-hidden">${t("store.product.facts")}</caption>
      <tbody>${FACT_ROWS.map((key) =>
        html`
          <tr>
            <th scope="row">${t(`store.fact.${key}`)}</th>
            <td>${fact(p.facts[key])}${unconfirmed(p, `facts.${key}`)}</td>
          </tr>
        `
      )}</tbody>
    </table>
    <p>${p.factsVerified ? t("store.product.verified") : t("store.product.unverified")}</p>
    <h2>${t("store.product.sources")}</h2>
    <ul>${p.sources.map((url) =>
      html`<li><a href="${url}" rel="nofollow noopener">${url}</a></li>`
    )}</ul>
    <p
      class="muted">JSON: <a href="/api/v1/store?slug=${p.slug}"><code>/api/v1/store?slug=${p
        .slug}</code></a></p>
  `;
  const full = p.title.includes(p.examCode) ? p.title : `${p.title} (${p.examCode})`;
  return layout({
    // Short enough for search results: the layout adds " · Lanka API".
    title: full.length <= 50
      ? t("store.product.title_name", { name: full })
      : t("store.product.title_code", { code: p.examCode }),
    description: answerText(p),
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
    title: t("store.notfound.title"),
    body: html`<h1>${t("store.notfound.title")}</h1>
<p>${tHtml("store.notfound.text", { slug })} <a href="/store">${t("store.notfound.link")}</a>.</p>`,
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
    // The page's language is its path's (`/si/store`), not a `lang` in the query.
    const entries = [...search].filter(([name, value]) => value.trim() !== "" && name !== "lang");
    const raw = { q: search.get("q") ?? "" };
    try {
      const params = { ...readStoreParams(entries), lang: pageContext().lang };
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
