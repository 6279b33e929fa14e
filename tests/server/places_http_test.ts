/**
 * Issue 45 on a real port (`server/main.ts` as deployed, a real HTTP client): the places
 * endpoints answer 200, 400 and 404 with the envelope and the source in `meta`; Sinhala and
 * Tamil queries arrive percent-encoded; the finder page answers a plain GET. Names and codes:
 * research/places.json and places-admin.json.
 */
import assert from "node:assert/strict";
import { startServer } from "../_helpers/server.ts";

Deno.test({
  name: "the places endpoints answer over HTTP as documented",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const dir = await Deno.makeTempDir({ prefix: "lanka-places-" });
    const server = await startServer({ KV_PATH: `${dir}/kv.sqlite3`, ANON_DAILY_LIMIT: "1000" });
    const get = async (path: string) => {
      const res = await fetch(`${server.url}${path}`);
      return { status: res.status, type: res.headers.get("Content-Type"), body: await res.json() };
    };
    try {
      await t.step("an old code answers with the new one, and the source", async () => {
        // places.md 3: Kotmale 20560 -> 22560.
        const { status, body } = await get("/api/v1/postcodes/20560");
        assert.equal(status, 200);
        assert.equal(body.data.code, "22560");
        assert.equal(body.data.changed, true);
        assert.equal(body.data.offices[0].name.en, "Kotmale");
        assert.equal(body.meta.endpoint, "postcode");
        assert.equal(body.meta.last_verified, "2026-11-28");
      });
      await t.step(
        "a code of the wrong shape is a 400 naming code; an unknown one a 404",
        async () => {
          const bad = await get("/api/v1/postcodes/600");
          assert.equal(bad.status, 400);
          assert.equal(bad.body.code, "invalid_param");
          assert.equal(bad.body.details[0].param, "code");
          assert.match(bad.body.error, /exactly 5 digits.*write 00600/);
          const missing = await get("/api/v1/postcodes/99999");
          assert.equal(missing.status, 404);
          assert.equal(missing.body.code, "not_found");
        },
      );
      await t.step("a Sinhala query percent-encoded finds the place", async () => {
        // 20000 Kandy is මහනුවර in madurapa's list.
        const { status, body } = await get(`/api/v1/places?q=${encodeURIComponent("මහනුවර")}`);
        assert.equal(status, 200);
        assert.equal(body.data.places[0].postcode, "20000");
        assert.match(body.data.places[0].url, /\/api\/v1\/postcodes\/20000$/);
        const ta = await get(`/api/v1/places?q=${encodeURIComponent("கண்டி")}&kind=post_office`);
        assert.equal(ta.body.data.places[0].postcode, "20000");
      });
      await t.step("filters and limits are checked", async () => {
        const bad = await get("/api/v1/places?q=kandy&limit=51");
        assert.equal(bad.status, 400);
        assert.equal(bad.body.details[0].param, "limit");
        const kind = await get("/api/v1/places?q=kandy&kind=town");
        assert.equal(kind.status, 400);
        assert.equal(kind.body.details[0].param, "kind");
        const none = await get("/api/v1/places");
        assert.equal(none.status, 400);
        assert.equal(none.body.details[0].param, "q");
        const district = await get("/api/v1/divisions?district=Nowhere");
        assert.equal(district.status, 400);
        assert.equal(district.body.details[0].param, "district");
      });
      await t.step("divisions list and answer by id", async () => {
        const list = await get("/api/v1/divisions?district=LK-11&kind=ds_division");
        assert.equal(list.status, 200);
        assert.equal(list.body.data.total, 13);
        const one = await get("/api/v1/divisions/lk-1103");
        assert.equal(one.body.data.id, "LK-1103");
        assert.equal((await get("/api/v1/divisions/LK-0000")).status, 404);
        assert.equal((await get("/api/v1/divisions/colombo")).status, 400);
      });
      await t.step("the finder page answers a plain GET, in Tamil too", async () => {
        const res = await fetch(
          `${server.url}/ta/tools/postcodes?q=${encodeURIComponent("Jaffna")}`,
        );
        assert.equal(res.status, 200);
        const page = await res.text();
        assert.match(page, /<html lang="ta">/);
        assert.match(page, /data-field="answer\.postcode">40000</);
        assert.match(page, /data-live-results/);
      });
    } finally {
      await server.stop("SIGTERM");
      await Deno.remove(dir, { recursive: true });
    }
  },
});
