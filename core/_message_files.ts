/**
 * Where each area of the catalogue is, by language: one dynamic import per file of
 * `core/messages/<lang>/<area>.json` (written from `data/messages/{en,si,ta}.json` by
 * `deno task messages:split`), spelt out so that bundlers split each into a chunk of its own.
 * `tests/core/message_areas_test.ts` checks the table names every area of every language, and
 * that each file exists and is up to date.
 *
 * @module
 */
import type { Lang, MessageArea } from "./i18n.ts";

/** One area's file: its texts by key. */
export interface MessageAreaFile {
  /** What the file is and where it comes from. */
  note: string;
  /** The texts, by key. */
  messages: Readonly<Record<string, string>>;
}

/** Loads one area's file. */
export type MessageAreaLoader = () => Promise<{ default: MessageAreaFile }>;

/** The loader of each area's file, by language and area. */
export const MESSAGE_FILES: Readonly<
  Record<Lang, Readonly<Record<MessageArea, MessageAreaLoader>>>
> = {
  en: {
    calendar: () => import("./messages/en/calendar.json", { with: { type: "json" } }),
    district: () => import("./messages/en/district.json", { with: { type: "json" } }),
    electricity: () => import("./messages/en/electricity.json", { with: { type: "json" } }),
    labour: () => import("./messages/en/labour.json", { with: { type: "json" } }),
    nic: () => import("./messages/en/nic.json", { with: { type: "json" } }),
    payroll: () => import("./messages/en/payroll.json", { with: { type: "json" } }),
    phone: () => import("./messages/en/phone.json", { with: { type: "json" } }),
    plate: () => import("./messages/en/plate.json", { with: { type: "json" } }),
    province: () => import("./messages/en/province.json", { with: { type: "json" } }),
    scholarship: () => import("./messages/en/scholarship.json", { with: { type: "json" } }),
    tax: () => import("./messages/en/tax.json", { with: { type: "json" } }),
    tool: () => import("./messages/en/tool.json", { with: { type: "json" } }),
    zscore: () => import("./messages/en/zscore.json", { with: { type: "json" } }),
    pages: () => import("./messages/en/pages.json", { with: { type: "json" } }),
  },
  si: {
    calendar: () => import("./messages/si/calendar.json", { with: { type: "json" } }),
    district: () => import("./messages/si/district.json", { with: { type: "json" } }),
    electricity: () => import("./messages/si/electricity.json", { with: { type: "json" } }),
    labour: () => import("./messages/si/labour.json", { with: { type: "json" } }),
    nic: () => import("./messages/si/nic.json", { with: { type: "json" } }),
    payroll: () => import("./messages/si/payroll.json", { with: { type: "json" } }),
    phone: () => import("./messages/si/phone.json", { with: { type: "json" } }),
    plate: () => import("./messages/si/plate.json", { with: { type: "json" } }),
    province: () => import("./messages/si/province.json", { with: { type: "json" } }),
    scholarship: () => import("./messages/si/scholarship.json", { with: { type: "json" } }),
    tax: () => import("./messages/si/tax.json", { with: { type: "json" } }),
    tool: () => import("./messages/si/tool.json", { with: { type: "json" } }),
    zscore: () => import("./messages/si/zscore.json", { with: { type: "json" } }),
    pages: () => import("./messages/si/pages.json", { with: { type: "json" } }),
  },
  ta: {
    calendar: () => import("./messages/ta/calendar.json", { with: { type: "json" } }),
    district: () => import("./messages/ta/district.json", { with: { type: "json" } }),
    electricity: () => import("./messages/ta/electricity.json", { with: { type: "json" } }),
    labour: () => import("./messages/ta/labour.json", { with: { type: "json" } }),
    nic: () => import("./messages/ta/nic.json", { with: { type: "json" } }),
    payroll: () => import("./messages/ta/payroll.json", { with: { type: "json" } }),
    phone: () => import("./messages/ta/phone.json", { with: { type: "json" } }),
    plate: () => import("./messages/ta/plate.json", { with: { type: "json" } }),
    province: () => import("./messages/ta/province.json", { with: { type: "json" } }),
    scholarship: () => import("./messages/ta/scholarship.json", { with: { type: "json" } }),
    tax: () => import("./messages/ta/tax.json", { with: { type: "json" } }),
    tool: () => import("./messages/ta/tool.json", { with: { type: "json" } }),
    zscore: () => import("./messages/ta/zscore.json", { with: { type: "json" } }),
    pages: () => import("./messages/ta/pages.json", { with: { type: "json" } }),
  },
};
