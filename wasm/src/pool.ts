/**
 * A small pool of worker threads running the mesh module. Each task has a deadline; a worker
 * that misses it, crashes or exits is replaced and its task fails with a MeshError.
 */
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { MeshError } from './errors.js';
import {
  unwrapMeshResponse,
  type MeshOp,
  type MeshOps,
  type MeshRequest,
  type MeshResponse,
} from './protocol.js';

export interface MeshWorkerPoolOptions {
  /** Worker threads (default: half the cores, at least 1). */
  size?: number;
  /** Per-task deadline in ms (default 30 s; the worst valid 50 MB file takes well under 2 s). */
  timeoutMs?: number;
}

interface Task {
  req: MeshRequest;
  transfer: ArrayBuffer[];
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
}

interface Slot {
  worker: Worker;
  task: Task | null;
  timer: ReturnType<typeof setTimeout> | null;
}

const WORKER_URL = new URL('./nodeWorker.ts', import.meta.url).href;
// Node 20 does not apply `--import tsx` to a worker's TypeScript entry, so a small evaluated
// bootstrap registers tsx in the thread and then imports the real entry.
const TSX_API = pathToFileURL(
  createRequire(import.meta.url)
    .resolve('tsx/esm/api')
    .replace(/\.cjs$/, '.mjs'),
).href;
const BOOTSTRAP = `import(${JSON.stringify(TSX_API)}).then((m) => { m.register(); return import(${JSON.stringify(WORKER_URL)}); })`;

export class MeshWorkerPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Task[] = [];
  private readonly timeoutMs: number;
  private readonly size: number;
  private nextId = 1;
  private closed = false;

  constructor(opts: MeshWorkerPoolOptions = {}) {
    this.size = Math.max(1, opts.size ?? Math.floor(availableParallelism() / 2));
    this.timeoutMs = opts.timeoutMs ?? 30_000;
  }

  /**
   * Runs one operation. The input bytes are copied for the worker (the caller keeps its
   * buffer); result buffers are transferred back.
   */
  run<K extends MeshOp>(op: K, args: MeshOps[K]['args']): Promise<MeshOps[K]['result']> {
    if (this.closed) return Promise.reject(new Error('MeshWorkerPool is closed'));
    const bytes = args.bytes.slice();
    const req = { ...args, bytes, id: this.nextId++, op } as MeshRequest;
    return new Promise((resolve, reject) => {
      this.queue.push({
        req,
        transfer: [bytes.buffer],
        resolve: resolve as (v: unknown) => void,
        reject,
      });
      this.pump();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const t of this.queue.splice(0)) t.reject(new Error('MeshWorkerPool is closed'));
    await Promise.all(
      this.slots.splice(0).map((s) => {
        if (s.timer) clearTimeout(s.timer);
        s.task?.reject(new Error('MeshWorkerPool is closed'));
        return s.worker.terminate();
      }),
    );
  }

  private spawn(): Slot {
    // Workers run the TypeScript sources through tsx, like the rest of the server.
    const worker = new Worker(BOOTSTRAP, { eval: true });
    worker.unref();
    const slot: Slot = { worker, task: null, timer: null };
    worker.on('message', (res: MeshResponse) => this.settle(slot, res));
    worker.on('error', (e) =>
      this.fail(slot, new MeshError('INTERNAL_ERROR', `Mesh worker failed: ${e.message}`)),
    );
    worker.on('exit', () => this.fail(slot, new MeshError('INTERNAL_ERROR', 'Mesh worker exited')));
    this.slots.push(slot);
    return slot;
  }

  private pump(): void {
    while (this.queue.length > 0) {
      let slot = this.slots.find((s) => s.task === null);
      if (!slot && this.slots.length < this.size) slot = this.spawn();
      if (!slot) return;
      const task = this.queue.shift();
      if (!task) return;
      slot.task = task;
      slot.worker.ref();
      slot.timer = setTimeout(() => {
        this.fail(slot, new MeshError('TIMEOUT'));
      }, this.timeoutMs);
      slot.worker.postMessage(task.req, task.transfer);
    }
  }

  private settle(slot: Slot, res: MeshResponse): void {
    const task = slot.task;
    if (!task || task.req.id !== res.id) return;
    if (slot.timer) clearTimeout(slot.timer);
    slot.task = null;
    slot.timer = null;
    slot.worker.unref();
    try {
      task.resolve(unwrapMeshResponse(res));
    } catch (e) {
      task.reject(e);
    }
    this.pump();
  }

  /** Replaces the worker and fails its task (timeouts, crashes, unexpected exits). */
  private fail(slot: Slot, err: MeshError): void {
    const i = this.slots.indexOf(slot);
    if (i < 0) return;
    this.slots.splice(i, 1);
    if (slot.timer) clearTimeout(slot.timer);
    const task = slot.task;
    slot.task = null;
    void slot.worker.terminate();
    task?.reject(err);
    if (!this.closed) this.pump();
  }
}
