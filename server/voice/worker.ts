/**
 * A synthesis worker: one eSpeak NG engine, one job at a time. Started by {@linkcode WorkerPool}
 * with `new Worker(new URL("./worker.ts", import.meta.url), { type: "module" })`.
 *
 * Protocol: posts `{ ready: true }` once warm; answers `{ id, job }` with `{ id, ok: true, value }`
 * (the audio buffer transferred) or `{ id, ok: false, error }`.
 *
 * @module
 */
import { Engine, type SynthJob } from "./engine.ts";
import { workerScope } from "./protocol.ts";

const scope = workerScope<SynthJob>();
const engine = await Engine.create();
// Warm-up: the first call of the wasm2js engine, resampler and encoder is several times slower.
await engine.synthesize({
  pieces: [{ kind: "text", text: "Ready.", wraps: [] }],
  voice: "eve",
  language: "en",
  codec: "mp3",
  sampleRate: 24000,
  bitRate: 64000,
  normalize: false,
});
scope.serve(async (job) => {
  const value = await engine.synthesize(job);
  return { value, transfer: [value.audio.buffer as ArrayBuffer] };
});
