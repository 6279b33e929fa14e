/**
 * The rule format (docs/rules.md): every file under `data/rules/` fits it, with its texts in
 * `data/messages/rules/`, and the checks find what they must (a missing text, a choice a table
 * does not cover, a formula naming an input of the wrong type, values out of order).
 */
import assert from "node:assert/strict";
import { checkRule, readRuleSource, RuleFileError } from "../../core/rules/schema.ts";
import type { RuleFile, RuleSource } from "../../core/rules/model.ts";

const RULES = new URL("../../data/rules/", import.meta.url);
const TEXTS = new URL("../../data/messages/rules/", import.meta.url);

function read(dir: URL, name: string): unknown {
  return JSON.parse(Deno.readTextFileSync(new URL(`${name}.json`, dir)));
}

const names = [...Deno.readDirSync(RULES)].filter((e) => e.name.endsWith(".json"))
  .map((e) => e.name.slice(0, -5)).sort();

Deno.test("every file under data/rules/ fits the rule format, with its texts", () => {
  assert.ok(names.length >= 6, `${names.length} rules`);
  for (const name of names) {
    const source = readRuleSource(read(RULES, name), read(TEXTS, name), name);
    assert.equal(source.rule.name, name, `data/rules/${name}.json names itself`);
  }
  // The texts have no file without a rule (the engine's own texts apart).
  const texts = [...Deno.readDirSync(TEXTS)].map((e) => e.name.slice(0, -5))
    .filter((n) => n !== "_engine").sort();
  assert.deepEqual(texts, names);
});

Deno.test("no two rules share a name or a path", () => {
  const rules = names.map((name) => read(RULES, name) as RuleFile);
  assert.equal(new Set(rules.map((r) => r.path)).size, rules.length);
});

/** The water bill rule, to spoil one part at a time. */
function water(): RuleSource {
  return readRuleSource(read(RULES, "water-bill"), read(TEXTS, "water-bill"), "water-bill");
}

Deno.test("the checks find a rule's parts that do not fit each other", async (t) => {
  await t.step("a text the rule needs is missing", () => {
    const source = water();
    delete source.texts.messages["input.units.hint"];
    assert.deepEqual(checkRule(source), ['inputs.units: no text "input.units.hint"']);
  });
  await t.step("an unknown period names a text that does not exist", () => {
    const source = water();
    const values = (source.rule.parameters.tariff as { values: { unknown?: string }[] }).values;
    values[2]!.unknown = "gap.nothing";
    assert.deepEqual(checkRule(source), [
      'parameters.tariff.values.2.unknown: no text "gap.nothing"',
    ]);
  });
  await t.step("dated values out of order", () => {
    const source = water();
    const values = (source.rule.parameters.tariff as { values: { from: string }[] }).values;
    values[1]!.from = "2022-01-01";
    assert.ok(
      checkRule(source).includes("parameters.tariff.values.1.from: not after the one before"),
    );
  });
  await t.step("a formula naming an input of the wrong type", () => {
    const source = water();
    source.rule.formula = { kind: "block-tariff", units: "date", tariff: "tariff" };
    assert.deepEqual(checkRule(source), [
      'formula.units: "date" is not an input of type count',
    ]);
  });
  await t.step("a table that does not cover every choice", () => {
    const raw = read(RULES, "stamp-duty") as RuleFile;
    const table = (raw.parameters.rates as { values: Record<string, Record<string, unknown>> })
      .values;
    delete table.sale!.uva;
    assert.throws(
      () => readRuleSource(raw, read(TEXTS, "stamp-duty"), "stamp-duty"),
      (error) => {
        assert.ok(error instanceof RuleFileError);
        assert.deepEqual(error.problems, [
          'parameters.rates.values.sale: no entry for province "uva"',
        ]);
        return true;
      },
    );
  });
  await t.step("a shape zod refuses, named by its path", () => {
    const raw = read(RULES, "water-bill") as Record<string, unknown>;
    raw.currency = "USD";
    raw.path = "utilities/water";
    assert.throws(() => readRuleSource(raw, read(TEXTS, "water-bill")), (error) => {
      assert.ok(error instanceof RuleFileError);
      assert.ok(error.problems.some((p) => p.startsWith("rule.path:")), error.message);
      assert.ok(error.problems.some((p) => p.startsWith("rule.currency:")), error.message);
      return true;
    });
  });
  await t.step("a value and an unknown at once, or neither", () => {
    const source = water();
    const values =
      (source.rule.parameters.tariff as unknown as { values: Record<string, unknown>[] })
        .values;
    values[0]!.unknown = "gap.2024";
    delete values[1]!.value;
    assert.deepEqual(checkRule(source), [
      "parameters.tariff.values.0: give either value or unknown",
      "parameters.tariff.values.1: give either value or unknown",
    ]);
  });
});

/** The flat and reducing rates rule, whose one parameter is the same on any date. */
function flatReducing(): RuleSource {
  const name = "flat-reducing-rate";
  return readRuleSource(read(RULES, name), read(TEXTS, name), name);
}

Deno.test("the checks of a parameter that is the same on any date", async (t) => {
  await t.step("a rule whose parameters are all undated takes no date in force", () => {
    const source = flatReducing();
    assert.deepEqual(checkRule(source), []);
    assert.ok(!Object.values(source.rule.inputs).some((spec) => spec.role === "in-force"));
    source.rule.inputs.date = { type: "date", role: "in-force" };
    source.texts.messages["input.date.label"] = source.texts.messages["input.months.label"]!;
    source.texts.messages["input.date.hint"] = source.texts.messages["input.months.hint"]!;
    assert.deepEqual(checkRule(source), [
      "inputs.date: no parameter is dated, so no date is in force: drop its role in-force",
    ]);
  });
  await t.step("a rule mixing dated and undated values still needs its date in force", () => {
    const source = water();
    source.rule.parameters.method = {
      undated: "definition",
      value: 1,
      source: {
        title: "A definition",
        url: "https://example.test/",
        lastVerified: "2026-11-29",
        confidence: "high",
      },
    };
    assert.deepEqual(checkRule(source), []);
    delete source.rule.inputs.date;
    delete source.rule.example.date;
    assert.deepEqual(checkRule(source), [
      "inputs: a rule with dated values needs a date input with role in-force",
    ]);
  });
  await t.step("an undated parameter needs its value, and the texts of its notes", () => {
    const source = flatReducing();
    const method = source.rule.parameters.method as unknown as Record<string, unknown>;
    delete method.value;
    method.notes = ["nothing"];
    assert.deepEqual(checkRule(source), [
      "parameters.method: an undated value is needed",
      'parameters.method.notes: no text "note.nothing"',
    ]);
  });
  await t.step("an undated parameter has no from, and says why it is undated", () => {
    for (const spoil of [{ from: "1900-01-01" }, { undated: "always" }]) {
      const raw = read(RULES, "flat-reducing-rate") as RuleFile;
      Object.assign(raw.parameters.method!, spoil);
      assert.throws(
        () => readRuleSource(raw, read(TEXTS, "flat-reducing-rate")),
        (error) => error instanceof RuleFileError && /rule\.parameters\.method/.test(error.message),
      );
    }
  });
});
