/**
 * A ring of log records in shared memory, from the thread that answers requests to the thread
 * that writes the log (`log_thread.ts`): one writer, one reader, no locks. The writer never waits:
 * a record that does not fit is refused, and the caller counts it as dropped.
 *
 * The memory is a header of counters and a data region whose size is a power of two. Records are
 * laid end to end, 8-byte aligned, each starting with its size in bytes and its kind; a record
 * never wraps: when it would, the writer fills the rest of the region with a padding record and
 * starts again at the beginning. `HEAD` and `TAIL` count bytes written and read since the start,
 * modulo 2^32, so the bytes in use are `HEAD - TAIL` and a position is a count masked by the size.
 *
 * @module
 */

const encoder = new TextEncoder();

/** Header slots (Int32). */
export const HEAD = 0;
/** Bytes the reader has taken out (and may be reused). */
export const TAIL = 1;
/** Bytes whose lines have been handed to the output. */
export const WRITTEN = 2;
/** 1 while the reader sleeps until `HEAD` moves. */
export const WAITING = 3;
/** Raised to ask the reader to write now rather than at the end of its interval. */
export const KICK = 4;
/** Lines the writer refused because the ring was full, not yet said. */
export const DROPPED = 5;
/** 1 once the reader is to stop. */
export const STOP = 6;
/**
 * Who reads the ring: 0 until claimed, then 1 for the worker, or 2 when the writing thread reads
 * it itself because the worker had not started (claimed with `Atomics.compareExchange`, so never
 * both).
 */
export const STARTED = 7;
const HEADER_BYTES = 64;

/** Record kinds. */
export const PAD = 0;
/** A whole line, as UTF-16 code units. */
export const TEXT = 1;
/** A name (an interned text): its number and its code units. */
export const NAME = 2;
/** A request line's entry (`access_log.ts`). */
export const ACCESS = 3;
/** A whole warn or error line, for stderr: as {@linkcode TEXT}. */
export const ERROR_TEXT = 4;

/** Bytes a record of `bytes` takes, rounded up to the next multiple of 8. */
export function recordSize(bytes: number): number {
  return (bytes + 7) & ~7;
}

/** The views both threads read the ring through. */
export class RingViews {
  /** The header's counters. */
  readonly header: Int32Array;
  /** The data region as Int32, Float64 and UTF-16 code units (offsets are bytes / 4, 8 or 2). */
  readonly i32: Int32Array;
  readonly f64: Float64Array;
  readonly u16: Uint16Array;
  /** The data region's size in bytes, a power of two. */
  readonly size: number;

  /** @param buffer The shared memory, from {@linkcode ringBuffer}. */
  constructor(readonly buffer: SharedArrayBuffer) {
    this.size = buffer.byteLength - HEADER_BYTES;
    this.header = new Int32Array(buffer, 0, HEADER_BYTES / 4);
    this.i32 = new Int32Array(buffer, HEADER_BYTES, this.size / 4);
    this.f64 = new Float64Array(buffer, HEADER_BYTES, this.size / 8);
    this.u16 = new Uint16Array(buffer, HEADER_BYTES, this.size / 2);
  }
}

/**
 * Shared memory for a ring holding `bytes` of records.
 *
 * @param bytes The data region's size: a power of two, at least 1 KiB.
 * @returns The memory, zeroed.
 */
export function ringBuffer(bytes: number): SharedArrayBuffer {
  if (bytes < 1024 || (bytes & (bytes - 1)) !== 0) {
    throw new RangeError(`a log ring's size must be a power of two of at least 1024, not ${bytes}`);
  }
  return new SharedArrayBuffer(HEADER_BYTES + bytes);
}

/** The writing end: the thread that answers requests. */
export class RingWriter extends RingViews {
  #head = 0;
  #bytes = 0;
  /** Bytes in use when the record begun last was begun, before any padding. */
  #before = 0;
  /** Names sent, by text; emptied when 1,000 are held (then sent again when used again). */
  #names = new Map<string, number>();
  /** The next name's number, counting round 4,096 (see {@linkcode name}). */
  #nextName = 0;

  /**
   * Starts a record of a kind, if it fits. Fill its payload (from byte 8 of the record) through
   * the views, then publish it with {@linkcode end}.
   *
   * @param kind The record's kind.
   * @param bytes Its size in bytes, header included, a multiple of 8.
   * @returns Its offset in bytes in the data region, or -1 when the ring has no room for it.
   */
  begin(kind: number, bytes: number): number {
    const size = this.size;
    const head = this.#head;
    let at = head & (size - 1);
    const rest = size - at;
    const used = (head - Atomics.load(this.header, TAIL)) | 0;
    if (used + (bytes <= rest ? bytes : bytes + rest) > size) return -1;
    this.#before = used;
    if (bytes > rest) {
      // It would wrap: pad to the end, and start at the beginning.
      this.i32[at >> 2] = rest;
      this.i32[(at >> 2) + 1] = PAD;
      this.#head = (head + rest) | 0;
      at = 0;
    }
    this.i32[at >> 2] = bytes;
    this.i32[(at >> 2) + 1] = kind;
    this.#bytes = bytes;
    return at;
  }

  /**
   * Publishes the record begun last, and wakes the reader if it sleeps, or if a quarter of the
   * ring is now in use (so that a busy server's lines never wait for the full interval).
   */
  end(): void {
    const header = this.header;
    const head = (this.#head + this.#bytes) | 0;
    this.#head = head;
    Atomics.store(header, HEAD, head);
    if (Atomics.load(header, WAITING) !== 0) Atomics.notify(header, HEAD);
    // Padding counts too: the crossing is judged from before it.
    const quarter = this.size >> 2;
    if (this.#before < quarter && ((head - Atomics.load(header, TAIL)) | 0) >= quarter) {
      this.kick();
    }
  }

  /** Copies a text's UTF-16 code units into the data region, from a byte offset. */
  putText(at: number, text: string): void {
    const u16 = this.u16;
    const from = at >> 1;
    for (let i = 0; i < text.length; i++) u16[from + i] = text.charCodeAt(i);
  }

  /**
   * Sends a whole line.
   *
   * @param line The line, without its newline.
   * @param kind {@linkcode TEXT} for stdout, {@linkcode ERROR_TEXT} for stderr.
   * @returns Whether it fitted.
   */
  line(line: string, kind: typeof TEXT | typeof ERROR_TEXT = TEXT): boolean {
    const at = this.begin(kind, recordSize(12 + 2 * line.length));
    if (at < 0) return false;
    this.i32[(at >> 2) + 2] = line.length;
    this.putText(at + 12, line);
    this.end();
    return true;
  }

  /**
   * The number of a text that repeats from record to record (a method, a route, an address),
   * sending it the first time: records then carry the number, not the text.
   *
   * @param text The text.
   * @returns Its number, or -1 when the ring has no room to send it.
   */
  name(text: string): number {
    let id = this.#names.get(text);
    if (id !== undefined) return id;
    if (this.#names.size >= 1_000) this.#names.clear();
    // Numbers go on counting, not back to 0 when the map is emptied: a number still used by the
    // record being made (or any record the reader has not reached) is one of the last 1,000
    // given, so counting round 4,096 never gives it to another text before that record is read.
    id = this.#nextName;
    const at = this.begin(NAME, recordSize(16 + 2 * text.length));
    if (at < 0) return -1;
    this.i32[(at >> 2) + 2] = id;
    this.i32[(at >> 2) + 3] = text.length;
    this.putText(at + 16, text);
    this.end();
    this.#names.set(text, id);
    this.#nextName = (id + 1) & 4095;
    return id;
  }

  /** Asks the reader to write what it has now. */
  kick(): void {
    Atomics.add(this.header, KICK, 1);
    Atomics.notify(this.header, KICK);
  }

  /** Tells the reader to stop once it has read everything. */
  stop(): void {
    Atomics.store(this.header, STOP, 1);
    Atomics.notify(this.header, HEAD);
    Atomics.notify(this.header, KICK);
  }

  /** Every byte published so far (compare with the header's `WRITTEN`). */
  get head(): number {
    return this.#head;
  }
}

/** The reading end: the thread that writes the log. */
export class RingReader extends RingViews {
  #tail = 0;
  #kick = 0;
  /** The names received, by number. */
  readonly #names: string[] = [];
  /** Each name as a JSON string in UTF-8, once asked for (see {@linkcode quoted}). */
  readonly #quoted: (Uint8Array | undefined)[] = [];

  /**
   * Waits until there is a record, then for the rest of the interval, unless woken sooner (a
   * flush, or a quarter of the ring in use) or a quarter is in use already.
   *
   * @param intervalMs The longest a record waits.
   * @returns False when the ring is empty and the reader is to stop.
   */
  waitForRecords(intervalMs: number): boolean {
    const header = this.header;
    while (Atomics.load(header, HEAD) === this.#tail) {
      if (Atomics.load(header, STOP) !== 0) return false;
      Atomics.store(header, WAITING, 1);
      Atomics.wait(header, HEAD, this.#tail);
      Atomics.store(header, WAITING, 0);
    }
    const kick = Atomics.load(header, KICK);
    // A quarter in use already (a busy server): no waiting; the writer only wakes a sleeper.
    const used = (Atomics.load(header, HEAD) - this.#tail) | 0;
    if (kick === this.#kick && used < this.size >> 2) Atomics.wait(header, KICK, kick, intervalMs);
    this.#kick = Atomics.load(header, KICK);
    return true;
  }

  /**
   * Visits records in order, up to `end` or `most` records, and frees their room.
   *
   * @param end Where to stop (a `HEAD` value read earlier).
   * @param most The most records to visit.
   * @param visit Called with each record's kind and offset in bytes (names and padding are taken
   *   here); must copy what it keeps.
   * @returns Whether `end` was reached.
   */
  read(end: number, most: number, visit: (kind: number, at: number) => void): boolean {
    const mask = this.size - 1;
    let tail = this.#tail;
    for (let n = 0; tail !== end && n < most;) {
      const at = tail & mask;
      const kind = this.i32[(at >> 2) + 1]!;
      if (kind === NAME) {
        const id = this.i32[(at >> 2) + 2]!;
        this.#names[id] = this.text(at + 16, this.i32[(at >> 2) + 3]!);
        this.#quoted[id] = undefined;
      } else if (kind !== PAD) {
        visit(kind, at);
        n++;
      }
      tail = (tail + this.i32[at >> 2]!) | 0;
    }
    this.#tail = tail;
    Atomics.store(this.header, TAIL, tail);
    return tail === end;
  }

  /** A text record's line. */
  line(at: number): string {
    return this.text(at + 12, this.i32[(at >> 2) + 2]!);
  }

  /** A name by its number ({@linkcode RingWriter.name}). */
  name(id: number): string {
    return this.#names[id]!;
  }

  /** A name as a JSON string, in UTF-8 (made once for each time the name is sent). */
  quoted(id: number): Uint8Array {
    return this.#quoted[id] ??= encoder.encode(JSON.stringify(this.#names[id]));
  }

  /** A text of `length` code units, from a byte offset. */
  text(at: number, length: number): string {
    const from = at >> 1;
    let text = "";
    for (let i = 0; i < length; i += 4096) {
      // `apply` over the view: a spread of the same view cost six times as much.
      text += String.fromCharCode.apply(
        null,
        this.u16.subarray(from + i, from + Math.min(length, i + 4096)) as unknown as number[],
      );
    }
    return text;
  }

  /** Everything read so far. */
  get tail(): number {
    return this.#tail;
  }
}
