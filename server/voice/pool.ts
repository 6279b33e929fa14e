/**
 * A pool of Deno workers fed from a bounded FIFO queue. Workers start lazily (on the first job),
 * each handles one job at a time, a worker that crashes or overruns its time is replaced, and
 * `close()` ends them all, so tests leak nothing and the server shuts down cleanly.
 *
 * @module
 */
import type { JobMessage, WorkerMessage } from "./protocol.ts";

/** Thrown by {@linkcode WorkerPool.submit} when every worker is busy and the queue is full. */
export class QueueFullError extends Error {
  /** @param retryAfter Suggested seconds before trying again. */
  constructor(readonly retryAfter: number) {
    super("The queue is full");
    this.name = "QueueFullError";
  }
}

/** Options of {@linkcode WorkerPool}. */
export interface PoolOptions {
  /** The worker module. */
  url: URL;
  /** Number of workers. */
  size: number;
  /** Jobs that may wait for a worker (beyond those running). */
  maxQueue: number;
  /** A job running longer than this fails and its worker is replaced. */
  timeoutMs: number;
  /** Name for errors and worker names. */
  name: string;
}

interface Job<J, R> {
  id: number;
  job: J;
  transfer: Transferable[];
  resolve: (value: R) => void;
  reject: (error: Error) => void;
}

interface Slot<J, R> {
  worker: Worker;
  ready: boolean;
  current?: Job<J, R> | undefined;
  timer?: ReturnType<typeof setTimeout> | undefined;
  started: number;
}

/**
 * Runs jobs of type `J` in workers that answer `R`.
 *
 * @typeParam J Job.
 * @typeParam R Result.
 */
export class WorkerPool<J, R> {
  readonly #options: PoolOptions;
  readonly #slots: Slot<J, R>[] = [];
  readonly #queue: Job<J, R>[] = [];
  #nextId = 1;
  #closed = false;
  /** Moving average of job time, for Retry-After. */
  #averageMs = 1000;

  /** @param options Worker module, size, queue bound and time limit. */
  constructor(options: PoolOptions) {
    if (options.size < 1) throw new RangeError(`${options.name} pool needs at least one worker`);
    this.#options = options;
  }

  /** Jobs waiting for a worker. */
  get queued(): number {
    return this.#queue.length;
  }

  /** Jobs running now. */
  get running(): number {
    return this.#slots.filter((s) => s.current).length;
  }

  /** Whether the pool was closed (it accepts no more jobs). */
  get closed(): boolean {
    return this.#closed;
  }

  /** Workers started (0 until the first job). */
  get started(): number {
    return this.#slots.length;
  }

  /** Whether a job submitted now would be accepted. */
  hasRoom(): boolean {
    return !this.#closed &&
      this.running + this.queued < this.#options.size + this.#options.maxQueue;
  }

  /** Seconds a refused caller should wait: the queue ahead of it divided among the workers. */
  retryAfter(): number {
    const ahead = this.queued + this.running;
    return Math.min(
      60,
      Math.max(1, Math.ceil((ahead * this.#averageMs) / this.#options.size / 1000)),
    );
  }

  /**
   * Queues a job.
   *
   * @param job The job (structured-cloned to the worker).
   * @param transfer Buffers to move instead of copying.
   * @returns The worker's answer.
   * @throws {QueueFullError} Synchronously-rejected promise when the queue is full.
   */
  submit(job: J, transfer: Transferable[] = []): Promise<R> {
    if (this.#closed) return Promise.reject(new Error(`${this.#options.name} pool is closed`));
    if (!this.hasRoom()) return Promise.reject(new QueueFullError(this.retryAfter()));
    return new Promise<R>((resolve, reject) => {
      this.#queue.push({ id: this.#nextId++, job, transfer, resolve, reject });
      this.#grow();
      this.#dispatch();
    });
  }

  /** Ends every worker and fails the jobs still waiting or running. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    const error = new Error(`${this.#options.name} pool is closed`);
    for (const slot of this.#slots) {
      clearTimeout(slot.timer);
      slot.worker.terminate();
      slot.current?.reject(error);
    }
    this.#slots.length = 0;
    for (const job of this.#queue.splice(0)) job.reject(error);
  }

  #grow(): void {
    const idleOrStarting = this.#slots.filter((s) => !s.current).length;
    if (this.#slots.length < this.#options.size && this.#queue.length > idleOrStarting) {
      this.#spawn();
    }
  }

  #spawn(): void {
    const worker = new Worker(this.#options.url, {
      type: "module",
      name: `${this.#options.name}-${this.#slots.length + 1}`,
    });
    const slot: Slot<J, R> = { worker, ready: false, started: 0 };
    this.#slots.push(slot);
    worker.onmessage = (event: MessageEvent<WorkerMessage<R>>) => {
      const message = event.data;
      if ("ready" in message) {
        slot.ready = true;
      } else {
        const job = slot.current;
        clearTimeout(slot.timer);
        slot.current = undefined;
        slot.timer = undefined;
        if (job && job.id === message.id) {
          this.#averageMs = 0.8 * this.#averageMs + 0.2 * (performance.now() - slot.started);
          if (message.ok) job.resolve(message.value);
          else job.reject(new Error(`${this.#options.name} worker failed: ${message.error}`));
        }
      }
      this.#dispatch();
    };
    worker.onerror = (event: ErrorEvent) => {
      event.preventDefault();
      this.#replace(slot, new Error(`${this.#options.name} worker crashed: ${event.message}`));
    };
  }

  /** Ends a broken worker, fails its job (or, if it never started, the queue) and moves on. */
  #replace(slot: Slot<J, R>, error: Error): void {
    clearTimeout(slot.timer);
    slot.worker.terminate();
    const index = this.#slots.indexOf(slot);
    if (index >= 0) this.#slots.splice(index, 1);
    if (slot.current) slot.current.reject(error);
    else if (!slot.ready) { for (const job of this.#queue.splice(0)) job.reject(error); }
    if (!this.#closed) {
      this.#grow();
      this.#dispatch();
    }
  }

  #dispatch(): void {
    for (const slot of this.#slots) {
      if (!slot.ready || slot.current || this.#queue.length === 0) continue;
      const job = this.#queue.shift()!;
      slot.current = job;
      slot.started = performance.now();
      slot.timer = setTimeout(() => {
        this.#replace(
          slot,
          new Error(`${this.#options.name} job took longer than ${this.#options.timeoutMs} ms`),
        );
      }, this.#options.timeoutMs);
      const message: JobMessage<J> = { id: job.id, job: job.job };
      slot.worker.postMessage(message, job.transfer);
    }
  }
}
