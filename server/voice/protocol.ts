/**
 * The message protocol between {@linkcode WorkerPool} and its workers.
 *
 * @module
 */

/** Main -> worker. */
export interface JobMessage<J> {
  id: number;
  job: J;
}

/** Worker -> main. */
export type WorkerMessage<R> =
  | { ready: true }
  | { id: number; ok: true; value: R }
  | { id: number; ok: false; error: string };

/** What a job handler returns: the value and the buffers to transfer rather than copy. */
export interface Reply<R> {
  value: R;
  transfer?: Transferable[];
}

interface WorkerGlobal {
  postMessage(message: unknown, transfer?: Transferable[]): void;
  onmessage: ((event: MessageEvent) => void) | null;
}

/**
 * The worker side: announces readiness and answers each job in order.
 *
 * @typeParam J The job type.
 * @returns `serve(handler)`, to call once the worker is ready.
 */
export function workerScope<J>(): {
  serve<R>(handler: (job: J) => Promise<Reply<R>>): void;
} {
  const scope = globalThis as unknown as WorkerGlobal;
  return {
    serve(handler) {
      scope.onmessage = async (event: MessageEvent) => {
        const { id, job } = event.data as JobMessage<J>;
        try {
          const { value, transfer } = await handler(job);
          scope.postMessage({ id, ok: true, value }, transfer ?? []);
        } catch (error) {
          const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
          scope.postMessage({ id, ok: false, error: text });
        }
      };
      scope.postMessage({ ready: true });
    },
  };
}
