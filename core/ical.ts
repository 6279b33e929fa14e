/**
 * iCalendar (RFC 5545) text for all-day events: the pure renderer behind `format=ics`.
 *
 * @module
 */
import { dayNumber, isoFromDayNumber } from "./day_number.ts";

/** One all-day event. */
export interface AllDayEvent {
  /** Globally unique and stable identifier (the same holiday keeps its UID across downloads). */
  uid: string;
  /** The day, `YYYY-MM-DD`. */
  date: string;
  /** The title shown in calendar apps. */
  summary: string;
  /** Longer text. */
  description?: string;
  /** Category words. */
  categories?: readonly string[];
}

/** Calendar-level fields. */
export interface CalendarInfo {
  /** Calendar name shown by apps (`X-WR-CALNAME`). */
  name: string;
  /** `DTSTAMP` of every event, `YYYY-MM-DD` (the data's check date keeps the output pure). */
  stamp: string;
}

const PRODID = "-//Lanka API//Lanka API 1.0//EN";
const MAX_OCTETS = 75;

/**
 * Escapes a TEXT value (RFC 5545 3.3.11): backslash, semicolon, comma and line breaks.
 *
 * @param value The text.
 * @returns The escaped text.
 */
export function escapeText(value: string): string {
  return value.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r?\n/g, "\\n");
}

/**
 * Folds a content line to at most 75 octets per line (RFC 5545 3.1), never splitting a
 * UTF-8 sequence; continuation lines start with one space.
 *
 * @param line One unfolded content line.
 * @returns The folded line, lines joined with CRLF.
 */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  if (encoder.encode(line).length <= MAX_OCTETS) return line;
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    const limit = parts.length === 0 ? MAX_OCTETS : MAX_OCTETS - 1;
    if (octets + size > limit) {
      parts.push(current);
      current = "";
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

function compactDate(iso: string): string {
  return iso.replaceAll("-", "");
}

/**
 * Renders all-day events as an iCalendar file: one `VEVENT` per event, `DTEND` the next day
 * (exclusive), marked transparent (free time), CRLF line endings.
 *
 * @param events The events.
 * @param info Calendar name and stamp.
 * @returns The `text/calendar` body.
 *
 * @example Usage
 * ```ts
 * import { renderCalendar } from "./ical.ts";
 * const ics = renderCalendar(
 *   [{ uid: "2026-12-25-christmas@lanka-api", date: "2026-12-25", summary: "Christmas Day" }],
 *   { name: "Holidays", stamp: "2026-11-21" },
 * );
 * console.log(ics.startsWith("BEGIN:VCALENDAR")); // true
 * ```
 */
export function renderCalendar(events: readonly AllDayEvent[], info: CalendarInfo): string {
  const stamp = `${compactDate(info.stamp)}T000000Z`;
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:${PRODID}`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeText(info.name)}`,
    "X-WR-TIMEZONE:Asia/Colombo",
  ];
  for (const event of events) {
    lines.push(
      "BEGIN:VEVENT",
      `UID:${event.uid}`,
      `DTSTAMP:${stamp}`,
      `DTSTART;VALUE=DATE:${compactDate(event.date)}`,
      `DTEND;VALUE=DATE:${compactDate(isoFromDayNumber(dayNumber(event.date) + 1))}`,
      `SUMMARY:${escapeText(event.summary)}`,
    );
    if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
    if (event.categories?.length) {
      lines.push(`CATEGORIES:${event.categories.map(escapeText).join(",")}`);
    }
    lines.push("TRANSP:TRANSPARENT", "END:VEVENT");
  }
  lines.push("END:VCALENDAR");
  return lines.map(foldLine).join("\r\n") + "\r\n";
}
