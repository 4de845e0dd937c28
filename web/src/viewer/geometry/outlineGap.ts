/**
 * Thickness and gap in the 2D section panel: distances between section outlines in the plane's
 * (u, v) frame (section.ts), in millimetres. The doctor draws a short line across the walls; the
 * first crossing with the `from` outline is where the measure starts, and the answer is both the
 * distance along the line to the next crossing with the `to` outline and the distance to the
 * nearest point of the `to` outline (the true minimum there).
 *
 * An outline "part" is a whole outline or one chain of it. `from` and `to` may be the same part
 * (the two walls of a crown's single loop): the along-the-line measure still works; the nearest
 * point is then searched on the outline's other chains only, since on the starting chain it would
 * be the starting point itself.
 */
import type { SectionOutline } from './section';

export interface OutlinePart {
  outline: SectionOutline;
  /** One chain of the outline; every chain when omitted. */
  chain?: number;
}

export interface OutlinePoint {
  u: number;
  v: number;
  /** The chain and the segment within it (segment i joins its points i and i + 1). */
  chain: number;
  segment: number;
}

export interface LineCrossing extends OutlinePoint {
  /** Position along the line: 0 at its start, 1 at its end. */
  t: number;
}

export interface OutlineGap {
  /** Where the line first crosses `from`. */
  from: LineCrossing;
  /** The next crossing with `to` beyond `from` along the line, and its distance; null if none. */
  along: LineCrossing | null;
  alongDistance: number | null;
  /**
   * The nearest point of `to` from `from` and its distance; on one outline, only other chains
   * count (null when there are none).
   */
  nearest: OutlinePoint | null;
  nearestDistance: number | null;
}

type Uv = readonly [number, number];

function chainRange(part: OutlinePart): [number, number] {
  return part.chain === undefined
    ? [0, part.outline.chainCount]
    : [part.chain, Math.min(part.chain + 1, part.outline.chainCount)];
}

/** Calls `visit(chain, segment, u0, v0, u1, v1)` for every segment of the part. */
function eachSegment(
  part: OutlinePart,
  visit: (c: number, s: number, u0: number, v0: number, u1: number, v1: number) => void,
): void {
  const { outline } = part;
  const p = outline.plane;
  const [from, to] = chainRange(part);
  for (let c = from; c < to; c++) {
    const start = outline.chainStart[c]!;
    const n = outline.chainLength[c]!;
    const segments = outline.chainClosed[c] ? n : n - 1;
    for (let i = 0; i < segments; i++) {
      const a = (start + i) * 2;
      const b = (start + ((i + 1) % n)) * 2;
      visit(c, i, p[a]!, p[a + 1]!, p[b]!, p[b + 1]!);
    }
  }
}

/** Every crossing of the segment a→b with the part, ordered along the line. */
export function lineCrossings(part: OutlinePart, a: Uv, b: Uv): LineCrossing[] {
  const [ax, ay] = a;
  const dx = b[0] - ax;
  const dy = b[1] - ay;
  const hits: LineCrossing[] = [];
  eachSegment(part, (chain, segment, u0, v0, u1, v1) => {
    const ex = u1 - u0;
    const ey = v1 - v0;
    const denom = dx * ey - dy * ex;
    if (denom === 0) return; // parallel: no single crossing
    const wx = u0 - ax;
    const wy = v0 - ay;
    const t = (wx * ey - wy * ex) / denom;
    const s = (wx * dy - wy * dx) / denom;
    // A crossing exactly at a shared point is counted once (at the start of the next segment).
    if (t < 0 || t > 1 || s < 0 || s >= 1) return;
    hits.push({ u: ax + t * dx, v: ay + t * dy, t, chain, segment });
  });
  return hits.sort((p, q) => p.t - q.t);
}

/** The nearest point of the part to (u, v), leaving out one chain if asked; null if none. */
export function nearestOnOutline(
  part: OutlinePart,
  u: number,
  v: number,
  excludeChain = -1,
): OutlinePoint | null {
  let best: OutlinePoint | null = null;
  let bestSq = Infinity;
  eachSegment(part, (chain, segment, u0, v0, u1, v1) => {
    if (chain === excludeChain) return;
    const ex = u1 - u0;
    const ey = v1 - v0;
    const len = ex * ex + ey * ey;
    let s = len === 0 ? 0 : ((u - u0) * ex + (v - v0) * ey) / len;
    s = s < 0 ? 0 : s > 1 ? 1 : s;
    const px = u0 + s * ex;
    const py = v0 + s * ey;
    const d = (px - u) * (px - u) + (py - v) * (py - v);
    if (d < bestSq) {
      bestSq = d;
      best = { u: px, v: py, chain, segment };
    }
  });
  return best;
}

/**
 * The thickness or gap measured with the line a→b (plane coordinates): null when the line does
 * not cross `from`.
 */
export function gapAlongLine(from: OutlinePart, to: OutlinePart, a: Uv, b: Uv): OutlineGap | null {
  const start = lineCrossings(from, a, b)[0];
  if (!start) return null;
  const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
  // Beyond the starting crossing by more than rounding (a crossing of `to` at the same spot,
  // as when from and to are one outline, is the start itself).
  const eps = 1e-9 + 1e-6 / Math.max(length, 1e-9);
  const along = lineCrossings(to, a, b).find((c) => c.t > start.t + eps) ?? null;
  // On one outline the start's own chain would answer the start itself: search the others.
  const exclude = from.outline === to.outline ? start.chain : -1;
  const nearest = nearestOnOutline(to, start.u, start.v, exclude);
  return {
    from: start,
    along,
    alongDistance: along ? (along.t - start.t) * length : null,
    nearest,
    nearestDistance: nearest ? Math.hypot(nearest.u - start.u, nearest.v - start.v) : null,
  };
}
