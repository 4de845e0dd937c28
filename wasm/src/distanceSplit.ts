import type { SignedDistances } from './core.js';

/**
 * Splitting one distance computation over several workers: each worker indexes the whole target
 * and answers a contiguous share of the query vertices; the shares are joined in order. On two
 * cores this halves the query time (the larger part) at the cost of a second index build.
 */

/** `parts` contiguous views of `query` (xyz per vertex), as equal as whole vertices allow. */
export function splitQuery(query: Float32Array, parts: number): Float32Array[] {
  const vertices = Math.floor(query.length / 3);
  const n = Math.max(1, Math.min(Math.floor(parts), vertices));
  const out: Float32Array[] = [];
  for (let i = 0; i < n; i++) {
    const from = Math.floor((vertices * i) / n);
    const to = Math.floor((vertices * (i + 1)) / n);
    out.push(query.subarray(from * 3, to * 3));
  }
  return out;
}

/** The shares' answers as one answer, in query order. */
export function joinDistances(parts: SignedDistances[]): SignedDistances {
  const concat = <T extends Float32Array | Int32Array>(
    arrays: (T | null)[],
    make: (n: number) => T,
  ): T | null => {
    if (arrays.some((a) => a === null)) return null;
    const out = make(arrays.reduce((s, a) => s + a!.length, 0));
    let o = 0;
    for (const a of arrays) {
      out.set(a!, o);
      o += a!.length;
    }
    return out;
  };
  if (parts.length === 1) return parts[0]!;
  return {
    distances: concat(
      parts.map((p) => p.distances),
      (n) => new Float32Array(n),
    )!,
    closestPoints: concat(
      parts.map((p) => p.closestPoints),
      (n) => new Float32Array(n),
    ),
    triangles: concat(
      parts.map((p) => p.triangles),
      (n) => new Int32Array(n),
    ),
  };
}
