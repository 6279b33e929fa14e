/**
 * Acceptance of issue 19, "answers in the reader's language": every local operation that takes
 * `lang` answers in Sinhala and Tamil with no Latin-script word except codes and names that have
 * no translation, with the same codes and fields as in English, and English is unchanged unless
 * asked for.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import plateData from "../../data/plates.json" with { type: "json" };
import { execute } from "../../core/execute.ts";
import { EN } from "../_helpers/catalogue.ts";
import { findTemplate } from "../../core/i18n.ts";
import { registerAllMessages } from "../../core/i18n_all.ts";
import { takesLang } from "../../core/lang_param.ts";
import type { OperationContext } from "../../core/operation.ts";
import { operations } from "../../core/registry.ts";
import { RULES } from "../../core/rules/registry.ts";
import { latinWords } from "../_helpers/latin.ts";

registerAllMessages();

const ctx: OperationContext = { today: "2026-06-15", baseUrl: "https://lanka.test" };

/**
 * Fields whose values are codes, identifiers, dates or echoes of the request: the same in every
 * language (checked against English), not text for people.
 */
const CODE_FIELDS = new Set([
  // identifiers, codes and enums
  "slug",
  "id",
  "code",
  "statistics",
  "kind",
  "provinceCode",
  "reasonCode",
  "format",
  "gender",
  "type",
  "calendar",
  "poya",
  "count",
  "confidence",
  "undated",
  "category",
  "categories",
  "keywords",
  "gazette",
  "amendedBy",
  // numbers as written, dates and links
  "nic",
  "newNic",
  "oldNic",
  "plate",
  "series",
  "number",
  "date",
  "originalDate",
  "from",
  "to",
  "lastVerified",
  "sourceUrl",
  "url",
  "apiPath",
  // echoes of the request
  "query",
  // the dataset's own Sinhala and Tamil names, the same in every answer
  "nameSinhala",
  "nameTamil",
]);

/** Fields exempt per operation, with the reason. */
const EXEMPT: Record<string, Record<string, string>> = {
  wht: {
    source: "a citation: the IRD circular or Act, as it is named",
    payment: "the payment type's id (a code)",
    currency: "a currency code",
  },
  sscl: {
    sources: "citations: the Act, the IRD notices and lk-tax, as they are named",
    activity: "the activity's id (a code)",
    period: "the period's value (an enum)",
    currency: "a currency code",
  },
  "al-combination": {
    sources: "citations: addresses and the research's notes on them, kept as cited",
    confidence: "how sure the rule is (a code, as /z-score gives it)",
  },
  "z-score": {
    sources: "citations: addresses and the research's notes on them, kept as cited",
    source: "a citation (an address)",
    subjects: "a stream's subject ids (codes)",
    group: "a subject's group id (a code)",
    aliases: "other ids a subject is found by (codes)",
  },
  "scholarship-cutoff": {
    medium: "the medium's value (an enum, like a code)",
    mediums: "the mediums' values (an enum)",
    status: "a year's status (an enum)",
    yearStatus: "a year's status (an enum)",
    examDate: "a date",
    resultsReleased: "a date",
    school: "school names as the sources print them (no Sinhala or Tamil source)",
    source: "a citation (an address)",
    sources: "citations (addresses)",
  },
  words: {
    "lang@top": "the echo of the language asked for",
    "style@top": "the echo of the style used, whose default follows the language",
  },
  // The echo of the province filter is its canonical (English) spelling, like a code.
  districts: {
    "province@top": "the filter's echo",
  },
  payslip: {
    "employment@top": "the echo of the employment asked for (an enum)",
  },
  gratuity: {
    "basis@top": "the basis used (an enum)",
  },
  "minimum-wage": {
    "source@top": "a citation: the publication's name, as cited",
  },
  apit: {
    rounding: "Table 01's rounding used (an enum)",
  },
  paye: {
    "rounding@top": "the rounding used (an enum)",
  },
  "electricity-bill": {
    source: "a citation: what the decision's figures were read from, as cited",
    window: "the time-of-use window's id (an enum: offPeak, day, peak)",
  },
  phone: {
    "input@top": "the echo of the number as typed",
    "source@top": "a citation: the library and the tables, as named",
    districtSlug: "the district's slug in /districts (a code)",
  },
  // Labour (issue 31): the enums echoed, and the citation of the rule, kept as cited.
  ...Object.fromEntries(
    ["maternity", "leave", "overtime", "no-pay", "holiday-pay", "termination", "injury"].map((
      name,
    ) => [name, {
      "source@top": "a citation (the publications the rule was read in), kept as cited",
      scheme: "the scheme used (an enum)",
      firstYearCasual: "the first-year casual leave rule used (an enum)",
      divisor: "the divisor used (an enum)",
      holiday: "the kind of holiday (an enum)",
      outcome: "the outcome asked for (an enum)",
    }]),
  ),
  "epf-projection": {
    "source@top": "a citation (the publications the rates were read in), kept as cited",
    crediting: "the crediting convention used (an enum)",
    epfStatus: "how sure a year's rate is (an enum)",
    etfStatus: "how sure a year's rate is (an enum)",
  },
  // The rules (docs/rules.md): the inputs echoed as read (codes), their sources as cited.
  ...Object.fromEntries(RULES.map(({ source }) => [source.rule.name, {
    parameter: "the rule's parameter a source gave (an id)",
    source: "a citation: what the figure was read from, as it names itself",
    test: "the threshold's test (an enum)",
    phase: "the moon's phase (an enum)",
    award: "the NVQ level's award (an enum)",
    ...Object.fromEntries(
      Object.keys(source.rule.inputs).map((input) => [input, "an input echoed (a code)"]),
    ),
  }])),
};

/** A rule's golden cases that answer (tests/rules/cases/), as requests. */
function ruleRequests(name: string): [string, string][][] {
  const file = JSON.parse(
    Deno.readTextFileSync(new URL(`../rules/cases/${name}.json`, import.meta.url)),
  ) as { cases: { params: Record<string, string>; status?: number }[] };
  return file.cases.filter((c) => c.status === undefined).map((c) => Object.entries(c.params));
}

/** Requests that together reach every sentence each operation writes. */
function requests(): Record<string, [string, string][][]> {
  const plates = [
    "WP-CAB-1234",
    "CAB-1234",
    "",
    "0-1234",
    "19-0000",
    "WP-C-1234",
    "XX-CAB-1234",
    "CAB-123",
    "CAB-0000",
    "12345678",
    "!!",
    "19-1234",
    "15 ශ්‍රී 1234",
    ...plateData.letterBlocks.flatMap((b) => [`${b.from}-1234`, `WP-${b.from}-1234`]),
    ...plateData.numericSeries.flatMap((s) => [`${s.series}-1234`, `${s.series} SRI 1234`]),
    ...plateData.ceylonSeries.letters.map((l) => `${l}-1234`),
  ];
  const nics = [
    "913014146V",
    "199130104146",
    "",
    "913014146",
    "913014146A",
    "12345",
    "abc",
    "910004146V",
    "900604146V",
    "203001004146",
    "188001004146",
  ];
  return {
    nic: nics.map((n) => [["number", n]]),
    plate: plates.map((p) => [["plate", p]]),
    holidays: [2021, 2022, 2023, 2024, 2025, 2026, 2027].map((y) => [["year", String(y)]]),
    "is-holiday": ["2021-01-14", "2022-10-09", "2023-07-03", "2026-05-31", "2026-12-24"].map((
      d,
    ) => [["date", d]]),
    "working-days-add": ["public", "bank", "mercantile", "government"].map((c) => [
      ["from", "2023-06-01"],
      ["days", "600"],
      ["calendar", c],
    ]),
    "working-days": ["public", "bank", "mercantile", "government"].map((c) => [
      ["from", "2026-01-01"],
      ["to", "2027-12-31"],
      ["calendar", c],
    ]),
    wht: [
      ...["service-fee", "interest", "rent", "winnings", "rent-non-resident", "gem-auction"].map((
        p,
      ): [string, string][] => [
        ["payment", p],
        ["amount", "80000"],
        ["date", "2026-06-10"],
        ["paidThisMonth", "30000"],
      ]),
      [["payment", "service-fee"], ["amount", "50000"], ["date", "2024-02-01"]] as [
        string,
        string,
      ][],
      [["payment", "winnings"], ["amount", "1000"], ["date", "2024-02-01"]] as [string, string][],
    ],
    sscl: ["import", "manufacture", "service", "distributor", "wholesale-retail"].map((a) => [
      ["turnover", "40000000"],
      ["date", "2026-09-30"],
      ["activity", a],
    ]),
    districts: [[], [["province", "Uva"]]],
    tools: [[["limit", "200"]]],
    "al-combination": [
      [["subjects", "biology,chemistry,physics"]],
      [["subjects", "business-studies,accounting,economics"]],
      [["subjects", "sinhala,history,geography"]],
      [["subjects", "biology,combined-maths,economics"]],
    ],
    "z-score": [
      [],
      [["subjects", "physics:72,chemistry:68,combined-maths:80"]],
      [["subjects", "biology:70,chemistry:60,physics:55"]],
      [["subjects", "accounting:70,business-studies:60,economics:55"]],
      [["subjects", "physics:72:50:10,chemistry:68:45:12,combined-maths:80:40:15"]],
      [["subjects", "sinhala:60,history:55,geography:50"]],
      [["subjects", "engineering-technology:60,science-for-technology:55,ict:50"]],
      [["subjects", "biosystems-technology:60,science-for-technology:55,economics:50"]],
      [["subjects", "physics:60,history:55,accounting:50"]],
    ],
    "scholarship-cutoff": [
      [],
      [["year", "2024"]],
      [["year", "2025"]],
      [["year", "2026"]],
      [["district", "Colombo"], ["medium", "Sinhala"], ["mark", "150"]],
      [["district", "Colombo"], ["medium", "Tamil"], ["year", "2025"], ["mark", "120"]],
      [["district", "Jaffna"], ["medium", "Sinhala"], ["year", "2024"]],
      [["district", "Kilinochchi"], ["medium", "Sinhala"], ["year", "2024"], ["mark", "180"]],
      [["district", "Badulla"], ["medium", "Sinhala"], ["year", "2025"]],
      [["district", "Kandy"], ["medium", "Tamil"], ["year", "2026"], ["mark", "100"]],
    ],
    payslip: [
      // IRD Table 02 2025/26 worked example, lump sum not counted for EPF/ETF, then counted
      [["basic", "170000"], ["bonus", "600000"], ["date", "2025-04-25"]],
      [["basic", "170000"], ["bonus", "600000"], ["bonusEpf", "1"], ["date", "2025-04-25"]],
      // Table 02's earlier versions; after the tables held (tableNotYetPublished)
      [["basic", "120000"], ["bonus", "400000"], ["date", "2023-02-25"]],
      [["basic", "120000"], ["bonus", "400000"], ["date", "2023-06-25"]],
      [["basic", "170000"], ["bonus", "600000"], ["date", "2027-04-25"]],
      // below the minimum wage, before and after the relief allowances became part of it
      [["basic", "10000"], ["date", "2024-06-25"]],
      [["basic", "10000"], ["bra", "1000"], ["date", "2025-06-25"]],
      [["basic", "10000"], ["date", "2026-06-25"]],
      // secondary employment (Table 07), gross-up that cannot be exact
      [["basic", "100000"], ["employment", "secondary"], ["primaryMonthly", "150000"], [
        "date",
        "2023-02-25",
      ]],
      [["net", "1"], ["allowances", "20000"], ["date", "2026-01-25"]],
      [["net", "222000"], ["date", "2026-01-25"]],
    ],
    gratuity: [
      [["salary", "50000"], ["start", "2016-01-01"], ["end", "2026-01-01"]],
      [["salary", "50000"], ["start", "2024-01-01"], ["end", "2026-01-01"]],
      [["salary", "50000"], ["start", "2016-01-01"], ["end", "2026-01-01"], ["workmen15", "0"]],
    ],
    "minimum-wage": [
      [],
      ...["2016-06-01", "2022-01-01", "2024-10-01", "2025-06-01", "2026-01-01"].map((
        d,
      ): [string, string][] => [["date", d]]),
    ],
    // Each Table 01 version paye can answer with (its label is the text for people).
    paye: ["2023-06-25", "2024-06-25", "2025-06-25"].map((d): [string, string][] => [
      ["monthly", "250000"],
      ["date", d],
    ]),
    apit: [
      [["table", "1"], ["monthly", "250000"], ["date", "2024-06-25"]],
      [["table", "1"], ["monthly", "250000"], ["date", "2025-06-25"], ["rounding", "table"]],
      ...["2023-02-25", "2023-06-25", "2025-04-25", "2027-04-25"].map((d): [string, string][] => [
        ["table", "2"],
        ["date", d],
        ["paidToDate", "170000"],
        ["payable", "1870000"],
        ["lumpSums", "600000"],
      ]),
      [["table", "7"], ["date", "2023-02-25"], ["primaryMonthly", "150000"], [
        "remuneration",
        "100000",
      ]],
      [["table", "8"], ["date", "2025-06-25"], ["monthly", "900000"]],
      // inputs of other tables: one, then several
      [["table", "8"], ["date", "2025-06-25"], ["monthly", "900000"], ["remuneration", "1"]],
      [["table", "1"], ["monthly", "250000"], ["paidToDate", "1"], ["payable", "1"]],
    ],
    "long-weekends": [
      [["year", "2026"]],
      [["year", "2027"], ["calendar", "mercantile"], ["minDays", "4"]],
    ],
    "electricity-bill": [
      [["category", "D-TOU"], ["offPeak", "275"], ["day", "540"], ["peak", "173"]],
      [["units", "69"]],
      [["units", "69"], ["date", "2026-11-01"]],
      [["units", "250"], ["category", "GP-1"], ["date", "2025-10-20"], ["days", "31"]],
    ],
    phone: [
      "0771234567",
      "0751234567",
      "0721234567",
      "0112345678",
      "0312345678",
      "0822345678",
      "0731234567",
      "077",
      "077123456789",
      "+442079460958",
      "197312345",
    ].map((number): [string, string][] => [["number", number]]),
    // Labour (issue 31): requests that reach every sentence the labour operations write.
    "epf-projection": [
      [["monthly", "100000"], ["from", "2020"], ["to", "2024"]],
      [["monthly", "100000"], ["from", "2015"], ["to", "2025"], ["crediting", "monthly"]],
      [["monthly", "50000"], ["from", "2022"]],
    ],
    maternity: [
      [["confinement", "2026-03-15"]],
      [["confinement", "2026-03-15"], ["live", "0"]],
      [["confinement", "2026-03-15"], ["scheme", "ordinance"]],
      [["confinement", "2026-03-15"], ["scheme", "ordinance"], ["live", "0"]],
      // Issue 43: the count and the other reading, both ways, and working days not held.
      [["confinement", "2026-03-15"], ["count", "calendar"]],
      [["confinement", "2026-03-15"], ["saturday", "1"]],
      [["confinement", "2027-12-01"], ["count", "calendar"]],
    ],
    leave: [
      [["joined", "2025-05-15"], ["year", "2025"]],
      [["joined", "2025-05-15"], ["year", "2025"], ["firstYearCasual", "half-per-month"]],
      [["joined", "2025-05-15"], ["year", "2026"]],
      [["joined", "2025-05-15"], ["year", "2027"]],
    ],
    overtime: ["240", "200", "208"].map((
      d,
    ): [string, string][] => [["monthly", "80000"], ["hours", "10"], ["divisor", d]]),
    "no-pay": [
      [["monthly", "60000"], ["days", "2"], ["hours", "4"]],
      [["monthly", "60000"], ["days", "30"], ["divisor", "26"]],
      [["monthly", "60000"], ["days", "1"], ["divisor", "working"], ["workingDays", "22"]],
      [["monthly", "60000"], ["days", "1"], ["divisor", "calendar"], ["date", "2026-02-10"]],
    ],
    "holiday-pay": ["mercantile", "poya", "public", "bank"].map((
      h,
    ): [string, string][] => [["monthly", "60000"], ["holiday", h]]),
    termination: [
      [["salary", "100000"], ["years", "10"], ["date", "2026-01-01"]],
      [["salary", "100000"], ["years", "20"], ["date", "2020-01-01"]],
    ],
    injury: [
      [["monthly", "42000"], ["outcome", "death"]],
      [["monthly", "42000"], ["outcome", "permanent-total"]],
      [["monthly", "42000"], ["outcome", "permanent-partial"], ["loss", "80"]],
      [["monthly", "8000"], ["outcome", "temporary"]],
    ],
    words: ["0", "1", "1234567.50", "100000", "999999999999.99"].flatMap((amount) => [
      [["amount", amount]],
      [["amount", amount], ["style", "lakh"]],
    ]),
    ...Object.fromEntries(
      RULES.map(({ source }) => [source.rule.name, ruleRequests(source.rule.name)]),
    ),
  };
}

function walk(
  value: unknown,
  english: unknown,
  path: string[],
  visit: (text: string, english: unknown, path: string[]) => void,
): void {
  if (typeof value === "string") return visit(value, english, path);
  if (Array.isArray(value)) {
    assert.ok(Array.isArray(english), `${path.join(".")}: not an array in English`);
    assert.equal(value.length, english.length, `${path.join(".")}: length differs`);
    value.forEach((v, i) => walk(v, english[i], [...path, String(i)], visit));
  } else if (value && typeof value === "object") {
    const other = english as Record<string, unknown>;
    assert.deepEqual(Object.keys(value).sort(), Object.keys(other).sort(), path.join("."));
    for (const [key, v] of Object.entries(value)) walk(v, other[key], [...path, key], visit);
  } else {
    assert.equal(value, english, `${path.join(".")}: differs from English`);
  }
}

const lang = operations.filter((op) => op.run && takesLang(op));

Deno.test("the operations with text for people all take lang", () => {
  assert.deepEqual(
    lang.map((op) => op.name).sort(),
    [
      "apit",
      "epf-projection",
      "maternity",
      "leave",
      "overtime",
      "no-pay",
      "holiday-pay",
      "termination",
      "injury",
      "districts",
      "electricity-bill",
      "gratuity",
      "holidays",
      "is-holiday",
      "long-weekends",
      "minimum-wage",
      "nic",
      "payslip",
      "paye",
      "phone",
      "plate",
      "scholarship-cutoff",
      "sscl",
      "tools",
      "words",
      "working-days",
      "working-days-add",
      "wht",
      "z-score",
      "al-combination",
      // Every rule answers in the language asked for (docs/rules.md).
      ...RULES.map((r) => r.source.rule.name),
    ].sort(),
  );
});

Deno.test("lang=si and lang=ta answers have no Latin-script words but codes and names", async (t) => {
  const cases = requests();
  for (const op of lang) {
    await t.step(op.name, () => {
      const list = cases[op.name];
      assert.ok(list, `no requests for ${op.name}`);
      for (const entries of list) {
        const english = execute(op, entries, ctx);
        assert.deepEqual(execute(op, [...entries, ["lang", "en"]], ctx), english);
        for (const language of ["si", "ta"]) {
          const answer = execute(op, [...entries, ["lang", language]], ctx);
          walk(answer, english, [], (text, en, path) => {
            const field = [...path].reverse().find((p) => !/^\d+$/.test(p)) ?? "";
            const where = `${op.name} ${JSON.stringify(entries)} ${language} ${path.join(".")}`;
            if (CODE_FIELDS.has(field)) return assert.equal(text, en, `${where}: a code changed`);
            const exempt = EXEMPT[op.name] ?? {};
            if (exempt[field] || (path.length === 1 && exempt[`${field}@top`])) return;
            assert.deepEqual(latinWords(text), [], `${where}: ${JSON.stringify(text)}`);
          });
        }
      }
    });
  }
});

Deno.test("the payroll requests reach every payroll sentence of the catalogue", () => {
  const cases = requests();
  const reached = new Set<string>();
  const prefixes = ["payroll.notice.", "payroll.label.", "payroll.act.", "payroll.gratuity."];
  for (const name of ["payslip", "gratuity", "minimum-wage", "apit"]) {
    const op = lang.find((o) => o.name === name)!;
    for (const entries of cases[name]!) {
      walk(execute(op, entries, ctx), execute(op, entries, ctx), [], (text) => {
        for (const prefix of [...prefixes, "payroll.title."]) {
          const found = findTemplate(text, prefix);
          if (found) reached.add(found.key);
        }
        for (const sentence of text.split(/(?<=\.) (?=[A-Z])/)) {
          const found = findTemplate(sentence, "payroll.minwage.");
          if (found) reached.add(found.key);
        }
      });
    }
  }
  // Tables 03-06 answer 501 (no source held), so only their titles are never in an answer.
  const unreachable = ["payroll.title.3", "payroll.title.4", "payroll.title.5", "payroll.title.6"];
  const expected = Object.keys(EN.messages).filter((key) =>
    [...prefixes, "payroll.title.", "payroll.minwage."].some((p) => key.startsWith(p)) &&
    !unreachable.includes(key)
  );
  assert.ok(expected.length > 30, "the payroll templates are found");
  assert.deepEqual(expected.filter((key) => !reached.has(key)), []);
});

Deno.test("any text given to the NIC and plate decoders gets its reason in Sinhala and Tamil", () => {
  const nic = operations.find((op) => op.name === "nic")!;
  const plate = operations.find((op) => op.name === "plate")!;
  fc.assert(
    fc.property(
      fc.oneof(
        fc.string(),
        fc.stringMatching(/^[0-9VvXx -]{0,14}$/),
        fc.stringMatching(/^[A-Z0-9 -]{0,12}$/),
      ),
      fc.constantFrom("si", "ta"),
      (text, language) => {
        for (const [op, name] of [[nic, "number"], [plate, "plate"]] as const) {
          const answer = execute(op, [[name, text], ["lang", language]], ctx) as {
            reason: string | null;
          };
          if (answer.reason !== null) {
            assert.deepEqual(latinWords(answer.reason), [], answer.reason);
          }
        }
      },
    ),
    { numRuns: 2000 },
  );
});

Deno.test("the server-only operations with text for people take lang too", () => {
  const remote = operations.filter((op) => !op.run && takesLang(op)).map((op) => op.name);
  assert.deepEqual(remote, ["store"]);
});

/**
 * The store's fields that stay as they are in every language, with the reason (beside the
 * codes of {@linkcode CODE_FIELDS}): names, and the catalogue's per-exam notes and facts, which
 * its vendor sources give in English only (docs/endpoints.md, store section, says so).
 */
const STORE_KEPT: Record<string, string> = {
  title: "an exam's name",
  examCode: "an exam code",
  vendor: "a vendor slug",
  vendorName: "a vendor's name",
  name: "the store's name (configuration)",
  level: "a level code (foundational ... expert)",
  topic: "a topic slug",
  status: "a status code",
  availability: "a schema.org address",
  country: "a country code",
  currency: "a currency code",
  refunds: "an address",
  formatted: "an amount written with its currency code (Intl en-LK, documented)",
  sources: "addresses",
  exchangeRateSource: "an address",
  exchangeRateDate: "a date",
  rule: "the pricing formula over field names, for developers",
  note: "a price note from vendor sources (English only); delivery notes are checked apart",
  method: "a delivery method from vendor sources (English only)",
  statusNote: "a status note from vendor sources (English only)",
  uncertainFields: "field paths",
  duration_minutes: "a fact from vendor sources",
  question_count: "a fact from vendor sources (English only)",
  passing_score: "a fact from vendor sources (English only)",
  prerequisites: "a fact from vendor sources (English only)",
  languages: "a fact from vendor sources (English only)",
  delivery_provider: "a fact from vendor sources (English only)",
  validity_years: "a fact from vendor sources (English only)",
};

Deno.test("store: lang=si and lang=ta answers have no Latin-script words but codes and names", async (t) => {
  // deno-lint-ignore no-explicit-any
  type Json = any;
  const { testApp } = await import("../_helpers/app.ts");
  await using app = await testApp();
  const get = async (query: string): Promise<Json> => {
    const res = await app.request(`/api/v1/store?${query}`);
    assert.equal(res.status, 200, query);
    return (await res.json()).data;
  };
  const listing = await get("");
  const slugs = [
    ...listing.products.map((p: { slug: string }) => p.slug),
    "comptia-cysa-plus-cs0-003", // retiring
    "oracle-oci-foundations-associate-1z0-1085-26", // free
  ];
  const queries = ["", "vendor=aws", "topic=security&q=a", ...slugs.map((s) => `slug=${s}`)];
  for (const language of ["si", "ta"]) {
    await t.step(language, async () => {
      for (const query of queries) {
        const english = await get(query);
        assert.deepEqual(await get(`${query}&lang=en`), english);
        const answer = await get(`${query}&lang=${language}`);
        walk(answer, english, [], (text, en, path) => {
          const field = [...path].reverse().find((p) => !/^\d+$/.test(p)) ?? "";
          const where = `store ${query} ${language} ${path.join(".")}`;
          // A delivery note: the catalogue's sentence, with the provider as the source wrote it.
          if (path.at(-2) === "delivery" && field === "note") {
            const vars = findTemplate(en as string, "store.delivery.")?.vars;
            assert.ok(vars, `${where}: no template for ${JSON.stringify(en)}`);
            assert.notEqual(text, en, `${where}: not translated`);
            return assert.deepEqual(latinWords(text, Object.values(vars)), [], `${where}: ${text}`);
          }
          if (CODE_FIELDS.has(field) || STORE_KEPT[field] || path.includes("facts")) {
            return assert.equal(text, en, `${where}: changed`);
          }
          // Vendors' display names are names.
          if (field === "label" && path.includes("vendors")) {
            return assert.equal(text, en, `${where}: a vendor's name changed`);
          }
          // The exam's own name and code in its answer are names too.
          const product = path[0] === "products" ? english.products[Number(path[1])] : english;
          const names = [product.title, product.examCode].filter(Boolean);
          assert.notEqual(text, en, `${where}: not translated`);
          assert.deepEqual(latinWords(text, names), [], `${where}: ${JSON.stringify(text)}`);
        });
      }
    });
  }
});

Deno.test("the labour requests reach every labour sentence, Act and section of the catalogue", () => {
  const cases = requests();
  const reached = new Set<string>();
  const prefixes = ["labour.text.", "labour.act.", "labour.section."];
  const names = [
    "maternity",
    "leave",
    "overtime",
    "no-pay",
    "holiday-pay",
    "termination",
    "injury",
    "epf-projection",
  ];
  for (const name of names) {
    const op = lang.find((o) => o.name === name)!;
    for (const entries of cases[name]!) {
      walk(execute(op, entries, ctx), execute(op, entries, ctx), [], (text) => {
        for (const prefix of prefixes) {
          const found = findTemplate(text, prefix);
          if (found) reached.add(found.key);
        }
      });
    }
  }
  const expected = Object.keys(EN.messages).filter((key) =>
    prefixes.some((p) => key.startsWith(p))
  );
  assert.ok(expected.length > 80, "the labour templates are found");
  assert.deepEqual(expected.filter((key) => !reached.has(key)), []);
});
