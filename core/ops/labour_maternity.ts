import * as z from "zod/mini";
import labour from "../../data/labour.json" with { type: "json" };
import {
  computeMaternity,
  type MaternityResult,
  type MaternityScheme,
} from "../calc/labour_maternity.ts";
import { defineOperation, type Operation } from "../operation.ts";
import { flag, isoDate, oneOf } from "../params.ts";
import type { Lang } from "../i18n.ts";
import { langParam } from "../lang_param.ts";
import { basisShape, labourProvenance, localizeBasis } from "./_labour.ts";

export { computeMaternity };
export type { MaternityResult };

const params = z.object({
  confinement: isoDate({ description: "The day of confinement", example: "2026-03-15" }),
  live: z._default(
    flag({
      description: "Whether the confinement results in a live birth (default 1)",
      example: "1",
    }),
    true,
  ),
  scheme: z._default(
    oneOf(["shop-office", "ordinance"] as const, {
      description:
        "shop-office (default): Shop and Office Employees Act; ordinance: Maternity Benefits Ordinance",
      example: "shop-office",
    }),
    "shop-office",
  ),
  lang: langParam(),
});

/** Parameters of {@linkcode maternity}. */
export interface MaternityParams {
  confinement: string;
  live: boolean;
  scheme: MaternityScheme;
  /** Language of the Act, the section and the notes (default `en`); figures never change. */
  lang?: Lang | undefined;
}

const range = z.object({ from: z.string(), to: z.string(), days: z.number() });

const result: z.ZodMiniType<MaternityResult> = z.object({
  scheme: z.enum(["shop-office", "ordinance"]),
  live: z.boolean(),
  confinement: z.string(),
  days: z.number().check(z.describe("Days of leave (of benefit under the Ordinance)")),
  from: z.string().check(z.describe("First day")),
  to: z.string().check(z.describe("Last day")),
  before: range,
  after: range,
  nursing: z.nullable(z.object({
    intervals: z.number(),
    inHours: z.number(),
    minutesWithCreche: z.number(),
    minutesWithoutCreche: z.number(),
    until: z.string().check(z.describe("The last day the child is under one year of age")),
  })).check(z.describe("Section 18I's nursing intervals (shop and office, live birth)")),
  ...basisShape,
});

/** `GET /api/v1/labour/maternity`: maternity leave for a confinement, with its dates. */
export const maternity: Operation<MaternityParams, MaternityResult> = defineOperation({
  name: "maternity",
  method: "GET",
  path: "/labour/maternity",
  title: "Maternity leave calculator",
  description:
    "The maternity leave for a confinement under the Shop and Office Employees Act as amended by Act No. 14 of 2018 (84 days for a live birth, 42 otherwise) or the Maternity Benefits Ordinance as amended by Act No. 15 of 2018 (12 or 6 weeks), with the dates and the nursing intervals.",
  tag: "Labour",
  params,
  result,
  example: "/api/v1/labour/maternity?confinement=2026-03-15",
  page: "maternity-leave",
  provenance: labourProvenance(labour.maternity["shop-office"].sourceUrl),
  run: (p) => localizeBasis(computeMaternity(p), p.lang ?? "en"),
});
