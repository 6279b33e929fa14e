/**
 * The voucher catalogue: `data/store.json`, validated once, turned into API products, filtered
 * and faceted. Server-only: the SDK never bundles the dataset.
 *
 * @module
 */
import { z } from "zod";
import storeData from "../../data/store.json" with { type: "json" };
import { ApiError } from "../../core/errors.ts";
import { type Lang, LANGS, maybeMessage, message, translate } from "../../core/i18n.ts";
import { registerAllMessages } from "../../core/i18n_all.ts";
import type {
  StoreFacet,
  StoreInfo,
  StoreListing,
  StoreParams,
  StorePricing,
  StoreProduct,
  StoreProductStatus,
} from "../../core/ops/store.ts";

const source = z.object({
  url: z.url(),
  type: z.enum(["official", "secondary", "mirror"]),
  seenInSource: z.boolean(),
  note: z.string().optional(),
});

const entry = z.object({
  slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
  title: z.string().min(1),
  examCode: z.string().min(1),
  vendor: z.string(),
  level: z.enum(["foundational", "associate", "professional", "specialty", "expert"]),
  vendorLevel: z.string(),
  topic: z.string(),
  status: z.enum(["current", "retiring", "free"]),
  statusNote: z.string().nullable(),
  price: z.object({
    officialListUsd: z.number().min(0),
    amount: z.int().min(0),
    note: z.string().nullable(),
  }),
  validityMonths: z.int().positive(),
  validityNote: z.string(),
  delivery: z.object({ method: z.string(), automatic: z.boolean(), note: z.string() }),
  facts: z.object({
    duration_minutes: z.int().positive(),
    question_count: z.string(),
    passing_score: z.string(),
    prerequisites: z.string(),
    languages: z.string(),
    delivery_provider: z.string(),
    official_price_usd: z.number().min(0),
    validity_years: z.string(),
  }),
  uncertainFields: z.array(z.string()),
  factsVerified: z.boolean(),
  notes: z.string().nullable(),
  sources: z.array(source).min(1),
});

const dataFile = z.object({
  compiledOn: z.iso.date(),
  pricing: z.object({ rule: z.string(), roundUpTo: z.int().positive() }),
  exchangeRate: z.object({
    base: z.literal("USD"),
    quote: z.literal("LKR"),
    rate: z.number().positive(),
    date: z.iso.date(),
    source: z.url(),
    officialSource: z.url(),
  }),
  vendors: z.array(z.object({ slug: z.string(), name: z.string() })),
  topics: z.array(z.object({ slug: z.string(), label: z.string() })),
  products: z.array(entry),
});

/** One catalogue entry as `data/store.json` holds it. */
export type StoreEntry = z.infer<typeof entry>;
/** The whole data file. */
export type StoreData = z.infer<typeof dataFile>;

/**
 * Validates the data file, including that every vendor and topic a product names is declared.
 *
 * @param raw The parsed JSON.
 * @returns The typed data.
 * @throws {Error} Naming the first problem.
 */
export function parseStoreData(raw: unknown): StoreData {
  const data = dataFile.parse(raw);
  const vendors = new Set(data.vendors.map((v) => v.slug));
  const topics = new Set(data.topics.map((t) => t.slug));
  const slugs = new Set<string>();
  for (const p of data.products) {
    if (slugs.has(p.slug)) throw new Error(`Store data: duplicate slug ${p.slug}`);
    slugs.add(p.slug);
    if (!vendors.has(p.vendor)) throw new Error(`Store data: ${p.slug} has unknown vendor`);
    if (!topics.has(p.topic)) throw new Error(`Store data: ${p.slug} has unknown topic`);
  }
  return data;
}

/** The data file shipped with the server, validated at start-up. */
export const STORE_DATA: StoreData = parseStoreData(storeData);

const LKR = new Intl.NumberFormat("en-LK", { style: "currency", currency: "LKR" });

/**
 * Formats an LKR amount the way the catalogue shows it.
 *
 * @param amount Rupees.
 * @returns For example `LKR 46,500.00` (with a no-break space).
 */
export function formatLkr(amount: number): string {
  return LKR.format(amount);
}

/**
 * Writes a US dollar list price: `US$150`, `US$70.50`.
 *
 * @param usd Dollars.
 * @returns The text.
 */
export function formatUsd(usd: number): string {
  const cents = Number.isInteger(usd) ? 0 : 2;
  return `US$${
    usd.toLocaleString("en-US", { minimumFractionDigits: cents, maximumFractionDigits: cents })
  }`;
}

const AVAILABILITY: Record<StoreProductStatus, string> = {
  current: "https://schema.org/InStock",
  retiring: "https://schema.org/LimitedAvailability",
  free: "https://schema.org/OutOfStock",
};

// The server answers in every language (the catalogue's text for people comes from it).
registerAllMessages();

/** The values of a product's `answer` sentence (`store.answer.*` in the message catalogue). */
export interface AnswerParts {
  /** Catalogue keys of the sentences, in order. */
  keys: ("store.answer.sold" | "store.answer.retiring" | "store.answer.free")[];
  /** Their placeholder values. */
  vars: { title: string; code: string; price: string; usd: string };
}

/**
 * What a product's `answer` says: which sentences, with which values.
 *
 * @param p The product (its status, title, exam code and prices).
 * @returns The keys and values.
 */
export function answerParts(
  p: Pick<StoreProduct, "status" | "title" | "examCode" | "price">,
): AnswerParts {
  const vars = {
    title: p.title,
    code: p.examCode,
    price: p.price.formatted,
    usd: formatUsd(p.price.officialListUsd),
  };
  if (p.status === "free") return { keys: ["store.answer.free"], vars };
  return {
    keys: p.status === "retiring"
      ? ["store.answer.sold", "store.answer.retiring"]
      : ["store.answer.sold"],
    vars,
  };
}

function answer(p: StoreProduct, lang: Lang): string {
  const { keys, vars } = answerParts(p);
  return keys.map((key) => message(lang, key, vars)).join(" ");
}

/**
 * A topic's label in a language: the data file's in English, the catalogue's
 * (`store.topic.<slug>`) otherwise, falling back to the data file's.
 *
 * @param slug The topic slug.
 * @param english The data file's label.
 * @param lang The language.
 * @returns The label.
 */
export function topicLabel(slug: string, english: string, lang: Lang): string {
  return lang === "en" ? english : maybeMessage(lang, `store.topic.${slug}`) ?? english;
}

/** The catalogue, ready to answer requests for one base URL and store configuration. */
export interface StoreCatalogue {
  /** Every product, listed or not, in catalogue order. */
  readonly all: readonly StoreProduct[];
  /** The products the listing shows (status `current`). */
  readonly listed: readonly StoreProduct[];
  /** The store details. */
  readonly info: StoreInfo;
  /** The pricing rule and rate. */
  readonly pricing: StorePricing;
  /** Vendors `{ slug, label }` in catalogue order. */
  readonly vendors: readonly { slug: string; label: string }[];
  /** Topics `{ slug, label }` in (English) label order. */
  readonly topics: readonly { slug: string; label: string }[];
  /**
   * The topics with their labels in a language, in the same order as {@linkcode topics}.
   *
   * @param lang The language.
   */
  topicsIn(lang: Lang): readonly { slug: string; label: string }[];
  /**
   * One product by slug, listed or not, its `answer` in a language (default English).
   *
   * @throws {ApiError} 404 for an unknown slug.
   */
  get(slug: string, lang?: Lang): StoreProduct;
  /** A filtered, faceted page of the listed products. */
  list(params: Omit<StoreParams, "slug">): StoreListing;
}

/**
 * Builds the catalogue's products for a base URL and store details.
 *
 * @param data The validated data file.
 * @param baseUrl Public base URL (no trailing slash), for product page URLs.
 * @param info The store details from configuration.
 * @returns The catalogue.
 */
export function createCatalogue(data: StoreData, baseUrl: string, info: StoreInfo): StoreCatalogue {
  const vendorNames = new Map(data.vendors.map((v) => [v.slug, v.name]));
  const all: StoreProduct[] = data.products.map((e) => {
    const formatted = formatLkr(e.price.amount);
    return {
      slug: e.slug,
      url: `${baseUrl}/store/${e.slug}`,
      title: e.title,
      examCode: e.examCode,
      vendor: e.vendor,
      vendorName: vendorNames.get(e.vendor)!,
      level: e.level,
      topic: e.topic,
      price: {
        amount: e.price.amount,
        currency: "LKR",
        formatted,
        officialListUsd: e.price.officialListUsd,
        note: e.price.note,
      },
      availability: AVAILABILITY[e.status],
      delivery: { ...e.delivery },
      validityMonths: e.validityMonths,
      answer: "",
      facts: { ...e.facts },
      factsVerified: e.factsVerified,
      uncertainFields: [...e.uncertainFields],
      status: e.status,
      statusNote: e.statusNote,
      sources: e.sources.map((s) => s.url),
    };
  });
  for (const p of all) p.answer = answer(p, "en");
  // Per language: the products (only `answer` differs), by slug, and the topics.
  const local = Object.fromEntries(LANGS.map((lang) => {
    const products = lang === "en" ? all : all.map((p) => ({
      ...p,
      answer: answer(p, lang),
      // The fixed sentence of the delivery note; the provider stays as the source wrote it.
      delivery: { ...p.delivery, note: translate(lang, p.delivery.note, "store.delivery.") },
    }));
    return [lang, {
      bySlug: new Map(products.map((p) => [p.slug, p])),
      listed: products.filter((p) => p.status === "current"),
      info: {
        ...info,
        paymentMethods: info.paymentMethods.map((m) => translate(lang, m, "store.payment.")),
      },
    }];
  })) as Record<
    Lang,
    { bySlug: Map<string, StoreProduct>; listed: StoreProduct[]; info: StoreInfo }
  >;
  const listed = local.en.listed;
  const vendors = data.vendors.map((v) => ({ slug: v.slug, label: v.name }));
  const topics = [...data.topics].sort((a, b) => a.label.localeCompare(b.label, "en"));
  const topicsByLang = Object.fromEntries(
    LANGS.map((
      lang,
    ) => [lang, topics.map((t) => ({ slug: t.slug, label: topicLabel(t.slug, t.label, lang) }))]),
  ) as Record<Lang, { slug: string; label: string }[]>;
  const pricing: StorePricing = {
    rule: data.pricing.rule,
    exchangeRate: data.exchangeRate.rate,
    exchangeRateDate: data.exchangeRate.date,
    exchangeRateSource: data.exchangeRate.source,
  };

  return {
    all,
    listed,
    info,
    pricing,
    vendors,
    topics,
    topicsIn: (lang) => topicsByLang[lang],
    get(slug, lang = "en") {
      const product = local[lang].bySlug.get(slug);
      if (!product) {
        throw ApiError.notFound(
          `No exam voucher with slug ${JSON.stringify(slug)}: list them at /api/v1/store`,
        );
      }
      return product;
    },
    list({ vendor, topic, q, limit, offset, lang = "en" }) {
      const { listed, info } = local[lang];
      const query = q?.trim().toLowerCase() || null;
      const textMatch = (p: StoreProduct) =>
        query === null || p.title.toLowerCase().includes(query) ||
        p.examCode.toLowerCase().includes(query) || p.slug.includes(query);
      const byText = listed.filter(textMatch);
      const facets = (
        values: readonly { slug: string; label: string }[],
        pool: StoreProduct[],
        key: "vendor" | "topic",
      ): StoreFacet[] =>
        values.map(({ slug, label }) => ({
          slug,
          label,
          count: pool.reduce((n, p) => n + (p[key] === slug ? 1 : 0), 0),
        }));
      const matching = byText.filter((p) =>
        (!vendor || p.vendor === vendor) && (!topic || p.topic === topic)
      );
      return {
        store: info,
        filters: {
          vendors: facets(vendors, byText.filter((p) => !topic || p.topic === topic), "vendor"),
          topics: facets(
            topicsByLang[lang],
            byText.filter((p) => !vendor || p.vendor === vendor),
            "topic",
          ),
        },
        total: matching.length,
        limit,
        offset,
        vendor: vendor ?? null,
        topic: topic ?? null,
        query: q?.trim() || null,
        pricing,
        products: matching.slice(offset, offset + limit),
      };
    },
  };
}
