/**
 * The engine in-process: what eSpeak NG does with raw markup (so the HTTP injection tests can
 * tell obeyed from spoken), and the segment builder.
 */
import assert from "node:assert/strict";
import { Engine, segmentsOf } from "../../server/voice/engine.ts";
import { VOICE_SETTINGS } from "../../server/voice/languages.ts";
import { parseTags } from "../../server/voice/tags.ts";
import { longestSilence, parseMp3 } from "../_helpers/audio.ts";
import { resampleStream } from "../../server/voice/audio.ts";
import { EncoderClient, localEncoder } from "../../server/voice/encoder.ts";

const engine = await Engine.create();
const speak = (ssml: string) => engine.speak(ssml, "en-us+f3", VOICE_SETTINGS.eve);
const seconds = (pcm: Float32Array) => pcm.length / 22050;

function ssmlOf(text: string): string {
  const segments = segmentsOf({ pieces: parseTags(text), language: "en", normalize: false });
  assert.equal(segments.length, 1);
  const [segment] = segments;
  assert.equal(segment!.kind, "speech");
  return (segment as { ssml: string }).ssml;
}

Deno.test("raw SSML <break> is obeyed by eSpeak NG, the escaped text is spoken", () => {
  const text = 'Hello <speak><break time="3000ms"/></speak> world';
  assert.ok(longestSilence(speak(`<speak>${text}</speak>`), 22050) > 2.5);
  const escaped = ssmlOf(text);
  assert.ok(escaped.includes("&lt;speak&gt;&lt;break"));
  assert.ok(longestSilence(speak(escaped), 22050) < 1);
});

Deno.test("raw [[phonemes]] are obeyed by eSpeak NG, the escaped text is spoken", () => {
  const text = "Hello [[_:_:_:_:_:_:_:_:_:_:]] world";
  const obeyed = seconds(speak(`<speak>${text}</speak>`));
  const escaped = ssmlOf(text);
  assert.ok(!escaped.includes("[[") && !escaped.includes("]]"));
  const spoken = seconds(speak(escaped));
  assert.ok(obeyed < 2.5 && spoken > 3, `obeyed ${obeyed} s, spoken ${spoken} s`);
});

Deno.test("a literal &amp; in user text is spoken as written, not decoded", () => {
  const escaped = ssmlOf("Tom &amp; Jerry");
  assert.equal(escaped, "<speak>Tom &amp;amp; Jerry</speak>");
  assert.ok(seconds(speak(escaped)) > seconds(speak("<speak>Tom and Jerry</speak>")) + 0.3);
});

Deno.test("segmentsOf() splits at whisper and effects and wraps prosody tags", () => {
  const segments = segmentsOf({
    pieces: parseTags("Hi <soft>there</soft> <whisper>quiet</whisper> [pause] [laugh] end"),
    language: "de",
    normalize: true,
  });
  assert.deepEqual(segments.map((s) => s.kind), ["speech", "speech", "pcm", "speech", "speech"]);
  const [first, whisper, pause, laugh, last] = segments as unknown as Array<
    { ssml: string; whisper: boolean; espeak: string; samples: Float32Array }
  >;
  // Blank runs between tags join the speech before them or are dropped.
  assert.equal(first!.ssml, '<speak>Hi <prosody volume="soft">there</prosody> </speak>');
  assert.deepEqual([first!.whisper, first!.espeak], [false, "de"]);
  assert.deepEqual([whisper!.ssml, whisper!.whisper], ["<speak>quiet</speak>", true]);
  assert.equal(pause!.samples.length, Math.round(0.6 * 22050));
  assert.deepEqual([laugh!.ssml, laugh!.espeak], ["<speak>[[h'a h'a h'a]]</speak>", "en-us"]);
  assert.equal(last!.ssml, "<speak> end</speak>");
});

Deno.test("segmentsOf() normalises English only, and only when asked", () => {
  const ssml = (language: "en" | "de", normalize: boolean) =>
    (segmentsOf({ pieces: parseTags("Rs. 2,500"), language, normalize })[0] as { ssml: string })
      .ssml;
  assert.equal(ssml("en", true), "<speak>2500 rupees</speak>");
  assert.equal(ssml("en", false), "<speak>Rs. 2,500</speak>");
  assert.equal(ssml("de", true), "<speak>Rs. 2,500</speak>");
});

Deno.test("<build-intensity> steps volume and pitch up over four chunks of words", () => {
  const [segment] = segmentsOf({
    pieces: parseTags("<build-intensity>a b c d e f g h</build-intensity>"),
    language: "en",
    normalize: false,
  });
  assert.equal(
    (segment as { ssml: string }).ssml,
    '<speak><prosody volume="soft" pitch="+0%">a b </prosody>' +
      '<prosody volume="medium" pitch="+7%">c d </prosody>' +
      '<prosody volume="loud" pitch="+14%">e f </prosody>' +
      '<prosody volume="x-loud" pitch="+21%">g h</prosody></speak>',
  );
});

Deno.test("resampleStream() keeps duration and pitch exactly and joins blocks without clicks", async () => {
  const seconds = 3, inRate = 22050, outRate = 48000, hz = 440;
  const input = new Int16Array(seconds * inRate).map((_, i) =>
    Math.round(16384 * Math.sin((2 * Math.PI * hz * i) / inRate))
  );
  // Fed in uneven chunks, as eSpeak hands them over.
  const chunks = [input.subarray(0, 1000), input.subarray(1000, 40000), input.subarray(40000)];
  const out: number[] = [];
  const count = await resampleStream(chunks, inRate, outRate, (b) => out.push(...b));
  assert.equal(count, seconds * outRate);
  assert.equal(out.length, count);
  let crossings = 0, maxStep = 0;
  for (let i = 1; i < out.length; i++) {
    if ((out[i - 1]! < 0) !== (out[i]! < 0)) crossings++;
    maxStep = Math.max(maxStep, Math.abs(out[i]! - out[i - 1]!));
  }
  // A 440 Hz sine crosses zero 880 times a second; its largest step at 48 kHz is
  // 0.5 * 2π * 440 / 48000 = 0.0288.
  assert.ok(Math.abs(crossings - 2 * hz * seconds) <= 3, `${crossings} crossings`);
  assert.ok(maxStep < 0.035, `largest step ${maxStep}`);
  // Same rate passes through untouched.
  const same: Float32Array[] = [];
  assert.equal(await resampleStream(chunks, inRate, inRate, (b) => same.push(b)), input.length);
  assert.equal(same[1]!.length, chunks[1]!.length);
  assert.equal(same[1]![100], chunks[1]![100]! / 32768);
});

Deno.test("MP3 encoded in the encoder worker beside synthesis matches encoding after it", async () => {
  const encoder = new EncoderClient();
  try {
    for (const [sampleRate, bitRate] of [[22050, 64000], [48000, 128000]] as const) {
      const job = {
        pieces: [{ kind: "text" as const, text: "Colombo is a busy port city.", wraps: [] }],
        voice: "eve" as const,
        language: "en" as const,
        codec: "mp3" as const,
        sampleRate,
        bitRate,
        normalize: true,
      };
      const aside = await engine.synthesize(job, encoder);
      const after = await engine.synthesize(job, localEncoder);
      const a = parseMp3(aside.audio), b = parseMp3(after.audio);
      assert.equal(a.sampleRate, sampleRate);
      assert.deepEqual([...a.bitRates], [bitRate]);
      assert.equal(aside.bitRate, after.bitRate);
      // eSpeak NG's output varies by a few samples from run to run: compare durations, not bytes.
      assert.ok(Math.abs(aside.duration - after.duration) < 0.02, `${aside.duration}`);
      assert.ok(Math.abs(a.duration - b.duration) < 0.1, `${a.duration} vs ${b.duration}`);
    }
  } finally {
    encoder.close();
  }
});
