/**
 * MP3 encoding beside the synthesis: a job's PCM is resampled and encoded in a second worker
 * while eSpeak NG is still speaking the rest of the text, so on a machine with a free core a
 * request takes about as long as the slower of the two rather than their sum. The synthesis
 * worker owns one {@linkcode EncoderClient}; the encoding itself is `encodeMp3Blocks` in either
 * thread.
 *
 * @module
 */
import { mp3Stream, Resampler } from "./audio.ts";

/** Where a job's PCM goes as eSpeak NG produces it. */
export interface PcmSink {
  /** Takes the next block of 16-bit samples at the engine rate (the array may be transferred). */
  write(samples: Int16Array): void;
  /** The encoded file and its number of samples at the output rate. */
  finish(): Promise<{ audio: Uint8Array; count: number }>;
}

/** Opens a sink for one job's MP3. */
export interface Mp3Encoder {
  /**
   * @param inRate The engine's rate.
   * @param outRate The output rate.
   * @param kbps An allowed bit rate (see `mp3Kbps`).
   * @returns The sink.
   */
  open(inRate: number, outRate: number, kbps: number): PcmSink;
}

/** Messages to the encoder worker. */
export type EncoderMessage =
  | { start: { inRate: number; outRate: number; kbps: number } }
  | { pcm: Int16Array }
  | { end: true };

/** Messages from the encoder worker. */
export type EncoderReply =
  | { ok: true; audio: Uint8Array; count: number }
  | { ok: false; error: string };

/**
 * Resamples and encodes blocks as they come, in this thread: the work of the encoder worker,
 * also used when there is none.
 *
 * @param inRate The engine's rate.
 * @param outRate The output rate.
 * @param kbps An allowed bit rate.
 * @returns `write` for each block, `finish` at the end.
 */
export function encodeMp3Blocks(
  inRate: number,
  outRate: number,
  kbps: number,
): {
  write(samples: Int16Array): Promise<void>;
  finish(): Promise<{ audio: Uint8Array; count: number }>;
} {
  const ready = Promise.all([Resampler.create(inRate, outRate), mp3Stream(outRate, kbps)]);
  // Blocks are handled strictly in order, each once the encoder is ready.
  let chain: Promise<unknown> = ready;
  const write = (samples: Int16Array) => {
    const next = chain.then(async () => {
      const [resampler, mp3] = await ready;
      resampler.feed(samples, (block) => mp3.write(block));
    });
    chain = next;
    return next;
  };
  const finish = async () => {
    await chain;
    const [resampler, mp3] = await ready;
    const count = resampler.end((block) => mp3.write(block));
    return { audio: mp3.finish(), count };
  };
  return { write, finish };
}

/** Encodes in the calling thread (no second worker). */
export const localEncoder: Mp3Encoder = {
  open(inRate, outRate, kbps) {
    const blocks: Int16Array[] = [];
    return {
      write: (samples) => void blocks.push(samples),
      async finish() {
        const encoding = encodeMp3Blocks(inRate, outRate, kbps);
        for (const block of blocks) await encoding.write(block);
        return await encoding.finish();
      },
    };
  },
};

/**
 * Talks to an encoder worker (`encoder_worker.ts`): one job at a time, blocks transferred as
 * they are written.
 */
export class EncoderClient implements Mp3Encoder {
  readonly #worker: Worker;
  #pending: { resolve(r: { audio: Uint8Array; count: number }): void; reject(e: Error): void }[] =
    [];

  /** Starts the worker. */
  constructor() {
    this.#worker = new Worker(new URL("./encoder_worker.ts", import.meta.url), {
      type: "module",
      name: "mp3-encoder",
    });
    this.#worker.onmessage = (event: MessageEvent<EncoderReply>) => {
      const waiting = this.#pending.shift();
      const reply = event.data;
      if (!waiting) return;
      if (reply.ok) waiting.resolve({ audio: reply.audio, count: reply.count });
      else waiting.reject(new Error(`MP3 encoder failed: ${reply.error}`));
    };
    this.#worker.onerror = (event: ErrorEvent) => {
      event.preventDefault();
      for (const waiting of this.#pending.splice(0)) {
        waiting.reject(new Error(`MP3 encoder crashed: ${event.message}`));
      }
    };
  }

  /** Opens a sink: every block goes to the worker at once. */
  open(inRate: number, outRate: number, kbps: number): PcmSink {
    const worker = this.#worker;
    worker.postMessage({ start: { inRate, outRate, kbps } } satisfies EncoderMessage);
    return {
      write(samples) {
        worker.postMessage({ pcm: samples } satisfies EncoderMessage, [
          samples.buffer as ArrayBuffer,
        ]);
      },
      finish: () =>
        new Promise((resolve, reject) => {
          this.#pending.push({ resolve, reject });
          worker.postMessage({ end: true } satisfies EncoderMessage);
        }),
    };
  }

  /** Ends the worker. */
  close(): void {
    this.#worker.terminate();
  }
}
