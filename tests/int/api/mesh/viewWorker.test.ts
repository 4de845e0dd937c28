/**
 * The view derivative is built in a worker thread: the event loop keeps serving during a large
 * build (compared against the same build run inline, in the same test), the bytes are identical
 * to the inline build, input buffers are transferred, and a failed worker is replaced.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { viewBlobKey } from '../../../../api/src/blobs/blobStore.js';
import { putEncrypted } from '../../../../api/src/blobs/encrypted.js';
import { FsBlobStore } from '../../../../api/src/blobs/fs.js';
import { buildStoredView } from '../../../../api/src/mesh/viewBuild.js';
import type { ViewDerivative } from '../../../../api/src/mesh/viewDerivative.js';
import { ensureViewDerivative } from '../../../../api/src/mesh/viewStore.js';
import { ViewWorkerError, ViewWorkerPool } from '../../../../api/src/mesh/viewWorkerPool.js';
import { WorkerPool } from '../../../../wasm/src/pool.js';
import { syntheticArch, toSoup, writeBinaryStl } from '../../../support/meshFiles.js';

const TETRA = new Float32Array([
  0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 1, 0, 0, 0, 1, 0,
  0, 0, 1,
]);

/** Runs `fn` while sampling the event loop; returns its result, duration and max loop delay. */
async function underMonitor<T>(
  fn: () => Promise<T>,
): Promise<{ value: T; ms: number; maxDelayMs: number }> {
  const h = monitorEventLoopDelay({ resolution: 5 });
  h.enable();
  // The monitor measures from its first tick: give it one before the work starts.
  await new Promise((resolve) => setTimeout(resolve, 20));
  const t0 = performance.now();
  const value = await fn();
  const ms = performance.now() - t0;
  // Let the loop turn so the monitor's timer records a stall that just ended.
  await new Promise((resolve) => setTimeout(resolve, 20));
  h.disable();
  return { value, ms, maxDelayMs: h.max / 1e6 };
}

describe('view derivative worker', () => {
  const pool = new ViewWorkerPool();
  afterAll(() => pool.close());

  it('builds a 1M-triangle mesh off the event loop, byte-identical to the inline build', async () => {
    const arch = syntheticArch(1250, 401); // 1250 × 400 × 2 = 1 000 000 triangles
    const stl = writeBinaryStl(toSoup(arch.positions, arch.indices));
    expect((stl.length - 84) / 50).toBeGreaterThanOrEqual(500_000);
    // Warm both paths (wasm compile, meshopt init, worker start) on a tiny mesh.
    await buildStoredView(writeBinaryStl(TETRA));
    await pool.build(writeBinaryStl(TETRA));

    const inline = await underMonitor(() => buildStoredView(stl.slice()));
    const input = stl.slice();
    const worker = await underMonitor(() => pool.build(input));
    console.log(
      `inline: ${inline.ms.toFixed(0)} ms, max loop delay ${inline.maxDelayMs.toFixed(0)} ms; ` +
        `worker: ${worker.ms.toFixed(0)} ms, max loop delay ${worker.maxDelayMs.toFixed(0)} ms`,
    );

    // The monitor sees the inline build: it blocks the loop for most of its duration …
    expect(inline.maxDelayMs).toBeGreaterThan(inline.ms / 2);
    // … while during the worker build the loop stays free: its worst stall (OS scheduling on
    // shared cores, GC) is a small fraction of the build's own duration and of the inline stall.
    expect(worker.maxDelayMs).toBeLessThan(worker.ms / 4);
    expect(worker.maxDelayMs).toBeLessThan(inline.maxDelayMs / 4);

    // Same bytes out; the input buffer was transferred, not copied.
    const a: ViewDerivative = inline.value;
    const b: ViewDerivative = worker.value;
    expect(Buffer.compare(b.glb, a.glb)).toBe(0);
    expect(Buffer.compare(b.br, a.br)).toBe(0);
    expect({ ...b.stats, buildMs: 0 }).toEqual({ ...a.stats, buildMs: 0 });
    expect(b.stats.inputTriangles).toBe(1_000_000);
    expect(input.byteLength).toBe(0);
  }, 180_000);

  it('copies an input that is a view into a larger buffer instead of detaching it', async () => {
    const stl = writeBinaryStl(TETRA);
    const big = new Uint8Array(stl.length + 16);
    big.set(stl, 8);
    const view = big.subarray(8, 8 + stl.length);
    const d = await pool.build(view);
    expect(d.stats.triangles).toBe(4);
    expect(big.byteLength).toBe(stl.length + 16);
  });

  it('maps a refused file to the same error class across the thread boundary', async () => {
    await expect(pool.build(new Uint8Array(0))).rejects.toMatchObject({
      name: 'MeshError',
      code: 'EMPTY_FILE',
    });
  });

  it('fails a job that misses its deadline with a clear error and keeps serving', async () => {
    const slow = new ViewWorkerPool({ timeoutMs: 1 });
    const arch = syntheticArch(200, 100);
    const err: unknown = await slow
      .build(writeBinaryStl(toSoup(arch.positions, arch.indices)))
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ViewWorkerError);
    expect(err).toMatchObject({ reason: 'timeout', message: expect.stringMatching(/timed out/) });
    await slow.close();
    expect((await pool.build(writeBinaryStl(TETRA))).stats.triangles).toBe(4);
  });

  it('rejects queued and new jobs once closed', async () => {
    const p = new ViewWorkerPool();
    const first = p.build(writeBinaryStl(TETRA)).catch((e: unknown) => e);
    const second = p.build(writeBinaryStl(TETRA)).catch((e: unknown) => e);
    await p.close();
    expect(await first).toMatchObject({ message: 'ViewWorkerPool is closed' });
    expect(await second).toMatchObject({ message: 'ViewWorkerPool is closed' });
    await expect(p.build(writeBinaryStl(TETRA))).rejects.toThrow('ViewWorkerPool is closed');
  });

  it('builds each missing derivative once, however many callers ask at the same time', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cusp-view-'));
    try {
      const blobs = new FsBlobStore(dir);
      const dataKey = { key: randomBytes(32), version: 1 };
      const blobKey = 'projects/p1/m1';
      await putEncrypted(blobs, blobKey, Readable.from([writeBinaryStl(TETRA)]), dataKey);
      let builds = 0;
      const views = {
        build: (b: Uint8Array) => {
          builds++;
          return pool.build(b);
        },
      };
      const keys = await Promise.all(
        [1, 2, 3].map(() => ensureViewDerivative({ blobs, views }, blobKey, dataKey)),
      );
      expect(keys).toEqual([viewBlobKey(blobKey), viewBlobKey(blobKey), viewBlobKey(blobKey)]);
      expect(builds).toBe(1);
      await ensureViewDerivative({ blobs, views }, blobKey, dataKey);
      expect(builds).toBe(1);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

class TestPool extends WorkerPool<{ id: number; op: string }, { id: number; value: string }> {
  constructor() {
    super(
      {
        entry: new URL('./support/testWorker.ts', import.meta.url),
        name: 'TestPool',
        failure: (kind, message) => new ViewWorkerError(kind, message),
        unwrap: (res) => res.value,
      },
      { size: 1 },
    );
  }
  run(op: 'echo' | 'exit' | 'throw'): Promise<unknown> {
    return this.submit({ op }, []);
  }
}

describe('WorkerPool failures', () => {
  it('replaces a worker that exits or crashes; its job fails with a clear error', async () => {
    const p = new TestPool();
    try {
      expect(await p.run('echo')).toBe('echo');
      await expect(p.run('exit')).rejects.toMatchObject({
        reason: 'exit',
        message: 'TestPool worker exited (code 3)',
      });
      expect(await p.run('echo')).toBe('echo');
      await expect(p.run('throw')).rejects.toMatchObject({
        reason: 'crash',
        message: 'TestPool worker failed: boom in worker',
      });
      expect(await p.run('echo')).toBe('echo');
    } finally {
      await p.close();
    }
  });
});
