/**
 * Builds view derivatives off the event loop: a long-lived worker-thread pool (the generic
 * `WorkerPool` of wasm/src/pool.ts with `viewWorker.ts` as entry). One worker by default — on
 * two cores the build gets one while the event loop keeps the other; jobs queue behind it.
 * Created once in the composition root (`AppDeps.views`); `close()` terminates the worker.
 */
import { WorkerPool, type WorkerPoolOptions } from '../../../wasm/src/pool.js';
import { unwrapViewResponse, type ViewRequest, type ViewResponse } from './viewBuild.js';
import type { ViewDerivative } from './viewDerivative.js';

/** Builds the derivative of a stored original's plaintext (STL or PLY). */
export interface ViewBuilder {
  /**
   * Takes ownership of `original`: when it spans its whole ArrayBuffer, that buffer is
   * transferred to the worker (detached here) instead of copied.
   */
  build(original: Uint8Array): Promise<ViewDerivative>;
}

/** A job whose worker timed out, crashed or exited; the worker has been replaced. */
export class ViewWorkerError extends Error {
  constructor(
    readonly reason: 'timeout' | 'crash' | 'exit',
    message: string,
  ) {
    super(message);
    this.name = 'ViewWorkerError';
  }
}

/** Default job deadline: a 50 MB / 1M-triangle STL builds in a few seconds on one core. */
export const VIEW_JOB_TIMEOUT_MS = 120_000;

export class ViewWorkerPool extends WorkerPool<ViewRequest, ViewResponse> implements ViewBuilder {
  constructor(opts: WorkerPoolOptions = {}) {
    super(
      {
        entry: new URL('./viewWorker.ts', import.meta.url),
        name: 'ViewWorkerPool',
        failure: (kind, message) =>
          new ViewWorkerError(
            kind,
            kind === 'timeout'
              ? `View derivative build timed out (${message})`
              : `View derivative worker ${kind === 'crash' ? 'crashed' : 'exited'} during the build (${message}); it was replaced`,
          ),
        unwrap: unwrapViewResponse,
      },
      { size: opts.size ?? 1, timeoutMs: opts.timeoutMs ?? VIEW_JOB_TIMEOUT_MS },
    );
  }

  build(original: Uint8Array): Promise<ViewDerivative> {
    const owned =
      original.buffer instanceof ArrayBuffer &&
      original.byteOffset === 0 &&
      original.byteLength === original.buffer.byteLength
        ? original
        : new Uint8Array(original); // a view into a larger (e.g. pooled) buffer: copy it
    return this.submit({ bytes: owned }, [owned.buffer as ArrayBuffer]) as Promise<ViewDerivative>;
  }
}
