/** Issue 29's endpoints over HTTP: the envelope, the 404 for years not held, the 501 for WHT. */
import assert from "node:assert/strict";
import { json, testApp } from "../_helpers/app.ts";

Deno.test("GET /api/v1/holidays/{date} answers in the envelope with the year's source", async () => {
  await using t = await testApp();
  const body = await json(await t.request("/api/v1/holidays/2026-12-25"));
  assert.equal(body.ok, true);
  assert.equal(body.meta.endpoint, "is-holiday");
  // Gazette 2438/22: Christmas, a Friday, is in all three calendars.
  assert.deepEqual(
    [
      body.data.isHoliday,
      body.data.public,
      body.data.bank,
      body.data.mercantile,
      body.data.isWeekend,
    ],
    [true, true, true, true, false],
  );
  assert.match(body.data.source, /2438\/22/);
  const ta = await json(await t.request("/api/v1/holidays/2026-12-25?lang=ta"));
  assert.equal(ta.data.weekday, "வெள்ளி");
  assert.equal(ta.data.holidays[0].name, "நத்தார் பண்டிகை தினம்");
});

Deno.test("a year not held is a 404 with known false and when the gazette is usually published", async (t) => {
  await using app = await testApp();
  for (
    const [path, param] of [
      ["/api/v1/holidays?year=2028", "year"],
      ["/api/v1/holidays/2028-01-01", "date"],
      ["/api/v1/holidays/2019-05-01", "date"],
      ["/api/v1/working-days/add?from=2028-01-03&days=5", "from"],
      ["/api/v1/working-days/add?from=2027-12-20&days=30", "days"],
    ] as const
  ) {
    await t.step(path, async () => {
      const res = await app.request(path);
      assert.equal(res.status, 404);
      const body = await json(res);
      assert.equal(body.code, "not_found");
      assert.equal(body.details[0].param, param);
      assert.equal(body.known, false);
    });
  }
  const body = await json(await app.request("/api/v1/holidays?year=2028"));
  assert.deepEqual(body.supportedYears, [2021, 2022, 2023, 2024, 2025, 2026, 2027]);
  assert.equal(body.gazetteUsuallyPublished, "between May and July of the year before");
});

Deno.test("GET /api/v1/working-days/add gives data.date and the holidays skipped", async () => {
  await using t = await testApp();
  const body = await json(await t.request("/api/v1/working-days/add?from=2026-12-24&days=1"));
  assert.equal(body.meta.endpoint, "working-days-add");
  assert.equal(body.data.date, "2026-12-28");
  assert.deepEqual(body.data.holidays.map((h: { date: string }) => h.date), ["2026-12-25"]);
  const bad = await t.request("/api/v1/working-days/add?from=2026-12-24&days=x");
  assert.equal(bad.status, 400);
  assert.equal((await json(bad)).details[0].param, "days");
});

Deno.test("GET /api/v1/tax/wht and /tax/sscl answer with their circulars; WHT before 2023 is 501", async () => {
  await using t = await testApp();
  const fee = await json(
    await t.request("/api/v1/tax/wht?payment=service-fee&amount=150000&date=2026-01-15"),
  );
  assert.deepEqual([fee.data.wht, fee.data.net, fee.meta.endpoint], [7500, 142500, "wht"]);
  const old = await t.request("/api/v1/tax/wht?payment=interest&amount=1000&date=2022-12-31");
  assert.equal(old.status, 501);
  const oldBody = await json(old);
  assert.deepEqual([oldBody.code, oldBody.details[0].param], ["not_available", "date"]);
  const levy = await json(
    await t.request("/api/v1/tax/sscl?turnover=40000000&date=2025-06-30&activity=manufacture"),
  );
  assert.deepEqual([levy.data.liableTurnover, levy.data.levy], [34000000, 850000]);
  const si = await json(
    await t.request("/api/v1/tax/sscl?turnover=40000000&date=2025-06-30&lang=si"),
  );
  assert.equal(si.data.activityName, "සේවා සැපයීම");
});
