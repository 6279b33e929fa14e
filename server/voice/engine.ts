/**
 * The speech pipeline: parsed text -> eSpeak NG segments -> PCM at 22,050 Hz -> resampled ->
 * WAV or MP3. One {@linkcode Engine} owns one eSpeak NG instance, whose voice and parameters are
 * global state, so each worker of the pool has its own and runs one job at a time.
 *
 * eSpeak NG (`@echogarden/espeak-ng-emscripten`) is GPL-3.0: this folder is the only place that
 * imports it.
 *
 * @module
 */
import init from "@echogarden/espeak-ng-emscripten";
import type { Voice, VoiceLanguage, WrappingTag } from "../../core/ops/voice.ts";
import {
  concat,
  encodeWav,
  ENGINE_RATE,
  mp3Kbps,
  resampleStream,
  toFloat,
  toInt16,
} from "./audio.ts";
import { localEncoder, type Mp3Encoder } from "./encoder.ts";
import { LANGUAGES, VOICE_SETTINGS, type VoiceInfo } from "./languages.ts";
import { normalizeEnglish } from "./normalize.ts";
import { normalizeSinhalaTamil } from "./normalize_si_ta.ts";
import { escapeForEspeak, type Piece } from "./tags.ts";

/** One synthesis job, as the pool sends it to a worker. */
export interface SynthJob {
  pieces: Piece[];
  voice: Voice;
  /** The effective language (after detection). */
  language: VoiceLanguage;
  codec: "mp3" | "wav";
  sampleRate: number;
  /** Requested mp3 bit rate in bps. */
  bitRate: number;
  normalize: boolean;
  /** Encode MP3 in the synthesis worker's encoder worker, beside eSpeak NG (default true). */
  encodeAside?: boolean;
}

/** What a job produces. */
export interface SynthResult {
  audio: Uint8Array;
  sampleRate: number;
  /** Effective mp3 bit rate in bps (absent for wav). */
  bitRate?: number;
  /** Audio duration in seconds (of the PCM; MP3 decoders add the encoder delay). */
  duration: number;
}

/** Silence of `[pause]` and `[long-pause]`, in seconds. */
export const PAUSE_SECONDS = { pause: 0.6, "long-pause": 1.5 } as const;

type Segment =
  | { kind: "speech"; ssml: string; whisper: boolean; espeak: string }
  | { kind: "pcm"; samples: Float32Array };

interface Prosody {
  volume?: string;
  rate?: string;
  pitch?: string;
}

const STEPS = [
  { volume: "soft", pitch: "+0%" },
  { volume: "medium", pitch: "+7%" },
  { volume: "loud", pitch: "+14%" },
  { volume: "x-loud", pitch: "+21%" },
];

function prosodyOf(wraps: readonly WrappingTag[], step?: number): Prosody {
  const p: Prosody = {};
  for (const tag of wraps) {
    if (tag === "soft") p.volume = "soft";
    else if (tag === "loud") p.volume = "loud";
    else if (tag === "slow") p.rate = "slow";
    else if (tag === "fast") p.rate = "fast";
    else if (tag === "higher-pitch") p.pitch = "+20%";
    else if (tag === "lower-pitch") p.pitch = "-15%";
    else if ((tag === "build-intensity" || tag === "decrease-intensity") && step !== undefined) {
      const s = STEPS[tag === "build-intensity" ? step : STEPS.length - 1 - step]!;
      p.volume = s.volume;
      p.pitch = s.pitch;
    }
  }
  return p;
}

function wrapProsody(ssml: string, p: Prosody): string {
  const attrs = Object.entries(p).map(([k, v]) => ` ${k}="${v}"`).join("");
  return attrs ? `<prosody${attrs}>${ssml}</prosody>` : ssml;
}

/** Splits text into `n` runs of about equal word counts (whitespace kept). */
function splitWords(text: string, n: number): string[] {
  const words = text.match(/\S+\s*/g) ?? [];
  const lead = /^\s*/.exec(text)![0];
  if (words.length < n) return [text];
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const from = Math.round((i * words.length) / n), to = Math.round(((i + 1) * words.length) / n);
    out.push((i === 0 ? lead : "") + words.slice(from, to).join(""));
  }
  return out;
}

/** A deterministic noise source, so the same request gives the same audio. */
function noise(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 31 - 1;
  };
}

function breathNoise(kind: "breath" | "inhale" | "exhale"): Float32Array {
  const seconds = kind === "breath" ? 0.5 : 0.45;
  const n = Math.round(seconds * ENGINE_RATE);
  const out = new Float32Array(n);
  const rand = noise(kind.length * 7919);
  const cutoff = kind === "inhale" ? 0.12 : 0.08; // one-pole low-pass coefficient
  let lp = 0;
  for (let i = 0; i < n; i++) {
    const t = i / n;
    const envelope = kind === "inhale"
      ? Math.sin((Math.PI / 2) * t) * (1 - t ** 8)
      : kind === "exhale"
      ? (1 - t) ** 1.5 * Math.min(1, t * 20)
      : Math.sin(Math.PI * t);
    lp += cutoff * (rand() - lp);
    out[i] = lp * envelope * 0.5;
  }
  return out;
}

function clicks(kind: "tongue-click" | "lip-smack" | "tsk"): Float32Array {
  const n = Math.round((kind === "tsk" ? 0.3 : 0.2) * ENGINE_RATE);
  const out = new Float32Array(n);
  const rand = noise(kind.length * 104729);
  const bursts = kind === "tsk" ? [0.02, 0.16] : [0.03];
  const decay = kind === "lip-smack" ? 0.004 : 0.0015; // seconds
  const smooth = kind === "lip-smack" ? 0.25 : 0.9;
  for (const start of bursts) {
    let lp = 0;
    const from = Math.round(start * ENGINE_RATE);
    for (let i = from; i < Math.min(n, from + Math.round(0.03 * ENGINE_RATE)); i++) {
      lp += smooth * (rand() - lp);
      out[i]! += lp * 0.7 * Math.exp(-(i - from) / (decay * ENGINE_RATE));
    }
  }
  return out;
}

const PHONEME_EFFECTS: Record<string, { ssml: string; whisper?: boolean }> = {
  laugh: { ssml: "[[h'a h'a h'a]]" },
  chuckle: { ssml: '<prosody volume="soft">[[h\'@ h@]]</prosody>' },
  giggle: { ssml: '<prosody pitch="+40%" rate="fast">[[h\'i: h\'i: h\'i:]]</prosody>' },
  cry: { ssml: '<prosody volume="soft" rate="slow">[[h\'u: hu: hu:]]</prosody>' },
  "hum-tune": {
    ssml: ["+0%", "+25%", "+10%"]
      .map((p) => `<prosody pitch="${p}" rate="fast">[[m:]]</prosody>`).join(" "),
  },
  sigh: { ssml: '<prosody rate="slow">[[h\'a::]]</prosody>', whisper: true },
};

/**
 * Turns parsed text into segments: runs of speech (one eSpeak call each, split where whisper
 * starts or ends) and PCM (pauses, breaths, clicks). Exported for tests.
 *
 * @param job The job.
 * @returns The segments in order.
 */
export function segmentsOf(job: Pick<SynthJob, "pieces" | "language" | "normalize">): Segment[] {
  const segments: Segment[] = [];
  const espeak = LANGUAGES[job.language].espeak;
  let buffer = "";
  let whisper = false;
  const flush = () => {
    if (buffer.trim() !== "") {
      segments.push({ kind: "speech", ssml: `<speak>${buffer}</speak>`, whisper, espeak });
    }
    buffer = "";
  };
  for (const piece of job.pieces) {
    const pieceWhisper = piece.wraps.includes("whisper");
    if (piece.kind === "text") {
      if (pieceWhisper !== whisper) {
        flush();
        whisper = pieceWhisper;
      }
      const text = !job.normalize
        ? piece.text
        : job.language === "en"
        ? normalizeEnglish(piece.text)
        : job.language === "si" || job.language === "ta"
        ? normalizeSinhalaTamil(piece.text, job.language)
        : piece.text;
      const stepped = piece.wraps.some((w) =>
        w === "build-intensity" || w === "decrease-intensity"
      );
      if (stepped) {
        splitWords(text, STEPS.length).forEach((chunk, i, all) => {
          const step = all.length === 1 ? STEPS.length - 1 : i;
          buffer += wrapProsody(escapeForEspeak(chunk), prosodyOf(piece.wraps, step));
        });
      } else {
        buffer += wrapProsody(escapeForEspeak(text), prosodyOf(piece.wraps));
      }
      continue;
    }
    flush();
    const effect = piece.effect;
    if (effect === "pause" || effect === "long-pause") {
      const samples = new Float32Array(Math.round(PAUSE_SECONDS[effect] * ENGINE_RATE));
      segments.push({ kind: "pcm", samples });
    } else if (effect === "breath" || effect === "inhale" || effect === "exhale") {
      segments.push({ kind: "pcm", samples: breathNoise(effect) });
    } else if (effect === "tongue-click" || effect === "lip-smack" || effect === "tsk") {
      segments.push({ kind: "pcm", samples: clicks(effect) });
    } else {
      const fx = PHONEME_EFFECTS[effect]!;
      // Phoneme names are English ones, so effects always use the en-us voice.
      segments.push({
        kind: "speech",
        ssml: `<speak>${wrapProsody(fx.ssml, prosodyOf(piece.wraps))}</speak>`,
        whisper: pieceWhisper || fx.whisper === true,
        espeak: "en-us",
      });
    }
  }
  flush();
  return segments;
}

// deno-lint-ignore no-explicit-any
type ESpeak = any;

/** One eSpeak NG instance and the pipeline around it. */
export class Engine {
  #es: ESpeak;

  private constructor(es: ESpeak) {
    this.#es = es;
  }

  /**
   * Loads eSpeak NG (its 24 MB voice data goes into this isolate's memory).
   *
   * @returns A ready engine.
   */
  static async create(): Promise<Engine> {
    const module = await init();
    return new Engine(new module.eSpeakNGWorker());
  }

  /**
   * Speaks one SSML utterance.
   *
   * @param ssml SSML built by {@linkcode segmentsOf} (user text already escaped).
   * @param voiceName eSpeak voice, `<language>+<variant>`.
   * @param settings The API voice's pitch and range.
   * @returns PCM at 22,050 Hz.
   */
  speak(ssml: string, voiceName: string, settings: VoiceInfo): Float32Array {
    return toFloat(concat(this.#speakChunks(ssml, voiceName, settings), (n) => new Int16Array(n)));
  }

  #speakChunks(ssml: string, voiceName: string, settings: VoiceInfo): Int16Array[] {
    const chunks: Int16Array[] = [];
    this.#speakInto(ssml, voiceName, settings, (samples) => chunks.push(samples));
    return chunks;
  }

  #speakInto(
    ssml: string,
    voiceName: string,
    settings: VoiceInfo,
    onChunk: (samples: Int16Array) => void,
  ): void {
    const es = this.#es;
    const rc = es.set_voice(voiceName);
    if (rc !== 0) throw new Error(`eSpeak NG has no voice "${voiceName}" (code ${rc})`);
    es.set_rate(175);
    es.set_pitch(settings.pitch);
    es.set_range(settings.range);
    es.set_volume(100);
    es.synthesize(ssml, (samples: Int16Array | undefined) => {
      if (samples?.length) onChunk(samples.slice());
      return false;
    });
  }

  /**
   * Runs a job end to end. MP3 is encoded by `encoder` as eSpeak NG produces the samples: with
   * an `EncoderClient`, in a second worker while the rest of the text is being spoken.
   *
   * @param job The job.
   * @param encoder Where MP3 is encoded (default: in this thread, after synthesis).
   * @returns The encoded audio and what was used.
   */
  async synthesize(job: SynthJob, encoder: Mp3Encoder = localEncoder): Promise<SynthResult> {
    const settings = VOICE_SETTINGS[job.voice];
    const rate = job.sampleRate;
    const kbps = mp3Kbps(job.bitRate, rate);
    const parts: Int16Array[] = [];
    const sink = job.codec === "mp3" ? encoder.open(ENGINE_RATE, rate, kbps) : undefined;
    let total = 0;
    const emit = (samples: Int16Array) => {
      total += samples.length;
      if (sink) sink.write(samples);
      else parts.push(samples);
    };
    for (const segment of segmentsOf(job)) {
      if (segment.kind === "pcm") {
        emit(toInt16(segment.samples));
      } else {
        const variant = segment.whisper ? settings.whisper : settings.variant;
        this.#speakInto(segment.ssml, `${segment.espeak}+${variant}`, settings, emit);
      }
    }
    if (total === 0) emit(new Int16Array(Math.round(0.1 * ENGINE_RATE)));
    if (sink) {
      const { audio, count } = await sink.finish();
      return { audio, sampleRate: rate, bitRate: kbps * 1000, duration: count / rate };
    }
    const blocks: Float32Array[] = [];
    const count = await resampleStream(parts, ENGINE_RATE, rate, (b) => blocks.push(b.slice()));
    return { audio: encodeWav(blocks, rate), sampleRate: rate, duration: count / rate };
  }
}
