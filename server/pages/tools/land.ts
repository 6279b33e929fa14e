/**
 * The land page: an extent and its unit (or a deed's acre-rood-perch) in; square metres and the
 * deed notation first, then the extent in every unit.
 *
 * @module
 */
import { figureOf, plain, summaryList } from "../components.ts";
import { markup } from "../html.ts";
import { t } from "../lang.ts";
import type { Json, ToolPage } from "./spec.ts";

const UNITS = ["perch", "rood", "acre", "cent", "hectare", "sqm", "sqft", "sqyd"] as const;

function obj(value: unknown): Json {
  return typeof value === "object" && value !== null ? value as Json : {};
}

/** The page of `GET /api/v1/convert/land`. */
export const landPage: ToolPage = {
  heading: "page.land.heading",
  lead: "page.land.lead",
  button: "page.land.button",
  fields: [
    {
      name: "value",
      kind: "number",
      keys: true,
      label: "page.land.value",
      hint: "page.land.value_hint",
      error: "page.land.value_error",
    },
    {
      name: "from",
      kind: "choice",
      keys: true,
      label: "page.land.from",
      options: UNITS.map((value) => ({ value, label: `page.land.unit_${value}` })),
    },
    {
      name: "deed",
      kind: "code",
      keys: true,
      more: true,
      label: "page.land.deed",
      hint: "page.land.deed_hint",
    },
  ],
  answer: (r) =>
    markup("page.land.answer", {
      sqm: figureOf("squareMetres", plain(r.squareMetres)),
      deed: figureOf("deed", String(obj(r.deed).text ?? "")),
    }),
  keyFigure: (r) => plain(r.squareMetres),
  breakdown: (r) => {
    const values = obj(r.values);
    return summaryList(
      UNITS.map((unit) => ({
        label: t(`page.land.unit_${unit}`),
        value: plain(values[unit]),
        num: true,
        strong: unit === r.from,
      })),
      t("page.land.in_units"),
    );
  },
};
