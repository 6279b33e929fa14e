/**
 * POST /api/v1/voice end to end through the HTTP app, decoding what comes back. One voice service
 * (two workers) is shared by the whole file and closed by the last test.
 */
import assert from "node:assert/strict";
import { INLINE_TAGS } from "../../core/ops/voice.ts";
import { VoiceService } from "../../server/voice/service.ts";
import { json, testApp } from "../_helpers/app.ts";
import { decodeWav, longestSilence, parseMp3, pitch, rmsDb } from "../_helpers/audio.ts";

const voice = new VoiceService({ workers: 2, queue: 64 });
const keys = {
  resolve: (k: string) => Promise.resolve(k === "lk_test" ? { id: "k1", accountId: "a1" } : null),
};
const t = await testApp({ voice, keys });
// The shared pool outlives each test, so the op sanitizer (pending worker messages) is off here.
const opts = { sanitizeOps: false, sanitizeResources: false };

async function speak(body: Record<string, unknown>): Promise<Response> {
  return await t.request("/api/v1/voice", {
    method: "POST",
    headers: { authorization: "Bearer lk_test", "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

async function audio(body: Record<string, unknown>): Promise<{ res: Response; bytes: Uint8Array }> {
  const res = await speak(body);
  const bytes = new Uint8Array(await res.arrayBuffer());
  if (res.status !== 200) throw new Error(`${res.status}: ${new TextDecoder().decode(bytes)}`);
  return { res, bytes };
}

const SENTENCE =
  "The quick brown fox jumps over the lazy dog near the river bank in Colombo, and then it runs home again.";

Deno.test({
  name:
    "a WAV answer has a valid header: the asked rate, mono, 16-bit, length matching its duration",
  ...opts,
  fn: async () => {
    for (const rate of [8000, 22050, 48000]) {
      const { res, bytes } = await audio({
        text: SENTENCE,
        codec: "wav",
        sample_rate: String(rate),
      });
      assert.equal(res.headers.get("content-type"), "audio/wav");
      assert.equal(Number(res.headers.get("content-length")), bytes.length);
      const wav = decodeWav(bytes);
      assert.equal(wav.sampleRate, rate);
      assert.equal(wav.channels, 1);
      assert.equal(wav.bitsPerSample, 16);
      assert.equal(bytes.length, 44 + wav.dataBytes);
      assert.equal(res.headers.get("x-voice-sample-rate"), String(rate));
      assert.equal(res.headers.get("x-voice-bit-rate"), null);
      assert.ok(Math.abs(Number(res.headers.get("x-voice-duration")) - wav.duration) < 0.002);
      // About 100 characters of English at 175 words per minute: several seconds, audible.
      assert.ok(wav.duration > 3 && wav.duration < 12, `duration ${wav.duration}`);
      assert.ok(rmsDb(wav.samples) > -40, `level ${rmsDb(wav.samples)} dBFS`);
    }
  },
});

Deno.test({
  name:
    "MP3 frames carry sync, the asked rate and the effective bit rate; duration within 5% of WAV",
  ...opts,
  fn: async () => {
    // [sample rate, requested bps, effective bps per LAME's limits (research section 4)]
    const cases: [number, number, number][] = [
      [8000, 192000, 64000], // MPEG-2.5 caps at 64 kbps
      [16000, 56000, 48000], // no 56 kbps in the encoder: snapped down
      [24000, 192000, 160000], // MPEG-2 caps at 160 kbps
      [44100, 128000, 128000],
      [48000, 192000, 192000],
    ];
    const long = `${SENTENCE} ${SENTENCE}`;
    for (const [rate, asked, effective] of cases) {
      const { res, bytes } = await audio({ text: long, sample_rate: rate, bit_rate: asked });
      assert.equal(res.headers.get("content-type"), "audio/mpeg");
      assert.equal(Number(res.headers.get("content-length")), bytes.length);
      const mp3 = parseMp3(bytes);
      assert.equal(mp3.sampleRate, rate);
      assert.equal(mp3.version, rate >= 32000 ? 1 : rate >= 16000 ? 2 : 2.5);
      assert.equal(mp3.channels, 1);
      assert.deepEqual([...mp3.bitRates], [effective]);
      assert.equal(res.headers.get("x-voice-bit-rate"), String(effective));
      assert.equal(res.headers.get("x-voice-sample-rate"), String(rate));
      const wav = decodeWav((await audio({ text: long, codec: "wav", sample_rate: rate })).bytes);
      const ratio = mp3.duration / wav.duration;
      assert.ok(
        Math.abs(ratio - 1) <= 0.05,
        `${rate} Hz: mp3 ${mp3.duration} s vs wav ${wav.duration} s`,
      );
    }
  },
});

Deno.test({
  name: "[long-pause] is at least 1.2 s of near-silence, and the same text without it has none",
  ...opts,
  fn: async () => {
    const withPause = decodeWav(
      (await audio({
        text: "First part of the sentence. [long-pause] Second part of the sentence.",
        codec: "wav",
      })).bytes,
    );
    const without = decodeWav(
      (await audio({
        text: "First part of the sentence. Second part of the sentence.",
        codec: "wav",
      })).bytes,
    );
    assert.ok(longestSilence(withPause.samples, withPause.sampleRate) >= 1.2);
    assert.ok(longestSilence(without.samples, without.sampleRate) < 1.0);
    // [pause] is shorter: 0.6 s of silence adds at least 0.5 s but not 1.2 s.
    const short = decodeWav(
      (await audio({
        text: "First part of the sentence. [pause] Second part of the sentence.",
        codec: "wav",
      })).bytes,
    );
    const gap = longestSilence(short.samples, short.sampleRate);
    assert.ok(gap >= 0.5 && gap < 1.2, `pause gap ${gap}`);
  },
});

Deno.test({
  name: "the five voices differ in median pitch as measured in the research (female above male)",
  ...opts,
  fn: async () => {
    // Research section 8, English: eve 227, ara 166, leo 106, rex 81, sal 117 Hz.
    const expected = { eve: 227, ara: 166, sal: 117, leo: 106, rex: 81 } as const;
    const measured: Record<string, number> = {};
    for (const [id, hz] of Object.entries(expected)) {
      const wav = decodeWav((await audio({ text: SENTENCE, voice: id, codec: "wav" })).bytes);
      const f0 = pitch(wav.samples, wav.sampleRate);
      measured[id] = f0.medianHz;
      assert.ok(Math.abs(f0.medianHz / hz - 1) < 0.15, `${id}: ${f0.medianHz} Hz, research ${hz}`);
      assert.ok(f0.voiced > 0.3, `${id} voiced fraction ${f0.voiced}`);
    }
    const { eve, ara, sal, leo, rex } = measured as Record<keyof typeof expected, number>;
    assert.ok(rex < leo && leo < sal && sal < ara && ara < eve, JSON.stringify(measured));
    assert.ok(Math.min(eve, ara) > Math.max(leo, rex, sal));
  },
});

Deno.test({
  name: "<whisper> speaks unvoiced, other wrapping tags keep speech voiced",
  ...opts,
  fn: async () => {
    const whisper = decodeWav(
      (await audio({
        text: `<whisper>${SENTENCE}</whisper>`,
        codec: "wav",
      })).bytes,
    );
    const normal = decodeWav((await audio({ text: SENTENCE, codec: "wav" })).bytes);
    assert.ok(pitch(whisper.samples, whisper.sampleRate).voiced < 0.15);
    assert.ok(pitch(normal.samples, normal.sampleRate).voiced > 0.3);
    const slow = decodeWav((await audio({ text: `<slow>${SENTENCE}</slow>`, codec: "wav" })).bytes);
    const fast = decodeWav((await audio({ text: `<fast>${SENTENCE}</fast>`, codec: "wav" })).bytes);
    assert.ok(slow.duration > normal.duration * 1.1 && fast.duration < normal.duration * 0.9);
    const high = decodeWav(
      (await audio({
        text: `<higher-pitch>${SENTENCE}</higher-pitch>`,
        codec: "wav",
      })).bytes,
    );
    assert.ok(
      pitch(high.samples, high.sampleRate).medianHz >
        pitch(normal.samples, normal.sampleRate).medianHz * 1.05,
    );
    const soft = decodeWav((await audio({ text: `<soft>${SENTENCE}</soft>`, codec: "wav" })).bytes);
    const loud = decodeWav((await audio({ text: `<loud>${SENTENCE}</loud>`, codec: "wav" })).bytes);
    assert.ok(rmsDb(soft.samples) < rmsDb(normal.samples) - 2);
    assert.ok(rmsDb(loud.samples) > rmsDb(normal.samples) + 2);
  },
});

Deno.test({
  name: "every inline effect tag and the intensity tags give audio",
  ...opts,
  fn: async () => {
    const base = decodeWav((await audio({ text: "Well.", codec: "wav" })).bytes).duration;
    for (const tag of INLINE_TAGS.filter((t) => t !== "pause" && t !== "long-pause")) {
      const wav = decodeWav((await audio({ text: `Well. [${tag}]`, codec: "wav" })).bytes);
      assert.ok(wav.duration > base + 0.15, `[${tag}] adds ${wav.duration - base} s`);
      const added = wav.samples.subarray(Math.round(base * wav.sampleRate));
      assert.ok(rmsDb(added) > -45, `[${tag}] is audible: ${rmsDb(added)} dBFS`);
    }
    const words = "one two three four five six seven eight";
    for (const tag of ["build-intensity", "decrease-intensity"]) {
      const wav = decodeWav(
        (await audio({ text: `<${tag}>${words}</${tag}>`, codec: "wav" })).bytes,
      );
      const half = Math.floor(wav.samples.length / 2);
      const first = rmsDb(wav.samples.subarray(0, half)),
        second = rmsDb(wav.samples.subarray(half));
      if (tag === "build-intensity") assert.ok(second > first + 1.5, `${first} -> ${second}`);
      else assert.ok(first > second + 1.5, `${first} -> ${second}`);
    }
  },
});

Deno.test({
  name: "every language code returns non-empty audio and names its language",
  ...opts,
  fn: async () => {
    const sentences: Record<string, string> = {
      "en": "Good morning, how are you today?",
      "ar-EG": "صباح الخير، كيف حالك اليوم؟",
      "ar-SA": "صَبَاحُ الْخَيْرِ، كَيْفَ حَالُكَ الْيَوْمَ؟",
      "ar-AE": "صباح الخير، كيف حالك اليوم؟",
      "bn": "সুপ্রভাত, আজ আপনি কেমন আছেন?",
      "ca": "Bon dia, com estàs avui?",
      "zh": "早上好，你今天好吗？",
      "da": "Godmorgen, hvordan har du det i dag?",
      "nl": "Goedemorgen, hoe gaat het vandaag met je?",
      "fi": "Hyvää huomenta, mitä kuuluu tänään?",
      "fr": "Bonjour, comment allez-vous aujourd'hui ?",
      "de": "Guten Morgen, wie geht es dir heute?",
      "hi": "सुप्रभात, आज आप कैसे हैं?",
      "hu": "Jó reggelt, hogy vagy ma?",
      "id": "Selamat pagi, apa kabar hari ini?",
      "it": "Buongiorno, come stai oggi?",
      "ja": "おはようございます、今日はお元気ですか？",
      "ko": "좋은 아침입니다, 오늘 어떠세요?",
      "pl": "Dzień dobry, jak się dzisiaj masz?",
      "pt-BR": "Bom dia, como você está hoje?",
      "pt-PT": "Bom dia, como está hoje?",
      "ru": "Доброе утро, как у вас дела сегодня?",
      "es-MX": "Buenos días, ¿cómo estás hoy?",
      "es-ES": "Buenos días, ¿cómo estás hoy?",
      "sv": "God morgon, hur mår du idag?",
      "th": "สวัสดีตอนเช้า วันนี้คุณเป็นอย่างไรบ้าง",
      "tr": "Günaydın, bugün nasılsın?",
      "vi": "Chào buổi sáng, hôm nay bạn khỏe không?",
      "si": "සුභ උදෑසනක්, අද ඔබට කොහොමද?",
      "ta": "காலை வணக்கம், இன்று நீங்கள் எப்படி இருக்கிறீர்கள்?",
    };
    assert.equal(Object.keys(sentences).length, 30);
    await Promise.all(
      Object.entries(sentences).map(async ([language, text]) => {
        const { res, bytes } = await audio({ text, language, codec: "wav", sample_rate: 16000 });
        const wav = decodeWav(bytes);
        assert.ok(wav.duration > 0.5, `${language}: ${wav.duration} s`);
        assert.ok(rmsDb(wav.samples) > -40, `${language}: ${rmsDb(wav.samples)} dBFS`);
        assert.equal(res.headers.get("x-voice-language"), language);
        const warning = res.headers.get("x-voice-warning");
        if (["th", "ar-EG", "ar-AE", "si"].includes(language)) {
          assert.ok(warning, `${language} should warn`);
        } else {
          assert.equal(warning, null, `${language}: ${warning}`);
        }
      }),
    );
  },
});

Deno.test({
  name: "language auto detects the language and reports it in X-Voice-Language",
  ...opts,
  fn: async () => {
    const cases: [string, string][] = [
      ["Guten Morgen, wie geht es dir heute? Das Wetter ist schön.", "de"],
      ["Bonjour tout le monde, comment allez-vous aujourd'hui ?", "fr"],
      ["Доброе утро, как у вас дела сегодня?", "ru"],
      ["Good morning everyone, the weather is lovely today.", "en"],
    ];
    for (const [text, expected] of cases) {
      const { res } = await audio({ text, language: "auto" });
      assert.equal(res.headers.get("x-voice-language"), expected, text);
    }
  },
});

/** Whether two clips say the same thing: durations within 2%, levels within 1 dB. */
function sameSpeech(a: Uint8Array, b: Uint8Array): boolean {
  const x = decodeWav(a), y = decodeWav(b);
  return Math.abs(x.duration / y.duration - 1) < 0.02 &&
    Math.abs(rmsDb(x.samples) - rmsDb(y.samples)) < 1;
}

Deno.test({
  name: "Japanese kanji are converted to kana before speaking",
  ...opts,
  fn: async () => {
    // 今日(きょー) は 良い(よい) 天気(てんき) です: IPADIC pronunciations in hiragana, by hand.
    // Unconverted, eSpeak NG reads each kanji as the English words "Chinese letter".
    const kanji = (await audio({ text: "今日は良い天気です", language: "ja", codec: "wav" })).bytes;
    const kana =
      (await audio({ text: "きょーはよいてんきです", language: "ja", codec: "wav" })).bytes;
    assert.ok(sameSpeech(kanji, kana));
    const english = (await audio({
      text: "Chinese letter Chinese letter",
      language: "ja",
      codec: "wav",
    })).bytes;
    assert.ok(!sameSpeech(kanji, english));
  },
});

Deno.test({
  name: "text_normalization expands Rs. 2,500 and ISO dates; false passes the text through",
  ...opts,
  fn: async () => {
    const normalized = (await audio({ text: "Pay Rs. 2,500 by 2024-03-04.", codec: "wav" })).bytes;
    const words = (await audio({
      text: "Pay 2500 rupees by 4th of March 2024.",
      codec: "wav",
      text_normalization: false,
    })).bytes;
    const raw = (await audio({
      text: "Pay Rs. 2,500 by 2024-03-04.",
      codec: "wav",
      text_normalization: false,
    })).bytes;
    assert.ok(sameSpeech(normalized, words));
    assert.ok(!sameSpeech(raw, words));
  },
});

Deno.test({
  name: "injection: <speak>/<break>, [[phonemes]] and & are spoken as characters, never obeyed",
  ...opts,
  fn: async () => {
    // Obeyed, this would be 3 s of silence; spoken, it is words with short gaps.
    const ssml = decodeWav(
      (await audio({
        text: 'Hello <speak><break time="3000ms"/></speak> world',
        codec: "wav",
      })).bytes,
    );
    assert.ok(longestSilence(ssml.samples, ssml.sampleRate) < 1.0);
    assert.ok(ssml.duration > 2, `${ssml.duration}`);
    // [[_:_:...]] as eSpeak phonemes is ten short pauses (about 1.6 s in all, see
    // voice_engine_test.ts); spoken literally, each "_" and ":" is a word: over 3 s.
    const phonemes = decodeWav(
      (await audio({
        text: "Hello [[_:_:_:_:_:_:_:_:_:_:]] world",
        codec: "wav",
      })).bytes,
    );
    assert.ok(phonemes.duration > 3, `${phonemes.duration}`);
    // "&" is read as "and", and "&amp;" is not decoded to "&": it speaks more than "and".
    const amp = decodeWav((await audio({ text: "Tom & Jerry", codec: "wav" })).bytes);
    const and = decodeWav((await audio({ text: "Tom and Jerry", codec: "wav" })).bytes);
    const none = decodeWav((await audio({ text: "Tom Jerry", codec: "wav" })).bytes);
    assert.ok(Math.abs(amp.duration - and.duration) < 0.15, `${amp.duration} vs ${and.duration}`);
    assert.ok(amp.duration > none.duration + 0.1);
    const entity = decodeWav((await audio({ text: "Tom &amp; Jerry", codec: "wav" })).bytes);
    assert.ok(entity.duration > and.duration + 0.2, `${entity.duration} vs ${and.duration}`);
  },
});

Deno.test({
  name: "unknown tags are spoken literally; unbalanced known tags are a 400 naming the tag",
  ...opts,
  fn: async () => {
    const plain = decodeWav((await audio({ text: "bold move", codec: "wav" })).bytes);
    const tagged = decodeWav((await audio({ text: "<b>bold</b> move [sic]", codec: "wav" })).bytes);
    assert.ok(tagged.duration > plain.duration + 0.5);
    for (
      const [text, tag] of [
        ["<soft>never closed", "<soft>"],
        ["closed </loud> without opening", "</loud>"],
        ["<slow><fast>crossed</slow></fast>", "</slow>"],
      ]
    ) {
      const res = await speak({ text });
      const body = await json(res);
      assert.equal(res.status, 400);
      assert.equal(body.code, "invalid_param");
      assert.equal(body.details[0].param, "text");
      assert.ok(body.error.includes(tag!), body.error);
    }
  },
});

Deno.test({
  name: "voice calls count toward VOICE_DAILY_LIMIT and the key's daily limit",
  ...opts,
  fn: async () => {
    await using limited = await testApp({ voice, keys, env: { VOICE_DAILY_LIMIT: "2" } });
    const call = () =>
      limited.request("/api/v1/voice", {
        method: "POST",
        headers: { "x-api-key": "lk_test", "content-type": "application/json" },
        body: JSON.stringify({ text: "Hi." }),
      });
    const first = await call();
    await first.body?.cancel();
    const second = await call();
    await second.body?.cancel();
    assert.deepEqual([first.status, second.status], [200, 200]);
    assert.deepEqual(
      [first.headers.get("x-voice-remaining"), second.headers.get("x-voice-remaining")],
      ["1", "0"],
    );
    assert.equal(
      Number(first.headers.get("x-ratelimit-remaining")) -
        Number(second.headers.get("x-ratelimit-remaining")),
      1,
    );
    const third = await call();
    const body = await json(third);
    assert.equal(third.status, 429);
    assert.equal(body.code, "rate_limited");
    assert.match(body.error, /limit of 2 voice requests/);
    assert.ok(Number(third.headers.get("retry-after")) > 0);
  },
});

Deno.test({
  name: "a full queue answers 503 with Retry-After while other endpoints still answer",
  ...opts,
  fn: async () => {
    const tiny = new VoiceService({ workers: 1, queue: 0 });
    try {
      await using busy = await testApp({ voice: tiny, keys });
      const call = (text: string) =>
        busy.request("/api/v1/voice", {
          method: "POST",
          headers: { authorization: "Bearer lk_test", "content-type": "application/json" },
          body: JSON.stringify({ text }),
        });
      const long = call(SENTENCE.repeat(10));
      const refused = await call("Second.");
      const body = await json(refused);
      assert.equal(refused.status, 503);
      assert.equal(body.code, "unavailable");
      assert.ok(Number(refused.headers.get("retry-after")) >= 1);
      const vat = await busy.request("/api/v1/vat?amount=100");
      assert.equal(vat.status, 200);
      await vat.body?.cancel();
      const done = await long;
      assert.equal(done.status, 200);
      await done.body?.cancel();
    } finally {
      tiny.close();
    }
  },
});

Deno.test({
  name: "the shared voice pool closes cleanly",
  fn: async () => {
    assert.ok(voice.started.synth >= 1);
    voice.close();
    await t[Symbol.asyncDispose]();
  },
});
