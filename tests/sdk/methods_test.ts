/**
 * The typed methods: each local one answers its documented example in-process exactly as the
 * server does; store and voice go to the server in auto mode and are refused in local mode.
 */
import assert from "node:assert/strict";
import {
  ApiError,
  type ApiPromise,
  AuthError,
  createClient,
  isRateLimitError,
  type LankaClient,
  LankaError,
  NotFoundError,
  RateLimitError,
} from "../../mod.ts";
import { operations } from "../../core/registry.ts";
import { apiUrl, sdkBodySnippet, sdkSnippet } from "../../server/pages/snippets.ts";
import { exampleParams, formParameters } from "../../server/pages/tool.ts";
import { encodeWav } from "../../server/voice/audio.ts";
import { FIXED_NOW, json, testApp } from "../_helpers/app.ts";
import { exampleRequest } from "../_helpers/examples.ts";
import { reply, scriptedFetch } from "./_fakes.ts";

const PEER = { remoteAddr: { hostname: "203.0.113.7", port: 40000, transport: "tcp" } };
const BASE = "http://lanka.test";

type Server = Awaited<ReturnType<typeof testApp>>;

/** A client whose fetch is the in-process app, recording every request it sends. */
function clientOf(server: Server, mode: "auto" | "local" | "remote") {
  const sent: Request[] = [];
  const client = createClient({
    baseUrl: BASE,
    mode,
    now: () => FIXED_NOW,
    retries: 0,
    fetch: (input, init) => {
      const request = new Request(input, init);
      sent.push(request);
      return Promise.resolve(server.app.fetch(request, PEER));
    },
  });
  return { client, sent };
}

/** Each method's documented example (its JSDoc @example) and the URL the server answers it at. */
const EXAMPLES: [string, (c: LankaClient) => ApiPromise<unknown>, string][] = [
  ["nic", (c) => c.nic("913014146V"), "/api/v1/nic/913014146V"],
  ["plate", (c) => c.plate("WP-CAB-1234"), "/api/v1/plate/WP-CAB-1234"],
  [
    "holidays",
    (c) => c.holidays({ year: 2026, type: "mercantile" }),
    "/api/v1/holidays?year=2026&type=mercantile",
  ],
  ["holidays (no parameters)", (c) => c.holidays(), "/api/v1/holidays"],
  [
    "workingDays",
    (c) => c.workingDays({ from: "2026-05-01", to: "2026-05-31" }),
    "/api/v1/working-days?from=2026-05-01&to=2026-05-31",
  ],
  [
    "workingDays (every parameter)",
    (c) =>
      c.workingDays({ from: "2026-04-01", to: "2026-04-30", calendar: "bank", saturday: true }),
    "/api/v1/working-days?from=2026-04-01&to=2026-04-30&calendar=bank&saturday=true",
  ],
  [
    "wht",
    (c) => c.wht({ payment: "service-fee", amount: 150_000, date: "2026-01-15" }),
    "/api/v1/tax/wht?payment=service-fee&amount=150000&date=2026-01-15",
  ],
  [
    "sscl",
    (c) => c.sscl({ turnover: 40_000_000, date: "2025-06-30", activity: "manufacture" }),
    "/api/v1/tax/sscl?turnover=40000000&date=2025-06-30&activity=manufacture",
  ],
  ["isHoliday", (c) => c.isHoliday("2026-12-25"), "/api/v1/holidays/2026-12-25"],
  [
    "isHoliday (lang)",
    (c) => c.isHoliday("2022-10-09", { lang: "ta" }),
    "/api/v1/holidays/2022-10-09?lang=ta",
  ],
  [
    "addWorkingDays",
    (c) => c.addWorkingDays("2026-12-24", 1),
    "/api/v1/working-days/add?from=2026-12-24&days=1",
  ],
  [
    "addWorkingDays (every parameter)",
    (c) => c.addWorkingDays("2025-04-16", -3, { calendar: "bank", saturday: true }),
    "/api/v1/working-days/add?from=2025-04-16&days=-3&calendar=bank&saturday=true",
  ],
  ["districts", (c) => c.districts({ province: "Western" }), "/api/v1/districts?province=Western"],
  ["districts (no parameters)", (c) => c.districts(), "/api/v1/districts"],
  ["tools", (c) => c.tools({ q: "tax" }), "/api/v1/tools?q=tax"],
  ["tools (no parameters)", (c) => c.tools(), "/api/v1/tools"],
  [
    "zScore",
    (c) => c.zScore({ subjects: "physics:72,chemistry:68,combined-maths:80" }),
    "/api/v1/z-score?subjects=physics:72,chemistry:68,combined-maths:80",
  ],
  ["zScore (no parameters)", (c) => c.zScore(), "/api/v1/z-score"],
  [
    "scholarshipCutoff",
    (c) => c.scholarshipCutoff({ year: 2024, district: "Colombo", medium: "Sinhala" }),
    "/api/v1/scholarship-cutoff?year=2024&district=Colombo&medium=Sinhala",
  ],
  ["scholarshipCutoff (no parameters)", (c) => c.scholarshipCutoff(), "/api/v1/scholarship-cutoff"],
];

Deno.test("each new local method answers its documented example in-process as the server does", async (t) => {
  await using server = await testApp();
  const local = clientOf(server, "auto");
  const remote = clientOf(server, "remote");
  for (const [name, call, url] of EXAMPLES) {
    await t.step(name, async () => {
      const expected = await json(await server.request(url));
      assert.equal(expected.ok, true, `${url} answers 200`);
      const mine = await call(local.client).withResponse();
      assert.equal(mine.source, "local");
      assert.deepEqual(mine.data, expected.data);
      // Sent to the server, the typed parameters become exactly the example's URL.
      const before = remote.sent.length;
      assert.deepEqual(await call(remote.client), expected.data);
      assert.equal(remote.sent.length, before + 1);
      const sentUrl = new URL(remote.sent.at(-1)!.url);
      assert.equal(sentUrl.origin + sentUrl.pathname, BASE + url.split("?")[0]);
      assert.deepEqual([...sentUrl.searchParams], [...new URL(url, BASE).searchParams]);
    });
  }
  assert.equal(local.sent.length, 0, "auto mode computed every local method in-process");
});

Deno.test("the documented examples give the figures of the sources", async () => {
  const client = createClient({ mode: "local", now: () => FIXED_NOW });
  // 913014146V: born 1991, day 301 (under 500: male). The Department counts February as 29
  // days, so January to September hold 274 days and day 301 is 27 October.
  const card = await client.nic("913014146V");
  assert.deepEqual([card.dateOfBirth, card.gender], ["1991-10-27", "Male"]);
  assert.equal((await client.plate("WP-CAB-1234")).province?.name, "Western");
  // Western Province: Colombo, Gampaha, Kalutara (research/districts.json).
  assert.deepEqual(
    (await client.districts({ province: "Western" })).districts.map((d) => d.name),
    ["Colombo", "Gampaha", "Kalutara"],
  );
  // May 2026: 31 days, 1 May a Friday, so 5 Saturdays and 5 Sundays leave 21 weekdays; May Day
  // (1 May) is the one mercantile holiday on a weekday: 20.
  const may = await client.workingDays({ from: "2026-05-01", to: "2026-05-31" });
  assert.deepEqual([may.workingDays, may.weekendDays, may.holidayDays], [20, 10, 1]);
  // Christmas, Friday 25 December 2026 (Gazette 2438/22), and the weekend: Thursday 24th plus
  // one mercantile working day is Monday 28th.
  assert.equal((await client.isHoliday("2026-12-25")).mercantile, true);
  assert.equal((await client.addWorkingDays("2026-12-24", 1)).date, "2026-12-28");
  // IRD circular SEC/2022/E/03: 5% of a Rs 150,000 service fee; SSCL 2.5% of Rs 40 million.
  const fee = await client.wht({ payment: "service-fee", amount: 150_000, date: "2026-01-15" });
  assert.equal(fee.wht, 7_500);
  assert.equal((await client.sscl({ turnover: 40_000_000, date: "2025-06-30" })).levy, 1_000_000);
  // Colombo, Sinhala medium, 2024: 143 (research/scholarship-cutoffs.json).
  const cut = await client.scholarshipCutoff({
    year: 2024,
    district: "Colombo",
    medium: "Sinhala",
  });
  assert.ok("cutoff" in cut);
  assert.equal(cut.cutoff, 143);
});

Deno.test("store.list() and store.get() go to the server in auto mode", async () => {
  await using server = await testApp();
  const { client, sent } = clientOf(server, "auto");
  const listUrl = "/api/v1/store?vendor=aws&q=architect";
  const list = await client.store.list({ vendor: "aws", q: "architect" });
  assert.deepEqual(list, (await json(await server.request(listUrl))).data);
  assert.ok(list.total >= 1 && list.products.every((p) => p.vendor === "aws"));
  assert.equal(sent.at(-1)!.url, BASE + listUrl);

  const slug = list.products[0]!.slug;
  const product = await client.store.get(slug);
  assert.equal(product.slug, slug);
  assert.deepEqual(product, (await json(await server.request(`/api/v1/store?slug=${slug}`))).data);
  assert.equal(sent.at(-1)!.url, `${BASE}/api/v1/store?slug=${slug}`);

  const whole = await client.store.list();
  assert.deepEqual(whole, (await json(await server.request("/api/v1/store"))).data);

  const missing = await client.store.get("no-such-exam").then(() => undefined, (e) => e);
  assert.ok(missing instanceof NotFoundError, String(missing));
  assert.equal(sent.length, 4);
});

Deno.test("store and voice are refused in local mode without touching the network", async () => {
  const { fetch, requests } = scriptedFetch([() => reply(200, { ok: true, data: {} })]);
  const client = createClient({ mode: "local", fetch, apiKey: "lk_x" });
  for (
    const [name, call] of [
      ["store", () => client.store.list({ vendor: "aws" })],
      ["store", () => client.store.get("aws-cloud-practitioner-clf-c02")],
      ["voice", () => client.voice.synthesize({ text: "Hello" })],
    ] as const
  ) {
    const error = await call().then(() => undefined, (e) => e);
    assert.ok(error instanceof LankaError);
    assert.match(error.message, new RegExp(`Cannot call "${name}" in local mode`));
  }
  assert.equal(requests.length, 0);
});

/** A small WAV file: `samples` silent 16-bit mono samples at 8 kHz after the 44-byte header. */
const smallWav = (samples = 8): Uint8Array => encodeWav([new Float32Array(samples)], 8000);

const audio = (bytes: Uint8Array) =>
  new Response(bytes.slice(), { status: 200, headers: { "content-type": "audio/wav" } });

Deno.test("voice.synthesize() POSTs the body with the key and returns the audio bytes", async () => {
  const wav = smallWav();
  const { fetch, requests } = scriptedFetch([() => audio(wav)]);
  const client = createClient({ fetch, baseUrl: "http://api.test", apiKey: "lk_secret" });
  const answer = await client.voice.synthesize({ text: "Ayubowan", codec: "wav" }).withResponse();
  assert.ok(answer.data instanceof Uint8Array);
  assert.deepEqual(answer.data, wav);
  assert.equal(answer.data.length, 44 + 8 * 2);
  assert.equal(new TextDecoder().decode(answer.data.subarray(8, 12)), "WAVE");
  assert.equal(answer.source, "remote");
  assert.equal(answer.meta, undefined);
  const request = requests[0]!;
  assert.equal(request.method, "POST");
  assert.equal(request.url, "http://api.test/api/v1/voice");
  assert.equal(request.headers.get("authorization"), "Bearer lk_secret");
  assert.equal(request.headers.get("content-type"), "application/json");
  assert.deepEqual(await request.json(), { text: "Ayubowan", codec: "wav" });
});

Deno.test("voice.synthesize().withResponse() reads the X-Voice-* headers the server sends", async () => {
  // The header names and formats of server/voice/handler.ts.
  const headers = {
    "content-type": "audio/mpeg",
    "x-request-id": "3f2a",
    "x-ratelimit-limit": "10000",
    "x-ratelimit-remaining": "9998",
    "x-ratelimit-reset": "1795000000",
    "x-voice-sample-rate": "22050",
    "x-voice-bit-rate": "64000",
    "x-voice-duration": "1.250",
    "x-voice-language": "si",
    "x-voice-remaining": "49",
    "x-voice-warning": "first | second",
  };
  const { fetch } = scriptedFetch([() => new Response(new Uint8Array([1, 2, 3]), { headers })]);
  const client = createClient({ fetch, baseUrl: "http://api.test", apiKey: "lk_secret" });
  const answer = await client.voice.synthesize({ text: "Ayubowan", language: "si" }).withResponse();
  assert.deepEqual(answer.voice, {
    duration: 1.25,
    language: "si",
    sampleRate: 22050,
    bitRate: 64000,
    remaining: 49,
    warnings: ["first", "second"],
  });
  assert.deepEqual(answer.rateLimit, { limit: 10000, remaining: 9998, reset: 1795000000 });
  assert.equal(answer.requestId, "3f2a");
  assert.equal(answer.headers?.get("x-voice-duration"), "1.250");
  const handler = await Deno.readTextFile(
    new URL("../../server/voice/handler.ts", import.meta.url),
  );
  for (const name of ["Duration", "Language", "Sample-Rate", "Bit-Rate", "Remaining", "Warning"]) {
    assert.ok(handler.includes(`"X-Voice-${name}"`), name);
  }
});

Deno.test("voice.synthesize() is never retried on 502, 503 or 504, since it may have been charged", async () => {
  for (const status of [502, 503, 504]) {
    const { fetch, requests } = scriptedFetch([
      () =>
        reply(status, { ok: false, error: "Busy", code: "unavailable" }, { "retry-after": "0" }),
      () => audio(smallWav()),
    ]);
    const client = createClient({ fetch, apiKey: "lk_x", retries: { limit: 3, backoffMs: 1 } });
    const error = await client.voice.synthesize({ text: "Hi" }).then(() => undefined, (e) => e);
    assert.ok(error instanceof ApiError, String(error));
    assert.equal(error.status, status);
    assert.equal(requests.length, 1, `${status}: sent once`);
  }
});

Deno.test("voice.synthesize() retries a 429 and rejects with RateLimitError once retries run out", async () => {
  const limited = () =>
    reply(429, { ok: false, error: "Too many requests", code: "rate_limited" }, {
      "retry-after": "0",
      "x-ratelimit-reset": "1781568000",
    });
  const wav = smallWav(4);
  const retried = scriptedFetch([limited, () => audio(wav)]);
  const patient = createClient({ fetch: retried.fetch, apiKey: "lk_x", retries: 1 });
  assert.deepEqual(await patient.voice.synthesize({ text: "Hi" }), wav);
  assert.equal(retried.requests.length, 2, "the 429 was retried");

  const refused = scriptedFetch([limited]);
  const client = createClient({ fetch: refused.fetch, apiKey: "lk_x", retries: 0 });
  const error = await client.voice.synthesize({ text: "Hi" }).then(() => undefined, (e) => e);
  assert.ok(error instanceof RateLimitError);
  assert.ok(isRateLimitError(error));
  assert.equal(error.status, 429);
  assert.equal(error.retryAfter, 0);
  assert.equal(error.reset, 1781568000);
  assert.equal(refused.requests.length, 1);
});

Deno.test("voice.synthesize() in auto mode reaches the server, which asks for a key first", async () => {
  await using server = await testApp();
  const { client, sent } = clientOf(server, "auto");
  const error = await client.voice.synthesize({ text: "Hello" }).then(() => undefined, (e) => e);
  assert.ok(error instanceof AuthError, String(error));
  assert.equal(error.status, 401);
  assert.equal(sent.length, 1);
  assert.equal(sent[0]!.method, "POST");
});

/**
 * The SDK snippet a tool page shows for its example, without the import, and the server request
 * it stands for: the example URL's parameters, or the example body of an operation that takes one
 * (the text page's `call()`).
 */
function pageSnippets() {
  return operations.filter((op) => op.page !== undefined && op.run !== undefined).map((op) => {
    let code: string;
    let request: { path: string; init: RequestInit };
    if (op.body) {
      code = sdkBodySnippet(op, op.exampleBody!);
      request = exampleRequest(op);
    } else {
      const params = formParameters(op);
      const shown = new Set(params.map((p) => p.name));
      const pairs = exampleParams(op).filter(([name]) => shown.has(name));
      code = sdkSnippet(op, params, pairs);
      const url = new URL(apiUrl(op, pairs, BASE));
      request = { path: url.pathname + url.search, init: {} };
    }
    assert.match(code, /^import \{ createClient \} from "@lanka\/api";\n/);
    return { op, request, body: code.split("\n").slice(1).join("\n") };
  });
}

Deno.test("every tool page's SDK snippet runs against the SDK and answers as the server", async () => {
  await using server = await testApp();
  const AsyncFunction = (async () => {}).constructor as new (...args: string[]) => (
    createClient: (options: object) => LankaClient,
  ) => Promise<unknown>;
  const snippets = pageSnippets();
  assert.ok(snippets.length >= 13);
  assert.ok(snippets.some(({ op }) => op.body), "a body operation's snippet is among them");
  for (const { op, request, body } of snippets) {
    const local = (options: object) =>
      createClient({ ...options, mode: "local", baseUrl: BASE, now: () => FIXED_NOW });
    const data = await new AsyncFunction("createClient", `${body}\nreturn result;`)(local);
    const expected = await json(await server.request(request.path, request.init));
    assert.equal(expected.ok, true, `${op.name}: ${JSON.stringify(expected)}`);
    assert.deepEqual(data, expected.data, `${op.name}: ${body}`);
  }
});

Deno.test("every tool page's SDK snippet type-checks against the SDK", async () => {
  const dir = await Deno.makeTempDir({ prefix: "lanka-snippets-" });
  try {
    const mod = new URL("../../mod.ts", import.meta.url).href;
    const file = `${dir}/snippets.ts`;
    await Deno.writeTextFile(
      file,
      [
        `import { createClient } from ${JSON.stringify(mod)};`,
        ...pageSnippets().map(({ body }, i) =>
          `export async function snippet${i}(): Promise<unknown> {\n${body}\nreturn result;\n}`
        ),
      ].join("\n"),
    );
    const config = new URL("../../deno.json", import.meta.url).pathname;
    const { code, stderr } = await new Deno.Command(Deno.execPath(), {
      args: ["check", "--quiet", "--config", config, file],
      stdout: "null",
      stderr: "piped",
    }).output();
    assert.equal(code, 0, new TextDecoder().decode(stderr));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
