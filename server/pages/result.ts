/**
 * A generic renderer of an operation's result for people: objects become definition lists,
 * arrays of objects tables, money is written en-LK with LKR, percentages with a % sign. Every
 * scalar value carries `data-field` (its path, for example `monthlyTax` or `deed.text`) so tests
 * and scripts can read one figure without parsing the page.
 *
 * @module
 */
import { maybeMessage, translate } from "../../core/i18n.ts";
import { html, type SafeHtml } from "./html.ts";
import { pageContext, t } from "./lang.ts";

const MONEY = new Intl.NumberFormat("en-LK", { style: "currency", currency: "LKR" });
const PLAIN = new Intl.NumberFormat("en-LK", { maximumFractionDigits: 10 });

/** Words of a key that make its number a percentage (`whtRate`, `effectiveAnnualYieldGross`). */
const PERCENT_WORDS = new Set(["rate", "pct", "percent", "yield"]);
/** Last words of a key that make its number a count or a period even in an LKR result. */
const COUNT_WORDS = new Set([
  "month",
  "months",
  "year",
  "years",
  "count",
  "days",
  "day",
  "number",
  "unit",
  "units",
  "hour",
  "hours",
  "multiplier",
  "divisor",
  "table",
]);
/** Words written in capitals in labels. */
const ACRONYMS = new Set([
  "emi",
  "vat",
  "wht",
  "nic",
  "url",
  "id",
  "apit",
  "paye",
  "lkr",
  "sd",
  "sscl",
]);

/** The words of each key seen so far: the keys are the results' field names, a bounded set. */
const wordsOf = new Map<string, readonly string[]>();

function words(key: string): readonly string[] {
  let found = wordsOf.get(key);
  if (found === undefined) {
    found = Object.freeze(
      key
        .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
        .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
        .toLowerCase()
        .split(/[\s_-]+/)
        .filter(Boolean),
    );
    // A bound all the same, should some result ever use data as keys.
    if (wordsOf.size >= 10_000) wordsOf.clear();
    wordsOf.set(key, found);
  }
  return found;
}

/**
 * How a scalar is shown: money en-LK (`LKR 8,000.00`) for numbers of an LKR result that are
 * neither percentages nor counts, `18%` for percentages, grouped digits for other numbers,
 * Yes/No for booleans and "none" for null.
 *
 * @param key The field name (the last segment of its path).
 * @param value The value.
 * @param money Whether the enclosing object is in LKR (it or an ancestor has `currency: "LKR"`).
 * @returns The text.
 */
export function formatValue(key: string, value: unknown, money: boolean): string {
  if (value === null || value === undefined) return t("page.value.none");
  if (typeof value === "boolean") return t(value ? "page.value.yes" : "page.value.no");
  if (typeof value === "number") {
    const parts = words(key);
    if (parts.some((word) => PERCENT_WORDS.has(word))) return `${PLAIN.format(value)}%`;
    const last = parts.at(-1) ?? "";
    if (last === "year" && Number.isInteger(value)) return String(value); // 2026, not 2,026
    if (money && !COUNT_WORDS.has(last)) return MONEY.format(value);
    return PLAIN.format(value);
  }
  return String(value);
}

/**
 * A field name for people: `monthlyTax` -> "Monthly tax", `marginalRatePct` -> "Marginal rate (%)",
 * `whtAmount` -> "WHT amount".
 *
 * @param key A camelCase or snake_case key.
 * @returns Sentence-case words.
 */
export function humanize(key: string): string {
  const text = words(key)
    .map((word) => word === "pct" ? "(%)" : ACRONYMS.has(word) ? word.toUpperCase() : word)
    .join(" ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * A field name for people in the page's language: the catalogue's `field.<key>` in Sinhala and
 * Tamil, {@linkcode humanize} in English (and for fields the catalogue does not name).
 *
 * @param key A camelCase or snake_case key.
 * @returns The label.
 */
export function fieldLabel(key: string): string {
  const { lang } = pageContext();
  return lang === "en" ? humanize(key) : maybeMessage(lang, `field.${key}`) ?? humanize(key);
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isLkr(object: Json, inherited: boolean): boolean {
  return inherited || object.currency === "LKR";
}

/**
 * Fields whose values are codes for programs (identifiers, slugs, API paths, lists of subject
 * ids): shown as code on Sinhala and Tamil pages.
 */
const CODE_VALUES = new Set([
  "code",
  "id",
  "slug",
  "districtSlug",
  "apiPath",
  "subjects",
  "aliases",
  "query",
  "reasonCode",
]);
/** Fields whose values are citations (a publication's name), kept as the source is named. */
const CITATION_VALUES = new Set(["source", "sources"]);
/**
 * Fields whose values are English on purpose: the tools' search keywords (the English words the
 * search matches) and the schools' names as the data holds them. Marked `lang="en"` on Sinhala
 * and Tamil pages.
 */
const ENGLISH_VALUES = new Set(["keywords", "school"]);
/**
 * Fields whose values are names as the sources write them, in any of the three scripts (a
 * place's English name, the spelling a search matched, other spellings): marked with the
 * language of their script where it is not the page's.
 */
const NAME_VALUES = new Set(["en", "written", "variants", "place"]);
/** Fields whose values the catalogue names under another prefix (the tools' categories). */
const NAMED_BY: Readonly<Record<string, string>> = {
  category: "tool.category",
  categories: "tool.category",
};
/**
 * Catalogue sections whose English sentences an answer may carry in English whatever the page's
 * language: the paye answer (the paye operation takes no `lang`) names its APIT table with the
 * English text of a `payroll.label.*` entry.
 */
const ANSWER_TEXT = ["payroll.label."];
const OWN_SCRIPT = { si: /[\u0D80-\u0DFF]/, ta: /[\u0B80-\u0BFF]/ } as const;

/**
 * A value as shown on a Sinhala or Tamil page: an enum value in the page's language when the
 * catalogue names it (`value.<field>.<value>`, for example `value.employment.primary`), a code
 * (`code`, `id`) as code, a citation with no word in the page's script marked `lang="en"`,
 * anything else as {@linkcode formatValue} writes it. English pages show every value as
 * {@linkcode formatValue} writes it.
 *
 * @param key The field name.
 * @param value The value.
 * @param money Whether the value is money.
 * @returns The text or markup.
 */
export function shown(key: string, value: unknown, money: boolean): SafeHtml | string {
  const { lang } = pageContext();
  if (lang !== "en" && typeof value === "string") {
    const named = maybeMessage(lang, `value.${key}.${value}`) ??
      (NAMED_BY[key] ? maybeMessage(lang, `${NAMED_BY[key]}.${value}`) : undefined);
    if (named !== undefined) return named;
    for (const prefix of ANSWER_TEXT) {
      const said = translate(lang, value, prefix);
      if (said !== value) return said;
    }
    if (CODE_VALUES.has(key)) return html`<code>${value}</code>`;
    if (NAME_VALUES.has(key)) {
      const script = OWN_SCRIPT.si.test(value) ? "si" : OWN_SCRIPT.ta.test(value) ? "ta" : "en";
      if (script !== lang) return html`<span lang="${script}">${value}</span>`;
    }
    if (
      (CITATION_VALUES.has(key) || ENGLISH_VALUES.has(key)) && !OWN_SCRIPT[lang].test(value)
    ) {
      return html`<span lang="en">${value}</span>`;
    }
  }
  return formatValue(key, value, money);
}

function scalar(path: string, key: string, value: unknown, money: boolean): SafeHtml {
  const text = shown(key, value, money);
  const numeric = typeof value === "number";
  if (typeof value === "string" && /^https?:\/\//.test(value)) {
    // A web address (with, at times, a citation's English words after it) is not translated.
    const lang = pageContext().lang;
    const english = lang !== "en" && !OWN_SCRIPT[lang].test(value);
    if (english) {
      return html`<a data-field="${path}" href="${value}" rel="noopener" lang="en">${value}</a>`;
    }
    return html`<a data-field="${path}" href="${value}" rel="noopener">${value}</a>`;
  }
  return html`
    <span data-field="${path}" ${numeric
      ? html`
        class="num"
      `
      : ""}>${text}</span>
  `;
}

/** A table's name from its path, unique on the page: "Schools · 2 · Cut-offs". */
function tableName(path: string): string {
  const name = path.split(".").map((part) =>
    /^\d+$/.test(part) ? String(Number(part) + 1) : fieldLabel(part)
  ).join(" · ");
  // Tables in the rows of a table share a path: the second is "(2)", and so on.
  const count = (named.get(name) ?? 0) + 1;
  named.set(name, count);
  return count > 1 ? `${name} (${count})` : name;
}

/** Table names given so far in the result being rendered. */
let named = new Map<string, number>();

function table(path: string, rows: Json[], money: boolean): SafeHtml {
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  return html`
    <section class="table-wrap" tabindex="0" aria-label="${tableName(path)}">
      <table data-field="${path}">
        <thead>
          <tr>${columns.map((c) => html`<th scope="col">${fieldLabel(c)}</th>`)}</tr>
        </thead>
        <tbody>${rows.map((row) =>
          html`<tr>${
            columns.map((c) => {
              const value = row[c];
              const cls = typeof value === "number" ? "num" : "";
              const cell = isObject(value) || Array.isArray(value)
                ? renderValue(`${path}.${c}`, c, value, isLkr(row, money))
                : html`${shown(c, value, isLkr(row, money))}`;
              return html`<td${
                cls
                  ? html`
                    class="${cls}"
                  `
                  : ""
              }>${cell}</td>`;
            })
          }</tr>`
        )}</tbody>
      </table>
    </section>
  `;
}

function renderValue(path: string, key: string, value: unknown, money: boolean): SafeHtml {
  if (Array.isArray(value)) {
    if (value.length === 0) return html`<span data-field="${path}">${t("page.value.none")}</span>`;
    if (value.every(isObject)) return table(path, value, money);
    return html`<ul data-field="${path}">${
      value.map((item, i) => html`<li>${renderValue(`${path}.${i}`, key, item, money)}</li>`)
    }</ul>`;
  }
  if (isObject(value)) return definitionList(path, value, isLkr(value, money));
  return scalar(path, key, value, money);
}

function definitionList(path: string, object: Json, money: boolean): SafeHtml {
  const entries = Object.entries(object).filter(([, v]) => v !== undefined);
  return html`<dl class="fields">${
    entries.map(([key, value]) => {
      const inner = path ? `${path}.${key}` : key;
      return html`
        <dt>${fieldLabel(key)}</dt>
        <dd>${renderValue(inner, key, value, money)}</dd>
      `;
    })
  }</dl>`;
}

/**
 * Renders any JSON result for people.
 *
 * @param result An operation's result.
 * @param omit Top-level fields not to show (drawn elsewhere, for example a loan schedule).
 * @returns The markup.
 */
export function renderResult(result: unknown, omit: readonly string[] = []): SafeHtml {
  named = new Map();
  if (!isObject(result)) return renderValue("", "value", result, false);
  const shown = Object.fromEntries(Object.entries(result).filter(([k]) => !omit.includes(k)));
  return definitionList("", shown, isLkr(result, false));
}
