/**
 * What the payroll operations share: turning the calculators' refusals into API errors, the
 * result schemas of a table version and a notice, and the text for people in a language.
 *
 * The calculators (core/calc/payroll*.ts) write their notices, reasons and notes in English, and
 * the data gives table titles, version labels and Act names in English; Sinhala and Tamil come
 * from the catalogue's `payroll.*` templates, whose English text is matched against them
 * (`translate`). Codes (notice codes, table ids, enums) never change.
 *
 * @module
 */
import * as z from "zod/mini";
import type { PayrollNotice, TableVersion } from "../calc/payroll_apit.ts";
import { NotAvailableError, PayrollInputError } from "../calc/payroll_errors.ts";
import { ApiError } from "../errors.ts";
import { type Lang, translate } from "../i18n.ts";
import { localizeLabel } from "./paye.ts";

/** The 501 an operation documents for rules no source is held for. */
export const NOT_AVAILABLE_DOC =
  "Not available: no published source held for the table or rule asked for";

/**
 * Runs a payroll calculation, answering a bad input with a 400 naming it and a rule no source is
 * held for with a 501 `not_available` naming it.
 *
 * @param compute The calculation.
 * @returns Its result.
 */
export function payrollRun<T>(compute: () => T): T {
  try {
    return compute();
  } catch (error) {
    if (error instanceof PayrollInputError) throw ApiError.invalidParam(error.param, error.message);
    if (error instanceof NotAvailableError) {
      throw new ApiError(501, "not_available", error.message, {
        details: [{ param: error.param, message: error.message }],
        extra: { notAvailable: error.what },
      });
    }
    throw error;
  }
}

/** Schema of a table version. */
export const tableVersionSchema: z.ZodMiniType<TableVersion> = z.object({
  table: z.number().check(z.describe("APIT table number (1-8)")),
  title: z.string().check(z.describe("The IRD's title of the table")),
  id: z.string(),
  label: z.string(),
  from: z.string(),
  to: z.nullable(z.string()),
  confidence: z.enum(["official", "secondary", "derived"]).check(
    z.describe("official, secondary, or derived from an official rule (see data/payroll.json)"),
  ),
  sourceUrl: z.string(),
});

/** Schema of a notice. */
export const noticeSchema: z.ZodMiniType<PayrollNotice> = z.object({
  code: z.string().check(z.describe("Stable code, for example tableNotYetPublished")),
  message: z.string(),
});

/**
 * Notices in a language: each `message` from its catalogue template (`payroll.notice.`); the
 * `code` never changes.
 *
 * @param notices The notices in English.
 * @param lang The language.
 * @returns The notices in that language.
 */
export function localizeNotices(notices: PayrollNotice[], lang: Lang): PayrollNotice[] {
  if (lang === "en") return notices;
  return notices.map((n) => ({ ...n, message: translate(lang, n.message, "payroll.notice.") }));
}

/**
 * A table version in a language: the IRD's title (`payroll.title.`) and the label
 * (`payroll.label.`); number, id, dates, confidence and address never change.
 *
 * @param version The version in English.
 * @param lang The language.
 * @returns The version in that language.
 */
export function localizeVersion(version: TableVersion, lang: Lang): TableVersion {
  if (lang === "en") return version;
  return {
    ...version,
    title: localizeTitle(version.title, lang),
    label: localizeLabel(version.label, lang),
  };
}

/**
 * An APIT table's title in a language (`payroll.title.`).
 *
 * @param title The IRD's English title.
 * @param lang The language.
 * @returns The title in that language.
 */
export function localizeTitle(title: string, lang: Lang): string {
  return translate(lang, title, "payroll.title.");
}

// A table version's label in a language: defined beside the paye operation, which labels Table 01.
export { localizeLabel };

/**
 * The name of an Act in a language (`payroll.act.`).
 *
 * @param act The Act's English name, as the data gives it.
 * @param lang The language.
 * @returns The name in that language.
 */
export function localizeAct(act: string, lang: Lang): string {
  return translate(lang, act, "payroll.act.");
}

/**
 * A text of several sentences in a language, sentence by sentence from the templates under a
 * prefix (for notes the calculators build from parts).
 *
 * @param text The English text.
 * @param lang The language.
 * @param prefix The catalogue section.
 * @returns The text in that language.
 */
export function localizeSentences(text: string, lang: Lang, prefix: string): string {
  if (lang === "en") return text;
  return text.split(/(?<=\.) (?=[A-Z])/).map((s) => translate(lang, s, prefix)).join(" ");
}
