import assert from "node:assert/strict";
import { STORE_TOPICS, STORE_VENDORS } from "../../core/ops/store.ts";
import { lkrPrice } from "../../scripts/store_data.ts";
import { parseStoreData, STORE_DATA } from "../../server/store/catalogue.ts";

const data = STORE_DATA;
const bySlug = new Map(data.products.map((p) => [p.slug, p]));

/** The rule written out independently of the script: USD x rate, up to the next LKR 100. */
function rule(usd: number, rate: number): number {
  return Math.ceil(Number((usd * rate).toFixed(4)) / 100) * 100;
}

Deno.test("data/store.json holds the 60 researched exams, by vendor as the research counts them", () => {
  assert.equal(data.products.length, 60);
  // research/store.md section 3 "Counts by vendor (60)".
  const expected: Record<string, number> = {
    "aws": 10,
    "microsoft": 13,
    "google-cloud": 6,
    "comptia": 6,
    "cisco": 3,
    "isc2": 3,
    "isaca": 2,
    "pmi": 2,
    "oracle": 2,
    "red-hat": 2,
    "linux-foundation": 4,
    "hashicorp": 2,
    "salesforce": 2,
    "scrum-org": 2,
    "ec-council": 1,
  };
  const counts: Record<string, number> = {};
  for (const p of data.products) counts[p.vendor] = (counts[p.vendor] ?? 0) + 1;
  assert.deepEqual(counts, expected);
});

Deno.test("every product has a source URL, a USD list price and an LKR price that follows the rule", () => {
  const { rate, date } = data.exchangeRate;
  assert.equal(rate, 310, "the research's planning rate");
  assert.equal(date, "2025-12-31", "the end-2025 CBSL rates the planning rate comes from");
  assert.equal(data.pricing.roundUpTo, 100);
  for (const p of data.products) {
    assert.ok(p.sources.length >= 1, `${p.slug} has no source`);
    for (const s of p.sources) assert.match(s.url, /^https?:\/\/[^/]+\.[a-z]{2,}/, p.slug);
    assert.equal(p.facts.official_price_usd, p.price.officialListUsd, p.slug);
    assert.equal(p.price.amount % 100, 0, `${p.slug}: not a multiple of LKR 100`);
    assert.equal(p.price.amount, rule(p.price.officialListUsd, rate), p.slug);
    if (p.status === "free") continue; // checked below: the one free exam sells no voucher
    assert.ok(p.price.officialListUsd > 0, `${p.slug}: USD list price must be positive`);
    assert.ok(p.price.amount >= p.price.officialListUsd * rate, `${p.slug}: rounded down`);
    assert.ok(p.price.amount - p.price.officialListUsd * rate < 100, `${p.slug}: rounded too far`);
  }
});

Deno.test("LKR prices worked by hand: US$150 -> 46,500, US$99 -> 30,700, US$70.50 -> 21,900", () => {
  // 150 x 310 = 46,500 exactly; 99 x 310 = 30,690 -> 30,700; 70.50 x 310 = 21,855 -> 21,900;
  // 749 x 310 = 232,190 -> 232,200.
  assert.equal(bySlug.get("aws-solutions-architect-associate-saa-c03")?.price.amount, 46_500);
  assert.equal(bySlug.get("microsoft-azure-fundamentals-az-900")?.price.amount, 30_700);
  assert.equal(bySlug.get("hashicorp-terraform-associate-004")?.price.amount, 21_900);
  assert.equal(bySlug.get("isc2-cissp")?.price.amount, 232_200);
});

Deno.test("lkrPrice() rounds up in exact arithmetic, never across a boundary by float error", () => {
  assert.equal(lkrPrice(150, 310), 46_500); // exact multiple stays
  assert.equal(lkrPrice(0.1, 3000), 300); // 0.1 x 3000 is 300.00000000000006 in floats
  assert.equal(lkrPrice(33.33, 300), 10_000); // 9,999 -> 10,000
  assert.equal(lkrPrice(1, 310.0001), 400); // 310.0001 -> 400
  assert.equal(lkrPrice(0, 310), 0);
});

Deno.test("the only product without a USD price is the free Oracle exam, and it is not sold", () => {
  const unpriced = data.products.filter((p) => p.price.officialListUsd <= 0).map((p) => p.slug);
  assert.deepEqual(unpriced, ["oracle-oci-foundations-associate-1z0-1085-26"]);
  const free = bySlug.get(unpriced[0]!)!;
  assert.equal(free.status, "free");
  assert.equal(free.price.amount, 0);
  assert.match(free.price.note ?? "", /Free exam/);
});

Deno.test("the retiring exam of the research (CySA+ CS0-003) is marked retiring, the rest current", () => {
  const notCurrent = data.products.filter((p) => p.status !== "current").map((p) => [
    p.slug,
    p.status,
  ]);
  assert.deepEqual(notCurrent, [
    ["comptia-cysa-plus-cs0-003", "retiring"],
    ["oracle-oci-foundations-associate-1z0-1085-26", "free"],
  ]);
  assert.match(bySlug.get("comptia-cysa-plus-cs0-003")!.statusNote!, /CS0-004/);
  // Replacements the research recommends listing instead of retired exams are present.
  for (const code of ["AI-901", "SC-500", "SOA-C03", "SCS-C03", "TA-004", "VA-003", "220-1201"]) {
    assert.ok(data.products.some((p) => p.examCode === code), code);
  }
  for (const retired of ["AI-900", "AZ-500", "AZ-204", "SOA-C02", "SCS-C02", "220-1101"]) {
    assert.ok(!data.products.some((p) => p.examCode === retired), retired);
  }
});

Deno.test("unconfirmed fields are marked by API path and exactly those products are unverified", () => {
  const paths = new Set([
    "price.officialListUsd",
    "examCode",
    "validityMonths",
    ...Object.keys(data.products[0]!.facts).map((k) => `facts.${k}`),
  ]);
  for (const p of data.products) {
    for (const field of p.uncertainFields) assert.ok(paths.has(field), `${p.slug}: ${field}`);
    assert.equal(p.factsVerified, p.uncertainFields.length === 0, p.slug);
  }
  // Research: languages are unconfirmed for 49 products, the USD price for 17.
  const count = (field: string) =>
    data.products.filter((p) => p.uncertainFields.includes(field)).length;
  assert.equal(count("facts.languages"), 49);
  assert.equal(count("price.officialListUsd"), 17);
  // CCNA: every research fact confirmed, and Cisco's 12-month voucher expiry is published.
  assert.equal(bySlug.get("cisco-ccna-200-301")!.factsVerified, true);
  // HashiCorp: research facts all confirmed, but the voucher validity is an assumption.
  assert.deepEqual(bySlug.get("hashicorp-terraform-associate-004")!.uncertainFields, [
    "validityMonths",
  ]);
});

Deno.test("the vendor and topic slugs of the operation's schema are exactly those of the data", () => {
  assert.deepEqual([...STORE_VENDORS], data.vendors.map((v) => v.slug));
  assert.deepEqual([...STORE_TOPICS].sort(), data.topics.map((t) => t.slug).sort());
  for (const p of data.products) {
    assert.ok(STORE_VENDORS.includes(p.vendor), p.slug);
    assert.ok(STORE_TOPICS.includes(p.topic), p.slug);
  }
});

Deno.test("parseStoreData() refuses duplicate slugs and undeclared vendors", () => {
  const copy = structuredClone(data);
  copy.products.push(structuredClone(copy.products[0]!));
  assert.throws(() => parseStoreData(copy), /duplicate slug aws-cloud-practitioner-clf-c02/);
  const other = structuredClone(data);
  other.products[0]!.vendor = "nobody";
  assert.throws(() => parseStoreData(other), /unknown vendor/);
});
