/**
 * The certification exam voucher catalogue (spec 2.17, 4.15): the operation's contract only.
 *
 * The catalogue itself (`data/store.json`, about 150 KB) stays on the server and out of the SDK
 * bundle; the server answers this operation (`server/store/`), and the SDK calls the server.
 *
 * @module
 */
import * as z from "zod/mini";
import { defineRemoteOperation, type Operation } from "../operation.ts";
import { integer, oneOf, text } from "../params.ts";
import { type Lang, langParam } from "../lang_param.ts";

/** Vendor slugs of the catalogue, in the order the catalogue lists vendors. */
export const STORE_VENDORS: readonly string[] = [
  "aws",
  "microsoft",
  "google-cloud",
  "comptia",
  "cisco",
  "isc2",
  "isaca",
  "pmi",
  "oracle",
  "red-hat",
  "linux-foundation",
  "hashicorp",
  "salesforce",
  "scrum-org",
  "ec-council",
];

/** Topic slugs of the catalogue, alphabetical. */
export const STORE_TOPICS: readonly string[] = [
  "agile",
  "ai",
  "audit-governance",
  "cloud",
  "cloud-native",
  "crm",
  "data",
  "development",
  "devops",
  "it-support",
  "linux",
  "low-code",
  "modern-work",
  "networking",
  "project-management",
  "security",
];

/** Most products one page returns (also the default: the whole catalogue). */
export const STORE_MAX_LIMIT = 200;

/** Where a product stands: sold (`current`), sold but being replaced (`retiring`), or free. */
export type StoreProductStatus = "current" | "retiring" | "free";

/** Parameters of {@linkcode store}. */
export interface StoreParams {
  /** One product by slug, instead of a listing. */
  slug?: string | undefined;
  /** Vendor slug filter. */
  vendor?: string | undefined;
  /** Topic slug filter. */
  topic?: string | undefined;
  /** Case-insensitive substring of title, exam code or slug. */
  q?: string | undefined;
  /** Page size, 1 to 200. */
  limit: number;
  /** Products to skip. */
  offset: number;
  /**
   * Language of the text for people: topic labels in `filters.topics` and each product's
   * `answer` (default `en`). Codes, slugs, names (exam titles, vendors) and the catalogue's
   * per-exam notes from vendor sources do not change.
   */
  lang?: Lang | undefined;
}

/** The store selling the vouchers (from the server's configuration). */
export interface StoreInfo {
  name: string;
  url: string;
  country: string;
  currency: string;
  paymentMethods: string[];
  refunds: string;
}

/** One facet value with the number of products it would match. */
export interface StoreFacet {
  slug: string;
  label: string;
  count: number;
}

/** Price of a voucher. */
export interface StorePrice {
  /** LKR: the USD list price at the reference rate, rounded up to the next LKR 100. */
  amount: number;
  currency: "LKR";
  /** `amount` formatted with `Intl.NumberFormat("en-LK", { style: "currency", currency: "LKR" })`. */
  formatted: string;
  /** The vendor's official US list price for one attempt. */
  officialListUsd: number;
  /** Caveats about the price (regional pricing, conflicting sources), or null. */
  note: string | null;
}

/** How the voucher reaches the buyer. */
export interface StoreDelivery {
  method: string;
  automatic: boolean;
  note: string;
}

/** Exam facts, as the vendor sources give them. */
export interface StoreFacts {
  duration_minutes: number;
  question_count: string;
  passing_score: string;
  prerequisites: string;
  languages: string;
  delivery_provider: string;
  official_price_usd: number;
  validity_years: string;
}

/** One exam voucher (spec 2.17 product). */
export interface StoreProduct {
  slug: string;
  /** The product's human page. */
  url: string;
  title: string;
  examCode: string;
  vendor: string;
  vendorName: string;
  level: string;
  topic: string;
  price: StorePrice;
  /** A schema.org availability URL. */
  availability: string;
  delivery: StoreDelivery;
  /** Months the voucher stays usable after issue, at least. */
  validityMonths: number;
  /** A short sentence stating the LKR price and the official USD list price. */
  answer: string;
  facts: StoreFacts;
  /** True only when every field listed in `uncertainFields` is confirmed, i.e. the list is empty. */
  factsVerified: boolean;
  /** Field paths no retrieved source confirms (for example `facts.languages`). */
  uncertainFields: string[];
  status: StoreProductStatus;
  statusNote: string | null;
  /** Vendor and secondary sources of the facts. */
  sources: string[];
}

/** The pricing rule and the exchange rate it used. */
export interface StorePricing {
  rule: string;
  /** LKR per USD. */
  exchangeRate: number;
  /** The date the rate applies to, `YYYY-MM-DD`. */
  exchangeRateDate: string;
  exchangeRateSource: string;
}

/** A page of the catalogue (spec 2.17). */
export interface StoreListing {
  store: StoreInfo;
  filters: { vendors: StoreFacet[]; topics: StoreFacet[] };
  total: number;
  limit: number;
  offset: number;
  vendor: string | null;
  topic: string | null;
  query: string | null;
  pricing: StorePricing;
  products: StoreProduct[];
}

/** Result of {@linkcode store}: a listing, or one product when `slug` is given. */
export type StoreResult = StoreListing | StoreProduct;

const params = z.object({
  slug: z.optional(
    text({
      maxLength: 120,
      description: "Return this one product instead of a listing",
      example: "aws-cloud-practitioner-clf-c02",
    }),
  ),
  vendor: z.optional(oneOf(STORE_VENDORS, {
    description: "Vendor slug, as listed in filters.vendors[].slug",
    example: "aws",
  })),
  topic: z.optional(oneOf(STORE_TOPICS, {
    description: "Topic slug, as listed in filters.topics[].slug",
    example: "security",
  })),
  q: z.optional(text({
    maxLength: 100,
    description: "Case-insensitive substring of the title, exam code or slug",
  })),
  limit: z._default(
    integer({
      min: 1,
      max: STORE_MAX_LIMIT,
      description: "Page size 1 to 200; default 200, the whole catalogue",
    }),
    STORE_MAX_LIMIT,
  ),
  offset: z._default(
    integer({ min: 0, max: 1_000_000, description: "Products to skip; default 0" }),
    0,
  ),
  lang: langParam(),
});

const facet = z.object({ slug: z.string(), label: z.string(), count: z.int() });

const product: z.ZodMiniType<StoreProduct> = z.object({
  slug: z.string(),
  url: z.url().check(z.describe("Human page of the product")),
  title: z.string(),
  examCode: z.string(),
  vendor: z.string().check(z.describe("Vendor slug")),
  vendorName: z.string(),
  level: z.string().check(z.describe("foundational, associate, professional, specialty or expert")),
  topic: z.string().check(z.describe("Topic slug")),
  price: z.object({
    amount: z.number().check(
      z.describe("LKR: USD list price x rate, rounded up to the next LKR 100"),
    ),
    currency: z.literal("LKR"),
    formatted: z.string(),
    officialListUsd: z.number(),
    note: z.nullable(z.string()),
  }),
  availability: z.url().check(z.describe("schema.org availability")),
  delivery: z.object({ method: z.string(), automatic: z.boolean(), note: z.string() }),
  validityMonths: z.int(),
  answer: z.string(),
  facts: z.object({
    duration_minutes: z.int(),
    question_count: z.string(),
    passing_score: z.string(),
    prerequisites: z.string(),
    languages: z.string(),
    delivery_provider: z.string(),
    official_price_usd: z.number(),
    validity_years: z.string(),
  }),
  factsVerified: z.boolean(),
  uncertainFields: z.array(z.string()).check(
    z.describe("Field paths no retrieved source confirms"),
  ),
  status: z.enum(["current", "retiring", "free"]),
  statusNote: z.nullable(z.string()),
  sources: z.array(z.url()),
});

const listing: z.ZodMiniType<StoreListing> = z.object({
  store: z.object({
    name: z.string(),
    url: z.url(),
    country: z.string(),
    currency: z.string(),
    paymentMethods: z.array(z.string()),
    refunds: z.url(),
  }),
  filters: z.object({ vendors: z.array(facet), topics: z.array(facet) }),
  total: z.int().check(z.describe("Products matching the filters")),
  limit: z.int(),
  offset: z.int(),
  vendor: z.nullable(z.string()),
  topic: z.nullable(z.string()),
  query: z.nullable(z.string()),
  pricing: z.object({
    rule: z.string(),
    exchangeRate: z.number(),
    exchangeRateDate: z.string(),
    exchangeRateSource: z.url(),
  }),
  products: z.array(product),
});

const result: z.ZodMiniType<StoreResult> = z.union([listing, product]);

/** `GET /api/v1/store`: the exam voucher catalogue, served by the server only. */
export const store: Operation<unknown, StoreResult> = defineRemoteOperation({
  name: "store",
  method: "GET",
  path: "/store",
  title: "Certification exam vouchers",
  description:
    "IT certification exam vouchers priced in LKR with the official USD list price, filterable by vendor, topic and text, with facet counts; slug returns one product.",
  tag: "Reference",
  params,
  result,
  example: "/api/v1/store?vendor=aws&q=architect",
  page: "store",
  errors: { "404": "No product with this slug" },
});
