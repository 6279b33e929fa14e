/**
 * Working days over the full two-year span (730 days), against a same-run baseline: a naive
 * walk of every day that scans the dataset. Run:
 *   npx -y deno@2.9.6 bench --allow-all tests/bench/working_days_bench.ts
 */
import { execute } from "../../core/execute.ts";
import { HOLIDAY_DATA } from "../../core/ops/holidays.ts";
import { countWorkingDays, workingDays } from "../../core/ops/working_days.ts";
import { naiveWorkingDays } from "../_helpers/naive_working_days.ts";

const FROM = "2026-01-01";
const TO = "2027-12-31";
const ctx = { today: "2026-06-15", baseUrl: "http://bench" };
let sink = 0;

Deno.bench({
  name: "naive day walk, 2026-01-01..2027-12-31, government (baseline)",
  group: "working-days two-year span",
  baseline: true,
  fn() {
    sink += naiveWorkingDays(HOLIDAY_DATA, FROM, TO, "government", false).workingDays;
  },
});

Deno.bench({
  name: "countWorkingDays(), 2026-01-01..2027-12-31, government",
  group: "working-days two-year span",
  fn() {
    sink +=
      countWorkingDays({ from: FROM, to: TO, calendar: "government", saturday: false }).workingDays;
  },
});

Deno.bench({
  name: "countWorkingDays(), 2026-01-01..2027-12-31, mercantile",
  group: "working-days two-year span",
  fn() {
    sink +=
      countWorkingDays({ from: FROM, to: TO, calendar: "mercantile", saturday: false }).workingDays;
  },
});

Deno.bench({
  name: "execute(workingDays) with string params, 2026-01-01..2027-12-31, mercantile",
  group: "working-days two-year span",
  fn() {
    sink += execute(workingDays, [["from", FROM], ["to", TO]], ctx).workingDays;
  },
});
