/**
 * Independent decoders for what the voice endpoint returns: a WAV reader, an MP3 frame-header
 * walker (ISO 11172-3 / 13818-3 layer III), and a few measures (RMS, silence runs, pitch).
 * Written from the formats' specifications, sharing no code with `server/voice/`.
 */

/** A decoded 16-bit PCM WAV file. */
export interface Wav {
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  /** Bytes in the data chunk. */
  dataBytes: number;
  samples: Float32Array;
  duration: number;
}

const ascii = (bytes: Uint8Array, at: number, n: number) =>
  String.fromCharCode(...bytes.subarray(at, at + n));

/** Reads a RIFF/WAVE file with a PCM `fmt ` chunk, walking chunks by their sizes. */
export function decodeWav(bytes: Uint8Array): Wav {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (ascii(bytes, 0, 4) !== "RIFF" || ascii(bytes, 8, 4) !== "WAVE") {
    throw new Error("not a RIFF/WAVE file");
  }
  if (view.getUint32(4, true) !== bytes.length - 8) throw new Error("RIFF size does not match");
  let at = 12;
  let fmt: { channels: number; sampleRate: number; bits: number; format: number } | undefined;
  while (at + 8 <= bytes.length) {
    const id = ascii(bytes, at, 4), size = view.getUint32(at + 4, true);
    if (id === "fmt ") {
      fmt = {
        format: view.getUint16(at + 8, true),
        channels: view.getUint16(at + 10, true),
        sampleRate: view.getUint32(at + 12, true),
        bits: view.getUint16(at + 22, true),
      };
    } else if (id === "data") {
      if (!fmt || fmt.format !== 1 || fmt.bits !== 16) throw new Error("not 16-bit PCM");
      if (at + 8 + size > bytes.length) throw new Error("data chunk runs past the end");
      const count = size / 2 / fmt.channels;
      const samples = new Float32Array(count);
      for (let i = 0; i < count; i++) {
        samples[i] = view.getInt16(at + 8 + i * 2 * fmt.channels, true) / 32768;
      }
      return {
        sampleRate: fmt.sampleRate,
        channels: fmt.channels,
        bitsPerSample: fmt.bits,
        dataBytes: size,
        samples,
        duration: count / fmt.sampleRate,
      };
    }
    at += 8 + size + (size % 2);
  }
  throw new Error("no data chunk");
}

/** What the frame headers of an MP3 stream say. */
export interface Mp3Info {
  frames: number;
  /** MPEG version: 1, 2 or 2.5. */
  version: number;
  layer: number;
  sampleRate: number;
  /** Bit rates (bps) seen in frame headers. */
  bitRates: Set<number>;
  /** Total duration from frame count × samples per frame. */
  duration: number;
  channels: number;
}

const RATES: Record<string, number[]> = {
  "1": [44100, 48000, 32000],
  "2": [22050, 24000, 16000],
  "2.5": [11025, 12000, 8000],
};
// Layer III bit rates in kbps, by index 1-14.
const KBPS_V1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const KBPS_V2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];

/**
 * Walks every frame of a layer III stream from the first byte (an ID3v2 tag is skipped),
 * requiring each frame to start with the 11-bit sync and to agree on version and rate.
 */
export function parseMp3(bytes: Uint8Array): Mp3Info {
  let at = 0;
  if (ascii(bytes, 0, 3) === "ID3") {
    const size = ((bytes[6]! & 0x7f) << 21) | ((bytes[7]! & 0x7f) << 14) |
      ((bytes[8]! & 0x7f) << 7) | (bytes[9]! & 0x7f);
    at = 10 + size;
  }
  let frames = 0, version = 0, sampleRate = 0, channels = 0, samples = 0;
  const bitRates = new Set<number>();
  while (at + 4 <= bytes.length) {
    const b1 = bytes[at + 1]!, b2 = bytes[at + 2]!, b3 = bytes[at + 3]!;
    if (bytes[at] !== 0xff || (b1 & 0xe0) !== 0xe0) {
      throw new Error(`no frame sync at byte ${at} of ${bytes.length}`);
    }
    const v = [2.5, 0, 2, 1][(b1 >> 3) & 3]!;
    const layer = [0, 3, 2, 1][(b1 >> 1) & 3]!;
    if (v === 0 || layer !== 3) throw new Error(`not MPEG layer III at byte ${at}`);
    const rate = RATES[String(v)]![(b2 >> 2) & 3];
    const kbps = (v === 1 ? KBPS_V1 : KBPS_V2)[(b2 >> 4) & 15];
    if (!rate || !kbps) throw new Error(`bad rate or bit rate index at byte ${at}`);
    if (frames > 0 && (v !== version || rate !== sampleRate)) {
      throw new Error("frames disagree on version or rate");
    }
    version = v;
    sampleRate = rate;
    channels = ((b3 >> 6) & 3) === 3 ? 1 : 2;
    bitRates.add(kbps * 1000);
    const perFrame = v === 1 ? 1152 : 576;
    const length = Math.floor(((perFrame / 8) * kbps * 1000) / rate) + ((b2 >> 1) & 1);
    samples += perFrame;
    frames++;
    at += length;
  }
  if (at !== bytes.length) {
    throw new Error(`last frame runs past the end (${at} > ${bytes.length})`);
  }
  return {
    frames,
    version,
    layer: 3,
    sampleRate,
    bitRates,
    duration: samples / sampleRate,
    channels,
  };
}

/** RMS level in dBFS. */
export function rmsDb(samples: Float32Array): number {
  let sum = 0;
  for (const s of samples) sum += s * s;
  return 10 * Math.log10(sum / Math.max(samples.length, 1) + 1e-12);
}

/** The longest run of 10 ms windows quieter than `thresholdDb` (RMS), in seconds. */
export function longestSilence(samples: Float32Array, rate: number, thresholdDb = -50): number {
  const win = Math.round(rate / 100);
  let best = 0, run = 0;
  for (let i = 0; i + win <= samples.length; i += win) {
    if (rmsDb(samples.subarray(i, i + win)) < thresholdDb) {
      run++;
      best = Math.max(best, run);
    } else {
      run = 0;
    }
  }
  return (best * win) / rate;
}

/**
 * Pitch by normalised autocorrelation over 40 ms frames (hop 10 ms), 60-400 Hz. A frame counts
 * as voiced when loud enough (above -40 dBFS) and its best normalised correlation is over 0.6.
 *
 * @returns The median F0 of voiced frames and the voiced fraction of loud frames.
 */
export function pitch(samples: Float32Array, rate: number): { medianHz: number; voiced: number } {
  const size = Math.round(rate * 0.04), hop = Math.round(rate * 0.01);
  const minLag = Math.floor(rate / 400), maxLag = Math.ceil(rate / 60);
  const f0s: number[] = [];
  let loud = 0;
  for (let start = 0; start + size + maxLag <= samples.length; start += hop) {
    const frame = samples.subarray(start, start + size + maxLag);
    if (rmsDb(frame.subarray(0, size)) < -40) continue;
    loud++;
    const r = new Float64Array(maxLag + 1);
    let best = 0;
    for (let lag = minLag; lag <= maxLag; lag++) {
      let xy = 0, xx = 0, yy = 0;
      for (let i = 0; i < size; i++) {
        const x = frame[i]!, y = frame[i + lag]!;
        xy += x * y;
        xx += x * x;
        yy += y * y;
      }
      r[lag] = xy / Math.sqrt(xx * yy + 1e-12);
      best = Math.max(best, r[lag]!);
    }
    // The shortest lag with a local peak near the best: avoids picking a multiple of the period.
    let bestLag = 0;
    for (let lag = minLag + 1; lag < maxLag; lag++) {
      if (r[lag]! >= 0.9 * best && r[lag]! >= r[lag - 1]! && r[lag]! >= r[lag + 1]!) {
        bestLag = lag;
        break;
      }
    }
    if (best > 0.6 && bestLag > 0) f0s.push(rate / bestLag);
  }
  f0s.sort((a, b) => a - b);
  return {
    medianHz: f0s.length ? f0s[Math.floor(f0s.length / 2)]! : 0,
    voiced: loud ? f0s.length / loud : 0,
  };
}
