/**
 * Builds view derivatives off the event loop: a long-lived worker-thread pool (the generic
 * `WorkerPool` of wasm/src/pool.ts with `viewWorker.ts` as entry). One worker by default — on
 * two cores the build gets one while the event loop keeps the other; jobs queue behind it.
 * Created once in the composition root (`AppDeps.views`); `close()` terminates the worker.
 */
import { WorkerPool, type WorkerPoolOptions } from '../../../wasm/src/pool.js';
import type { ThumbnailRequest, ThumbnailResponse } from './thumbnailBuild.js';
import { unwrapViewResponse, type ViewRequest, type ViewResponse } from './viewBuild.js';
import type { ViewDerivative } from './viewDerivative.js';

/** Builds the derivative of a stored original's plaintext (STL or PLY). */
export interface ViewBuilder {
  /**
   * Takes ownership of `original`: when it spans its whole ArrayBuffer, that buffer is
   * transferred to the worker (detached here) instead of copied.
   */
  build(original: Uint8Array): Promise<ViewDerivative>;
  /** The PNG thumbnail of one version's models (their plaintexts, buffers transferred). */
  thumbnail(models: Uint8Array[]): Promise<Uint8Array>;
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

/** `bytes` itself when it spans its whole ArrayBuffer (so it can be transferred), else a copy. */
function ownedCopy(bytes: Uint8Array): Uint8Array {
  return bytes.buffer instanceof ArrayBuffer &&
    bytes.byteOffset === 0 &&
    bytes.byteLength === bytes.buffer.byteLength
    ? bytes
    : new Uint8Array(bytes); // a view into a larger (e.g. pooled) buffer: copy it
}

/** Default job deadline: a 50 MB / 1M-triangle STL builds in a few seconds on one core. */
export const VIEW_JOB_TIMEOUT_MS = 120_000;

export class ViewWorkerPool
  extends WorkerPool<ViewRequest | ThumbnailRequest, ViewResponse | ThumbnailResponse>
  implements ViewBuilder
{
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
        unwrap: (res) => (res.ok ? res.result : unwrapViewResponse(res)),
      },
      { size: opts.size ?? 1, timeoutMs: opts.timeoutMs ?? VIEW_JOB_TIMEOUT_MS },
    );
  }

  build(original: Uint8Array): Promise<ViewDerivative> {
    const owned = ownedCopy(original);
    return this.submit({ bytes: owned }, [owned.buffer as ArrayBuffer]) as Promise<ViewDerivative>;
  }

  async thumbnail(models: Uint8Array[]): Promise<Uint8Array> {
    const owned = models.map(ownedCopy);
    const transfer = [...new Set(owned.map((m) => m.buffer as ArrayBuffer))];
    const result = (await this.submit({ kind: 'thumbnail', models: owned }, transfer)) as {
      png: Uint8Array;
    };
    return result.png;
  }
}
