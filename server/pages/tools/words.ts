/**
 * The amount in words page (for cheques and receipts): an amount in; the words in the page's
 * language first.
 *
 * @module
 */
import { figureOf, money } from "../components.ts";
import { markup } from "../html.ts";
import type { ToolPage } from "./spec.ts";

/** The page of `GET /api/v1/words`. */
export const wordsPage: ToolPage = {
  heading: "page.words.heading",
  lead: "page.words.lead",
  button: "page.words.button",
  fields: [
    {
      name: "amount",
      kind: "amount",
      keys: true,
      required: true,
      label: "page.words.amount",
      hint: "page.words.amount_hint",
      error: "page.words.amount_error",
    },
    {
      name: "style",
      kind: "choice",
      keys: true,
      more: true,
      label: "page.words.style",
      options: [
        { value: "lakh", label: "page.words.style_lakh" },
        { value: "international", label: "page.words.style_international" },
      ],
    },
    { name: "only", kind: "flag", keys: true, more: true, label: "page.words.only" },
  ],
  answer: (r) =>
    markup("page.words.answer", {
      amount: money(r.amount),
      words: figureOf("words", String(r.words ?? "")),
    }),
  keyFigure: (r) => typeof r.words === "string" ? r.words : undefined,
};
