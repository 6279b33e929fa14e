/**
 * Work the account flows do after they have answered: looking the address up, counting the mail
 * allowances, issuing the link and handing the mail over. The answer to a sign-up or a reset
 * request is the same whether or not an address has an account; doing that work only after the
 * answer is sent means its time cannot tell either (see `recovery.ts`).
 *
 * Jobs run one at a time, in order, each on a later turn of the event loop than the request that
 * queued it. The queue is bounded: past {@linkcode OUTBOX_LIMIT} waiting jobs a new one is
 * dropped and logged (the answer was the same anyway). A job that fails is logged.
 *
 * @module
 */
import type { Logger } from "../log.ts";

/** Most jobs waiting at once. */
export const OUTBOX_LIMIT = 1_000;

/** Work done after the answer. */
export class Outbox {
  readonly #logger: Logger;
  readonly #limit: number;
  readonly #queue: (() => Promise<void>)[] = [];
  #running = false;
  #idle: (() => void)[] = [];

  /**
   * @param logger For dropped and failed jobs.
   * @param limit Most jobs waiting at once (default {@linkcode OUTBOX_LIMIT}).
   */
  constructor(logger: Logger, limit: number = OUTBOX_LIMIT) {
    this.#logger = logger;
    this.#limit = limit;
  }

  /**
   * Queues a job, to run after the current request has been answered.
   *
   * @param job The work.
   * @returns False when the queue was full and the job was dropped.
   */
  add(job: () => Promise<void>): boolean {
    if (this.#queue.length >= this.#limit) {
      this.#logger.log("warn", "Account work dropped: too many jobs waiting", {
        waiting: this.#queue.length,
      });
      return false;
    }
    this.#queue.push(job);
    if (!this.#running) {
      this.#running = true;
      // A macrotask: the answer, handed to the runtime in a microtask, goes out first.
      setTimeout(() => void this.#run(), 0);
    }
    return true;
  }

  /**
   * Resolves once every job queued so far (and any they queue) has run.
   *
   * @returns When the queue is empty.
   */
  idle(): Promise<void> {
    if (!this.#running) return Promise.resolve();
    return new Promise((resolve) => this.#idle.push(resolve));
  }

  /** How many jobs wait (the one running excluded). */
  get waiting(): number {
    return this.#queue.length;
  }

  async #run(): Promise<void> {
    for (let job = this.#queue.shift(); job; job = this.#queue.shift()) {
      try {
        await job();
      } catch (error) {
        this.#logger.log("error", "Account work failed", {
          error: error instanceof Error ? error.message : String(error),
        });
      }
    }
    this.#running = false;
    const waiting = this.#idle;
    this.#idle = [];
    for (const resolve of waiting) resolve();
  }
}
