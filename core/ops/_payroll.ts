/**
 * What the payroll operations share: turning the calculators' refusals into API errors, and the
 * result schemas of a table version and a notice.
 *
 * @module
 */
import * as z from "zod/mini";
import type { PayrollNotice, TableVersion } from "../calc/payroll_apit.ts";
import { NotAvailableError, PayrollInputError } from "../calc/payroll_errors.ts";
import { ApiError } from "../errors.ts";

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
