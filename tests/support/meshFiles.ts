/**
 * Minimal mesh readers for tests, benchmarks and the demo-asset script (binary STL, OBJ v/f) and
 * a synthetic arch generator. Not the product's parsers (those live in the wasm module); these
 * only feed known fixtures into code under test.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { meshFixtures } from './fixturePaths.js';

export { meshFixtures, repoRoot } from './fixturePaths.js';

/** Binary STL → triangle soup positions (9 floats per triangle). */
export function readBinaryStl(bytes: Uint8Array): Float32Array {
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const n = dv.getUint32(80, true);
  if (84 + 50 * n !== bytes.byteLength) throw new Error('not a binary STL');
  const out = new Float32Array(n * 9);
  for (let t = 0; t < n; t++) {
    const o = 84 + t * 50 + 12;
    for (let k = 0; k < 9; k++) out[t * 9 + k] = dv.getFloat32(o + k * 4, true);
  }
  return out;
}

/** Indexed mesh from an OBJ's `v` and `f` lines (polygons fanned into triangles). */
export function readObj(text: string): { positions: Float32Array; indices: Uint32Array } {
  const pos: number[] = [];
  const idx: number[] = [];
  for (const line of text.split('\n')) {
    if (line.startsWith('v ')) {
      const [, x, y, z] = line.trim().split(/\s+/);
      pos.push(Number(x), Number(y), Number(z));
    } else if (line.startsWith('f ')) {
      const vs = line
        .trim()
        .split(/\s+/)
        .slice(1)
        .map((t) => {
          const i = parseInt(t.split('/')[0] ?? '', 10);
          return i < 0 ? pos.length / 3 + i : i - 1;
        });
      for (let k = 1; k + 1 < vs.length; k++) idx.push(vs[0]!, vs[k]!, vs[k + 1]!);
    }
  }
  return { positions: Float32Array.from(pos), indices: Uint32Array.from(idx) };
}

/** Triangle soup → binary STL bytes (zero header, zero normals: readers recompute them). */
export function writeBinaryStl(soup: Float32Array): Uint8Array {
  const n = soup.length / 9;
  const out = new Uint8Array(84 + n * 50);
  const dv = new DataView(out.buffer);
  dv.setUint32(80, n, true);
  for (let t = 0; t < n; t++) {
    const o = 84 + t * 50 + 12;
    for (let k = 0; k < 9; k++) dv.setFloat32(o + k * 4, soup[t * 9 + k]!, true);
  }
  return out;
}

/** Indexed → soup. */
export function toSoup(positions: Float32Array, indices: Uint32Array): Float32Array {
  const out = new Float32Array(indices.length * 3);
  for (let i = 0; i < indices.length; i++) {
    const v = indices[i]! * 3;
    out[i * 3] = positions[v]!;
    out[i * 3 + 1] = positions[v + 1]!;
    out[i * 3 + 2] = positions[v + 2]!;
  }
  return out;
}

export const fixtureStl = (name: string): Uint8Array =>
  new Uint8Array(readFileSync(join(meshFixtures, name)));
export const fixtureObj = (name: string) => readObj(readFileSync(join(meshFixtures, name), 'utf8'));

/** Variations of the synthetic arch (defaults: the benchmark arch). */
export interface ArchOptions {
  /** Seed of the noise (default 12345). */
  seed?: number;
  /**
   * Extra outward offset in mm at (u, v): u ∈ [0, 1] along the arch, v ∈ [0, π] around the
   * tube. A "second version" of the same surface, e.g. one tooth's cusp made higher.
   */
  offset?: (u: number, v: number) => number;
}

/**
 * Synthetic noisy dental-arch-like surface: a horseshoe tube ≈ 72 × 28 ×
 * 20 mm with tooth bumps, ±10 µm noise; `segments × rings × 2` triangles. Deterministic.
 */
export function syntheticArch(
  segments: number,
  rings: number,
  opts: ArchOptions = {},
): { positions: Float32Array; indices: Uint32Array } {
  let seed = opts.seed ?? 12345;
  const rnd = () => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed / 2 ** 32 - 0.5;
  };
  const cols = segments + 1;
  const positions = new Float32Array(cols * rings * 3);
  for (let i = 0; i < cols; i++) {
    const u = i / segments;
    const a = Math.PI * (0.08 + 0.84 * u);
    const cx = 36 * Math.cos(a);
    const cy = 28 * Math.sin(a);
    const bump = 1 + 0.18 * Math.max(0, Math.sin(u * Math.PI * 14));
    for (let j = 0; j < rings; j++) {
      const v = (j / (rings - 1)) * Math.PI;
      const r = 5 * bump * (1 + 0.05 * Math.sin(v * 6)) + rnd() * 0.02 + (opts.offset?.(u, v) ?? 0);
      const nx = Math.cos(a) * Math.cos(v);
      const ny = Math.sin(a) * Math.cos(v);
      const o = (i * rings + j) * 3;
      positions[o] = cx + r * nx + rnd() * 0.004;
      positions[o + 1] = cy + r * ny + rnd() * 0.004;
      positions[o + 2] = r * 2 * Math.sin(v);
    }
  }
  const indices = new Uint32Array(segments * (rings - 1) * 6);
  let k = 0;
  for (let i = 0; i < segments; i++) {
    for (let j = 0; j < rings - 1; j++) {
      const a = i * rings + j;
      const b = (i + 1) * rings + j;
      indices[k++] = a;
      indices[k++] = b;
      indices[k++] = a + 1;
      indices[k++] = a + 1;
      indices[k++] = b;
      indices[k++] = b + 1;
    }
  }
  return { positions, indices: indices.subarray(0, k) };
}
