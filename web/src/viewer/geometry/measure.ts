/**
 * Measurements between points on the models and their labels (clinical-review.md: millimetres
 * with two decimals, degrees with one, the unit on every label). Points are world coordinates,
 * which are the models' own millimetres (the viewer places every model at its file's
 * coordinates). Pure functions, no three.js needed: anything with x, y, z will do.
 */

export interface Point3 {
  readonly x: number;
  readonly y: number;
  readonly z: number;
}

/** Straight distance between two points (mm). */
export function distance(a: Point3, b: Point3): number {
  return Math.hypot(b.x - a.x, b.y - a.y, b.z - a.z);
}

export interface PolylineMeasure {
  /** Length of each segment: segments[i] joins points i and i + 1. */
  segments: number[];
  /** Length from the first point to point i (running[0] = 0). */
  running: number[];
  total: number;
}

/** Segment lengths and the running total along a polyline of points (mm). */
export function polylineLengths(points: readonly Point3[]): PolylineMeasure {
  const segments: number[] = [];
  const running: number[] = points.length ? [0] : [];
  let total = 0;
  for (let i = 1; i < points.length; i++) {
    const d = distance(points[i - 1]!, points[i]!);
    segments.push(d);
    total += d;
    running.push(total);
  }
  return { segments, running, total };
}

/**
 * The angle at `vertex` between the rays to `a` and to `c`, in degrees (0–180); null when either
 * arm has no length.
 */
export function angleAt(a: Point3, vertex: Point3, c: Point3): number | null {
  const ux = a.x - vertex.x;
  const uy = a.y - vertex.y;
  const uz = a.z - vertex.z;
  const vx = c.x - vertex.x;
  const vy = c.y - vertex.y;
  const vz = c.z - vertex.z;
  // atan2(|u × v|, u · v) keeps its precision near 0° and 180°, where acos does not.
  const cx = uy * vz - uz * vy;
  const cy = uz * vx - ux * vz;
  const cz = ux * vy - uy * vx;
  const cross = Math.hypot(cx, cy, cz);
  const dot = ux * vx + uy * vy + uz * vz;
  if ((ux === 0 && uy === 0 && uz === 0) || (vx === 0 && vy === 0 && vz === 0)) return null;
  return (Math.atan2(cross, dot) * 180) / Math.PI;
}

/**
 * `value` with `digits` decimals, halves rounded away from zero on the decimal value as printed
 * (toFixed rounds the binary value: (1.005).toFixed(2) is '1.00').
 */
function fixed(value: number, digits: number): string {
  const abs = Math.abs(value);
  const text = String(abs);
  const scaled = text.includes('e') ? abs * 10 ** digits : Number(`${text}e${digits}`);
  const rounded = Math.round(scaled) / 10 ** digits;
  return `${value < 0 && rounded !== 0 ? '-' : ''}${rounded.toFixed(digits)}`;
}

/** A length label: '12.34 mm'. Not a finite number: '– mm'. */
export function formatMm(mm: number): string {
  return Number.isFinite(mm) ? `${fixed(mm, 2)} mm` : '– mm';
}

/** An angle label: '87.5°'. Null or not a finite number: '–°'. */
export function formatDegrees(degrees: number | null): string {
  return degrees !== null && Number.isFinite(degrees) ? `${fixed(degrees, 1)}°` : '–°';
}
