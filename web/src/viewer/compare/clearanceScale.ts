/**
 * The occlusal clearance / contact scale (clinical-review.md): distance from a surface to the
 * antagonist, signed by the antagonist's normal. Penetration (< 0) in a distinct strong magenta,
 * contact (0–50 µm) red, tight (50–100 µm) yellow, clear (≥ 100 µm, or no antagonist within the
 * search distance) left neutral. Pure, no three.js.
 */
import type { Rgb } from './deviationScale';

export const CONTACT_UM = 50;
export const TIGHT_UM = 100;

export interface ClearanceBand {
  key: 'penetration' | 'contact' | 'tight' | 'clear';
  label: string;
  color: Rgb;
}

export const CLEARANCE_BANDS: readonly ClearanceBand[] = [
  { key: 'penetration', label: 'penetration (< 0 µm)', color: [0.85, 0.1, 0.85] },
  { key: 'contact', label: `contact (0 … ${CONTACT_UM} µm)`, color: [0.93, 0.2, 0.12] },
  { key: 'tight', label: `tight (${CONTACT_UM} … ${TIGHT_UM} µm)`, color: [1.0, 0.85, 0.2] },
  { key: 'clear', label: `clear (≥ ${TIGHT_UM} µm)`, color: [0.82, 0.82, 0.8] },
];

/** Band index of a signed distance in µm; NaN (no antagonist near) is clear. */
export function clearanceBandOf(um: number): number {
  if (Number.isNaN(um) || um >= TIGHT_UM) return 3;
  if (um < 0) return 0;
  return um < CONTACT_UM ? 1 : 2;
}

export function clearanceColorize(distancesMm: Float32Array): {
  colors: Float32Array;
  counts: number[];
} {
  const colors = new Float32Array(distancesMm.length * 3);
  const counts = [0, 0, 0, 0];
  for (let v = 0; v < distancesMm.length; v++) {
    const b = clearanceBandOf(distancesMm[v]! * 1000);
    counts[b]!++;
    const c = CLEARANCE_BANDS[b]!.color;
    colors[v * 3] = c[0];
    colors[v * 3 + 1] = c[1];
    colors[v * 3 + 2] = c[2];
  }
  return { colors, counts };
}

export interface ContactPoint {
  /** World position (mm). */
  at: [number, number, number];
  /** Signed distance (mm): negative is penetration. */
  distance: number;
}

/**
 * The contact points: vertices closer than the contact step, the closest first, each at least
 * `spacingMm` from the ones already listed (one point per contact area), at most `max`.
 */
export function contactPoints(
  positions: Float32Array,
  distancesMm: Float32Array,
  opts: { spacingMm?: number; max?: number } = {},
): ContactPoint[] {
  const spacing2 = (opts.spacingMm ?? 1) ** 2;
  const max = opts.max ?? 10;
  const candidates: number[] = [];
  for (let v = 0; v < distancesMm.length; v++) {
    const d = distancesMm[v]!;
    if (!Number.isNaN(d) && d * 1000 < CONTACT_UM) candidates.push(v);
  }
  candidates.sort((a, b) => distancesMm[a]! - distancesMm[b]!);
  const out: ContactPoint[] = [];
  for (const v of candidates) {
    const p: [number, number, number] = [
      positions[v * 3]!,
      positions[v * 3 + 1]!,
      positions[v * 3 + 2]!,
    ];
    const near = out.some(
      (q) => (q.at[0] - p[0]) ** 2 + (q.at[1] - p[1]) ** 2 + (q.at[2] - p[2]) ** 2 < spacing2,
    );
    if (near) continue;
    out.push({ at: p, distance: distancesMm[v]! });
    if (out.length >= max) break;
  }
  return out;
}
