/**
 * The server's log sink: lines are written on a thread of their own. The thread answering
 * requests only copies each request's few facts into shared memory (`log_ring.ts`); a worker
 * makes the lines and writes them, in order, in batches. Making and writing the request lines cost
 * the answering thread about 1 µs a request, a tenth of its work (`docs/performance.md`, "Request
 * lines on a thread of their own").
 *
 * @module
 */
import { BatchedLines, droppedLine, type LogLevel, logLine } from "../log.ts";
import { accessLine, accessLineInto, packAccess, unpackAccess } from "./access_log.ts";
import {
  ACCESS,
  DROPPED,
  ERROR_TEXT,
  HEAD,
  ringBuffer,
  RingReader,
  RingWriter,
  STARTED,
  TEXT,
  WRITTEN,
} from "./log_ring.ts";

/** Options of {@linkcode ThreadedLines}. */
export interface ThreadedLinesOptions {
  /** The longest a line waits before it is written, in milliseconds (default 100). */
  intervalMs?: number;
  /**
   * Room for lines waiting to be written, in bytes of shared memory (a power of two, default
   * 512 KiB: about 5,000 request lines, 1 MiB of text). Past it, while the output is slow, lines
   * are dropped, counted and said on stderr once it takes bytes again.
   */
  ringBytes?: number;
  /** The most bytes the worker writes at once (default 64 KiB). */
  maxBytes?: number;
  /** Files the worker appends to instead of stdout and stderr (for tests). */
  outPath?: string;
  errPath?: string;
}

/** What the worker is told when it starts. */
export interface LogThreadStart {
  buffer: SharedArrayBuffer;
  intervalMs: number;
  maxBytes: number;
  outPath?: string | undefined;
  errPath?: string | undefined;
}

/**
 * The server's log sink: {@linkcode ThreadedLines}, or {@linkcode BatchedLines} on this thread
 * where workers cannot be started (Deno Deploy, for one), with the same promises.
 *
 * @returns The sink.
 */
export function serverLines(): ThreadedLines | BatchedLines {
  try {
    return new ThreadedLines();
  } catch {
    return new BatchedLines();
  }
}

/** `STARTED` when this thread, not the worker, reads the ring (see `ThreadedLines.#takeOver`). */
const BY_SENDER = 2;

/** The longest {@linkcode ThreadedLines.flushNow} waits for the worker, in milliseconds. */
const FLUSH_NOW_MS = 2_000;

/**
 * Writes log lines on a worker thread, with the promises of {@linkcode BatchedLines} (which the
 * worker runs): debug and info lines go to stdout in their order, within `intervalMs`, in batches;
 * warn and error lines go to stderr at once (the worker is woken), after the lines before them.
 * A reader that falls behind costs lines, not answers: when the shared room is full, lines are
 * dropped, counted, and said on stderr. {@linkcode close} waits until every line is written;
 * {@linkcode flushNow} blocks until then (at most 2 s), for an uncaught error or an exit.
 *
 * The request line is sent as its facts ({@linkcode packAccess}) and made by the worker; any other
 * line is made here and sent whole. If the worker stops, lines are written from this thread.
 */
export class ThreadedLines {
  readonly #ring: RingWriter;
  readonly #worker: Worker;
  /** Writes from this thread: every line once the worker is gone, and a line too long for the ring. */
  readonly #here: BatchedLines;
  /** Files opened for `outPath` and `errPath`, closed with the sink. */
  readonly #files: Deno.FsFile[] = [];
  #closed = false;
  /** While {@linkcode close} waits: an exit meanwhile (its wait ran out) waits no more. */
  #closing = false;

  /**
   * Starts the worker.
   *
   * @param options Interval, sizes, outputs.
   */
  constructor(options: ThreadedLinesOptions = {}) {
    const buffer = ringBuffer(options.ringBytes ?? 512 * 1024);
    this.#ring = new RingWriter(buffer);
    const out = options.outPath === undefined ? Deno.stdout : this.#open(options.outPath);
    const err = options.errPath === undefined ? Deno.stderr : this.#open(options.errPath);
    this.#here = new BatchedLines({ out: { writeSync: (bytes) => out.writeSync(bytes) }, err });
    this.#worker = new Worker(new URL("./log_thread_worker.ts", import.meta.url), {
      type: "module",
    });
    this.#worker.onerror = (event) => {
      event.preventDefault();
      this.#stopped(event.message);
    };
    const start: LogThreadStart = {
      buffer,
      intervalMs: options.intervalMs ?? 100,
      maxBytes: options.maxBytes ?? 64 * 1024,
      outPath: options.outPath,
      errPath: options.errPath,
    };
    this.#worker.postMessage(start);
  }

  /**
   * Takes one line (without its newline).
   *
   * @param line The line.
   * @param level Its level: warn and error are written at once, to stderr.
   */
  write(line: string, level: LogLevel): void {
    if (this.#closed) {
      this.#here.write(line, level);
      this.#here.flush();
      return;
    }
    // Warnings and errors go through the worker too, woken at once: a stderr nobody reads then
    // costs lines, as a stdout nobody reads does, never an answer.
    const error = level === "warn" || level === "error";
    if (this.#ring.line(line, error ? ERROR_TEXT : TEXT)) {
      if (error) this.#ring.kick();
      return;
    }
    if (2 * line.length + 16 > this.#ring.size >> 1) {
      // Too long for the ring at any time: write it from here, in its turn.
      this.flushNow();
      this.#here.write(line, level);
      this.#here.flush();
    } else {
      this.#drop();
    }
  }

  /**
   * Takes an info or debug line to be made by the worker: the request line is sent as its facts;
   * any other is made now.
   *
   * @param entry What the line says.
   * @param line Makes the line.
   */
  later<T>(entry: T, line: (entry: T) => string): void {
    if (this.#closed || line !== (accessLine as unknown)) {
      this.write(line(entry), "info");
    } else if (!packAccess(this.#ring, entry as Parameters<typeof accessLine>[0])) {
      this.#drop();
    }
  }

  /** Asks the worker to write every line it holds now. */
  flush(): void {
    if (!this.#closed) this.#ring.kick();
  }

  /**
   * Writes every line sent so far before returning, waiting for the worker at most 2 s (a stuck
   * reader of stdout). For an uncaught error or an exit, when nothing can be awaited. A worker not
   * yet running (it is still loading) is not waited for: this thread writes the lines itself.
   */
  flushNow(): void {
    if (this.#closed || this.#closing || this.#takeOver()) return;
    const target = this.#ring.head;
    this.#ring.kick();
    const header = this.#ring.header;
    const deadline = Date.now() + FLUSH_NOW_MS;
    for (;;) {
      const written = Atomics.load(header, WRITTEN);
      const left = deadline - Date.now();
      if (((written - target) | 0) >= 0 || left <= 0) return;
      Atomics.wait(header, WRITTEN, written, left);
    }
  }

  /**
   * Writes every line sent so far, waits until the output has taken them, and stops the worker;
   * lines after it are written at once from this thread.
   *
   * @returns Once written.
   */
  async close(): Promise<void> {
    if (this.#closed || this.#takeOver()) return this.#closeFiles();
    this.#closing = true;
    const target = this.#ring.head;
    this.#ring.kick();
    const header = this.#ring.header;
    // Polled: a timer keeps the process alive while it waits, as `Atomics.waitAsync` does not.
    while (((Atomics.load(header, WRITTEN) - target) | 0) < 0 && !this.#closed) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    this.#end();
    this.#closeFiles();
  }

  /** Stops the worker: from now on, lines are written from this thread. */
  #end(): void {
    this.#closed = true;
    // A worker waiting in `Atomics.wait` outlives `terminate()`: wake it to end on its own.
    this.#ring.stop();
    this.#worker.terminate();
  }

  #closeFiles(): void {
    for (const file of this.#files) file.close();
    this.#files.length = 0;
  }

  /**
   * If the worker has not started reading, claims the ring for this thread (the worker, once
   * loaded, then ends at once), writes every line in it from here, and stops the worker.
   *
   * @returns Whether this thread took over.
   */
  #takeOver(): boolean {
    const header = this.#ring.header;
    if (Atomics.compareExchange(header, STARTED, 0, BY_SENDER) !== 0) return false;
    this.#end();
    const reader = new RingReader(this.#ring.buffer);
    reader.read(Atomics.load(header, HEAD), Infinity, ringVisitor(reader, this.#here));
    this.#here.flush();
    const dropped = Atomics.exchange(header, DROPPED, 0);
    if (dropped > 0) this.#here.write(droppedLine(dropped), "error");
    return true;
  }

  /** Opens a file for appending, for tests that read what was written. */
  #open(path: string): Deno.FsFile {
    const file = Deno.openSync(path, { write: true, create: true, append: true });
    this.#files.push(file);
    return file;
  }

  /** A line that found no room: counted, and said by the worker once it writes again. */
  #drop(): void {
    Atomics.add(this.#ring.header, DROPPED, 1);
  }

  /**
   * The worker failed: say so, and write from this thread from now on. If it never ran (it could
   * not be loaded), the lines sent so far are all in the ring still, and are written from here.
   */
  #stopped(why: string): void {
    if (this.#closed) return;
    const header = this.#ring.header;
    const lost = (this.#ring.head - Atomics.load(header, WRITTEN)) | 0;
    const started = Atomics.load(header, STARTED) !== 0;
    this.#here.write(
      logLine("error", "The log writer stopped; lines are written by the server's own thread", {
        error: why,
        ...(started && lost > 0 ? { lostBytes: lost } : {}),
      }),
      "error",
    );
    if (!this.#takeOver()) this.#end();
  }
}

/**
 * Makes and holds a ring's lines, record by record, in order: a request line straight as bytes
 * ({@linkcode accessLineInto}; as a text only if longer than the whole buffer), any other as sent.
 *
 * @param ring The ring's reading end.
 * @param lines Where the lines go.
 * @returns The visitor for {@linkcode RingReader.read}.
 */
export function ringVisitor(
  ring: RingReader,
  lines: BatchedLines,
): (kind: number, at: number) => void {
  let record = 0;
  const fill = (buffer: Uint8Array, from: number, end: number) =>
    accessLineInto(ring, record, buffer, from, end);
  return (kind, at) => {
    if (kind === ACCESS) {
      record = at;
      if (!lines.writeInto(fill)) lines.write(accessLine(unpackAccess(ring, at)), "info");
    } else if (kind === TEXT) {
      lines.write(ring.line(at), "info");
    } else if (kind === ERROR_TEXT) {
      lines.write(ring.line(at), "error");
    }
  };
}
