/**
 * Shared frame of the viewer geometry benchmarks (picking, section): the glibc memory settings of
 * `rerunWithBenchMemory` (the script re-runs itself with them and pre-faults a heap, since
 * first touch of fresh memory is ~0.3 GB/s on this VM), the machine line with the load average,
 * medians, and the 1M-triangle synthetic arch exactly as the viewer holds it (the server's view
 * derivative decoded by the viewer's decoder).
 */
import { spawnSync } from 'node:child_process';
import { cpus, loadavg, totalmem } from 'node:os';
import { syntheticArch } from '../../support/meshFiles.js';
import { indexed, viewerModelFromDerivative } from '../../support/viewerMeshes.js';

/**
 * Re-runs the calling script with glibc's large blocks kept off mmap, no trimming and huge pages,
 * so timings do not pay for first touches of fresh memory.
 */
export function rerunWithBenchMemory(scriptUrl: string): void {
  if (process.env.CUSP_BENCH_CHILD) return;
  const r = spawnSync(process.execPath, [...process.execArgv, new URL(scriptUrl).pathname], {
    stdio: 'inherit',
    env: {
      ...process.env,
      CUSP_BENCH_CHILD: '1',
      MALLOC_MMAP_THRESHOLD_: '4000000000',
      MALLOC_TRIM_THRESHOLD_: '8000000000',
      GLIBC_TUNABLES: 'glibc.malloc.hugetlb=1',
    },
  });
  process.exit(r.status ?? 1);
}

export function prefault(bytes: number): void {
  const b = new Uint8Array(bytes);
  for (let i = 0; i < b.length; i += 4096) b[i] = 1;
}

export const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);

/** Wall time of one call in ms, after a gc() so no call pays the garbage of the one before. */
export function timeMs(fn: () => unknown): number {
  gc();
  const t0 = performance.now();
  fn();
  return performance.now() - t0;
}

export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

/** The value below which `q` (0–1) of the samples fall (nearest rank). */
export function quantile(xs: readonly number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]!;
}

export const loadLine = () =>
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`;

export function machineLine(): string {
  return (
    `machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ` +
    `${(totalmem() / 2 ** 30).toFixed(1)} GiB, node ${process.version}, ${loadLine()}`
  );
}

/**
 * The synthetic arch at 1 M triangles (2000 segments × 250 rings × 2),
 * through the view derivative, as the viewer holds it, with its index built on this thread.
 */
export async function millionTriangleArch() {
  const arch = syntheticArch(2000, 251);
  const t0 = performance.now();
  const model = await viewerModelFromDerivative(arch);
  const prepareMs = performance.now() - t0;
  return { ...indexed(model), prepareMs };
}

export interface Gate {
  name: string;
  pass: boolean;
}

/** Prints a gate line and remembers it for the exit code. */
export function gate(gates: Gate[], name: string, pass: boolean, detail: string): void {
  gates.push({ name, pass });
  console.log(`${pass ? 'PASS' : 'FAIL'}  ${name}: ${detail}`);
}

export function finish(gates: readonly Gate[]): void {
  console.log(loadLine());
  process.exitCode = gates.every((g) => g.pass) ? 0 : 1;
}

/**
 * The opening every 1M-triangle arch bench shares: its own process with the bench's malloc
 * settings, pre-touched memory, the machine line, the arch and what it is.
 */
export async function openMillionArchBench(scriptUrl: string) {
  rerunWithBenchMemory(scriptUrl);
  prefault(1.5 * 2 ** 30);
  console.log(machineLine());
  const arch = await millionTriangleArch();
  console.log(
    `mesh: synthetic arch, ${arch.mesh.triangleCount.toLocaleString('en-US')} triangles, ` +
      `${arch.mesh.vertexCount.toLocaleString('en-US')} vertices (view derivative: 16-bit grid), ` +
      `prepared in ${(arch.prepareMs / 1000).toFixed(1)} s`,
  );
  return arch;
}
