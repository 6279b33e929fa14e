/**
 * The `lang` parameter every operation with text for people declares: the language of that text.
 * Codes and field names never change with it. When a request has no `lang`, the server reads
 * `Accept-Language` instead (see `server/http/mount.ts`).
 *
 * @module
 */
import * as z from "zod/mini";
import { type Lang, LANGS } from "./i18n.ts";
import { oneOf, type ParamSchema } from "./params.ts";

export type { Lang };

/**
 * The optional `lang` parameter: `en` (default), `si` or `ta`, any case.
 *
 * @returns The schema.
 *
 * @example Usage
 * ```ts
 * import { langParam } from "./lang_param.ts";
 * console.log(langParam().parse("SI")); // "si"
 * ```
 */
export function langParam(): z.ZodMiniOptional<ParamSchema<Lang>> {
  const schema = z.optional(oneOf(LANGS, {
    ignoreCase: true,
    description:
      "Language of the text for people in the answer: en (default), si (Sinhala) or ta (Tamil); codes and field names do not change. When absent, the Accept-Language header is used",
    example: "si",
  }));
  MADE.add(schema);
  return schema;
}

const MADE = new WeakSet<object>();

/**
 * Tells whether an operation's `lang` is this module's parameter (the language of its text for
 * people), rather than a parameter of its own that happens to be called `lang` (such as the
 * language the words endpoint writes in).
 *
 * @param op The operation.
 * @returns Whether its `lang` is the generic one.
 */
export function hasGenericLang(op: { params: { shape: Record<string, unknown> } }): boolean {
  const schema = op.params.shape.lang;
  return typeof schema === "object" && schema !== null && MADE.has(schema);
}

/**
 * Tells whether an operation's parameters include `lang`.
 *
 * @param op The operation (anything with a params shape).
 * @returns Whether it takes `lang`.
 */
export function takesLang(op: { params: { shape: object } }): boolean {
  return Object.hasOwn(op.params.shape, "lang");
}
