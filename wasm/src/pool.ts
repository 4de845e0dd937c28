/**
 * Small pools of long-lived worker threads. `WorkerPool` is the generic part: a queue, a
 * per-task deadline, and a worker that misses it, crashes or exits is replaced while its task
 * fails with the pool's error. `MeshWorkerPool` runs the mesh module (`nodeWorker.ts`); other
 * pools (the API's view-derivative builder) reuse `WorkerPool` with their own entry.
 */
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { MeshError } from './errors.js';
import {
  transferableCopy,
  unwrapMeshResponse,
  type MeshOp,
  type MeshOps,
  type MeshRequest,
  type MeshResponse,
} from './protocol.js';

export interface WorkerPoolOptions {
  /** Worker threads (default: half the cores, at least 1). */
  size?: number;
  /** Per-task deadline in ms (default 30 s). */
  timeoutMs?: number;
}

/** What distinguishes one kind of pool: its worker entry, its name and its failure errors. */
export interface WorkerPoolSpec<Res extends { id: number }> {
  /** The worker's TypeScript (or JavaScript) entry module. */
  entry: URL;
  /** Used in "<name> is closed". */
  name: string;
  /** The error a task fails with when its worker misses the deadline, crashes or exits. */
  failure(kind: 'timeout' | 'crash' | 'exit', message: string): Error;
  /** Turns a worker's answer into the task's value; throws to reject the task. */
  unwrap(res: Res): unknown;
}

interface Task {
  req: { id: number };
  transfer: ArrayBuffer[];
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
}

interface Slot {
  worker: Worker;
  task: Task | null;
  timer: ReturnType<typeof setTimeout> | null;
}

// Node 20 does not apply `--import tsx` to a worker's TypeScript entry, so a small evaluated
// bootstrap registers tsx in the thread and then imports the real entry.
const TSX_API = pathToFileURL(
  createRequire(import.meta.url)
    .resolve('tsx/esm/api')
    .replace(/\.cjs$/, '.mjs'),
).href;
const bootstrap = (entry: URL): string =>
  `import(${JSON.stringify(TSX_API)}).then((m) => { m.register(); return import(${JSON.stringify(entry.href)}); })`;

export class WorkerPool<Req extends { id: number }, Res extends { id: number }> {
  private readonly slots: Slot[] = [];
  private readonly queue: Task[] = [];
  private readonly timeoutMs: number;
  private readonly size: number;
  private readonly source: string;
  private nextId = 1;
  private closed = false;

  constructor(
    private readonly spec: WorkerPoolSpec<Res>,
    opts: WorkerPoolOptions = {},
  ) {
    this.size = Math.max(1, opts.size ?? Math.floor(availableParallelism() / 2));
    this.timeoutMs = opts.timeoutMs ?? 30_000;
    this.source = bootstrap(spec.entry);
  }

  /**
   * Queues one request (its `id` is assigned here). `transfer` buffers move to the worker (the
   * caller must not use them afterwards); the answer goes through `spec.unwrap`.
   */
  protected submit(req: Omit<Req, 'id'>, transfer: ArrayBuffer[]): Promise<unknown> {
    if (this.closed) return Promise.reject(new Error(`${this.spec.name} is closed`));
    return new Promise((resolve, reject) => {
      this.queue.push({ req: { ...req, id: this.nextId++ }, transfer, resolve, reject });
      this.pump();
    });
  }

  /** Fails queued and running tasks and terminates the workers. */
  async close(): Promise<void> {
    this.closed = true;
    const closed = () => new Error(`${this.spec.name} is closed`);
    for (const t of this.queue.splice(0)) t.reject(closed());
    await Promise.all(
      this.slots.splice(0).map((s) => {
        if (s.timer) clearTimeout(s.timer);
        s.task?.reject(closed());
        return s.worker.terminate();
      }),
    );
  }

  private spawn(): Slot {
    // Workers run the TypeScript sources through tsx, like the rest of the server.
    const worker = new Worker(this.source, { eval: true });
    worker.unref();
    const slot: Slot = { worker, task: null, timer: null };
    worker.on('message', (res: Res) => this.settle(slot, res));
    worker.on('error', (e) =>
      this.fail(slot, this.spec.failure('crash', `${this.spec.name} worker failed: ${e.message}`)),
    );
    worker.on('exit', (code) =>
      this.fail(
        slot,
        this.spec.failure('exit', `${this.spec.name} worker exited (code ${String(code)})`),
      ),
    );
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
        this.fail(
          slot,
          this.spec.failure(
            'timeout',
            `${this.spec.name} task timed out after ${this.timeoutMs} ms`,
          ),
        );
      }, this.timeoutMs);
      slot.worker.postMessage(task.req, task.transfer);
    }
  }

  private settle(slot: Slot, res: Res): void {
    const task = slot.task;
    if (!task || task.req.id !== res.id) return;
    if (slot.timer) clearTimeout(slot.timer);
    slot.task = null;
    slot.timer = null;
    slot.worker.unref();
    try {
      task.resolve(this.spec.unwrap(res));
    } catch (e) {
      task.reject(e);
    }
    this.pump();
  }

  /** Replaces the worker and fails its task (timeouts, crashes, unexpected exits). */
  private fail(slot: Slot, err: Error): void {
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

const MESH_POOL: WorkerPoolSpec<MeshResponse> = {
  entry: new URL('./nodeWorker.ts', import.meta.url),
  name: 'MeshWorkerPool',
  failure: (kind, message) =>
    kind === 'timeout'
      ? new MeshError('TIMEOUT')
      : new MeshError(
          'INTERNAL_ERROR',
          kind === 'exit' ? 'Mesh worker exited' : message.replace(/^MeshWorkerPool/, 'Mesh'),
        ),
  unwrap: (res) => unwrapMeshResponse(res),
};

/** Worker threads running the mesh module; a failed task rejects with a MeshError. */
export type MeshWorkerPoolOptions = WorkerPoolOptions;

export class MeshWorkerPool extends WorkerPool<MeshRequest, MeshResponse> {
  /** Default per-task deadline 30 s: the worst valid 50 MB file takes well under 2 s. */
  constructor(opts: MeshWorkerPoolOptions = {}) {
    super(MESH_POOL, opts);
  }

  /**
   * Runs one operation. The input arrays are copied for the worker (the caller keeps its
   * buffers); result buffers are transferred back.
   */
  run<K extends MeshOp>(op: K, args: MeshOps[K]['args']): Promise<MeshOps[K]['result']> {
    const copy = transferableCopy(args);
    const req = { ...copy.args, op } as Omit<MeshRequest, 'id'>;
    return this.submit(req, copy.transfer) as Promise<MeshOps[K]['result']>;
  }
}
