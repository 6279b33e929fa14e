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
 * @param samples Float samples in [-1, 1] (clipped outside).
 * @param sampleRate The rate.
 * @returns The file bytes.
 */
export function encodeWav(samples: Float32Array, sampleRate: number): Uint8Array {
  const bytes = new Uint8Array(44 + samples.length * 2);
  const view = new DataView(bytes.buffer);
  const ascii = (offset: number, text: string) => {
    for (let i = 0; i < text.length; i++) view.setUint8(offset + i, text.charCodeAt(i));
  };
  ascii(0, "RIFF");
  view.setUint32(4, 36 + samples.length * 2, true);
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
  view.setUint32(40, samples.length * 2, true);
  for (let i = 0; i < samples.length; i++) {
    const s = Math.max(-1, Math.min(1, samples[i]!));
    view.setInt16(44 + i * 2, Math.round(s * 32767), true);
  }
  return bytes;
}

// deno-lint-ignore no-explicit-any
type Speex = any;
let speex: Promise<Speex> | undefined;

/**
 * Resamples mono audio with the Speex resampler (SIMD build, quality 5). The input is padded by
 * the resampler's input latency and its output latency dropped, so durations are kept exactly.
 *
 * @param input Samples at `inRate`.
 * @param inRate Input rate.
 * @param outRate Output rate.
 * @returns Samples at `outRate`.
 */
export async function resample(
  input: Float32Array,
  inRate: number,
  outRate: number,
): Promise<Float32Array> {
  if (inRate === outRate) return input;
  speex ??= import("@echogarden/speex-resampler-wasm/simd").then((m) => m.default());
  const m = await speex;
  const errPtr = m._malloc(4);
  const state = m._speex_resampler_init(1, inRate, outRate, 5, errPtr);
  const initError = m.HEAP32[errPtr >> 2];
  m._free(errPtr);
  if (initError !== 0 || !state) throw new Error(`Speex resampler init failed: ${initError}`);
  const inLatency = m._speex_resampler_get_input_latency(state);
  const outLatency = m._speex_resampler_get_output_latency(state);
  const inLen = input.length + inLatency;
  const outLen = Math.floor((input.length * outRate) / inRate) + outLatency;
  const inPtr = m._malloc(inLen * 4), outPtr = m._malloc(outLen * 4);
  const inLenPtr = m._malloc(4), outLenPtr = m._malloc(4);
  try {
    m.HEAPF32.set(input, inPtr >> 2);
    m.HEAPF32.fill(0, (inPtr >> 2) + input.length, (inPtr >> 2) + inLen);
    m.HEAPU32[inLenPtr >> 2] = inLen;
    m.HEAPU32[outLenPtr >> 2] = outLen;
    const rc = m._speex_resampler_process_float(state, 0, inPtr, inLenPtr, outPtr, outLenPtr);
    if (rc !== 0) throw new Error(`Speex resampler failed: ${rc}`);
    return m.HEAPF32.slice((outPtr >> 2) + outLatency, (outPtr >> 2) + m.HEAPU32[outLenPtr >> 2]);
  } finally {
    m._speex_resampler_destroy(state);
    for (const p of [inPtr, outPtr, inLenPtr, outLenPtr]) m._free(p);
  }
}

// deno-lint-ignore no-explicit-any
let mp3Encoder: Promise<any> | undefined;

/**
 * Encodes mono audio to constant-bit-rate MP3 (MPEG-1/2/2.5 layer III by sample rate).
 *
 * @param samples Float samples.
 * @param sampleRate Their rate (also the output rate).
 * @param kbps An allowed bit rate (see {@linkcode mp3Kbps}).
 * @returns The MP3 bytes.
 */
export async function encodeMp3(
  samples: Float32Array,
  sampleRate: number,
  kbps: number,
): Promise<Uint8Array> {
  mp3Encoder ??= import("wasm-media-encoders").then((m) => m.createMp3Encoder());
  const encoder = await mp3Encoder;
  // outputSampleRate is required: without it LAME quietly resamples to 22050 Hz.
  encoder.configure({ sampleRate, channels: 1, bitrate: kbps, outputSampleRate: sampleRate });
  const parts: Uint8Array[] = [];
  const block = 1152 * 64;
  for (let i = 0; i < samples.length; i += block) {
    parts.push(encoder.encode([samples.subarray(i, i + block)]).slice()); // views are reused
  }
  parts.push(encoder.finalize().slice());
  const out = new Uint8Array(parts.reduce((sum, p) => sum + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}

/**
 * Joins PCM chunks.
 *
 * @param chunks Float chunks.
 * @returns One array.
 */
export function concat(chunks: readonly Float32Array[]): Float32Array {
  const out = new Float32Array(chunks.reduce((sum, c) => sum + c.length, 0));
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.length;
  }
  return out;
}
