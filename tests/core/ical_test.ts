import assert from "node:assert/strict";
import ICAL from "ical.js";
import { escapeText, foldLine, renderCalendar } from "../../core/ical.ts";
import { holidaysToIcs, listHolidays } from "../../core/ops/holidays.ts";

const octets = (s: string) => new TextEncoder().encode(s).length;

Deno.test("escapeText() escapes backslash, semicolon, comma and newlines", () => {
  assert.equal(escapeText("a\\b;c,d\ne"), "a\\\\b\\;c\\,d\\ne");
});

Deno.test("foldLine() keeps lines to 75 octets without splitting UTF-8 and unfolds back", () => {
  const line = `DESCRIPTION:${"වෙසක් පුර පසළොස්වක පෝය දිනය ".repeat(6)}`;
  const folded = foldLine(line);
  for (const part of folded.split("\r\n")) assert.ok(octets(part) <= 75, part);
  assert.equal(folded.replaceAll("\r\n ", ""), line);
  assert.equal(foldLine("SUMMARY:short"), "SUMMARY:short");
});

for (const [year, type] of [[2026, undefined], [2027, undefined], [2026, "mercantile"]] as const) {
  Deno.test(`the ${year}${type ? ` ${type}` : ""} .ics parses with ical.js: one VEVENT per holiday`, () => {
    const list = listHolidays({ year: year, type: type });
    const ics = holidaysToIcs(list);
    assert.ok(ics.split("\r\n").every((l) => octets(l) <= 75));
    const calendar = new ICAL.Component(ICAL.parse(ics));
    const events = calendar.getAllSubcomponents("vevent");
    assert.equal(events.length, list.count);
    const uids = new Set<string>();
    events.forEach((component, i) => {
      const event = new ICAL.Event(component);
      const h = list.holidays[i]!;
      assert.equal(event.summary, h.name);
      assert.equal(event.startDate.toString(), h.date);
      assert.ok(event.startDate.isDate, "an all-day date, not a date-time");
      assert.equal(event.endDate.subtractDate(event.startDate).toSeconds(), 86400);
      assert.ok(event.description.includes(`Sinhala: ${h.nameSinhala}\n`));
      assert.ok(event.description.includes(`Tamil: ${h.nameTamil}\n`));
      assert.ok(event.description.includes(`Gazette Extraordinary ${h.gazette}`));
      uids.add(event.uid);
    });
    assert.equal(uids.size, list.count, "UIDs are unique (1 May 2026 has two holidays)");
  });
}

Deno.test("renderCalendar() is deterministic: the stamp is the data's date, not the clock", () => {
  const events = [{ uid: "x@y", date: "2026-12-31", summary: "A, B; C" }];
  const one = renderCalendar(events, { name: "N", stamp: "2026-11-21" });
  assert.equal(one, renderCalendar(events, { name: "N", stamp: "2026-11-21" }));
  assert.match(one, /DTSTAMP:20261121T000000Z\r\n/);
  assert.match(one, /DTEND;VALUE=DATE:20270101\r\n/);
  assert.match(one, /SUMMARY:A\\, B\\; C\r\n/);
  assert.ok(one.endsWith("END:VCALENDAR\r\n"));
});
