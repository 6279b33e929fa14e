/**
 * POST /api/v1/voice request handling: key, content type, size, JSON and field validation. The
 * synthesizer is a recording double (these tests are about HTTP); real audio is tested in
 * voice_audio_test.ts.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import type { VoiceRequest } from "../../core/ops/voice.ts";
import type { VoiceOutput, VoiceSynthesizer } from "../../server/voice/service.ts";
import { QueueFullError } from "../../server/voice/pool.ts";
import type { Piece } from "../../server/voice/tags.ts";
import { json, testApp } from "../_helpers/app.ts";

class RecordingVoice implements VoiceSynthesizer {
  calls: { request: VoiceRequest; pieces: Piece[] }[] = [];
  full = false;
  busyFor(): number | undefined {
    return this.full ? 7 : undefined;
  }
  synthesize(request: VoiceRequest, pieces: Piece[]): Promise<VoiceOutput> {
    if (this.full) return Promise.reject(new QueueFullError(7));
    this.calls.push({ request, pieces });
    return Promise.resolve({
      audio: new Uint8Array([1, 2, 3]),
      sampleRate: request.sample_rate,
      ...(request.codec === "mp3" ? { bitRate: 64000 } : {}),
      duration: 1.5,
      language: request.language === "auto" ? "de" : request.language,
      warnings: [],
    });
  }
  close(): void {}
}

const keys = {
  resolve: (k: string) => Promise.resolve(k === "lk_test" ? { id: "k1", accountId: "a1" } : null),
};

async function setup(env: Record<string, string> = {}) {
  const voice = new RecordingVoice();
  const t = await testApp({ voice, keys, env });
  const post = (body: BodyInit | null, headers: Record<string, string> = {}) =>
    t.request("/api/v1/voice", {
      method: "POST",
      headers: { authorization: "Bearer lk_test", "content-type": "application/json", ...headers },
      body,
    });
  return { t, voice, post, postJson: (value: unknown) => post(JSON.stringify(value)) };
}

Deno.test("POST /api/v1/voice without a key is 401 key_required with WWW-Authenticate Bearer", async () => {
  const { t, voice } = await setup();
  await using _ = t;
  const res = await t.request("/api/v1/voice", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ text: "Hi" }),
  });
  const body = await json(res);
  assert.equal(res.status, 401);
  assert.equal(body.code, "key_required");
  assert.match(res.headers.get("www-authenticate") ?? "", /^Bearer/);
  assert.equal(voice.calls.length, 0);
  const bad = await t.request("/api/v1/voice", {
    method: "POST",
    headers: { authorization: "Bearer nope", "content-type": "application/json" },
    body: JSON.stringify({ text: "Hi" }),
  });
  assert.equal(bad.status, 401);
  assert.equal((await json(bad)).code, "invalid_key");
});

Deno.test("a valid request answers audio with the headers the synthesizer reports", async () => {
  const { t, voice, postJson } = await setup();
  await using _ = t;
  const res = await postJson({ text: "Hi [pause] there", sample_rate: "48000", bit_rate: 128000 });
  assert.equal(res.status, 200);
  assert.deepEqual(new Uint8Array(await res.arrayBuffer()), new Uint8Array([1, 2, 3]));
  assert.equal(res.headers.get("content-type"), "audio/mpeg");
  assert.equal(res.headers.get("content-length"), "3");
  assert.equal(res.headers.get("x-voice-sample-rate"), "48000");
  assert.equal(res.headers.get("x-voice-bit-rate"), "64000");
  assert.equal(res.headers.get("x-voice-duration"), "1.500");
  assert.equal(res.headers.get("x-voice-language"), "en");
  assert.match(res.headers.get("access-control-expose-headers") ?? "", /X-Voice-Duration/);
  assert.deepEqual(voice.calls[0]!.request, {
    text: "Hi [pause] there",
    voice: "eve",
    language: "en",
    codec: "mp3",
    sample_rate: 48000,
    bit_rate: 128000,
    text_normalization: true,
  });
  assert.equal(voice.calls[0]!.pieces.length, 3);
  const wav = await postJson({ text: "Hi", codec: "wav", language: "auto", voice: "rex" });
  assert.equal(wav.headers.get("content-type"), "audio/wav");
  assert.equal(wav.headers.get("x-voice-bit-rate"), null);
  assert.equal(wav.headers.get("x-voice-language"), "de");
  await wav.body?.cancel();
});

Deno.test("a non-JSON content type is 415 unsupported_media_type", async () => {
  const { t, voice, post } = await setup();
  await using _ = t;
  for (const type of ["text/plain", "application/x-www-form-urlencoded", "application/jsonx"]) {
    const res = await post(JSON.stringify({ text: "Hi" }), { "content-type": type });
    const body = await json(res);
    assert.equal(res.status, 415, type);
    assert.deepEqual([body.ok, body.code], [false, "unsupported_media_type"]);
    assert.ok(body.error.includes(type));
  }
  const ok = await post(JSON.stringify({ text: "Hi" }), {
    "content-type": "Application/JSON; charset=utf-8",
  });
  assert.equal(ok.status, 200);
  await ok.body?.cancel();
  assert.equal(voice.calls.length, 1);
});

Deno.test("a body over 64 KB is 413, by Content-Length or while reading a stream", async () => {
  const { t, voice, post } = await setup();
  await using _ = t;
  const big = JSON.stringify({ text: "a".repeat(70_000) });
  const declared = await post(big);
  assert.equal(declared.status, 413);
  assert.equal((await json(declared)).code, "payload_too_large");
  // A chunked body without Content-Length is cut off at the limit too.
  const chunk = new TextEncoder().encode("a".repeat(16 * 1024));
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent++ < 100) controller.enqueue(chunk);
      else controller.close();
    },
  });
  const streamed = await post(stream);
  assert.equal(streamed.status, 413);
  assert.ok(sent < 20, `read ${sent} chunks of 16 KB`);
  await streamed.body?.cancel();
  // 6000 four-byte characters (24 KB of UTF-8) are within both limits.
  const emoji = await post(JSON.stringify({ text: "😀".repeat(6000) }));
  assert.equal(emoji.status, 200);
  await emoji.body?.cancel();
  assert.equal(voice.calls.length, 1);
});

Deno.test("invalid JSON, an empty body and non-UTF-8 bytes are 400 naming the body", async () => {
  const { t, voice, post } = await setup();
  await using _ = t;
  for (const raw of ["{text: 'hi'}", "", '{"text": "hi"', new Uint8Array([0x7b, 0xff, 0x7d])]) {
    const res = await post(raw);
    const body = await json(res);
    assert.equal(res.status, 400);
    assert.equal(body.code, "invalid_param");
    assert.equal(body.details[0].param, "body");
  }
  assert.equal(voice.calls.length, 0);
});

Deno.test("every field is validated with a 400 that names it", async () => {
  const { t, voice, postJson } = await setup();
  await using _ = t;
  const cases: [unknown, string, RegExp][] = [
    [{}, "text", /required/],
    [{ text: 5 }, "text", /string/],
    [{ text: "" }, "text", /nothing to speak/],
    [{ text: "   " }, "text", /nothing to speak/],
    [{ text: "..." }, "text", /nothing to speak/],
    [{ text: "<whisper></whisper>" }, "text", /nothing to speak/],
    [{ text: "a".repeat(6001) }, "text", /at most 6000 characters: got 6001/],
    [{ text: "😀".repeat(6001) }, "text", /got 6001/],
    [{ text: "<loud>hi" }, "text", /<loud>/],
    [{ text: "hi", voice: "bob" }, "voice", /eve, ara, leo, rex, sal/],
    [{ text: "hi", voice: null }, "voice", /got null/],
    [{ text: "hi", language: "xx" }, "language", /auto/],
    [{ text: "hi", codec: "ogg" }, "codec", /mp3, wav/],
    [{ text: "hi", sample_rate: 44000 }, "sample_rate", /8000, 16000, 22050, 24000, 44100, 48000/],
    [{ text: "hi", sample_rate: "48k" }, "sample_rate", /got "48k"/],
    [{ text: "hi", sample_rate: 48000.5 }, "sample_rate", /48000.5/],
    [{ text: "hi", sample_rate: true }, "sample_rate", /got true/],
    [{ text: "hi", bit_rate: 16000 }, "bit_rate", /32000 to 192000/],
    [{ text: "hi", bit_rate: 256000 }, "bit_rate", /32000 to 192000/],
    [{ text: "hi", bit_rate: "1e5" }, "bit_rate", /got "1e5"/],
    [{ text: "hi", codec: "wav", bit_rate: 64000 }, "bit_rate", /mp3 only/],
    [{ text: "hi", text_normalization: "yes" }, "text_normalization", /true or false/],
    [{ text: "hi", speed: 2 }, "speed", /Unknown field "speed"/],
    [[], "body", /JSON object/],
    ["hi", "body", /JSON object/],
    [null, "body", /JSON object/],
  ];
  for (const [value, param, message] of cases) {
    const res = await postJson(value);
    const body = await json(res);
    assert.equal(res.status, 400, JSON.stringify(value).slice(0, 60));
    assert.equal(body.code, "invalid_param");
    assert.equal(body.details[0].param, param, JSON.stringify(value).slice(0, 60));
    assert.match(body.error, message);
  }
  assert.equal(voice.calls.length, 0);
  // The largest accepted values and string forms pass.
  for (
    const value of [
      { text: "a".repeat(6000), sample_rate: "8000", bit_rate: "32000" },
      { text: "hi", sample_rate: 48000, bit_rate: 192000, text_normalization: false },
    ]
  ) {
    const res = await postJson(value);
    assert.equal(res.status, 200);
    await res.body?.cancel();
  }
  // The API's one enum rule: any case is accepted and the canonical value is used.
  const res = await postJson({ text: "hi", language: "EN", voice: "Eve", codec: "WAV" });
  assert.equal(res.status, 200);
  await res.body?.cancel();
  const last = voice.calls.at(-1)!.request;
  assert.deepEqual([last.language, last.voice, last.codec], ["en", "eve", "wav"]);
});

Deno.test("a full synthesis queue is 503 unavailable with Retry-After, before any voice quota", async () => {
  const { t, voice, postJson } = await setup({ VOICE_DAILY_LIMIT: "1" });
  await using _ = t;
  voice.full = true;
  for (let i = 0; i < 2; i++) {
    const res = await postJson({ text: "Hi" });
    const body = await json(res);
    assert.equal(res.status, 503);
    assert.equal(body.code, "unavailable");
    assert.equal(res.headers.get("retry-after"), "7");
  }
  voice.full = false;
  const res = await postJson({ text: "Hi" });
  assert.equal(res.status, 200);
  await res.body?.cancel();
});

Deno.test("malformed voice bodies never cause a 5xx (property)", async () => {
  const { t, post } = await setup();
  await using _ = t;
  const field = fc.constantFrom(
    "text",
    "voice",
    "language",
    "codec",
    "sample_rate",
    "bit_rate",
    "text_normalization",
    "other",
  );
  const value = fc.oneof(
    fc.string({ maxLength: 20 }),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.constantFrom("eve", "wav", "mp3", "auto", "48000", "<soft>x", "[pause]", "<whisper>"),
    fc.array(fc.integer(), { maxLength: 3 }),
  );
  const body = fc.oneof(
    fc.dictionary(field, value).map((o) => JSON.stringify(o)),
    fc.jsonValue().map((v) => JSON.stringify(v)),
    fc.string({ maxLength: 40 }),
  );
  await fc.assert(
    fc.asyncProperty(body, async (raw) => {
      const res = await post(raw);
      await res.body?.cancel();
      assert.ok([200, 400].includes(res.status), `${res.status} for ${raw}`);
    }),
    { numRuns: 150 },
  );
});

Deno.test("the OpenAPI document describes the voice body and audio responses", async () => {
  const { t } = await setup();
  await using _ = t;
  const doc = await json(await t.request("/api/v1/openapi.json"));
  const op = doc.paths["/api/v1/voice"].post;
  const schema = op.requestBody.content["application/json"].schema;
  assert.deepEqual(schema.required, ["text"]);
  assert.ok(schema.properties.voice && schema.properties.sample_rate);
  assert.ok(op.responses["200"].content["audio/mpeg"] && op.responses["200"].content["audio/wav"]);
  assert.ok(op.responses["401"]);
});
