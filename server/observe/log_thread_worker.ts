/**
 * The log writer's thread (started by `log_thread.ts`): reads the records the answering thread
 * leaves in shared memory, makes their lines, and writes them with {@linkcode BatchedLines}, which
 * writes synchronously here: this thread may wait for a slow reader; the answering thread never
 * does. It blocks between batches, so it has no event loop to speak of.
 *
 * @module
 */
/// <reference lib="deno.worker" />
import { BatchedLines, droppedLine } from "../log.ts";
import { DROPPED, HEAD, RingReader, STARTED, WRITTEN } from "./log_ring.ts";
import { type LogThreadStart, ringVisitor } from "./log_thread.ts";

/** Lines made and written at a time: what waits in this thread stays small. */
const AT_A_TIME = 256;

/**
 * Writes the ring's lines until told to stop, then closes the files it opened.
 *
 * @param start The shared memory, interval, sizes, outputs.
 */
function run(start: LogThreadStart): void {
  const ring = new RingReader(start.buffer);
  const out = start.outPath === undefined ? Deno.stdout : open(start.outPath);
  const err = start.errPath === undefined ? Deno.stderr : open(start.errPath);
  // Without `write`, BatchedLines writes each batch at once, on this thread.
  const lines = new BatchedLines({
    maxBytes: start.maxBytes,
    out: { writeSync: (bytes) => out.writeSync(bytes) },
    err: { writeSync: (bytes) => err.writeSync(bytes) },
  });
  const visit = ringVisitor(ring, lines);
  const header = ring.header;
  // The answering thread may have taken the ring over while this one loaded (a crash at start).
  const reading = Atomics.compareExchange(header, STARTED, 0, 1) === 0;
  while (reading && ring.waitForRecords(start.intervalMs)) {
    const end = Atomics.load(header, HEAD);
    let done = false;
    while (!done) {
      done = ring.read(end, AT_A_TIME, visit);
      lines.flush();
      // Lines that found no room are said once the output takes bytes again.
      if (!lines.failing && Atomics.load(header, DROPPED) > 0) {
        lines.write(droppedLine(Atomics.exchange(header, DROPPED, 0)), "error");
      }
      Atomics.store(header, WRITTEN, ring.tail);
      Atomics.notify(header, WRITTEN);
    }
  }
  if (out !== Deno.stdout) out.close();
  if (err !== Deno.stderr) err.close();
  self.close();
}

function open(path: string): Deno.FsFile {
  return Deno.openSync(path, { write: true, create: true, append: true });
}

self.onmessage = (event: MessageEvent<LogThreadStart>) => run(event.data);
