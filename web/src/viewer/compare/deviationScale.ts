/**
 * The deviation colour scale (clinical-review.md): diverging, centred on zero, symmetric steps
 * of ±25 / 50 / 100 / 200 µm. Within the tolerance (±25 µm) the surface stays neutral grey, so
 * what changed stands out; warm colours (yellow → red) where the newer surface lies outside the
 * older one, cool colours (cyan → blue) where it lies inside; dark grey where the older version
 * has no surface within the search distance. Pure, no three.js.
 */

export const DEVIATION_STEPS_UM = [25, 50, 100, 200] as const;
/** Beyond this distance (mm) a vertex has no counterpart on the older surface. */
export const SEARCH_DISTANCE_MM = 2;

export type Rgb = readonly [number, number, number];

export interface Band {
  /** Lower and upper bound in µm (open ends are ±Infinity); `none`: no counterpart. */
  from: number;
  to: number;
  color: Rgb;
  label: string;
}

const NEUTRAL: Rgb = [0.82, 0.82, 0.8];
export const NO_COUNTERPART: Rgb = [0.35, 0.35, 0.38];

/** Outside (newer surface in front of the older): yellow → orange → red → dark red. */
const WARM: Rgb[] = [
  [1.0, 0.9, 0.2],
  [1.0, 0.6, 0.1],
  [0.93, 0.2, 0.12],
  [0.6, 0.0, 0.2],
];
/** Inside: cyan → sky → blue → navy. */
const COOL: Rgb[] = [
  [0.3, 0.9, 0.95],
  [0.15, 0.65, 1.0],
  [0.15, 0.3, 0.95],
  [0.2, 0.1, 0.55],
];

const um = (n: number) => `${n} µm`;

/** The legend's bands, from the most outside to the most inside. */
export function deviationBands(): Band[] {
  const s = DEVIATION_STEPS_UM;
  const out: Band[] = [];
  for (let i = s.length - 1; i >= 0; i--) {
    const lo = s[i]!;
    const hi = s[i + 1];
    out.push({
      from: lo,
      to: hi ?? Infinity,
      color: WARM[i]!,
      label: hi === undefined ? `> +${um(lo)}` : `+${lo} … +${um(hi)}`,
    });
  }
  out.push({ from: -s[0], to: s[0], color: NEUTRAL, label: `within ±${um(s[0])}` });
  for (let i = 0; i < s.length; i++) {
    const lo = s[i]!;
    const hi = s[i + 1];
    out.push({
      from: hi === undefined ? -Infinity : -hi,
      to: -lo,
      color: COOL[i]!,
      label: hi === undefined ? `< −${um(lo)}` : `−${lo} … −${um(hi)}`,
    });
  }
  return out;
}

const BANDS = deviationBands();

/** The band index of a signed deviation in µm (NaN: -1, no counterpart). */
export function bandOf(deviationUm: number): number {
  if (Number.isNaN(deviationUm)) return -1;
  for (let i = 0; i < BANDS.length; i++) {
    const b = BANDS[i]!;
    if (deviationUm >= b.from && deviationUm < b.to) return i;
  }
  // Exactly +∞ cannot happen; −∞ or a value on an open end falls in the last band.
  return deviationUm > 0 ? 0 : BANDS.length - 1;
}

export function colorOf(deviationUm: number): Rgb {
  const i = bandOf(deviationUm);
  return i < 0 ? NO_COUNTERPART : BANDS[i]!.color;
}

/** Per-vertex RGB (0–1) for signed distances in mm, and the vertex count in each band. */
export function colorize(distancesMm: Float32Array): { colors: Float32Array; counts: number[] } {
  const colors = new Float32Array(distancesMm.length * 3);
  const counts = new Array<number>(BANDS.length + 1).fill(0);
  for (let v = 0; v < distancesMm.length; v++) {
    const d = distancesMm[v]! * 1000;
    const i = bandOf(d);
    counts[i < 0 ? BANDS.length : i]!++;
    const c = i < 0 ? NO_COUNTERPART : BANDS[i]!.color;
    colors[v * 3] = c[0];
    colors[v * 3 + 1] = c[1];
    colors[v * 3 + 2] = c[2];
  }
  return { colors, counts };
}

/** "+100 µm" / "−35 µm" / "no counterpart" for a distance in mm. */
export function formatDeviation(mm: number): string {
  if (Number.isNaN(mm)) return 'no counterpart';
  const v = Math.round(mm * 1000);
  return `${v > 0 ? '+' : v < 0 ? '−' : '±'}${Math.abs(v)} µm`;
}
