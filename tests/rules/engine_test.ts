/**
 * The engine's own behaviour, on small rules made here: the value in force by date (today when no
 * date is given), the source of the value used in `meta`, a levy grossed up as the utilities do,
 * a whole band picked by another input, a rule's own formula, and the words of the answer in
 * Sinhala and Tamil from the rule's texts.
 */
import assert from "node:assert/strict";
import * as z from "zod/mini";
import { isApiError } from "../../core/errors.ts";
import { execute } from "../../core/execute.ts";
import type { FormulaKind } from "../../core/rules/kinds/index.ts";
import type {
  Formula,
  InputSpec,
  Parameter,
  RuleSource,
  RuleText,
} from "../../core/rules/model.ts";
import { type RuleAnswer, ruleOperation, ruleSourceOf } from "../../core/rules/operation.ts";
import type { AnyOperation, OperationContext } from "../../core/operation.ts";
import { checkRule } from "../../core/rules/schema.ts";
import { RULES } from "../../core/rules/registry.ts";
import { json, testApp } from "../_helpers/app.ts";

const CTX = { today: "2026-06-15", baseUrl: "https://lanka.test" };

/** A rule operation's answer. */
function run(op: AnyOperation, pairs: [string, string][], ctx: OperationContext): RuleAnswer {
  return execute(op, pairs, ctx) as RuleAnswer;
}

function text(en: string): RuleText {
  return {
    en,
    si: { text: `සිං ${en}`, basis: "ours" },
    ta: { text: `தமி ${en}`, basis: "ours" },
  };
}

const SOURCE = (title: string) => ({
  title,
  url: `https://example.test/${title.replace(/\W+/g, "-")}`,
  lastVerified: "2026-11-28",
  confidence: "high" as const,
});

/** A rule of the given parts, with every text it needs. */
function rule(
  inputs: Record<string, InputSpec>,
  parameters: Record<string, Parameter>,
  formula: Formula,
  example: Record<string, string>,
  extra: Record<string, string> = {},
): RuleSource {
  const messages: Record<string, RuleText> = {
    title: text("A test rule"),
    description: text("A rule made by the engine's tests"),
    keywords: text("test"),
    answer: text("The answer is {total}."),
    "answer.over": text("Over."),
    "answer.under": text("Under."),
  };
  for (const [name, spec] of Object.entries(inputs)) {
    messages[`input.${name}.label`] = text(name);
    messages[`input.${name}.hint`] = text(`the ${name}`);
    for (const value of spec.values ?? []) messages[`option.${name}.${value}`] = text(value);
  }
  for (const [key, en] of Object.entries(extra)) messages[key] = text(en);
  const source: RuleSource = {
    rule: {
      name: "test-rule",
      path: "/test/rule",
      tag: "Finance",
      category: "Finance",
      keywords: ["test"],
      seed: [],
      example,
      currency: "LKR",
      inputs,
      parameters,
      formula,
    },
    texts: { rule: "test-rule", messages },
  };
  assert.deepEqual(checkRule(source), []);
  return source;
}

const DATE: InputSpec = { type: "date", role: "in-force" };

Deno.test("a levy grossed up as the utilities add it: 55,293.00 carries 1,417.77 at 2.5%", () => {
  // A printed CEB bill of 2026-08-13 (docs/electricity.md): charge 55,293.00, SSC Levy 1,417.77.
  const source = rule(
    { date: DATE },
    {
      charge: { values: [{ from: "2026-01-01", value: 55293, source: SOURCE("charge") }] },
      sscl: { values: [{ from: "2022-10-01", value: { ratePct: 2.5 }, source: SOURCE("levy") }] },
    },
    {
      kind: "fee",
      lines: [{ id: "charge", fee: "charge" }],
      levy: { param: "sscl", method: "gross-up" },
    },
    {},
    { "line.charge": "The charge", "levy.sscl": "SSCL" },
  );
  const answer = execute(ruleOperation(source), [["date", "2026-08-13"]], CTX);
  assert.equal(answer.levy, 1417.77);
  assert.equal(answer.total, 56710.77);
  // On top instead: 2.5% of the charge, 1,382.325 rounded half up.
  source.rule.formula = {
    ...source.rule.formula,
    levy: { param: "sscl", method: "on-top" },
  } as Formula;
  assert.equal(execute(ruleOperation(source), [["date", "2026-08-13"]], CTX).levy, 1382.33);
});

Deno.test("a line times zero is left out: a late fee no source gives is no 501 when on time", () => {
  const days: InputSpec = { type: "count", min: 0, max: 3650 };
  const source = rule(
    { days, date: DATE },
    {
      fee: { values: [{ from: "2022-11-18", value: 25000, source: SOURCE("fee") }] },
      late: { values: [{ from: "2022-11-18", unknown: "gap.late", source: SOURCE("late") }] },
    },
    {
      kind: "fee",
      lines: [{ id: "fee", fee: "fee" }, { id: "late", fee: "late", times: "days" }],
    },
    {},
    { "line.fee": "The fee", "line.late": "Each day late", "gap.late": "the late fee" },
  );
  const op = ruleOperation(source);
  for (const pairs of [[], [["days", "0"]]] as [string, string][][]) {
    const answer = run(op, [...pairs, ["date", "2023-01-01"]], CTX);
    assert.equal(answer.total, 25000);
    assert.deepEqual((answer.lines as { id: string }[]).map((l) => l.id), ["fee"]);
    assert.ok(!answer.steps.some((step) => step.text.includes("Each day late")));
  }
  // A day late needs the fee no source gives: 501, naming the gap.
  try {
    run(op, [["days", "1"], ["date", "2023-01-01"]], CTX);
    assert.fail("answered");
  } catch (error) {
    assert.ok(isApiError(error));
    assert.equal(error.status, 501);
  }
});

Deno.test("the value in force: today when no date is given, and each answer names its own source", async () => {
  const water = RULES.find((r) => r.source.rule.name === "water-bill")!.op;
  const before = run(water, [["units", "15"]], { ...CTX, today: "2023-07-31" });
  const after = run(water, [["units", "15"]], { ...CTX, today: "2023-08-01" });
  assert.equal(before.total, 705); // the 2022 tariff (lkpost.lk: 15 units Rs 705)
  assert.equal(after.total, 1500); // Gazette 2343/28 from 2023-08-01
  assert.equal(before.date, "2023-07-31");
  // The API's meta names the source of the value used, not the newest one.
  await using t = await testApp();
  const old = await json(await t.request("/api/v1/utilities/water-bill?units=15&date=2023-07-31"));
  const now = await json(await t.request("/api/v1/utilities/water-bill?units=15&date=2023-08-01"));
  assert.equal(old.meta.source_url, before.sources[0]!.url);
  assert.match(old.meta.source_url, /sri-lankas-water-supply-sewage-charges-revised/);
  assert.match(now.meta.source_url, /water-tariffs-increased-in-sri-lanka/);
  assert.equal(now.meta.last_verified, "2026-11-28");
  // A gap is a 501 that names it, with the rule's words for it.
  const gap = await t.request("/api/v1/utilities/water-bill?units=15&date=2025-01-01");
  assert.equal(gap.status, 501);
  const body = await json(gap);
  assert.equal(body.code, "not_available");
  assert.match(body.error, /2024-08-21.*7%/);
  assert.equal(body.gap, "rule.water-bill.gap.2024");
});

Deno.test("a whole band picked by another input: a rate by days in arrears on the amount", () => {
  // The EPF surcharge's shape (EPF Act s.16): one rate on all the contributions by days late.
  const source = rule(
    {
      amount: { type: "money", required: true, min: 0, max: 1e9 },
      days: { type: "count", required: true, min: 0, max: 10000 },
      date: DATE,
    },
    {
      rates: {
        values: [{
          from: "1981-05-05",
          value: {
            bands: [{ upTo: 10, ratePct: 5 }, { upTo: 31, ratePct: 15 }, {
              upTo: null,
              ratePct: 20,
            }],
          },
          source: SOURCE("rates"),
        }],
      },
    },
    { kind: "bands", amount: "amount", bands: "rates", method: "whole", select: "days" },
    { amount: "20000", days: "20" },
  );
  const op = ruleOperation(source);
  const at = (days: string) =>
    execute(op, [["amount", "20000"], ["days", days], ["date", "2026-05-20"]], CTX).total;
  assert.equal(at("10"), 1000); // 5%
  assert.equal(at("11"), 3000); // 15%: Rs 20,000 paid 20 days late (research's worked example)
  assert.equal(at("20"), 3000);
  assert.equal(at("32"), 4000); // 20%
});

Deno.test("a rule's own formula (core/rules/formulas/<rule>.ts) runs through the same engine", () => {
  const own: FormulaKind = {
    fields: () => ({}),
    compute: ({ inputs, resolver }) => {
      const found = resolver.value("rate");
      const total = Number(inputs.amount) * (found.value as number);
      return {
        fields: { total },
        steps: [{ key: "step.total", vars: {}, amount: total, source: found.source }],
        answer: { key: "answer", vars: { total: String(total) } },
      };
    },
  };
  const source = rule(
    { amount: { type: "money", required: true, min: 0, max: 1000 }, date: DATE },
    { rate: { values: [{ from: "2020-01-01", value: 3, source: SOURCE("rate") }] } },
    { kind: "custom" },
    { amount: "5" },
  );
  assert.throws(() => ruleOperation(source), /custom and its formula is not given/);
  const op = ruleOperation(source, own);
  assert.equal(ruleSourceOf(op), source);
  const answer = execute(op, [["amount", "5"], ["lang", "si"]], CTX);
  assert.equal(answer.total, 15);
  assert.equal(answer.answer, "සිං The answer is 15.");
  assert.equal(answer.steps[0]!.text, "එකතුව");
  assert.equal(answer.sources[0]!.parameter, "rate");
});

Deno.test("due dates: a period's payments, each a month and day after its start year", () => {
  // Inland Revenue Act No. 24 of 2017 ss.90-92 as summarised (research, medium-high): quarterly
  // instalments of a year of assessment starting 1 April on 15 August, 15 November, 15 February
  // and 15 May.
  const quarters = [
    { id: "q1", month: 8, day: 15, years: 0 },
    { id: "q2", month: 11, day: 15, years: 0 },
    { id: "q3", month: 2, day: 15, years: 1 },
    { id: "q4", month: 5, day: 15, years: 1 },
  ];
  const source = rule(
    { year: { type: "count", required: true, min: 2018, max: 2100 } },
    { instalments: { values: [{ from: "2018-04-01", value: quarters, source: SOURCE("ira") }] } },
    { kind: "date-rule", rule: "due-dates", year: "year", dates: "instalments" },
    { year: "2025" },
    { "date.q1": "First", "date.q2": "Second", "date.q3": "Third", "date.q4": "Fourth" },
  );
  const answer = run(ruleOperation(source), [["year", "2025"]], CTX);
  assert.deepEqual(
    (answer.dates as { date: string }[]).map((d) => d.date),
    ["2025-08-15", "2025-11-15", "2026-02-15", "2026-05-15"],
  );
  assert.equal(answer.steps[2]!.text, "Third: due on 2026-02-15");
});

Deno.test("a date before the first value is a 400 naming the date input", () => {
  const source = rule(
    { amount: { type: "money", required: true, min: 0, max: 1000 }, date: DATE },
    { rate: { values: [{ from: "2020-01-01", value: 3, source: SOURCE("rate") }] } },
    { kind: "fee", lines: [{ id: "fee", fee: "rate" }] },
    { amount: "5" },
    { "line.fee": "Fee" },
  );
  const op = ruleOperation(source);
  assert.throws(() => execute(op, [["amount", "1"], ["date", "2019-12-31"]], CTX), (e) => {
    assert.ok(isApiError(e));
    assert.equal(e.status, 400);
    assert.equal(e.details?.[0]?.param, "date");
    assert.match(e.message, /before 2020-01-01/);
    return true;
  });
  assert.equal(execute(op, [["amount", "1"], ["date", "2020-01-01"]], CTX).total, 3);
});

Deno.test("every rule answers its example in three languages, the figures the same", () => {
  for (const { source, op } of RULES) {
    const pairs = Object.entries(source.rule.example);
    const en = run(op, pairs, CTX);
    for (const lang of ["si", "ta"]) {
      const other = run(op, [...pairs, ["lang", lang]], CTX);
      assert.notEqual(other.answer, en.answer, `${source.rule.name} ${lang}`);
      const { answer: _a, steps: _s, notes: _n, ...figures } = other;
      const { answer: _b, steps: _t, notes: _m, ...english } = en;
      assert.deepEqual(figures, english, `${source.rule.name} ${lang}: figures differ`);
    }
  }
});

const ANY_DATE = (title: string) => ({
  undated: "definition" as const,
  value: 100,
  source: SOURCE(title),
});

Deno.test("a value the same on any date is named with no period, beside dated ones", () => {
  const source = rule(
    { date: DATE },
    {
      fee: { values: [{ from: "2022-11-18", value: 25000, source: SOURCE("fee") }] },
      copy: ANY_DATE("copy"),
    },
    { kind: "fee", lines: [{ id: "fee", fee: "fee" }, { id: "copy", fee: "copy" }] },
    {},
    { "line.fee": "The fee", "line.copy": "A copy" },
  );
  const op = ruleOperation(source);
  const answer = run(op, [["date", "2023-01-01"]], CTX);
  assert.equal(answer.total, 25100);
  assert.equal(answer.date, "2023-01-01");
  const [fee, copy] = answer.sources;
  assert.deepEqual([fee!.parameter, fee!.from, fee!.to, fee!.undated], [
    "fee",
    "2022-11-18",
    null,
    null,
  ]);
  assert.deepEqual([copy!.parameter, copy!.from, copy!.to, copy!.undated], [
    "copy",
    null,
    null,
    "definition",
  ]);
  assert.equal(answer.steps[1]!.source, 1);
  // The answer fits the schema OpenAPI and MCP publish.
  const parsed = z.safeParse(op.result, answer);
  assert.ok(parsed.success, parsed.error?.message);
  // The dated value still has its first day: before it, a 400 naming the date.
  assert.throws(
    () => run(op, [["date", "2022-11-17"]], CTX),
    (e) => isApiError(e) && e.status === 400 && e.details?.[0]?.param === "date",
  );
});

Deno.test("a rule whose values are all the same on any date takes no date", () => {
  const source = rule(
    {},
    { copy: ANY_DATE("copy") },
    { kind: "fee", lines: [{ id: "copy", fee: "copy" }] },
    {},
    { "line.copy": "A copy" },
  );
  const op = ruleOperation(source);
  assert.equal(op.provenance?.sourceUrl, SOURCE("copy").url);
  for (const today of ["1901-01-01", "2026-06-15", "2999-12-31"]) {
    const answer = run(op, [], { ...CTX, today });
    assert.equal(answer.total, 100);
    assert.equal(answer.date, null);
    assert.equal(answer.sources[0]!.undated, "definition");
    assert.equal(answer.sources[0]!.from, null);
  }
});
