/**
 * The 2D section panel's drawing: the outlines' plane coordinates fitted into the panel (v up),
 * SVG paths per chain, and a scale bar of a round length. Pure.
 */
import type { SectionOutline } from '../geometry/section';

export interface Fit {
  /** Panel pixels per mm. */
  scale: number;
  /** Plane (u, v) of the panel's centre. */
  cu: number;
  cv: number;
  width: number;
  height: number;
}

export function fitOutlines(
  outlines: readonly SectionOutline[],
  width: number,
  height: number,
  pad = 16,
): Fit | null {
  let u0 = Infinity,
    u1 = -Infinity,
    v0 = Infinity,
    v1 = -Infinity;
  for (const o of outlines) {
    for (let i = 0; i < o.pointCount; i++) {
      const u = o.plane[i * 2]!;
      const v = o.plane[i * 2 + 1]!;
      if (u < u0) u0 = u;
      if (u > u1) u1 = u;
      if (v < v0) v0 = v;
      if (v > v1) v1 = v;
    }
  }
  if (!(u1 >= u0) || !(v1 >= v0)) return null;
  const span = Math.max(u1 - u0, v1 - v0, 1e-3);
  const scale = Math.min(
    (width - 2 * pad) / Math.max(u1 - u0, span * 0.05),
    (height - 2 * pad - 24) / Math.max(v1 - v0, span * 0.05),
  );
  return { scale, cu: (u0 + u1) / 2, cv: (v0 + v1) / 2, width, height: height - 24 };
}

export const toPanel = (f: Fit, u: number, v: number): [number, number] => [
  f.width / 2 + (u - f.cu) * f.scale,
  f.height / 2 - (v - f.cv) * f.scale,
];

export const fromPanel = (f: Fit, x: number, y: number): [number, number] => [
  f.cu + (x - f.width / 2) / f.scale,
  f.cv - (y - f.height / 2) / f.scale,
];

/** One SVG path for all chains of an outline (closed loops end with Z). */
export function outlinePath(o: SectionOutline, f: Fit): string {
  const parts: string[] = [];
  for (let c = 0; c < o.chainCount; c++) {
    const start = o.chainStart[c]!;
    const len = o.chainLength[c]!;
    for (let i = 0; i < len; i++) {
      const [x, y] = toPanel(f, o.plane[(start + i) * 2]!, o.plane[(start + i) * 2 + 1]!);
      parts.push(`${i === 0 ? 'M' : 'L'}${x.toFixed(1)} ${y.toFixed(1)}`);
    }
    if (o.chainClosed[c]) parts.push('Z');
  }
  return parts.join('');
}

/** A round length (1, 2 or 5 × 10^k mm) near `targetPx` long at `scale` px/mm. */
export function scaleBar(
  scale: number,
  targetPx: number,
): { mm: number; px: number; label: string } {
  const raw = targetPx / scale;
  const p = 10 ** Math.floor(Math.log10(raw));
  const mm =
    [1, 2, 5, 10]
      .map((k) => k * p)
      .filter((x) => x <= raw)
      .pop() ?? p;
  const label = mm >= 1 ? `${mm} mm` : `${Number(mm.toPrecision(1))} mm`;
  return { mm, px: mm * scale, label };
}
