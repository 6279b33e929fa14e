/**
 * A synthesis worker: one eSpeak NG engine, one job at a time. Started by {@linkcode WorkerPool}
 * with `new Worker(new URL("./worker.ts", import.meta.url), { type: "module" })`.
 *
 * Protocol: posts `{ ready: true }` once warm; answers `{ id, job }` with `{ id, ok: true, value }`
 * (the audio buffer transferred) or `{ id, ok: false, error }`.
 *
 * @module
 */
import { EncoderClient, localEncoder } from "./encoder.ts";
import { Engine, type SynthJob } from "./engine.ts";
import { workerScope } from "./protocol.ts";

const scope = workerScope<SynthJob>();
const engine = await Engine.create();
// MP3 is encoded in a second worker while eSpeak NG speaks (see encoder.ts).
const encoder = new EncoderClient();
// Warm-up: the first call of the wasm2js engine, resampler and encoder is several times slower.
const warmUp: SynthJob = {
  pieces: [{ kind: "text", text: "Ready.", wraps: [] }],
  voice: "eve",
  language: "en",
  codec: "mp3",
  sampleRate: 24000,
  bitRate: 64000,
  normalize: false,
};
await engine.synthesize(warmUp, encoder);
await engine.synthesize(warmUp, localEncoder);
scope.serve(async (job) => {
  const value = await engine.synthesize(job, job.encodeAside === false ? localEncoder : encoder);
  return { value, transfer: [value.audio.buffer as ArrayBuffer] };
});
