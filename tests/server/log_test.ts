/**
 * The log lines and the server's batched sink (`server/log.ts`). That the running server writes
 * its request lines through it, within the interval and all of them at shutdown, is tested on
 * the real process in `tests/e2e/access_log_test.ts`.
 */
import assert from "node:assert/strict";
import { BatchedLines, createLogger, type LineOutput, logLine } from "../../server/log.ts";
import { AccessEntry, accessLine } from "../../server/observe/access_log.ts";

/** An output that keeps what it is given, taking at most `chunk` bytes per write. */
class Kept implements LineOutput {
  writes = 0;
  bytes: number[] = [];
  fail = false;
  constructor(readonly chunk = Infinity) {}
  writeSync(data: Uint8Array): number {
    if (this.fail) throw new Error("Broken pipe (os error 32)");
    this.writes++;
    const n = Math.min(data.length, this.chunk);
    this.bytes.push(...data.subarray(0, n));
    return n;
  }
  get text(): string {
    return new TextDecoder().decode(new Uint8Array(this.bytes));
  }
  get lines(): string[] {
    return this.text.split("\n").filter(Boolean);
  }
}

Deno.test("logLine writes time, level and message first, then the fields, as valid JSON", () => {
  const line = logLine("info", "request", { requestId: "a-1", status: 200, note: 'say "hi"\n' });
  const parsed = JSON.parse(line);
  assert.deepEqual(Object.keys(parsed), [
    "time",
    "level",
    "message",
    "requestId",
    "status",
    "note",
  ]);
  assert.equal(parsed.level, "info");
  assert.equal(parsed.message, "request");
  assert.equal(parsed.note, 'say "hi"\n');
  assert.ok(!Number.isNaN(Date.parse(parsed.time)), parsed.time);
  assert.match(parsed.time, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  // No fields, empty fields, and a message that needs escaping.
  assert.deepEqual(Object.keys(JSON.parse(logLine("warn", "x", undefined))), [
    "time",
    "level",
    "message",
  ]);
  assert.equal(
    JSON.parse(logLine("warn", 'a "quoted"\tmessage', {})).message,
    'a "quoted"\tmessage',
  );
});

Deno.test("logLine: a field named like a line's own key replaces it, as an object spread does", () => {
  const parsed = JSON.parse(logLine("info", "request", { message: "override", extra: 1 }));
  assert.equal(parsed.message, "override");
  assert.equal(parsed.extra, 1);
  assert.equal(Object.keys(parsed).filter((k) => k === "message").length, 1);
});

Deno.test("accessLine writes what JSON.stringify writes for the same object, odd text included", () => {
  const at = Date.UTC(2026, 10, 28, 4, 6, 40, 123);
  const cases: ConstructorParameters<typeof AccessEntry>[] = [
    [at, "3f9c0a1b7d2e4c55-1a2b", "GET", "/api/v1/vat", 200, 0.12, "anonymous", "127.0.0.0"],
    [at + 1, 'say "hi"\\ \n\u0001 ශ්‍රී', "PATCH", "(unmatched)", 404, 12.5, "key", undefined],
    [0, "id", "GET", "/api/v1/keys/:id", 429, 1e-7, "anonymous", "2001:db8:1::/48"],
  ];
  for (const [ms, requestId, method, route, status, durationMs, tier, ip] of cases) {
    const line = accessLine(
      new AccessEntry(ms, requestId, method, route, status, durationMs, tier, ip),
    );
    const time = new Date(ms).toISOString();
    const object = { time, level: "info", message: "request", requestId, method, route, status };
    assert.equal(
      line,
      JSON.stringify({ ...object, durationMs, tier, ...(ip === undefined ? {} : { ip }) }),
    );
  }
});

Deno.test("accessLine stays right for texts past what it remembers, and for any request id", () => {
  for (let i = 0; i < 2_500; i++) {
    const route = i % 2 ? `/r/${i}` : `/"r"\\${i}\u0007`;
    const requestId = i % 3 ? `a.b:c-${i}` : `x ${i}"`;
    const entry = new AccessEntry(
      i,
      requestId,
      "GET",
      route,
      200,
      i / 100,
      `t${i % 5}`,
      `10.0.${i}.0`,
    );
    const parsed = JSON.parse(accessLine(entry));
    assert.deepEqual(
      [parsed.requestId, parsed.route, parsed.durationMs, parsed.tier, parsed.ip],
      [requestId, route, i / 100, `t${i % 5}`, `10.0.${i}.0`],
    );
  }
});

Deno.test("writeLater makes the line at once for a plain sink, only when its level is enabled", () => {
  const lines: string[] = [];
  const logger = createLogger("warn", (line) => lines.push(line));
  let made = 0;
  const make = (n: number) => (made++, `{"n":${n}}`);
  logger.writeLater("info", 1, make);
  assert.equal(made, 0, "a disabled level makes nothing");
  logger.writeLater("error", 2, make);
  assert.deepEqual(lines, ['{"n":2}']);
});

Deno.test("BatchedLines makes later lines when it writes, in order among the others", () => {
  const out = new Kept(), err = new Kept();
  const sink = new BatchedLines({ out, err, intervalMs: 60_000 });
  const logger = createLogger("info", sink);
  const made: number[] = [];
  const make = (n: number) => (made.push(n), `later ${n}`);
  logger.writeLater("info", 1, make);
  logger.writeLater("info", 2, make);
  assert.deepEqual(made, [], "nothing made yet");
  assert.equal(sink.held, 2);
  sink.write("now", "info"); // the waiting lines are made first, so order holds
  logger.writeLater("info", 3, make);
  logger.writeLater("warn", 4, make); // warn: made and written at once, after the held lines
  assert.deepEqual(out.lines, ["later 1", "later 2", "now", "later 3"]);
  assert.deepEqual(err.lines, ["later 4"]);
  assert.deepEqual(made.toSorted(), [1, 2, 3, 4], "each made once");
});

Deno.test("BatchedLines makes waiting lines 256 at a time, and on flush", () => {
  const out = new Kept();
  const sink = new BatchedLines({ out, err: new Kept(), intervalMs: 60_000 });
  let made = 0;
  const make = (n: number) => (made++, `line ${n}`);
  for (let i = 0; i < 255; i++) sink.later(i, make);
  assert.equal(made, 0);
  sink.later(255, make);
  assert.equal(made, 256, "the 256th makes them all");
  assert.equal(out.writes, 0, "made and held, not yet written");
  sink.later(256, make);
  sink.flush();
  assert.equal(made, 257);
  assert.deepEqual(out.lines, Array.from({ length: 257 }, (_, i) => `line ${i}`));
});

Deno.test("BatchedLines writes later lines after the interval without a flush", async () => {
  const out = new Kept();
  const sink = new BatchedLines({ out, err: new Kept(), intervalMs: 20 });
  sink.later("one", (s) => s);
  const deadline = Date.now() + 2_000;
  while (out.writes === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  assert.deepEqual(out.lines, ["one"]);
  sink.flush();
});

Deno.test("BatchedLines holds info lines and writes them together, in order, on flush", () => {
  const out = new Kept(), err = new Kept();
  const sink = new BatchedLines({ out, err, intervalMs: 60_000 });
  const logger = createLogger("debug", sink);
  for (let i = 0; i < 100; i++) logger.log("info", "request", { i });
  logger.log("debug", "detail", {});
  assert.equal(out.writes, 0, "nothing written before the interval or a flush");
  assert.equal(sink.held, 101);
  logger.flush();
  assert.equal(out.writes, 1, "one write for the whole batch");
  assert.equal(sink.held, 0);
  const lines = out.lines.map((l) => JSON.parse(l));
  assert.deepEqual(lines.slice(0, 100).map((l) => l.i), [...Array(100).keys()]);
  assert.equal(lines[100].message, "detail");
  assert.equal(err.writes, 0);
  sink.flush();
  assert.equal(out.writes, 1, "an empty flush writes nothing");
});

Deno.test("BatchedLines writes warn and error at once to the error output, after held lines", () => {
  const out = new Kept(), err = new Kept();
  const sink = new BatchedLines({ out, err, intervalMs: 60_000 });
  const logger = createLogger("info", sink);
  logger.log("info", "first", {});
  logger.log("warn", "second", {});
  assert.deepEqual(out.lines.map((l) => JSON.parse(l).message), ["first"]);
  assert.deepEqual(err.lines.map((l) => JSON.parse(l).message), ["second"]);
  logger.log("error", "third", {});
  assert.equal(err.lines.length, 2);
  assert.equal(sink.held, 0);
});

Deno.test("BatchedLines writes held lines before they would pass maxBytes, and when full", () => {
  const out = new Kept();
  const sink = new BatchedLines({ out, err: new Kept(), intervalMs: 60_000, maxBytes: 1000 });
  const line = "x".repeat(99); // 100 bytes with its newline
  for (let i = 0; i < 9; i++) sink.write(line, "info");
  assert.equal(out.writes, 0);
  sink.write(line, "info");
  assert.equal(out.writes, 1, "exactly full: written at once");
  assert.equal(out.lines.length, 10);
  assert.equal(sink.held, 0);
  // 95 bytes each: the eleventh would pass 1,000, so the ten held go first.
  const shorter = "y".repeat(94);
  for (let i = 0; i < 11; i++) sink.write(shorter, "info");
  assert.equal(out.writes, 2);
  assert.equal(out.lines.length, 20);
  assert.equal(sink.held, 1);
  sink.flush();
  assert.equal(out.lines.length, 21);
});

Deno.test("BatchedLines counts bytes, not characters: Sinhala takes three bytes a letter", () => {
  const out = new Kept();
  const sink = new BatchedLines({ out, err: new Kept(), intervalMs: 60_000, maxBytes: 100 });
  const sinhala = "ශ".repeat(20); // 20 characters, 60 bytes
  sink.write(sinhala, "info");
  assert.equal(out.writes, 0);
  sink.write(sinhala, "info"); // 122 bytes would pass 100
  assert.equal(out.writes, 1);
  assert.deepEqual(out.lines, [sinhala]);
  sink.flush();
  assert.deepEqual(out.lines, [sinhala, sinhala]);
});

Deno.test("BatchedLines writes a line longer than its buffer on its own, in its turn", () => {
  const out = new Kept();
  const sink = new BatchedLines({ out, err: new Kept(), intervalMs: 60_000, maxBytes: 64 });
  sink.write("before", "info");
  sink.write("L".repeat(500), "info");
  sink.write("after", "info");
  sink.flush();
  assert.deepEqual(out.lines, ["before", "L".repeat(500), "after"]);
});

Deno.test("BatchedLines writes held lines after the interval without a flush", async () => {
  const out = new Kept();
  const sink = new BatchedLines({ out, err: new Kept(), intervalMs: 20 });
  sink.write("one", "info");
  sink.write("two", "info");
  assert.equal(out.writes, 0);
  const deadline = Date.now() + 2_000;
  while (out.writes === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  assert.deepEqual(out.lines, ["one", "two"]);
  sink.write("three", "info");
  sink.flush(); // clears the next interval's timer, so the test leaves none behind
  assert.deepEqual(out.lines, ["one", "two", "three"]);
});

Deno.test("BatchedLines finishes a write the output takes in pieces, multi-byte text included", () => {
  const out = new Kept(7);
  const sink = new BatchedLines({ out, err: new Kept(), intervalMs: 60_000 });
  const lines = ["ශ්‍රී ලංකා", "இலங்கை", "Sri Lanka"];
  for (const line of lines) sink.write(line, "info");
  sink.flush();
  assert.deepEqual(out.lines, lines);
  assert.ok(out.writes > 3);
});

Deno.test("BatchedLines: an output that fails drops its lines, says so once, then recovers", () => {
  const out = new Kept(), err = new Kept();
  const sink = new BatchedLines({ out, err, intervalMs: 60_000 });
  out.fail = true;
  sink.write("lost 1", "info");
  sink.flush();
  sink.write("lost 2", "info");
  sink.flush();
  assert.equal(err.lines.length, 1, "said once, not once per batch");
  const said = JSON.parse(err.lines[0]!);
  assert.equal(said.level, "error");
  assert.match(said.message, /could not be written/);
  assert.match(said.error, /Broken pipe/);
  assert.equal(sink.held, 0, "dropped, not kept to grow without bound");
  out.fail = false;
  sink.write("kept", "info");
  sink.flush();
  assert.deepEqual(out.lines, ["kept"]);
  out.fail = true;
  sink.write("lost 3", "info");
  sink.flush();
  assert.equal(err.lines.length, 2, "a new failure after a success is said again");
});

Deno.test("BatchedLines: an output that takes no bytes counts as failed, not as a loop", () => {
  const err = new Kept();
  const sink = new BatchedLines({ out: { writeSync: () => 0 }, err, intervalMs: 60_000 });
  sink.write("line", "info");
  sink.flush();
  assert.match(JSON.parse(err.lines[0]!).error, /took no bytes/);
});

/** An output written in the background: each write waits until the test lets it through. */
class Held extends Kept {
  #gates: (() => void)[] = [];
  syncWrites = 0;
  rejectWith: Error | undefined;
  write(data: Uint8Array): Promise<number> {
    return new Promise((resolve, reject) => {
      this.#gates.push(() => {
        if (this.rejectWith) reject(this.rejectWith);
        else resolve(super.writeSync(data));
      });
    });
  }
  override writeSync(data: Uint8Array): number {
    this.syncWrites++;
    return super.writeSync(data);
  }
  /** Lets every write waiting now through, and whatever the writer sends next, a few rounds. */
  async release(rounds = 5): Promise<void> {
    for (let i = 0; i < rounds; i++) {
      const gates = this.#gates.splice(0);
      for (const open of gates) open();
      await new Promise((r) => setTimeout(r, 0));
    }
  }
  get pending(): number {
    return this.#gates.length;
  }
}

Deno.test("BatchedLines writes batches in the background, in order; close() waits for them", async () => {
  const out = new Held(), err = new Kept();
  const sink = new BatchedLines({ out, err, intervalMs: 60_000 });
  sink.write("one", "info");
  sink.flush();
  sink.write("two", "info");
  sink.flush();
  sink.later(3, (n) => `three ${n}`);
  assert.deepEqual(out.lines, [], "nothing written while the first write waits");
  assert.equal(out.pending, 1, "one write at a time");
  const closed = sink.close();
  await out.release(10);
  await closed;
  assert.deepEqual(out.lines, ["one", "two", "three 3"]);
  assert.equal(out.syncWrites, 0, "never written at once while it can be in the background");
  assert.equal(err.writes, 0);
});

Deno.test("BatchedLines keeps every batch whole while writes are held back and released in turns", async () => {
  // Many small batches wait for the background writer at once: none may change while it waits
  // (a buffer reused too early would overwrite one), and all arrive in order.
  const out = new Held(), err = new Kept();
  const sink = new BatchedLines({ out, err, intervalMs: 60_000, maxBytes: 64 });
  const expected: string[] = [];
  for (let round = 0; round < 6; round++) {
    for (let i = 0; i < 20; i++) {
      const line = `r${round} line ${i} ශ්‍රී`;
      expected.push(line);
      if (i % 2) sink.write(line, "info");
      else sink.later(line, (text) => text);
    }
    sink.flush();
    await out.release(1 + (round % 3));
  }
  const closed = sink.close();
  await out.release(200);
  await closed;
  assert.deepEqual(out.lines, expected);
  assert.equal(err.writes, 0);
});

Deno.test("BatchedLines: a reader far behind costs batches, not answers, and the loss is said", async () => {
  const out = new Held(), err = new Kept();
  const sink = new BatchedLines({ out, err, intervalMs: 60_000, maxWaitingBytes: 250 });
  const line = "x".repeat(99); // 100 bytes a batch
  for (let i = 0; i < 5; i++) {
    sink.write(line, "info");
    sink.flush(); // returns at once though nothing is read
  }
  assert.equal(out.pending, 1);
  await out.release(10);
  await sink.close();
  assert.equal(out.lines.length, 2, "the two batches that fitted in 250 bytes");
  const said = err.lines.map((l) => JSON.parse(l));
  assert.equal(said.length, 1);
  assert.match(said[0].message, /dropped: stdout was not read fast enough/);
  assert.equal(said[0].dropped, 3);
});

Deno.test("BatchedLines.flushNow writes at once, unless a background write is under way", async () => {
  const out = new Held();
  const sink = new BatchedLines({ out, err: new Kept(), intervalMs: 60_000 });
  sink.write("first", "info");
  sink.flushNow();
  assert.deepEqual(out.lines, ["first"]);
  assert.equal(out.syncWrites, 1);
  sink.write("second", "info");
  sink.flush(); // in the background, held at the gate
  sink.write("third", "info");
  sink.flushNow(); // must not write beside the batch under way: it goes behind it
  assert.equal(out.syncWrites, 1);
  await out.release(10);
  await sink.close();
  assert.deepEqual(out.lines, ["first", "second", "third"]);
});

Deno.test("BatchedLines: a background write that fails is said once on the error output", async () => {
  const out = new Held(), err = new Kept();
  const sink = new BatchedLines({ out, err, intervalMs: 60_000 });
  out.rejectWith = new Error("No space left on device (os error 28)");
  sink.write("lost", "info");
  sink.flush();
  sink.write("lost too", "info");
  sink.flush();
  await out.release(10);
  await sink.close();
  assert.equal(err.lines.length, 1);
  assert.match(JSON.parse(err.lines[0]!).error, /No space left/);
  assert.deepEqual(out.lines, []);
});
