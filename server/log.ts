/**
 * Structured JSON logging: one object per line. Never pass keys, passwords or cookies in.
 *
 * @module
 */

/** Log levels, least to most severe. */
export type LogLevel = "debug" | "info" | "warn" | "error";

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

/** Writes structured log lines. */
export interface Logger {
  log(level: LogLevel, message: string, fields?: Record<string, unknown>): void;
  /** Whether lines at this level are written (to skip building fields that would be dropped). */
  enabled(level: LogLevel): boolean;
  /**
   * Writes a line made from an entry, when its level is enabled, possibly later: a sink that
   * holds lines (see {@linkcode BatchedLines}) makes it when it writes the batch, in its turn
   * among the other lines; the server's sink (`observe/log_thread.ts`) makes the request line on
   * its worker thread. The line must be one JSON object whose first keys are `time` (see
   * {@linkcode isoAt}), `level` and `message`, as {@linkcode logLine} writes them. The access
   * log writes this way: making its line 256 at a time costs less than once per request.
   *
   * @param level The line's level.
   * @param entry What the line says (kept, unchanged, until the line is made).
   * @param line Makes the line from the entry.
   */
  writeLater<T>(level: LogLevel, entry: T, line: (entry: T) => string): void;
  /** Hands any line still held to its output (see {@linkcode BatchedLines}). */
  flush(): void;
}

/** Where a logger's lines go: a function, or a sink that may hold lines until flushed. */
export type LogSink =
  | ((line: string, level: LogLevel) => void)
  | {
    write(line: string, level: LogLevel): void;
    flush(): void;
    /** Takes an info or debug line to be made later (see {@linkcode Logger.writeLater}). */
    later?<T>(entry: T, line: (entry: T) => string): void;
  };

/**
 * A logger writing JSON lines at or above a level.
 *
 * @param level The minimum level written.
 * @param sink Where lines go (default: each line at once, stderr for warn and error, stdout
 *   otherwise; the server passes a `ThreadedLines`, `observe/log_thread.ts`, whose worker
 *   writes through a {@linkcode BatchedLines}, or a `BatchedLines` where no worker can start).
 * @returns The logger.
 */
export function createLogger(level: LogLevel, sink?: LogSink): Logger {
  const write = typeof sink === "object" ? sink.write.bind(sink) : sink ?? writeAtOnce;
  const flush = typeof sink === "object" ? sink.flush.bind(sink) : () => {};
  const later = typeof sink === "object" ? sink.later?.bind(sink) : undefined;
  return {
    enabled: (lvl) => ORDER[lvl] >= ORDER[level],
    log(lvl, message, fields) {
      if (ORDER[lvl] < ORDER[level]) return;
      write(logLine(lvl, message, fields), lvl);
    },
    writeLater(lvl, entry, line) {
      if (ORDER[lvl] < ORDER[level]) return;
      if (later !== undefined && ORDER[lvl] < ORDER.warn) later(entry, line);
      else write(line(entry), lvl);
    },
    flush,
  };
}

let lastMs = NaN;
let lastTime = "";

/** The clock as ISO 8601 (see {@linkcode isoAt}). */
export function isoNow(): string {
  return isoAt(Date.now());
}

/**
 * A time as ISO 8601, formatted once per millisecond (many lines share one under load).
 *
 * @param ms Milliseconds since the epoch (`Date.now()`).
 * @returns The time, for example `2026-11-28T04:06:40.123Z`.
 */
export function isoAt(ms: number): string {
  if (ms !== lastMs) {
    lastMs = ms;
    lastTime = new Date(ms).toISOString();
  }
  return lastTime;
}

/**
 * One JSON line: `time`, `level` and `message` first, then the fields, as
 * `JSON.stringify({ time, level, message, ...fields })` writes it (and through it when a field
 * would take one of those three names), without copying the fields into a new object.
 */
export function logLine(
  level: LogLevel,
  message: string,
  fields: Record<string, unknown> | undefined,
): string {
  const time = isoNow();
  if (fields !== undefined && ("time" in fields || "level" in fields || "message" in fields)) {
    return JSON.stringify({ time, level, message, ...fields });
  }
  const head = `{"time":"${time}","level":"${level}","message":${JSON.stringify(message)}`;
  const rest = fields === undefined ? "{}" : JSON.stringify(fields);
  return rest.length > 2 ? `${head},${rest.slice(1)}` : `${head}}`;
}

/**
 * The error line saying how many log lines a slow reader cost (of stdout, or, on the log writer's
 * thread, of stderr too; the text names stdout, as operators may already match on it).
 *
 * @param dropped How many lines were dropped.
 * @returns The line.
 */
export function droppedLine(dropped: number): string {
  return logLine("error", "Log lines were dropped: stdout was not read fast enough", { dropped });
}

function writeAtOnce(line: string, level: LogLevel): void {
  if (ORDER[level] >= ORDER.warn) console.error(line);
  else console.log(line);
}

/**
 * A file descriptor lines are written to (`Deno.stdout`, `Deno.stderr`, or a test's own). With
 * `write`, batches are written in the background; with `writeSync` alone, at once.
 */
export interface LineOutput {
  writeSync(bytes: Uint8Array): number;
  write?(bytes: Uint8Array): Promise<number>;
}

/** Options of {@linkcode BatchedLines}. */
export interface BatchedLinesOptions {
  /** The longest a held line waits before it is written, in milliseconds (default 100). */
  intervalMs?: number;
  /** Held lines are written before they would pass this many bytes (default 64 KiB). */
  maxBytes?: number;
  /**
   * Bytes that may wait for a slow reader in the background before new batches are dropped
   * (default 1 MiB).
   */
  maxWaitingBytes?: number;
  /** Where debug and info lines go (default `Deno.stdout`). */
  out?: LineOutput;
  /** Where warn and error lines go (default `Deno.stderr`). */
  err?: LineOutput;
}

const encoder = new TextEncoder();
const NEWLINE = 10;
/** At most this many lines wait to be made (see {@linkcode BatchedLines.later}). */
const LATER_AT_MOST = 256;

/**
 * Batched log lines: the server's log writer thread writes through one (`observe/log_thread.ts`),
 * and the server uses one on its own thread where no worker can start. Writing a line to stdout
 * is a system call, and one per request halved the server's throughput (`docs/performance.md`,
 * "The access log"); so debug and info lines (the per-request `request` lines above all) are held
 * and written together, once every `intervalMs` or before they would pass `maxBytes`, in their
 * order. They are held as UTF-8 in one buffer, so no line outlives its batch as a string.
 *
 * A batch is written in the background when the output can (`Deno.stdout` can), so requests never
 * wait for whoever reads stdout. A reader that falls behind by more than `maxWaitingBytes` (a
 * stuck pipe) costs batches, not answers: they are dropped, counted, and said on the error output
 * once the output takes bytes again. Warn and error lines are written to stderr at once, after the
 * held stdout lines are handed over.
 *
 * {@linkcode close} writes everything and waits for it (the server calls it when it stops);
 * {@linkcode flushNow} writes what it can at once (on an uncaught error or an exit). A process
 * killed outright loses at most the last `intervalMs` of lines and the batches still waiting.
 *
 * If the output cannot be written (a closed pipe, a full disk), the lines are dropped, said once
 * on the other output, and writing is tried again with the next batch.
 */
export class BatchedLines {
  readonly #intervalMs: number;
  readonly #maxWaiting: number;
  readonly #out: LineOutput;
  readonly #err: LineOutput;
  readonly #buffer: Uint8Array;
  #used = 0;
  #lines = 0;
  /** Lines to be made (see {@linkcode later}): entries and their makers, in order. */
  #entries: unknown[] = [];
  #makers: ((entry: unknown) => string)[] = [];
  #timer: ReturnType<typeof setTimeout> | undefined;
  /** Batches handed to the background writer and not yet written, in order. */
  #waiting: Uint8Array[] = [];
  #waitingBytes = 0;
  /** The background writer, while it runs. */
  #writing: Promise<void> | undefined;
  /** Lines dropped because the reader fell behind, not yet said. */
  #dropped = 0;
  #failed = false;
  readonly #onTimer = () => {
    this.#timer = undefined;
    this.flush();
  };

  /** @param options Interval, sizes, outputs. */
  constructor(options: BatchedLinesOptions = {}) {
    this.#intervalMs = options.intervalMs ?? 100;
    this.#buffer = new Uint8Array(options.maxBytes ?? 64 * 1024);
    this.#maxWaiting = options.maxWaitingBytes ?? 1024 * 1024;
    this.#out = options.out ?? Deno.stdout;
    this.#err = options.err ?? Deno.stderr;
  }

  /**
   * Takes one line (without its newline).
   *
   * @param line The line.
   * @param level Its level: warn and error are written at once, to the error output.
   */
  write(line: string, level: LogLevel): void {
    if (ORDER[level] >= ORDER.warn) {
      this.flush();
      this.#writeAll(this.#err, encoder.encode(`${line}\n`), this.#out);
      return;
    }
    // Lines taken earlier to be made later come first.
    if (this.#entries.length > 0) this.#make();
    this.#put(line);
  }

  /**
   * Takes an info or debug line to be made when the batch is written (at the latest after
   * `intervalMs`, or once 256 wait), in its turn among the other lines: one tight loop over
   * many lines costs less than the same work spread over as many requests.
   *
   * @param entry What the line says; it must not change until the line is made.
   * @param line Makes the line (without its newline) from the entry.
   */
  later<T>(entry: T, line: (entry: T) => string): void {
    this.#entries.push(entry);
    this.#makers.push(line as (entry: unknown) => string);
    if (this.#entries.length >= LATER_AT_MOST) this.#make();
    else this.#schedule();
  }

  /**
   * Takes an info or debug line written straight into the held bytes, in its turn: for a line
   * made from bytes rather than text (the log writer's thread, `observe/log_thread_worker.ts`).
   *
   * @param fill Writes the line's UTF-8 bytes (no newline) into `buffer` from `from`, ending
   *   before `end`, and returns how many it wrote, or -1 (writing nothing) if they might not fit.
   * @returns False when the line does not fit even in the empty buffer (nothing is taken).
   */
  writeInto(fill: (buffer: Uint8Array, from: number, end: number) => number): boolean {
    if (this.#entries.length > 0) this.#make();
    const end = this.#buffer.length - 1; // room for the newline
    let written = fill(this.#buffer, this.#used, end);
    if (written < 0) {
      this.#handOver();
      written = fill(this.#buffer, 0, end);
      if (written < 0) return false;
    }
    this.#buffer[this.#used + written] = NEWLINE;
    this.#used += written + 1;
    this.#lines++;
    if (this.#used === this.#buffer.length) this.#handOver();
    else this.#schedule();
    return true;
  }

  /** Hands every held line to the writer now (in the background when the output can). */
  flush(): void {
    if (this.#entries.length > 0) this.#make();
    this.#handOver();
  }

  /**
   * Writes every held line and waits until the output has taken them all; for a clean stop.
   *
   * @returns Once written.
   */
  async close(): Promise<void> {
    this.flush();
    while (this.#writing !== undefined) await this.#writing;
  }

  /**
   * Writes every held line at once, synchronously, unless a batch is being written in the
   * background at this moment: writing beside it could cut a line, so they go behind it instead.
   * For an uncaught error or an exit, when nothing can be awaited.
   */
  flushNow(): void {
    if (this.#entries.length > 0) this.#make();
    if (this.#writing !== undefined) {
      this.#handOver();
      return;
    }
    this.#stopTimer();
    if (this.#used > 0) {
      this.#writeAll(this.#out, this.#buffer.subarray(0, this.#used), this.#err);
      this.#used = 0;
      this.#lines = 0;
    }
  }

  /** Whether the last write to an output failed (and none has succeeded since). */
  get failing(): boolean {
    return this.#failed;
  }

  /** Lines held now (made or waiting to be), for tests and metrics. */
  get held(): number {
    return this.#lines + this.#entries.length;
  }

  /**
   * Makes the waiting lines, in order, and holds them: as one text, encoded at once (one call to
   * the encoder for up to 256 lines cost less than one a line; `docs/performance.md`).
   */
  #make(): void {
    const entries = this.#entries, makers = this.#makers;
    this.#entries = [];
    this.#makers = [];
    if (entries.length === 0) return;
    let text = makers[0]!(entries[0]);
    for (let i = 1; i < entries.length; i++) text += `\n${makers[i]!(entries[i])}`;
    this.#put(text, entries.length);
  }

  /**
   * Holds info or debug lines (one, or several joined by newlines), handing the held ones over
   * first when they do not fit.
   */
  #put(text: string, lines = 1): void {
    if (!this.#hold(text, lines)) {
      // It does not fit after the held lines: hand them over, then try the empty buffer.
      this.#handOver();
      if (!this.#hold(text, lines)) {
        // Longer than the whole buffer: on its own, in its turn.
        this.#send(encoder.encode(`${text}\n`), lines);
        return;
      }
    }
    if (this.#used === this.#buffer.length) this.#handOver();
    else this.#schedule();
  }

  /** Appends lines and a last newline to the buffer, if the whole of them fits. */
  #hold(text: string, lines: number): boolean {
    const free = this.#buffer.length - this.#used;
    if (free <= text.length) {
      // Too little room even for one byte per character; never worth encoding to find out.
      return false;
    }
    const { read, written } = encoder.encodeInto(text, this.#buffer.subarray(this.#used));
    if (read < text.length || written >= free) return false; // the bytes past `#used` are ignored
    this.#buffer[this.#used + written] = NEWLINE;
    this.#used += written + 1;
    this.#lines += lines;
    return true;
  }

  /** Makes sure held lines are handed over within the interval. */
  #schedule(): void {
    if (this.#timer !== undefined) return;
    const timer = setTimeout(this.#onTimer, this.#intervalMs);
    // Held lines never keep the process alive: it flushes them when it stops.
    Deno.unrefTimer(timer);
    this.#timer = timer;
  }

  #stopTimer(): void {
    if (this.#timer === undefined) return;
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  /** Hands the held lines to the writer and empties the buffer. */
  #handOver(): void {
    this.#stopTimer();
    if (this.#used === 0) return;
    const lines = this.#lines, used = this.#used;
    this.#used = 0;
    this.#lines = 0;
    // Written at once (no background writer): from the buffer itself, no copy to collect later.
    if (this.#out.write === undefined) {
      this.#writeAll(this.#out, this.#buffer.subarray(0, used), this.#err);
    } else this.#send(this.#buffer.slice(0, used), lines);
  }

  /** Writes a batch: in the background behind the others when the output can, else at once. */
  #send(bytes: Uint8Array, lines: number): void {
    if (this.#out.write === undefined) {
      this.#writeAll(this.#out, bytes, this.#err);
      return;
    }
    if (this.#waitingBytes + bytes.length > this.#maxWaiting) {
      // The reader is far behind: drop this batch rather than hold memory or stop answering.
      this.#dropped += lines;
      return;
    }
    this.#waiting.push(bytes);
    this.#waitingBytes += bytes.length;
    this.#writing ??= this.#writeWaiting();
  }

  /** The background writer: the waiting batches, in order, until there are none. */
  async #writeWaiting(): Promise<void> {
    const write = this.#out.write!.bind(this.#out);
    try {
      let bytes: Uint8Array | undefined;
      while ((bytes = this.#waiting.shift()) !== undefined) {
        const size = bytes.length;
        try {
          while (bytes.length > 0) {
            const written = await write(bytes);
            if (written <= 0) throw new Error("the output took no bytes");
            bytes = bytes.subarray(written);
          }
          this.#failed = false;
          if (this.#dropped > 0) this.#sayDropped();
        } catch (error) {
          this.#sayFailed(error, this.#err);
        } finally {
          this.#waitingBytes -= size;
        }
      }
    } finally {
      this.#writing = undefined;
    }
  }

  /** Says, on the error output, how many lines a slow reader cost. */
  #sayDropped(): void {
    const dropped = this.#dropped;
    this.#dropped = 0;
    this.#writeAll(this.#err, encoder.encode(`${droppedLine(dropped)}\n`), this.#out);
  }

  #writeAll(output: LineOutput, bytes: Uint8Array, other: LineOutput): void {
    try {
      while (bytes.length > 0) {
        const written = output.writeSync(bytes);
        // A descriptor that takes nothing would spin here: treat it as closed.
        if (written <= 0) throw new Error("the output took no bytes");
        bytes = bytes.subarray(written);
      }
      this.#failed = false;
    } catch (error) {
      this.#sayFailed(error, other);
    }
  }

  /** Says once, on the other output, that lines could not be written (until a write succeeds). */
  #sayFailed(error: unknown, other: LineOutput): void {
    if (this.#failed) return;
    this.#failed = true;
    const why = error instanceof Error ? error.message : String(error);
    try {
      other.writeSync(encoder.encode(
        `${logLine("error", "Log lines could not be written and were dropped", { error: why })}\n`,
      ));
    } catch { /* both outputs are gone: nothing is left to tell */ }
  }
}
