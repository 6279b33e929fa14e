/**
 * A deliberately simple working-day count: walk every day with a Date and scan the whole
 * dataset for it. The oracle for property tests and the baseline of the benchmark.
 */
import type { HolidayDataset } from "../../core/ops/holidays.ts";
import type { WorkCalendar } from "../../core/ops/working_days.ts";

export interface NaiveCounts {
  workingDays: number;
  weekendDays: number;
  holidayDays: number;
  totalDays: number;
}

export function naiveWorkingDays(
  data: Pick<HolidayDataset, "holidays" | "governmentClosures">,
  from: string,
  to: string,
  calendar: WorkCalendar,
  saturday: boolean,
  poya: "holiday" | "working" = "holiday",
): NaiveCounts {
  const counts = { workingDays: 0, weekendDays: 0, holidayDays: 0, totalDays: 0 };
  const flag = calendar === "government" ? "public" : calendar;
  for (
    let day = new Date(`${from}T00:00:00Z`);
    day <= new Date(`${to}T00:00:00Z`);
    day = new Date(day.getTime() + 86_400_000)
  ) {
    const iso = day.toISOString().slice(0, 10);
    const weekday = day.getUTCDay();
    counts.totalDays++;
    if (weekday === 0 || (weekday === 6 && !saturday)) {
      counts.weekendDays++;
      continue;
    }
    // In the mercantile calendar a Poya day is a day off unless poya=working (s.7A).
    const holiday = data.holidays.some((h) =>
      h.date === iso && (h[flag] || (calendar === "mercantile" && poya === "holiday" &&
        h.type === "poya"))
    ) ||
      (calendar === "government" &&
        data.governmentClosures.some((c) =>
          c.weekday === weekday && c.from <= iso && (c.to === null || iso <= c.to)
        ));
    if (holiday) {
      counts.holidayDays++;
    } else counts.workingDays++;
  }
  return counts;
}
