/**
 * The log writer's thread (`server/observe/log_thread.ts`), its shared ring (`log_ring.ts`) and
 * the request line made from bytes (`accessLineInto`). The lines it writes are checked against
 * `accessLine`, which `log_test.ts` checks against `JSON.stringify`. That the running server writes
 * through it (in order, at shutdown, on a full disk, to a stalled reader, on a crash) is tested on
 * the real process in `tests/e2e/access_log_test.ts`, `log_full_disk_test.ts`,
 * `log_stalled_reader_test.ts` and `crash_test.ts`.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { BatchedLines, type LineOutput } from "../../server/log.ts";
import {
  AccessEntry,
  accessLine,
  accessLineInto,
  packAccess,
  unpackAccess,
} from "../../server/observe/access_log.ts";
import {
  ACCESS,
  HEAD,
  ringBuffer,
  RingReader,
  RingWriter,
  TEXT,
} from "../../server/observe/log_ring.ts";
import { ThreadedLines } from "../../server/observe/log_thread.ts";

/** Any entry, odd texts included (quotes, controls, Sinhala, lone surrogates, long ids). */
const entries = fc.record({
  time: fc.integer({ min: 0, max: 4_102_444_800_000 }),
  requestId: fc.oneof(
    fc.stringMatching(/^[A-Za-z0-9._:-]{1,64}$/),
    fc.string({ unit: "binary", maxLength: 80 }),
  ),
  method: fc.oneof(fc.constantFrom("GET", "POST", "HEAD"), fc.string({ maxLength: 12 })),
  route: fc.oneof(
    fc.constantFrom("/api/v1/vat", "/tools/:slug", "(unmatched)"),
    fc.string({ unit: "grapheme", maxLength: 40 }),
  ),
  status: fc.integer({ min: 100, max: 599 }),
  durationMs: fc.oneof(
    fc.integer({ min: 0, max: 10_000_000 }).map((n) => n / 100),
    fc.double({ noNaN: true, noDefaultInfinity: true, min: 0 }),
  ),
  tier: fc.constantFrom("anonymous", "key", "editor"),
  ip: fc.option(fc.oneof(fc.ipV4(), fc.ipV6(), fc.string({ maxLength: 20 })), {
    nil: undefined,
  }),
}).map((e) =>
  new AccessEntry(e.time, e.requestId, e.method, e.route, e.status, e.durationMs, e.tier, e.ip)
);

/** Sends entries through a ring and reads each back as bytes and as an entry. */
function throughRing(list: AccessEntry[], ringBytes: number): { bytes: string[]; made: string[] } {
  const buffer = ringBuffer(ringBytes);
  const writer = new RingWriter(buffer), reader = new RingReader(buffer);
  const out = new Uint8Array(64 * 1024);
  const bytes: string[] = [], made: string[] = [];
  const take = () =>
    reader.read(Atomics.load(reader.header, HEAD), Infinity, (kind, at) => {
      assert.equal(kind, ACCESS);
      const n = accessLineInto(reader, at, out, 0, out.length);
      assert.ok(n >= 0, "fits in 64 KiB");
      bytes.push(new TextDecoder().decode(out.subarray(0, n)));
      made.push(accessLine(unpackAccess(reader, at)));
    });
  for (const entry of list) {
    if (!packAccess(writer, entry)) {
      take(); // full: read what waits, then it must fit
      assert.ok(packAccess(writer, entry), "fits in an empty ring");
    }
  }
  take();
  return { bytes, made };
}

Deno.test("a request line made from bytes is the line accessLine makes, for any entry", () => {
  fc.assert(
    fc.property(fc.array(entries, { maxLength: 40 }), (list) => {
      // A small ring: records wrap past its end, and it fills.
      const { bytes, made } = throughRing(list, 4096);
      const expected = list.map(accessLine);
      assert.deepEqual(made, expected);
      assert.deepEqual(bytes, expected);
    }),
    { numRuns: 300 },
  );
});

Deno.test("names are sent again once more than 1,000 have been sent, and stay right", () => {
  const list = Array.from(
    { length: 3_000 },
    (_, i) =>
      new AccessEntry(
        i,
        `id-${i}`,
        i % 2 ? "GET" : "POST",
        `/r/${i % 1_500}`,
        200,
        1,
        "key",
        [
          `10.0.${i % 700}.0`,
          undefined,
        ][i % 2],
      ),
  );
  const { bytes } = throughRing(list, 1 << 16);
  assert.deepEqual(bytes, list.map(accessLine));
});

Deno.test("accessLineInto writes nothing when the line might not fit before the end", () => {
  const buffer = ringBuffer(1024);
  const writer = new RingWriter(buffer), reader = new RingReader(buffer);
  const entry = new AccessEntry(0, "abc", "GET", "/api/v1/vat", 200, 0.5, "anonymous", "1.2.3.0");
  assert.ok(packAccess(writer, entry));
  const line = new TextEncoder().encode(accessLine(entry));
  const out = new Uint8Array(400);
  reader.read(Atomics.load(reader.header, HEAD), 1, (_kind, at) => {
    assert.equal(accessLineInto(reader, at, out, 10, 10 + line.length - 1), -1);
    assert.ok(out.every((b) => b === 0), "nothing written");
    assert.equal(accessLineInto(reader, at, out, 10, 400), line.length);
    assert.deepEqual(out.subarray(10, 10 + line.length), line);
  });
});

Deno.test("a ring refuses what does not fit, and takes it again once read", () => {
  const buffer = ringBuffer(1024);
  const writer = new RingWriter(buffer), reader = new RingReader(buffer);
  let sent = 0;
  while (writer.line(`line ${sent}`)) sent++;
  // 12 bytes of header and 2 a code unit, rounded up to 8: "line 0" to "line 9" take 24 bytes
  // (240), and the rest 32 each: 24 more fill 768 of the 784 left, 34 lines in all.
  assert.equal(sent, 34);
  const got: string[] = [];
  reader.read(Atomics.load(reader.header, HEAD), 10, (kind, at) => {
    assert.equal(kind, TEXT);
    got.push(reader.line(at));
  });
  assert.deepEqual(got, Array.from({ length: 10 }, (_, i) => `line ${i}`));
  assert.ok(writer.line("after"), "room again");
  assert.throws(() => ringBuffer(1000), RangeError);
});

/** Waits for a condition, at most 30 s (a worker loads slowly on a busy machine). */
async function until(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!condition()) {
    if (Date.now() > deadline) assert.fail("timed out");
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** A sink writing to files, and what they hold. */
async function withSink(
  options: ConstructorParameters<typeof ThreadedLines>[0],
  use: (sink: ThreadedLines, read: () => { out: string[]; err: string[] }) => Promise<void>,
): Promise<void> {
  const dir = await Deno.makeTempDir();
  const outPath = `${dir}/out`, errPath = `${dir}/err`;
  const lines = (path: string) => {
    try {
      return Deno.readTextFileSync(path).split("\n").filter(Boolean);
    } catch {
      return [];
    }
  };
  const sink = new ThreadedLines({ ...options, outPath, errPath });
  try {
    await use(sink, () => ({ out: lines(outPath), err: lines(errPath) }));
  } finally {
    await sink.close();
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("ThreadedLines writes lines in their order, request lines among the others", async () => {
  await withSink({ intervalMs: 60_000 }, async (sink, read) => {
    const entry = (i: number) =>
      new AccessEntry(i, `r-${i}`, "GET", "/api/v1/vat", 200, i / 100, "anonymous", "127.0.0.0");
    const expected: string[] = [`{"start":true}`];
    // Once the worker runs (flushNow would otherwise write from this thread; a test below).
    sink.write(expected[0]!, "info");
    sink.flush();
    await until(() => read().out.length === 1);
    for (let i = 0; i < 1_000; i++) {
      if (i % 10 === 0) {
        const line = `{"n":${i},"text":"ශ්‍රී லங்கா"}`;
        sink.write(line, "info");
        expected.push(line);
      } else {
        sink.later(entry(i), accessLine);
        expected.push(accessLine(entry(i)));
      }
    }
    // Any other line maker is made at once, in its turn.
    sink.later(7, (n) => `{"made":${n}}`);
    expected.push(`{"made":7}`);
    sink.write(`{"level":"warn"}`, "warn");
    sink.flushNow();
    assert.deepEqual(read().out, expected, "all written when flushNow returns");
    assert.deepEqual(read().err, [`{"level":"warn"}`]);
    // A line longer than the ring could ever hold still goes out, in its turn.
    const long = `{"long":"${"x".repeat(300_000)}"}`;
    sink.later(1_000, (i) => accessLine(entry(i)));
    sink.write(long, "info");
    sink.later(entry(1_001), accessLine);
    await sink.close();
    assert.deepEqual(read().out.slice(-3), [
      accessLine(entry(1_000)),
      long,
      accessLine(entry(1_001)),
    ]);
  });
});

Deno.test("ThreadedLines writes within the interval without a flush", async () => {
  await withSink({ intervalMs: 20 }, async (sink, read) => {
    sink.write(`{"one":1}`, "info");
    await until(() => read().out.length > 0);
    assert.deepEqual(read().out, [`{"one":1}`]);
  });
});

Deno.test("ThreadedLines: lines that find no room are counted and said, none lost unsaid", async () => {
  await withSink({ ringBytes: 1024, intervalMs: 60_000 }, async (sink, read) => {
    sink.write(`{"start":true}`, "info"); // once the worker runs: it is the one that counts
    sink.flush();
    await until(() => read().out.length === 1);
    // 5,000 lines in one go, into a ring that holds about 10 of them: most find no room.
    for (let i = 0; i < 5_000; i++) {
      sink.later(
        new AccessEntry(i, `r-${i}`, "GET", "/api/v1/vat", 200, 1, "anonymous", undefined),
        accessLine,
      );
    }
    sink.flush();
    sink.write(`{"last":true}`, "info"); // written, or dropped and counted, like the others
    await sink.close();
    const { out, err } = read();
    const dropped = err.map((line) => JSON.parse(line))
      .filter((line) => line.message === "Log lines were dropped: stdout was not read fast enough")
      .reduce((sum, line) => sum + line.dropped, 0);
    assert.ok(dropped > 0, "some were dropped");
    assert.equal(out.length + dropped, 5_002, `${out.length} written + ${dropped} dropped`);
  });
});

/** An output that refuses every write, as a full disk does. */
class Full implements LineOutput {
  writeSync(): number {
    throw new Error("No space left on device (os error 28)");
  }
}

Deno.test("the worker's writer says a failing output once, as BatchedLines does on its own", () => {
  // The worker writes through BatchedLines with synchronous outputs; `failing` is what it reads
  // before it says dropped lines.
  const said: string[] = [];
  const lines = new BatchedLines({
    out: new Full(),
    err: { writeSync: (b) => (said.push(new TextDecoder().decode(b)), b.length) },
  });
  const fill = (
    buffer: Uint8Array,
    from: number,
  ) => (buffer[from] = 123, buffer[from + 1] = 125, 2);
  assert.ok(lines.writeInto(fill));
  lines.flush();
  assert.ok(lines.failing);
  assert.ok(lines.writeInto(fill));
  lines.flush();
  assert.equal(said.length, 1, said.join(""));
  assert.match(said[0]!, /could not be written/);
});

/** Runs `use` on a script of its own (importing the log modules from `root`), in a temporary folder. */
async function withScript(
  source: (root: string, dir: string) => string,
  use: (script: string, dir: string) => Promise<void>,
): Promise<void> {
  const dir = await Deno.makeTempDir();
  try {
    const script = `${dir}/main.ts`;
    const root = new URL("../../server/observe/", import.meta.url).href;
    await Deno.writeTextFile(script, source(root, dir));
    await use(script, dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("an uncaught error still writes every line sent, as server/main.ts wires it", async () => {
  // A process of its own, as the server is: the lines are sent, then an error nobody catches
  // ends it. `server/main.ts` calls flushNow from the same three events.
  await withScript(
    (root) =>
      `import { ThreadedLines } from "${root}log_thread.ts";
import { AccessEntry, accessLine } from "${root}access_log.ts";
const lines = new ThreadedLines({ intervalMs: 60_000 });
globalThis.addEventListener("error", () => lines.flushNow());
globalThis.addEventListener("unhandledrejection", () => lines.flushNow());
globalThis.addEventListener("unload", () => lines.flushNow());
for (let i = 0; i < 2_000; i++) {
  lines.later(new AccessEntry(i, "r-" + i, "GET", "/api/v1/vat", 200, 1, "anonymous", undefined), accessLine);
}
lines.write('{"last":true}', "info");
// At once (the worker is still loading: this thread writes the lines), or once it runs.
setTimeout(() => { throw new Error("boom"); }, Number(Deno.env.get("CRASH_AFTER_MS")));
`,
    async (script) => {
      for (const after of ["0", "500"]) {
        const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
          args: ["run", "--allow-read", "--allow-env", script],
          stdout: "piped",
          stderr: "piped",
          env: { DENO_NO_UPDATE_CHECK: "1", CRASH_AFTER_MS: after },
        }).output();
        const out = new TextDecoder().decode(stdout).split("\n").filter(Boolean);
        assert.equal(code, 1, new TextDecoder().decode(stderr));
        assert.match(new TextDecoder().decode(stderr), /boom/);
        assert.equal(out.length, 2_001, `crashed after ${after} ms`);
        assert.equal(
          out[1_999],
          accessLine(
            new AccessEntry(1_999, "r-1999", "GET", "/api/v1/vat", 200, 1, "anonymous", undefined),
          ),
        );
        assert.equal(out[2_000], '{"last":true}');
      }
    },
  );
});

Deno.test("a log writer that cannot start: every line is written from the answering thread", async () => {
  // Without read access to the worker's module the worker fails to load, after lines were sent.
  await withScript(
    (root) =>
      `import { ThreadedLines } from "${root}log_thread.ts";
import { AccessEntry, accessLine } from "${root}access_log.ts";
const lines = new ThreadedLines();
lines.write('{"first":true}', "info");
lines.later(new AccessEntry(0, "r-0", "GET", "/api/v1/vat", 200, 1, "anonymous", "127.0.0.0"), accessLine);
// Time for the worker to fail (else close() finds it not yet running and writes from here:
// the same lines, without the word that the writer stopped).
await new Promise((resolve) => setTimeout(resolve, 1_000));
await lines.close();
lines.write('{"after":true}', "info");
`,
    async (script, dir) => {
      const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
        args: ["run", `--allow-read=${dir}`, script],
        stdout: "piped",
        stderr: "piped",
        env: { DENO_NO_UPDATE_CHECK: "1" },
      }).output();
      const err = new TextDecoder().decode(stderr);
      assert.equal(code, 0, err);
      assert.match(err, /The log writer stopped; lines are written by the server's own thread/);
      assert.deepEqual(new TextDecoder().decode(stdout).split("\n").filter(Boolean), [
        '{"first":true}',
        accessLine(
          new AccessEntry(0, "r-0", "GET", "/api/v1/vat", 200, 1, "anonymous", "127.0.0.0"),
        ),
        '{"after":true}',
      ]);
    },
  );
});

Deno.test("a stderr nobody reads costs warning lines, counted and said, never the caller's time", async () => {
  // A process of its own with real pipes: its stderr is not read until it has sent 3,000
  // warnings (about 600 KB, past the pipe's 64 KiB and the ring). The sending must not wait.
  await withScript(
    (root, dir) =>
      `import { ThreadedLines } from "${root}log_thread.ts";
const lines = new ThreadedLines();
// Time for the worker to load, so that it is the one stuck on the pipe.
await new Promise((resolve) => setTimeout(resolve, 500));
const started = Date.now();
for (let i = 0; i < 3_000; i++) {
  lines.write(JSON.stringify({ level: "warn", message: "slow", i, pad: "x".repeat(150) }), "warn");
}
// Sent: say so outside the log, and how long the sending took.
await Deno.writeTextFile(${JSON.stringify(`${dir}/sent`)}, String(Date.now() - started));
await lines.close();
`,
    async (script, dir) => {
      const child = new Deno.Command(Deno.execPath(), {
        args: ["run", "--allow-read", `--allow-write=${dir}`, script],
        stdout: "piped",
        stderr: "piped",
        env: { DENO_NO_UPDATE_CHECK: "1" },
      }).spawn();
      const out = new Response(child.stdout).text();
      let sentMs: number | undefined;
      await until(() => {
        try {
          sentMs = Number(Deno.readTextFileSync(`${dir}/sent`));
          return true;
        } catch {
          return false;
        }
      }).catch(async (error) => {
        // The sending waited for the pipe: end the process before failing.
        child.kill("SIGKILL");
        await Promise.all([child.status, out, child.stderr.cancel()]);
        throw error;
      });
      // Only now is stderr read.
      const err = (await new Response(child.stderr).text()).split("\n").filter(Boolean)
        .map((line) => JSON.parse(line));
      assert.equal((await child.status).code, 0);
      assert.equal(await out, "");
      assert.ok(sentMs! < 5_000, `sending 3,000 warnings took ${sentMs} ms`);
      const warnings = err.filter((line) => line.message === "slow");
      const dropped = err
        .filter((line) =>
          line.message === "Log lines were dropped: stdout was not read fast enough"
        )
        .reduce((sum, line) => sum + line.dropped, 0);
      assert.ok(dropped > 0, "the ring filled while stderr was not read");
      assert.equal(warnings.length + dropped, 3_000, `${warnings.length} + ${dropped} dropped`);
      // The ones written are in their order.
      const order = warnings.map((line) => line.i);
      assert.deepEqual(order, order.toSorted((a: number, b: number) => a - b));
    },
  );
});
