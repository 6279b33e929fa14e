/**
 * The voice service the handler talks to: a pool of synthesis workers plus one text worker
 * (language detection, kanji to kana), all started lazily and ended by `close()`.
 *
 * @module
 */
import { DEFAULT_BIT_RATE, type VoiceLanguage, type VoiceRequest } from "../../core/ops/voice.ts";
import type { SynthJob, SynthResult } from "./engine.ts";
import { fromDetected, KANJI, qualityWarning, scriptLanguage } from "./languages.ts";
import { QueueFullError, WorkerPool } from "./pool.ts";
import type { Piece } from "./tags.ts";
import type { TextJob } from "./text_worker.ts";

export { QueueFullError };

/** Options of {@linkcode VoiceService}. */
export interface VoiceServiceOptions {
  /** Synthesis workers (VOICE_WORKERS). */
  workers: number;
  /** Requests that may wait for a worker (VOICE_QUEUE). */
  queue: number;
  /** Longest one synthesis may take before its worker is replaced. */
  timeoutMs?: number;
  /**
   * Encode MP3 in each synthesis worker's own encoder worker while eSpeak NG speaks (default
   * true); false encodes after synthesis in the same worker (the benchmark compares the two).
   */
  encodeAside?: boolean;
}

/** A finished synthesis with what the response headers report. */
export interface VoiceOutput extends SynthResult {
  /** The language spoken (the detected one for `auto`). */
  language: VoiceLanguage;
  /** Quality warnings for the `X-Voice-Warning` header. */
  warnings: string[];
}

/** What `POST /api/v1/voice` needs besides HTTP (tests of the HTTP layer pass their own). */
export interface VoiceSynthesizer {
  /** Undefined when a request would be queued now, else the seconds for Retry-After. */
  busyFor(): number | undefined;
  /** Synthesises a validated request; rejects with {@linkcode QueueFullError} when full. */
  synthesize(request: VoiceRequest, pieces: Piece[]): Promise<VoiceOutput>;
  /** Ends the workers. */
  close(): void;
  /** Queue and workers now, for `/metrics` and `/readyz`. */
  status?(): VoiceStatus;
}

/** The synthesis pool's state. */
export interface VoiceStatus {
  /** Requests waiting for a worker. */
  queued: number;
  /** Requests being synthesised. */
  running: number;
  /** Whether the pool accepts requests (workers start on the first one). */
  up: boolean;
}

/** Text, voices and queue: the worker-backed {@linkcode VoiceSynthesizer}. */
export class VoiceService implements VoiceSynthesizer {
  readonly #synth: WorkerPool<SynthJob, SynthResult>;
  readonly #text: WorkerPool<TextJob, string | string[]>;
  readonly #encodeAside: boolean;

  /** @param options Pool size, queue bound, time limit. */
  constructor(options: VoiceServiceOptions) {
    this.#encodeAside = options.encodeAside ?? true;
    const timeoutMs = options.timeoutMs ?? 60_000;
    this.#synth = new WorkerPool({
      url: new URL("./worker.ts", import.meta.url),
      size: options.workers,
      maxQueue: options.queue,
      timeoutMs,
      name: "voice",
    });
    this.#text = new WorkerPool({
      url: new URL("./text_worker.ts", import.meta.url),
      size: 1,
      maxQueue: options.workers + options.queue,
      timeoutMs,
      name: "voice-text",
    });
  }

  /** Queue and workers now. */
  status(): VoiceStatus {
    return { queued: this.#synth.queued, running: this.#synth.running, up: !this.#synth.closed };
  }

  /** Workers started so far (synthesis, text). */
  get started(): { synth: number; text: number } {
    return { synth: this.#synth.started, text: this.#text.started };
  }

  /**
   * Whether a request would be queued now; when not, the seconds to suggest in Retry-After.
   *
   * @returns undefined when there is room.
   */
  busyFor(): number | undefined {
    return this.#synth.hasRoom() ? undefined : this.#synth.retryAfter();
  }

  /**
   * Detects the language if asked, converts Japanese kanji, then synthesises in a worker.
   *
   * @param request The validated request.
   * @param pieces Its text, parsed (tags checked).
   * @returns Audio and metadata.
   * @throws {QueueFullError} When the queue is full.
   */
  async synthesize(request: VoiceRequest, pieces: Piece[]): Promise<VoiceOutput> {
    const busy = this.busyFor();
    if (busy !== undefined) throw new QueueFullError(busy);
    const warnings: string[] = [];
    const plain = pieces.map((p) => (p.kind === "text" ? p.text : " ")).join("");
    let language: VoiceLanguage;
    const script = request.language === "auto" ? scriptLanguage(plain) : undefined;
    if (script) {
      language = script;
    } else if (request.language === "auto") {
      const detected = await this.#text.submit({ kind: "detect", text: plain }) as string;
      const mapped = fromDetected(detected);
      language = mapped ?? "en";
      if (!mapped) {
        warnings.push(
          `Detected language ${
            JSON.stringify(detected || "unknown")
          } is not supported: spoken as en; pass language to choose`,
        );
      }
    } else {
      language = request.language;
    }
    if (language === "ja" && KANJI.test(plain)) {
      const texts = pieces.flatMap((p) => (p.kind === "text" ? [p.text] : []));
      const converted = await this.#text.submit({ kind: "kana", texts }) as string[];
      let i = 0;
      pieces = pieces.map((p) => (p.kind === "text" ? { ...p, text: converted[i++]! } : p));
    }
    const warning = qualityWarning(language, plain);
    if (warning) warnings.push(warning);
    const result = await this.#synth.submit({
      pieces,
      voice: request.voice,
      language,
      codec: request.codec,
      sampleRate: request.sample_rate,
      bitRate: request.bit_rate ?? DEFAULT_BIT_RATE,
      normalize: request.text_normalization,
      ...(this.#encodeAside ? {} : { encodeAside: false }),
    });
    return { ...result, language, warnings };
  }

  /** Ends every worker; pending requests fail. */
  close(): void {
    this.#synth.close();
    this.#text.close();
  }
}
