import assert from "node:assert/strict";
import { CLASS_BY_CODE, errorFromResponse } from "../../sdk/errors.ts";
import {
  ApiError,
  AuthError,
  createClient,
  isApiError,
  isAuthError,
  isLankaError,
  isNetworkError,
  isNotFoundError,
  isRateLimitError,
  isTimeoutError,
  isValidationError,
  NotFoundError,
  RateLimitError,
  ValidationError,
} from "../../mod.ts";
import { FIXED_NOW, testApp } from "../_helpers/app.ts";

/** The codes the server can emit, read from the `ErrorCode` union itself. */
async function serverCodes(): Promise<string[]> {
  const source = await Deno.readTextFile(new URL("../../core/errors.ts", import.meta.url));
  const union = /export type ErrorCode =([^;]+);/.exec(source)![1]!;
  return [...union.matchAll(/"(\w+)"/g)].map((m) => m[1]!);
}

const EXPECTED: Record<string, string> = {
  invalid_param: "ValidationError",
  uri_too_long: "ValidationError",
  payload_too_large: "ValidationError",
  unsupported_media_type: "ValidationError",
  invalid_key: "AuthError",
  key_required: "AuthError",
  unauthorized: "AuthError",
  forbidden: "AuthError",
  not_found: "NotFoundError",
  rate_limited: "RateLimitError",
  // The caller must name the font: a request to change, like invalid_param (docs/sdk.md).
  font_uncertain: "ValidationError",
};

Deno.test("every error code the server emits maps to an error class", async () => {
  const codes = await serverCodes();
  assert.ok(codes.length >= 13);
  assert.deepEqual(Object.keys(CLASS_BY_CODE).sort(), [...codes].sort());
  for (const code of codes) {
    const error = errorFromResponse(
      418,
      { ok: false, error: `Failed: ${code}`, code },
      new Headers(),
    );
    assert.ok(error instanceof ApiError, code);
    assert.equal(error.code, code);
    assert.equal(error.name, EXPECTED[code] ?? "ApiError", code);
    assert.equal(error.message, `Failed: ${code}`);
  }
});

Deno.test("a body without a code (voice errors, proxies) is classed by its status", () => {
  const cases: [number, string, string][] = [
    [400, "ValidationError", "invalid_param"],
    [401, "AuthError", "invalid_key"],
    [403, "AuthError", "forbidden"],
    [404, "NotFoundError", "not_found"],
    [429, "RateLimitError", "rate_limited"],
    [502, "ApiError", "internal"],
    [418, "ApiError", "http_418"],
  ];
  for (const [status, name, code] of cases) {
    const error = errorFromResponse(status, { ok: false, error: "No" }, new Headers());
    assert.equal(error.name, name, String(status));
    assert.equal(error.code, code);
  }
  const html = errorFromResponse(503, undefined, new Headers({ "x-request-id": "r1" }));
  assert.equal(html.message, "Request failed with status 503");
  assert.equal(html.requestId, "r1");
});

Deno.test("guards match by class and, across realms, by name", () => {
  const foreign = Object.assign(new Error("x"), {
    name: "RateLimitError",
    status: 429,
    code: "rate_limited",
  });
  assert.ok(isRateLimitError(foreign) && isApiError(foreign) && isLankaError(foreign));
  assert.ok(!isNotFoundError(foreign) && !isValidationError(foreign) && !isAuthError(foreign));
  assert.ok(isNetworkError({ name: "NetworkError" }) && isTimeoutError({ name: "TimeoutError" }));
  assert.ok(!isLankaError(new Error("plain")) && !isApiError(null) && !isApiError("ApiError"));
  const mine = errorFromResponse(404, { ok: false, error: "No", code: "not_found" }, new Headers());
  assert.ok(mine instanceof NotFoundError && isNotFoundError(mine) && isLankaError(mine));
});

Deno.test("errors from the real server arrive as typed errors with their request id", async () => {
  await using server = await testApp({ env: { ANON_DAILY_LIMIT: "1" } });
  const client = (apiKey?: string) =>
    createClient({
      baseUrl: "http://lanka.test",
      mode: "remote",
      retries: 0,
      ...(apiKey ? { apiKey } : {}),
      fetch: server.fetch,
    });
  const caught = (p: PromiseLike<unknown>) => Promise.resolve(p).then(() => undefined, (e) => e);

  const bad = await caught(client().vat({ amount: 1, rate: 500 }));
  assert.ok(bad instanceof ValidationError);
  assert.equal(bad.status, 400);
  assert.match(bad.requestId ?? "", /^[0-9a-f]{16}-[0-9a-z]+$/);
  assert.equal(bad.requestId, bad.body.requestId);

  const limited = await caught(client().vat({ amount: 1 }));
  assert.ok(limited instanceof RateLimitError);
  assert.equal(limited.code, "rate_limited");
  // The fixed clock is 10:00 UTC: the counters reset at midnight, 14 hours later.
  assert.equal(limited.retryAfter, 14 * 3600);
  assert.equal(limited.reset, FIXED_NOW / 1000 + 14 * 3600);
  assert.equal(limited.headers.get("retry-after"), "50400");

  const unknownKey = await caught(client("no-such-key").vat({ amount: 1 }));
  assert.ok(unknownKey instanceof AuthError);
  assert.equal(unknownKey.code, "invalid_key");
  assert.equal(unknownKey.status, 401);
});
