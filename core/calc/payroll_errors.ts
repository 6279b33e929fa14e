/**
 * The two ways a payroll calculation refuses: a bad input (named), or a table no published source
 * is held for. Operations turn them into a 400 and a 501.
 *
 * @module
 */

/**
 * An input outside what the calculation accepts, naming the input.
 *
 * @example Usage
 * ```ts
 * import { PayrollInputError } from "./payroll_errors.ts";
 * const error = new PayrollInputError("end", 'Cannot compute gratuity: "end" is before "start"');
 * console.log(error.param); // "end"
 * ```
 */
export class PayrollInputError extends RangeError {
  /** The input at fault. */
  readonly param: string;

  /**
   * Creates the error.
   *
   * @param param The input at fault.
   * @param message What was wrong and what was expected.
   */
  constructor(param: string, message: string) {
    super(message);
    this.name = "PayrollInputError";
    this.param = param;
  }
}

/**
 * A rule no published source is held for (an APIT table, or a gratuity basis): the answer is
 * "not available", never a guess.
 *
 * @example Usage
 * ```ts
 * import { NotAvailableError } from "./payroll_errors.ts";
 * const error = new NotAvailableError("APIT Table 06", "table");
 * console.log(error.message); // "APIT Table 06 is not available: no published source held"
 * ```
 */
export class NotAvailableError extends Error {
  /** What is not available, for example `APIT Table 06`. */
  readonly what: string;
  /** The input that asked for it. */
  readonly param: string;

  /**
   * Creates the error.
   *
   * @param what What is not available, for example `APIT Table 06`.
   * @param param The input that asked for it.
   * @param detail Optional detail after the standard sentence.
   */
  constructor(what: string, param: string, detail?: string) {
    super(`${what} is not available: no published source held${detail ? ` (${detail})` : ""}`);
    this.name = "NotAvailableError";
    this.what = what;
    this.param = param;
  }
}
