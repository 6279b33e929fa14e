// A fresh Node app configured by its environment, as apps are deployed: LANKA_API_BASE_URL
// points at a running server and LANKA_API_KEY holds a key of it (both set by the Deno test that
// runs this file), and createClient() with no options uses them; explicit options win.
import assert from "node:assert/strict";
import { test } from "node:test";
import { createClient, NetworkError } from "@lanka/api";

test("createClient() reads LANKA_API_BASE_URL and LANKA_API_KEY from process.env", async () => {
  assert.ok(process.env.LANKA_API_BASE_URL, "LANKA_API_BASE_URL is set");
  assert.ok(process.env.LANKA_API_KEY, "LANKA_API_KEY is set");
  const client = createClient({ mode: "remote" });
  assert.equal(client.baseUrl, process.env.LANKA_API_BASE_URL.replace(/\/+$/, ""));
  const answer = await client.vat({ amount: 1000, rate: 18 }).withResponse();
  assert.equal(answer.source, "remote");
  assert.equal(answer.data.total, 1180); // 1,000 plus 18% (IRD: the standard rate since 2024)
  assert.equal(answer.meta.tier, "key"); // the key from the environment was sent
  assert.equal(answer.headers.get("x-request-id"), answer.requestId);
  assert.equal(answer.headers.get("x-ratelimit-limit"), String(answer.rateLimit.limit));
});

test("explicit options win over the environment", async () => {
  const anonymous = createClient({
    mode: "remote",
    apiKey: "",
    env: false,
    baseUrl: process.env.LANKA_API_BASE_URL,
  });
  assert.equal((await anonymous.vat({ amount: 1000 }).withResponse()).meta.tier, "anonymous");
  const elsewhere = createClient({ baseUrl: "http://127.0.0.1:9", mode: "remote", retries: 0 });
  const error = await elsewhere.vat({ amount: 1 }).then(() => 0, (e) => e);
  assert.ok(error instanceof NetworkError);
  assert.match(error.message, /127\.0\.0\.1:9/);
});
