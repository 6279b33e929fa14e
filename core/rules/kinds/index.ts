/**
 * The formula kinds by name.
 *
 * @module
 */
import type { Formula } from "../model.ts";
import type { FormulaKind } from "./_kind.ts";
import { bandsKind } from "./bands.ts";
import { blockTariffKind } from "./block_tariff.ts";
import { dateRuleKind } from "./date_rule.ts";
import { feeKind } from "./fee.ts";
import { indexRatioKind } from "./index_ratio.ts";
import { thresholdKind } from "./threshold.ts";

export type { FormulaKind, KindInput, KindResult, KindStep, TextVar } from "./_kind.ts";

/** Every kind a rule file can name (`custom` is the rule's own formula file). */
export const KINDS: Readonly<Record<Exclude<Formula["kind"], "custom">, FormulaKind>> = {
  "fee": feeKind,
  "bands": bandsKind,
  "block-tariff": blockTariffKind,
  "threshold": thresholdKind,
  "date-rule": dateRuleKind,
  "index-ratio": indexRatioKind,
};
