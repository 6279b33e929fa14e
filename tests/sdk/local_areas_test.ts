/**
 * Issue 30, "each local operation loads only the data it needs": the SDK loads the catalogue of
 * text for people by area, retrying an operation while its answer asks for an area that is not
 * registered. For every local operation of the registry, with its documented example, a client
 * that starts with nothing registered answers in English, Sinhala and Tamil exactly as with every
 * catalogue registered (as on the server): the retries find every area an answer reads; so do a
 * few requests that reach other sentences. None loads the `pages` area (the server's pages, most
 * of the catalogue).
 */
import assert from "node:assert/strict";
import { hasMessages, LANGS, MESSAGE_AREAS, unregisterMessages } from "../../core/i18n.ts";
import { registerAllMessages } from "../../core/i18n_all.ts";
import { takesLang } from "../../core/lang_param.ts";
import type { AnyOperation } from "../../core/operation.ts";
import { operations } from "../../core/registry.ts";
import { createClient, type ParamValue } from "../../mod.ts";
import { exampleInput } from "../_helpers/examples.ts";
import { FIXED_NOW } from "../_helpers/app.ts";

const client = createClient({ mode: "local", now: () => FIXED_NOW });
const local = operations.filter((op) => op.local && op.run);

/**
 * Requests past the examples that reach other sentences: older and not yet gazetted years, a
 * landline, refusals and notes, and the words people search tools by.
 */
const MORE: [string, Record<string, string>][] = [
  ["holidays", { year: "2021" }],
  ["holidays", { year: "2031" }],
  ["is-holiday", { date: "2026-04-14" }],
  ["working-days", { from: "2026-01-01", to: "2026-12-31", calendar: "bank" }],
  ["phone", { number: "0112345678" }],
  ["nic", { number: "12345" }],
  ["plate", { plate: "19-1234" }],
  ["plate", { plate: "XX-CAB-1234" }],
  ["tools", { q: "salary" }],
  ["tools", {}],
  ["z-score", {}],
  ["gratuity", { salary: "100000", start: "2024-01-01", end: "2026-01-01" }],
];

/** Each case: an operation's example (and {@linkcode MORE}), in a language when it takes one. */
const cases = [
  ...local.map((op) => ({ op, params: exampleInput(op), example: true })),
  ...MORE.map((
    [name, params],
  ): { op: AnyOperation; params: Record<string, ParamValue>; example: false } => ({
    op: local.find((op) => op.name === name)!,
    params,
    example: false,
  })),
].flatMap(({ op, params, example }) =>
  (takesLang(op) ? LANGS : ["en" as const]).map((lang) => ({
    op,
    lang,
    example,
    params: takesLang(op) ? { ...params, lang } : params,
  }))
);

async function answer(op: AnyOperation, params: Record<string, ParamValue>): Promise<unknown> {
  try {
    return { data: await client.call(op.name, params) };
  } catch (error) {
    return { error: String(error) };
  }
}

Deno.test("every local operation answers its example from nothing registered as with everything registered", async () => {
  assert.ok(local.length > 30, `${local.length} local operations`);
  assert.ok(cases.filter((c) => c.lang !== "en").length > 40);
  const fresh: unknown[] = [];
  const areas: string[][] = [];
  for (const { op, params } of cases) {
    unregisterMessages();
    fresh.push(await answer(op, params));
    areas.push(
      LANGS.flatMap((l) => MESSAGE_AREAS.filter((a) => hasMessages(l, a)).map((a) => `${l}/${a}`)),
    );
  }
  registerAllMessages();
  let translated = 0;
  for (const [i, { op, lang, params, example }] of cases.entries()) {
    const full = await answer(op, params);
    const name = `${op.name} ${lang} (${JSON.stringify(params)})`;
    assert.deepEqual(fresh[i], full, name);
    if (example) {
      assert.ok(!("error" in (full as object)), `${name}: ${(full as { error?: string }).error}`);
    }
    assert.ok(!areas[i]!.some((a) => a.endsWith("/pages")), `${name} loaded ${areas[i]}`);
    if (lang !== "en" && areas[i]!.length > 0) translated++;
  }
  // Most answers in Sinhala and Tamil read some area (the rest, like the words of an amount or a
  // VAT sum, have no text from the catalogue).
  assert.ok(translated > 30, `${translated} answers loaded an area`);
});
