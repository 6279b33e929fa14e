/**
 * Issue 29, electricity bills and phone numbers over HTTP on a real port (server/main.ts started
 * as a process, fetch as the client): the envelope with the source of the decision used, the 501
 * of a decision whose figures are not held, the 400s, what people type in a path, and the pages.
 */
import assert from "node:assert/strict";
import { latinWords, visibleText } from "../_helpers/latin.ts";
import { startServer } from "../_helpers/server.ts";

Deno.test("electricity and phone answer over a real port with their sources", async (t) => {
  const dir = await Deno.makeTempDir();
  const server = await startServer({ KV_PATH: `${dir}/kv.sqlite3` });
  const get = async (path: string, init?: RequestInit) => {
    const res = await fetch(`${server.url}${path}`, init);
    const type = res.headers.get("Content-Type") ?? "";
    return { res, body: type.includes("json") ? await res.json() : await res.text() };
  };
  try {
    await t.step("a bill names the PUCSL decision it used in meta.source_url", async () => {
      // W2 (October 2026 price survey): 69 kWh under the May 2026 tariff: 1,420 before SSCL.
      const { res, body } = await get("/api/v1/electricity/bill?units=69&date=2026-06-01");
      assert.equal(res.status, 200);
      assert.equal(body.meta.endpoint, "electricity-bill");
      assert.equal(body.data.charge, 1_420);
      assert.equal(body.data.decision.from, "2026-05-11");
      assert.equal(
        body.meta.source_url,
        "https://www.pucsl.gov.lk/wp-content/uploads/2026/05/Full-Final_Decision-on-Electricity-Tariffs-May-2026.pdf",
      );
      assert.equal(body.meta.source_url, body.data.decision.sourceUrl);
      const latest = await get("/api/v1/electricity/bill?units=69&date=2026-11-01");
      assert.match(latest.body.meta.source_url, /July-2026\.pdf$/);
      assert.equal(latest.body.data.lastDecisionHeld, "2026-07-31");
      assert.match(latest.body.data.note, /No source read says whether a decision took effect/);
      const past = await get("/api/v1/electricity/bill?units=100&date=2025-10-20&category=d-1");
      assert.equal(past.body.data.category, "D-1");
      assert.equal(past.body.data.charge, 2_560); // official Oct 2025 table, first principles
    });
    await t.step(
      "a decision held without the figures is a 501; bad input a 400 naming it",
      async () => {
        const jan = await get("/api/v1/electricity/bill?units=50&date=2025-03-01");
        assert.equal(jan.res.status, 501);
        assert.equal(jan.body.code, "not_available");
        assert.equal(jan.body.details[0].param, "category");
        for (
          const [query, param] of [
            ["units=abc", "units"],
            ["units=10&date=2020-01-01", "date"],
            ["units=10&category=Z-1", "category"],
            ["units=10&days=400", "days"],
          ]
        ) {
          const { res, body } = await get(`/api/v1/electricity/bill?${query}`);
          assert.equal(res.status, 400, query);
          assert.equal(body.details[0].param, param, query);
        }
      },
    );
    await t.step("a time-of-use bill (D-TOU) by window, its page, and its 501s", async () => {
      // W1, a printed CEB D-TOU bill of 13 August 2026 (research electricity.md section 5):
      // off-peak 275, day 540, peak 173 kWh: charge 55,293.00, SSC Levy 1,417.77.
      const query = "category=D-TOU&offPeak=275&day=540&peak=173&date=2026-08-13";
      const { res, body } = await get(`/api/v1/electricity/bill?${query}`);
      assert.equal(res.status, 200);
      assert.equal(body.data.charge, 55_293);
      assert.equal(body.data.sscl, 1_417.77);
      assert.equal(body.data.windows.length, 3);
      assert.match(body.meta.source_url, /July-2026\.pdf$/);
      const april = await get(
        "/api/v1/electricity/bill?category=D-TOU&offPeak=1&day=1&peak=1&date=2026-04-15",
      );
      assert.equal(april.res.status, 501);
      assert.equal(april.body.details[0].param, "category");
      const html = { headers: { Accept: "text/html" } };
      for (const prefix of ["", "/si", "/ta"]) {
        const page = await get(`${prefix}/tools/electricity-bill?${query}`, html);
        assert.equal(page.res.status, 200, prefix);
        assert.match(page.body, /data-field="charge"[^>]*>\s*LKR\s*55,293\.00/, prefix);
        assert.match(page.body, /LKR\s18,338\.00/, `${prefix}: the peak window's line`);
        if (prefix) assert.deepEqual(latinWords(visibleText(page.body)), [], prefix);
      }
      const missing = await get("/tools/electricity-bill?category=D-TOU&offPeak=1&day=1", html);
      assert.equal(missing.res.status, 400);
    });
    await t.step("a phone number as typed, spaces and plus sign in the path", async () => {
      const { res, body } = await get(`/api/v1/phone/${encodeURIComponent("+94 77 123 4567")}`);
      assert.equal(res.status, 200);
      assert.equal(body.data.e164, "+94771234567");
      assert.equal(body.data.operator.name, "Dialog");
      assert.match(body.meta.source_url, /libphonenumber/);
      const spaced = await get("/api/v1/phone/077%20123%204567?lang=ta");
      assert.equal(spaced.body.data.national, "077 123 4567");
      assert.match(spaced.body.data.operator.name, /[\u0B80-\u0BFF]/);
      const unallocated = await get("/api/v1/phone/0731234567");
      assert.equal(unallocated.res.status, 200);
      assert.equal(unallocated.body.data.valid, false);
      assert.equal(unallocated.body.data.reasonCode, "not_allocated");
      const junk = await get("/api/v1/phone/hello");
      assert.equal(junk.res.status, 400);
      assert.equal(junk.body.details[0].param, "number");
    });
    await t.step("the tool pages answer without JavaScript, in Sinhala too", async () => {
      const html = { headers: { Accept: "text/html" } };
      const bill = await get("/tools/electricity-bill?units=69&date=2026-06-01", html);
      assert.equal(bill.res.status, 200);
      assert.match(bill.body, /data-field="charge"[^>]*>\s*LKR\s*1,420\.00/);
      assert.match(bill.body, /May-2026\.pdf/);
      const si = await get("/si/tools/phone?number=0112345678", html);
      assert.equal(si.res.status, 200);
      assert.match(si.body, /කොළඹ/);
      // A fixed-line answer reads in the page's language: the district's slug (an identifier for
      // programs, like the area code) is shown as code, not as an English word.
      for (
        const [lang, number, name] of [["si", "0112345678", "කොළඹ"], ["ta", "0812345678", "கண்டி"]]
      ) {
        const page = await get(`/${lang}/tools/phone?number=${number}`, html);
        assert.equal(page.res.status, 200);
        assert.ok(page.body.includes(name), `${lang}: ${name}`);
        assert.deepEqual(latinWords(visibleText(page.body)), [], `${lang} phone answer`);
      }
      const bad = await get("/tools/electricity-bill?units=-5", html);
      assert.equal(bad.res.status, 400);
    });
  } finally {
    await server.stop();
    await Deno.remove(dir, { recursive: true });
  }
});
