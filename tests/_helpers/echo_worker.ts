/** A worker for pool tests: echoes a value after a delay, or crashes or hangs when asked. */
import { workerScope } from "../../server/voice/protocol.ts";

/** A job of the echo worker. */
export interface EchoJob {
  value: number;
  delayMs?: number;
  crash?: boolean;
  fail?: boolean;
  hang?: boolean;
}

workerScope<EchoJob>().serve<number>(async (job) => {
  if (job.crash) {
    setTimeout(() => {
      throw new Error("boom");
    }, 0);
  }
  if (job.fail) throw new Error("failed on purpose");
  if (job.hang || job.crash) await new Promise(() => {});
  if (job.delayMs) await new Promise((r) => setTimeout(r, job.delayMs));
  return { value: job.value * 2 };
});
