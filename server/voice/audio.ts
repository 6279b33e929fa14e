/**
 * PCM helpers of the voice pipeline: WAV writing, resampling (Speex, BSD-3-Clause) and MP3
 * encoding (LAME through `wasm-media-encoders`, LGPL-2.0-or-later inside an MIT wrapper).
 *
 * @module
 */

/** eSpeak NG's fixed output rate. */
export const ENGINE_RATE = 22050;

/** Bit rates (kbps) the MP3 encoder accepts between 32 and 192. */
export const MP3_KBPS = [32, 40, 48, 64, 80, 96, 112, 128, 160, 192] as const;

/**
 * The bit rate LAME actually uses: the request snapped down to an MPEG rate, capped at 64 kbps
 * for 8 kHz (MPEG-2.5) and 160 kbps for 16-24 kHz (MPEG-2).
 *
 * @param bitRate Requested bits per second (32000-192000).
 * @param sampleRate Output sample rate.
 * @returns Effective kbps.
 *
 * @example Usage
 * ```ts
 * import { mp3Kbps } from "./audio.ts";
 * console.log(mp3Kbps(192000, 8000)); // 64
 * ```
 */
export function mp3Kbps(bitRate: number, sampleRate: number): number {
  const max = sampleRate <= 12000 ? 64 : sampleRate < 32000 ? 160 : 192;
  return MP3_KBPS.filter((k) => k <= Math.min(bitRate / 1000, max)).pop() ?? 32;
}

/**
 * A 16-bit mono WAV file.
 *
 * @param blocks Float samples in [-1, 1] (clipped outside), in order.
 * @param sampleRate The rate.
 * @returns The file bytes.
 */
export function encodeWav(blocks: readonly Float32Array[], sampleRate: number): Uint8Array {
  const count = blocks.reduce((sum, b) => sum + b.length, 0);
  const bytes = new Uint8Array(44 + count * 2);
  const view = new DataView(bytes.buffer);
  const ascii = (offset: number, text: string) => {
    for (let i = 0; i < text.length; i++) view.setUint8(offset + i, text.charCodeAt(i));
  };
  ascii(0, "RIFF");
  view.setUint32(4, 36 + count * 2, true);
  ascii(8, "WAVE");
  ascii(12, "fmt ");
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  ascii(36, "data");
  view.setUint32(40, count * 2, true);
  let offset = 44;
  for (const block of blocks) {
    for (let i = 0; i < block.length; i++, offset += 2) {
      const s = Math.max(-1, Math.min(1, block[i]!));
      view.setInt16(offset, Math.round(s * 32767), true);
    }
  }
  return bytes;
}

// deno-lint-ignore no-explicit-any
type Speex = any;
let speex: Promise<Speex> | undefined;

/** Input samples per resampler call: buffers stay small, so the WASM heap never grows large. */
const BLOCK = 16384;

/**
 * Converts 16-bit PCM to floats in [-1, 1).
 *
 * @param pcm 16-bit samples.
 * @param out Where to write (default a new array).
 * @returns `out`, filled.
 */
export function toFloat(
  pcm: Int16Array,
  out: Float32Array = new Float32Array(pcm.length),
): Float32Array {
  for (let i = 0; i < pcm.length; i++) out[i] = pcm[i]! / 32768;
  return out;
}

/**
 * Converts floats to 16-bit PCM (clipped to [-1, 1]).
 *
 * @param samples Float samples.
 * @returns 16-bit samples.
 */
export function toInt16(samples: Float32Array): Int16Array {
  const out = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) {
    out[i] = Math.round(Math.max(-1, Math.min(1, samples[i]!)) * 32767);
  }
  return out;
}

/**
 * A resampler fed block by block: the Speex resampler (SIMD build, quality 3), or a plain
 * 16-bit to float conversion when the rates are equal. Each output block goes to the `onBlock`
 * given with the input, as a view that is only valid during the call. The first output-latency
 * samples are dropped and {@linkcode Resampler.end} pads the input by the input latency, so the
 * output has exactly `floor(n * outRate / inRate)` samples for `n` input samples.
 */
export class Resampler {
  // deno-lint-ignore no-explicit-any
  readonly #m: any;
  readonly #state: number;
  readonly #inRate: number;
  readonly #outRate: number;
  readonly #outCap: number;
  readonly #pointers: { input: number; output: number; inLength: number; outLength: number };
  readonly #scratch = new Float32Array(BLOCK);
  #skip: number;
  #fed = 0;
  #emitted = 0;

  // deno-lint-ignore no-explicit-any
  private constructor(m: any, inRate: number, outRate: number) {
    this.#m = m;
    this.#inRate = inRate;
    this.#outRate = outRate;
    if (!m) {
      this.#state = 0;
      this.#outCap = 0;
      this.#skip = 0;
      this.#pointers = { input: 0, output: 0, inLength: 0, outLength: 0 };
      return;
    }
    const errPtr = m._malloc(4);
    const state = m._speex_resampler_init(1, inRate, outRate, 3, errPtr);
    const initError = m.HEAP32[errPtr >> 2];
    m._free(errPtr);
    if (initError !== 0 || !state) throw new Error(`Speex resampler init failed: ${initError}`);
    this.#state = state;
    this.#outCap = Math.ceil((BLOCK * outRate) / inRate) + 64;
    this.#pointers = {
      input: m._malloc(BLOCK * 4),
      output: m._malloc(this.#outCap * 4),
      inLength: m._malloc(4),
      outLength: m._malloc(4),
    };
    this.#skip = m._speex_resampler_get_output_latency(state);
  }

  /**
   * Starts a resampler (loading the Speex module once per isolate when the rates differ).
   *
   * @param inRate Input rate.
   * @param outRate Output rate.
   * @returns The resampler.
   */
  static async create(inRate: number, outRate: number): Promise<Resampler> {
    if (inRate === outRate) return new Resampler(undefined, inRate, outRate);
    speex ??= import("@echogarden/speex-resampler-wasm/simd").then((m) => m.default());
    return new Resampler(await speex, inRate, outRate);
  }

  /**
   * Resamples the next input block.
   *
   * @param input Samples at the input rate.
   * @param onBlock Receives the output so far, in order.
   */
  feed(input: Int16Array, onBlock: (block: Float32Array) => void): void {
    this.#fed += input.length;
    if (!this.#m) {
      if (input.length) onBlock(toFloat(input));
      return;
    }
    this.#process(input, onBlock, Infinity);
  }

  /**
   * Flushes the resampler's latency and frees it.
   *
   * @param onBlock Receives the rest of the output.
   * @returns The number of output samples in all.
   */
  end(onBlock: (block: Float32Array) => void): number {
    if (!this.#m) return this.#fed;
    const expected = Math.floor((this.#fed * this.#outRate) / this.#inRate);
    const m = this.#m;
    try {
      this.#process(
        new Int16Array(m._speex_resampler_get_input_latency(this.#state)),
        onBlock,
        expected,
      );
      return this.#emitted;
    } finally {
      m._speex_resampler_destroy(this.#state);
      for (const p of Object.values(this.#pointers)) m._free(p);
    }
  }

  #process(input: Int16Array, onBlock: (block: Float32Array) => void, limit: number): void {
    const m = this.#m, p = this.#pointers;
    for (let at = 0; at < input.length;) {
      const n = Math.min(BLOCK, input.length - at);
      m.HEAPF32.set(
        toFloat(input.subarray(at, at + n), this.#scratch.subarray(0, n)),
        p.input >> 2,
      );
      m.HEAPU32[p.inLength >> 2] = n;
      m.HEAPU32[p.outLength >> 2] = this.#outCap;
      const rc = m._speex_resampler_process_float(
        this.#state,
        0,
        p.input,
        p.inLength,
        p.output,
        p.outLength,
      );
      if (rc !== 0) throw new Error(`Speex resampler failed: ${rc}`);
      at += m.HEAPU32[p.inLength >> 2];
      let out: Float32Array = m.HEAPF32.subarray(
        p.output >> 2,
        (p.output >> 2) + m.HEAPU32[p.outLength >> 2],
      );
      const dropped = Math.min(this.#skip, out.length);
      this.#skip -= dropped;
      out = out.subarray(dropped, dropped + Math.max(0, limit - this.#emitted));
      if (out.length) {
        this.#emitted += out.length;
        onBlock(out);
      }
    }
  }
}

/**
 * Resamples mono 16-bit audio (see {@linkcode Resampler}) chunk by chunk, handing each float
 * output block to `onBlock` (a view that is only valid during the call). The engine's output is
 * kept as 16-bit (half the memory of floats) and converted one block at a time.
 *
 * @param chunks Samples at `inRate`, in order.
 * @param inRate Input rate.
 * @param outRate Output rate.
 * @param onBlock Receives the output in order.
 * @returns The number of output samples: exactly `floor(n * outRate / inRate)`.
 */
export async function resampleStream(
  chunks: readonly Int16Array[],
  inRate: number,
  outRate: number,
  onBlock: (block: Float32Array) => void,
): Promise<number> {
  const resampler = await Resampler.create(inRate, outRate);
  for (const chunk of chunks) resampler.feed(chunk, onBlock);
  return resampler.end(onBlock);
}

// deno-lint-ignore no-explicit-any
let mp3Encoder: Promise<any> | undefined;

/** An MP3 encoding in progress: write blocks, then finish. */
export interface Mp3Stream {
  /** Encodes a block (copied; the view may be reused afterwards). */
  write(block: Float32Array): void;
  /** Flushes the encoder and returns the whole file. */
  finish(): Uint8Array;
}

/**
 * Starts encoding mono audio to constant-bit-rate MP3 (MPEG-1/2/2.5 layer III by sample rate).
 * One encoder per isolate: finish one stream before starting the next.
 *
 * @param sampleRate The input rate (also the output rate).
 * @param kbps An allowed bit rate (see {@linkcode mp3Kbps}).
 * @returns The stream.
 */
export async function mp3Stream(sampleRate: number, kbps: number): Promise<Mp3Stream> {
  mp3Encoder ??= import("wasm-media-encoders").then((m) => m.createMp3Encoder());
  const encoder = await mp3Encoder;
  // outputSampleRate is required: without it LAME quietly resamples to 22050 Hz.
  encoder.configure({ sampleRate, channels: 1, bitrate: kbps, outputSampleRate: sampleRate });
  const parts: Uint8Array[] = [];
  const step = 1152 * 64;
  return {
    write(block) {
      for (let i = 0; i < block.length; i += step) {
        parts.push(encoder.encode([block.subarray(i, i + step)]).slice()); // views are reused
      }
    },
    finish() {
      parts.push(encoder.finalize().slice());
      return concat(parts, (n) => new Uint8Array(n));
    },
  };
}

/**
 * Joins typed-array chunks (PCM or bytes).
 *
 * @param chunks The chunks, in order.
 * @param make Creates the result array of a length.
 * @returns One array.
 */
export function concat<T extends Float32Array | Int16Array | Uint8Array>(
  chunks: readonly T[],
  make: (length: number) => T,
): T {
  const out = make(chunks.reduce((sum, c) => sum + c.length, 0));
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.length;
  }
  return out;
}
