/**
 * Builds and reprices `data/store.json`, the certification exam voucher catalogue.
 *
 * ```sh
 * # Rebuild the whole file from the research catalogue (keeps nothing from the old file):
 * deno run --allow-read --allow-write scripts/store_data.ts import ../shared/research/store-catalogue.json
 * # Reprice every product at a new exchange rate (and record the rate's date):
 * deno run --allow-read --allow-write scripts/store_data.ts prices --rate 312.5 --rate-date 2026-11-30
 * # Verify that every LKR price in the file follows the rule at the recorded rate:
 * deno run --allow-read scripts/store_data.ts check
 * ```
 *
 * The pricing rule: `price.amount` (LKR) = `price.officialListUsd` x `exchangeRate.rate`, rounded
 * up to the next multiple of LKR 100. It is computed in integers (US cents x rate in 1/10000) so
 * that no floating-point error can move a price across a 100 boundary.
 *
 * @module
 */

const DATA_PATH = new URL("../data/store.json", import.meta.url);

/** Prices are rounded up to a multiple of this many rupees. */
export const ROUND_UP_TO_LKR = 100;

/**
 * The LKR price of a voucher: USD list price x rate, rounded up to the next LKR 100.
 *
 * @param usd The official US list price (at most two decimals).
 * @param rate LKR per USD (at most four decimals).
 * @returns The LKR amount, a multiple of 100.
 */
export function lkrPrice(usd: number, rate: number): number {
  const cents = Math.round(usd * 100);
  const rateE4 = Math.round(rate * 10_000);
  // LKR = cents x rateE4 / 1e6; in units of LKR 100 that is cents x rateE4 / 1e8, rounded up.
  const unit = 100 * 10_000 * ROUND_UP_TO_LKR;
  const product = cents * rateE4;
  return Math.floor((product + unit - 1) / unit) * ROUND_UP_TO_LKR;
}

// ---------------------------------------------------------------------------------------------
// Mapping tables applied on import (facts the research file does not carry in this shape).

const TOPIC_LABELS: Record<string, string> = {
  "agile": "Agile and Scrum",
  "ai": "AI and machine learning",
  "audit-governance": "Audit and governance",
  "cloud": "Cloud",
  "cloud-native": "Cloud native and Kubernetes",
  "crm": "CRM",
  "data": "Data and analytics",
  "development": "Software development",
  "devops": "DevOps and automation",
  "it-support": "IT support",
  "linux": "Linux",
  "low-code": "Low-code",
  "modern-work": "Modern work (Microsoft 365)",
  "networking": "Networking",
  "project-management": "Project management",
  "security": "Security",
};

interface VoucherPolicy {
  validityMonths: number;
  verified: boolean;
  note: string;
  source?: { url: string; type: string; seenInSource: boolean; note: string };
}

const ASSUMED_POLICY: VoucherPolicy = {
  validityMonths: 12,
  verified: false,
  note:
    "Assumed: exam vouchers commonly expire 12 months after issue; no retrieved source confirms it for this vendor. Check the expiry date sent with the voucher.",
};

/** How long a voucher stays usable, by vendor (at least this many months from issue). */
const VOUCHER_POLICIES: Record<string, VoucherPolicy> = {
  "comptia": {
    validityMonths: 12,
    verified: true,
    note:
      "CompTIA vouchers are single use, exam-specific, non-refundable and typically expire 12 months after purchase.",
    source: {
      url:
        "https://help.comptia.org/hc/en-us/articles/115005195106-About-Certification-Exam-Vouchers",
      type: "official",
      seenInSource: true,
      note: "Vouchers non-refundable, typically valid 1 year, exam-specific, single use",
    },
  },
  "ec-council": {
    validityMonths: 12,
    verified: true,
    note: "EC-Council vouchers are valid for one year; a three-month extension costs US$35.",
    source: {
      url: "https://cert.eccouncil.org/faq.html",
      type: "official",
      seenInSource: true,
      note: "Voucher valid 1 year; application approval valid 3 months",
    },
  },
  "cisco": {
    validityMonths: 12,
    verified: true,
    note: "Cisco exam vouchers expire one year from issue and cannot be extended.",
    source: {
      url: "https://www.pearsonvue.com/us/en/cisco/vouchers.html",
      type: "official",
      seenInSource: true,
      note: "All Cisco certification exam vouchers have a one-year expiration date from issuance",
    },
  },
  "isaca": {
    validityMonths: 12,
    verified: true,
    note: "ISACA exam registration gives a 12-month eligibility window to sit the exam.",
    source: {
      url:
        "https://open-exam-prep.com/study-guides/cisa/orientation-and-exam-strategy/current-exam-facts",
      type: "secondary",
      seenInSource: true,
      note: "12-month eligibility window after registration",
    },
  },
  "linux-foundation": {
    validityMonths: 12,
    verified: true,
    note: "Linux Foundation exam purchases must be scheduled and taken within 12 months.",
    source: {
      url: "https://ckaexam.com/blog/cka-certification",
      type: "secondary",
      seenInSource: true,
      note: "12-month eligibility from purchase",
    },
  },
  "scrum-org": {
    validityMonths: 12,
    verified: true,
    note:
      "Scrum.org assessment passwords do not expire, so the voucher stays usable for at least 12 months.",
    source: {
      url: "https://www.scrum.org/assessments/professional-scrum-master-i-certification",
      type: "official",
      seenInSource: true,
      note: "Assessment password does not expire",
    },
  },
  "google-cloud": {
    ...ASSUMED_POLICY,
    note:
      "Google Cloud vouchers carry their own expiration date; 12 months is assumed, not confirmed. Check the date on the voucher.",
    source: {
      url: "https://support.google.com/cloud-certification/answer/10055456",
      type: "official",
      seenInSource: true,
      note: "Vouchers are single-use and date-sensitive; redeem by the stated expiration date",
    },
  },
};

/** Research field names mapped to the API field paths they fill. */
const FIELD_PATHS: Record<string, string> = {
  officialListUsd: "price.officialListUsd",
  durationMinutes: "facts.duration_minutes",
  questions: "facts.question_count",
  passingScore: "facts.passing_score",
  prerequisites: "facts.prerequisites",
  languages: "facts.languages",
  delivery: "facts.delivery_provider",
  validityYears: "facts.validity_years",
  examCode: "examCode",
};

/** Status notes reworded for buyers (the research's notes are addressed to the store). */
const STATUS_NOTES: Record<string, string> = {
  "comptia-cysa-plus-cs0-003":
    "CompTIA launched CySA+ CS0-004 on 23 June 2026; CS0-003 usually stays available for about six months after a new version, so it is not sold here any more.",
};

const STATUS: Record<string, "current" | "retiring"> = {
  "active": "current",
  "new": "current",
  "active-retiring": "retiring",
};

// ---------------------------------------------------------------------------------------------

interface ResearchSource {
  url: string;
  type: string;
  seenInSource: boolean;
  note?: string;
}

interface ResearchProduct {
  slug: string;
  vendor: { slug: string; name: string };
  title: string;
  examCode: string;
  level: string;
  vendorLevel: string;
  topic: string;
  officialListUsd: number;
  priceNote: string | null;
  durationMinutes: number;
  questions: string;
  passingScore: string;
  prerequisites: string;
  languages: string;
  delivery: string;
  validityYears: string;
  status: string;
  statusNote: string | null;
  uncertainFields: string[];
  notes: string | null;
  sources: ResearchSource[];
}

// deno-lint-ignore no-explicit-any
type Json = any;

function deliveryNote(p: ResearchProduct): string {
  if (p.vendor.slug === "scrum-org") {
    return `Scrum.org assessment password sent by email once payment is confirmed; take the assessment ${
      p.delivery.replace(/^Online via Scrum\.org, /, "online at Scrum.org, ")
    }.`;
  }
  return `Voucher code sent by email once payment is confirmed; redeem it when booking the exam. Exam delivery: ${p.delivery}.`;
}

function importResearch(research: Json): Json {
  const rate = research.exchangeRate;
  const end2025 = rate.dataPoints.find((d: Json) => String(d.date).startsWith("2025-12-31"));
  const products = (research.products as ResearchProduct[]).map((p) => {
    const policy = VOUCHER_POLICIES[p.vendor.slug] ?? ASSUMED_POLICY;
    const uncertain = p.uncertainFields.map((f) => {
      const path = FIELD_PATHS[f];
      if (!path) throw new Error(`${p.slug}: unknown uncertain field ${f}`);
      return path;
    });
    if (!policy.verified) uncertain.push("validityMonths");
    const free = p.officialListUsd === 0;
    const status = free ? "free" : STATUS[p.status];
    if (!status) throw new Error(`${p.slug}: unknown status ${p.status}`);
    const sources = p.sources.map(({ url, type, seenInSource, note }) => ({
      url,
      type,
      seenInSource,
      ...(note ? { note } : {}),
    }));
    if (policy.source && !sources.some((s) => s.url === policy.source!.url)) {
      sources.push({ ...policy.source });
    }
    return {
      slug: p.slug,
      title: p.title,
      examCode: p.examCode,
      vendor: p.vendor.slug,
      level: p.level,
      vendorLevel: p.vendorLevel,
      topic: p.topic,
      status,
      statusNote: free
        ? "Oracle offers this exam free of charge, so the store sells no voucher for it."
        : STATUS_NOTES[p.slug] ?? p.statusNote,
      price: { officialListUsd: p.officialListUsd, amount: 0, note: p.priceNote },
      validityMonths: policy.validityMonths,
      validityNote: policy.note,
      delivery: {
        method: p.vendor.slug === "scrum-org" ? "email (assessment password)" : "email",
        automatic: false,
        note: deliveryNote(p),
      },
      facts: {
        duration_minutes: p.durationMinutes,
        question_count: p.questions,
        passing_score: p.passingScore,
        prerequisites: p.prerequisites,
        languages: p.languages,
        delivery_provider: p.delivery,
        official_price_usd: p.officialListUsd,
        validity_years: p.validityYears,
      },
      uncertainFields: uncertain,
      factsVerified: uncertain.length === 0,
      notes: p.notes,
      sources,
    };
  });
  const vendors: Json[] = [];
  for (const p of research.products as ResearchProduct[]) {
    if (!vendors.some((v) => v.slug === p.vendor.slug)) vendors.push({ ...p.vendor });
  }
  const topics = (research.meta.topicVocabulary as string[]).map((slug) => {
    const label = TOPIC_LABELS[slug];
    if (!label) throw new Error(`No label for topic ${slug}`);
    return { slug, label };
  });
  return {
    title: "Certification exam voucher catalogue (Sri Lanka, LKR)",
    compiledOn: research.meta.compiledOn,
    factsAsOf: research.meta.factsAsOf,
    currencyNote: research.meta.currencyNote,
    uncertaintyConvention:
      "uncertainFields lists the API fields (by path) that no retrieved source confirms or where sources disagree; factsVerified is true only when the list is empty. sources[].seenInSource=false means the URL is the vendor's canonical page but its text was not retrieved.",
    levels: research.meta.levelVocabulary,
    levelMapping: research.meta.levelMapping,
    pricing: {
      rule:
        "price.amount (LKR) = price.officialListUsd x exchangeRate.rate, rounded up to the next LKR 100. Set by scripts/store_data.ts; rerun it after changing the rate.",
      roundUpTo: ROUND_UP_TO_LKR,
      note:
        "The US list price converted at a reference rate; it excludes card or FX fees and taxes. Several vendors price by country, so the price in Sri Lanka may differ.",
    },
    exchangeRate: {
      base: "USD",
      quote: "LKR",
      rate: rate.referenceRate,
      date: "2025-12-31",
      basis: rate.referenceRateBasis,
      source: end2025.source,
      officialSource: rate.officialSource,
      dataPoints: rate.dataPoints,
    },
    vendors,
    topics,
    products,
  };
}

/**
 * Sets every product's LKR amount from its USD list price at the file's exchange rate.
 *
 * @param data The parsed data file.
 * @returns The number of prices changed.
 */
export function reprice(data: Json): number {
  let changed = 0;
  for (const p of data.products) {
    const amount = lkrPrice(p.price.officialListUsd, data.exchangeRate.rate);
    if (p.price.amount !== amount) changed++;
    p.price.amount = amount;
  }
  return changed;
}

function arg(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

async function writeData(data: Json): Promise<void> {
  await Deno.writeTextFile(DATA_PATH, JSON.stringify(data, null, 2) + "\n");
}

async function main(args: string[]): Promise<number> {
  const [command] = args;
  if (command === "import") {
    const path = args[1];
    if (!path) throw new Error("Usage: store_data.ts import <store-catalogue.json>");
    const data = importResearch(JSON.parse(await Deno.readTextFile(path)));
    reprice(data);
    await writeData(data);
    console.log(`Wrote ${data.products.length} products to data/store.json`);
    return 0;
  }
  const data = JSON.parse(await Deno.readTextFile(DATA_PATH));
  if (command === "prices") {
    const rate = arg(args, "--rate");
    const date = arg(args, "--rate-date");
    if (rate !== undefined) {
      if (!/^\d+(\.\d{1,4})?$/.test(rate) || Number(rate) <= 0) {
        throw new Error(`--rate must be a positive number with at most 4 decimals: ${rate}`);
      }
      if (!date || !/^\d{4}-\d{2}-\d{2}$/.test(date)) {
        throw new Error("--rate needs --rate-date YYYY-MM-DD (the date the rate applies to)");
      }
      data.exchangeRate.rate = Number(rate);
      data.exchangeRate.date = date;
    }
    const changed = reprice(data);
    await writeData(data);
    console.log(`Repriced at ${data.exchangeRate.rate} LKR/USD: ${changed} prices changed`);
    return 0;
  }
  if (command === "check") {
    const changed = reprice(data);
    console.log(
      changed ? `${changed} prices do not follow the rule` : "All prices follow the rule",
    );
    return changed ? 1 : 0;
  }
  console.error(
    "Usage: store_data.ts import <research.json> | prices [--rate N --rate-date D] | check",
  );
  return 2;
}

if (import.meta.main) Deno.exit(await main(Deno.args));
