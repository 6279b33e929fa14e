/**
 * The MP3 encoder worker started by `EncoderClient` (see `encoder.ts`): resamples and encodes
 * each job's blocks as they arrive, in order, and answers the file at the end.
 *
 * @module
 */
import { encodeMp3Blocks, type EncoderMessage, type EncoderReply } from "./encoder.ts";

interface WorkerGlobal {
  postMessage(message: EncoderReply, transfer?: Transferable[]): void;
  onmessage: ((event: MessageEvent<EncoderMessage>) => void) | null;
}

const scope = globalThis as unknown as WorkerGlobal;
let job: ReturnType<typeof encodeMp3Blocks> | undefined;
let failure: unknown;

scope.onmessage = (event) => {
  const message = event.data;
  if ("start" in message) {
    const { inRate, outRate, kbps } = message.start;
    failure = undefined;
    job = encodeMp3Blocks(inRate, outRate, kbps);
  } else if ("pcm" in message) {
    job?.write(message.pcm).catch((error) => failure ??= error);
  } else {
    const current = job;
    job = undefined;
    (async () => {
      if (!current) throw new Error("No encoding was started");
      const result = await current.finish();
      if (failure) throw failure;
      return result;
    })().then(
      ({ audio, count }) =>
        scope.postMessage({ ok: true, audio, count }, [audio.buffer as ArrayBuffer]),
      (error) =>
        scope.postMessage({
          ok: false,
          error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
        }),
    );
  }
};
