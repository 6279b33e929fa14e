/**
 * `retirement-age`: the minimum retirement age of a private-sector worker under the Minimum
 * Retirement Age of Workers Act No. 28 of 2021 (the `age-band` kind: 60, or 59, 58, 57 for workers
 * already 52, 53, 54 on the day it came into operation) and, given the member's sex, the age from
 * which the EPF pays a member's benefits on leaving employment at retirement (55 for men, 50 for
 * women, as the EPF Department and the Central Bank state; unchanged by the 2021 Act).
 *
 * @module
 */
import * as z from "zod/mini";
import { addMonths, isoText, parseIsoText } from "../../_calendar.ts";
import type { AgeBandFormula } from "../model.ts";
import { dateRuleKind } from "../kinds/date_rule.ts";
import type { FormulaKind } from "../kinds/index.ts";
import { numberValue } from "../kinds/_kind.ts";

const AGE_BAND: AgeBandFormula = {
  kind: "date-rule",
  rule: "age-band",
  born: "born",
  on: "operative-date",
  bands: "ages",
};

/** The rule's own formula. */
export const formula: FormulaKind = {
  fields: (source) => ({
    ...dateRuleKind.fields({ ...source, rule: { ...source.rule, formula: AGE_BAND } }),
    epfAge: z.nullable(z.int()).check(z.describe(
      "The age from which the EPF pays a member who leaves employment at retirement; null when no sex was given",
    )),
    epfFrom: z.nullable(z.iso.date()).check(z.describe(
      "The day that age is reached; null when no sex was given",
    )),
  }),
  compute(input) {
    const banded = dateRuleKind.compute({
      ...input,
      source: { ...input.source, rule: { ...input.source.rule, formula: AGE_BAND } },
    });
    if (input.inputs.sex === undefined) {
      return { ...banded, fields: { ...banded.fields, epfAge: null, epfFrom: null } };
    }
    const found = input.resolver.value("epf-ages");
    const epfAge = numberValue(found.value, "epf-ages");
    const epfFrom = isoText(addMonths(parseIsoText(String(input.inputs.born)), epfAge * 12));
    const vars = { ...banded.answer.vars, epfAge: String(epfAge), epfFrom };
    return {
      fields: { ...banded.fields, epfAge, epfFrom },
      steps: [...banded.steps, { key: "step.epf", vars, amount: null, source: found.source }],
      answer: { key: "answer.epf", vars },
    };
  },
};
