/** WorkerPool: FIFO order, the queue bound, failures, crashes, time limits and close(). */
import assert from "node:assert/strict";
import { QueueFullError, WorkerPool } from "../../server/voice/pool.ts";
import type { EchoJob } from "../_helpers/echo_worker.ts";

const url = new URL("../_helpers/echo_worker.ts", import.meta.url);
const pool = (size: number, maxQueue: number, timeoutMs = 10_000) =>
  new WorkerPool<EchoJob, number>({ url, size, maxQueue, timeoutMs, name: "echo" });

Deno.test("WorkerPool starts no worker until the first job and runs jobs first in, first out", async () => {
  const p = pool(1, 10);
  try {
    assert.equal(p.started, 0);
    const order: number[] = [];
    const jobs = [1, 2, 3, 4].map((value) =>
      p.submit({ value, delayMs: 5 }).then((r) => void order.push(r))
    );
    assert.equal(p.started, 1);
    await Promise.all(jobs);
    assert.deepEqual(order, [2, 4, 6, 8]);
  } finally {
    p.close();
  }
});

Deno.test("WorkerPool refuses jobs beyond workers + queue with QueueFullError", async () => {
  const p = pool(2, 1);
  try {
    const accepted = [1, 2, 3].map((value) => p.submit({ value, delayMs: 50 }));
    assert.equal(p.hasRoom(), false);
    await assert.rejects(
      p.submit({ value: 4 }),
      (e) => e instanceof QueueFullError && e.retryAfter >= 1,
    );
    assert.deepEqual(await Promise.all(accepted), [2, 4, 6]);
    assert.equal(p.hasRoom(), true);
    assert.equal(p.started, 2);
  } finally {
    p.close();
  }
});

Deno.test("WorkerPool fails a job that throws and keeps its worker", async () => {
  const p = pool(1, 5);
  try {
    await assert.rejects(p.submit({ value: 1, fail: true }), /failed on purpose/);
    assert.equal(await p.submit({ value: 5 }), 10);
    assert.equal(p.started, 1);
  } finally {
    p.close();
  }
});

Deno.test("WorkerPool replaces a worker that crashes or overruns its time, and goes on", async () => {
  const p = pool(1, 5, 300);
  try {
    const crashed = p.submit({ value: 1, crash: true });
    const after = p.submit({ value: 2 });
    await assert.rejects(crashed, /crashed|longer than/);
    assert.equal(await after, 4);
    await assert.rejects(p.submit({ value: 3, hang: true }), /longer than 300 ms/);
    assert.equal(await p.submit({ value: 4 }), 8);
  } finally {
    p.close();
  }
});

Deno.test("WorkerPool.close() fails waiting jobs and refuses new ones", async () => {
  const p = pool(1, 5);
  const running = p.submit({ value: 1, delayMs: 1000 });
  const waiting = p.submit({ value: 2 });
  p.close();
  await assert.rejects(running, /closed/);
  await assert.rejects(waiting, /closed/);
  await assert.rejects(p.submit({ value: 3 }), /closed/);
  assert.equal(p.started, 0);
});
