/**
 * Compensation for a workman's injury or death under the Workmen's Compensation Ordinance as
 * amended by Act No. 10 of 2022: Schedule IV amounts by monthly wage band, Schedule I
 * percentages for permanent partial disablement.
 *
 * @module
 */
import labour from "../../data/labour.json" with { type: "json" };
import { roundMoney } from "../money.ts";
import type { LabourBasis } from "./labour_common.ts";
import { PayrollInputError } from "./payroll_errors.ts";

/** What the injury led to. */
export type InjuryOutcome = "death" | "permanent-total" | "permanent-partial" | "temporary";

/** Options of {@linkcode computeInjury}. */
export interface InjuryOptions {
  /** The workman's monthly wages, LKR. */
  monthly: number;
  /** What the injury led to. */
  outcome: InjuryOutcome;
  /**
   * For `permanent-partial`: the loss of earning capacity, per cent (Schedule I gives it for each
   * injury, for example 80 for the total loss of sight of one eye).
   */
  loss?: number | undefined;
}

/** The Schedule IV row applied. */
export interface WageBand {
  /** Lowest monthly wages of the band (0 for the first). */
  from: number;
  /** Highest, or null for the last band. */
  to: number | null;
  death: number;
  permanentDisablement: number;
  halfMonthly: number;
}

/** Result of `GET /api/v1/labour/injury`. */
export interface InjuryResult extends LabourBasis {
  monthly: number;
  outcome: InjuryOutcome;
  /** The loss of earning capacity applied, per cent (100 for permanent total; null otherwise). */
  lossPct: number | null;
  band: WageBand;
  /** The lump sum for death or permanent disablement; null for temporary disablement. */
  amount: number | null;
  /** For temporary disablement: the half-monthly payment; null otherwise. */
  halfMonthly: number | null;
  currency: "LKR";
}

/**
 * The compensation for an outcome, by the workman's monthly wage band.
 *
 * Bands are read by their upper limit: wages up to 10,000 are the first band, above 10,000 up to
 * 12,500 the second, and so on; above 100,000 the last.
 *
 * @param options Monthly wages, outcome and (permanent partial) the loss of earning capacity.
 * @returns The amount or half-monthly payment, the band and the law applied.
 * @throws {PayrollInputError} When `loss` is missing for a permanent partial disablement.
 *
 * @example Death of a workman earning 42,000 a month (Schedule IV, 40,001-45,000)
 * ```ts
 * import { computeInjury } from "./labour_injury.ts";
 * console.log(computeInjury({ monthly: 42000, outcome: "death" }).amount); // 1610000
 * ```
 */
export function computeInjury(options: InjuryOptions): InjuryResult {
  const I = labour.injury;
  const { monthly, outcome } = options;
  const rows = I.schedule4;
  const index = rows.findIndex((row) => row.to === null || monthly <= row.to);
  const row = rows[index]!;
  const band: WageBand = {
    from: index === 0 ? 0 : rows[index - 1]!.to! + 1,
    to: row.to,
    death: row.death,
    permanentDisablement: row.permanent,
    halfMonthly: row.halfMonthly,
  };
  let lossPct: number | null = null;
  let amount: number | null = null;
  let halfMonthly: number | null = null;
  const notes: string[] = [];
  const unknown: string[] = [
    "The date the 2022 amendment came into force is not held (certified 19 March 2022)",
  ];
  if (outcome === "death") {
    amount = row.death;
    notes.push("Death: the amount in Schedule IV's second column for the wage band (section 6)");
    notes.push(
      "Up to Rs 100,000 may be deducted for funeral expenses (section 12(1))",
    );
  } else if (outcome === "permanent-total") {
    lossPct = 100;
    amount = row.permanent;
    notes.push(
      "Permanent total disablement: the amount in Schedule IV's third column for the wage band (section 6)",
    );
  } else if (outcome === "permanent-partial") {
    if (options.loss === undefined) {
      throw new PayrollInputError(
        "loss",
        "Cannot compute permanent partial disablement: give loss, the loss of earning capacity in per cent (Schedule I)",
      );
    }
    lossPct = options.loss;
    amount = roundMoney(row.permanent * options.loss / 100);
    notes.push(
      "Permanent partial disablement: the Schedule I percentage of loss of earning capacity times the permanent disablement amount; for several injuries the amounts are added, up to the permanent total amount",
    );
  } else {
    halfMonthly = roundMoney(Math.min(row.halfMonthly, monthly / 2));
    notes.push(
      "Temporary disablement: a half-monthly payment of the amount in Schedule IV's fourth column, from the sixteenth day, for the disablement or five years, whichever is shorter",
      "The half-monthly payment may not exceed half the monthly wages (as paraphrased by Dawood)",
    );
    unknown.push(
      "The text of section 6 on temporary disablement was not read: the limit of half the monthly wages is from a secondary paraphrase",
    );
  }
  notes.push(
    "For a workman paid by the day or by the piece, the monthly wages are the last twelve months' earnings / 12 / 25 (section 7(1)(d))",
  );
  return {
    monthly: roundMoney(monthly),
    outcome,
    lossPct,
    band,
    amount,
    halfMonthly,
    currency: "LKR",
    act: labour.acts.workmen,
    section: I.section,
    notes,
    employerChoice: [],
    unknown,
    source: I.source,
  };
}
