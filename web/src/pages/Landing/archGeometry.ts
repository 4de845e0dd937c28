/** Geometry of the hero's dental-arch illustration (pure, computed once). */

export interface ToothShape {
  id: string;
  x: number;
  y: number;
  /** Rotation in degrees, following the arch. */
  angle: number;
  /** Half width along the arch. */
  rx: number;
  /** Half depth across the arch (cheek to tongue). */
  ry: number;
  kind: 'incisor' | 'canine' | 'premolar' | 'molar';
}

const CX = 180;
const TOP = 40;
const A = 118;
const B = 170;
const SPAN = 1.45;

/** Typical crown sizes in mm from the midline back: [mesio-distal, bucco-lingual]. */
const CROWNS: ReadonlyArray<readonly [number, number, ToothShape['kind']]> = [
  [8.5, 7, 'incisor'],
  [6.5, 6, 'incisor'],
  [7.5, 8, 'canine'],
  [7, 9, 'premolar'],
  [6.5, 9, 'premolar'],
  [10, 11, 'molar'],
  [9, 11, 'molar'],
];

/** A point on the arch for θ in [-SPAN, SPAN] (0 = between the front teeth). */
export function archPoint(theta: number): { x: number; y: number } {
  return { x: CX + A * Math.sin(theta), y: TOP + B * (1 - Math.cos(theta)) };
}

/** θ values at which the arc length from the midline reaches each target, walking the curve. */
function thetasAtLengths(targets: readonly number[]): number[] {
  const out: number[] = [];
  let theta = 0;
  let walked = 0;
  let prev = archPoint(0);
  for (const target of targets) {
    while (walked < target && theta < SPAN) {
      theta += 0.0005;
      const p = archPoint(theta);
      walked += Math.hypot(p.x - prev.x, p.y - prev.y);
      prev = p;
    }
    out.push(theta);
  }
  return out;
}

function halfArchLength(): number {
  let len = 0;
  let prev = archPoint(0);
  for (let t = 0.0005; t <= SPAN; t += 0.0005) {
    const p = archPoint(t);
    len += Math.hypot(p.x - prev.x, p.y - prev.y);
    prev = p;
  }
  return len;
}

export function archTeeth(): ToothShape[] {
  const totalMm = CROWNS.reduce((s, c) => s + c[0], 0);
  const scale = (halfArchLength() * 0.97) / totalMm;
  const centres: number[] = [];
  let along = 0;
  for (const [md] of CROWNS) {
    centres.push(along + (md * scale) / 2);
    along += md * scale;
  }
  const thetas = thetasAtLengths(centres);
  const teeth: ToothShape[] = [];
  for (const side of [-1, 1] as const) {
    thetas.forEach((t, i) => {
      const crown = CROWNS[i];
      if (!crown) return;
      const th = t * side;
      const p = archPoint(th);
      teeth.push({
        id: `${side < 0 ? 'r' : 'l'}${i + 1}`,
        x: p.x,
        y: p.y,
        angle: (Math.atan2(B * Math.sin(th), A * Math.cos(th)) * 180) / Math.PI,
        rx: (crown[0] * scale) / 2 - 0.8,
        ry: (crown[1] * scale) / 2,
        kind: crown[2],
      });
    });
  }
  return teeth;
}

/** SVG path of the gum line under the teeth. */
export function archPath(): string {
  const pts: string[] = [];
  for (let i = 0; i <= 60; i++) {
    const t = -SPAN + (2 * SPAN * i) / 60;
    const p = archPoint(t);
    pts.push(`${i === 0 ? 'M' : 'L'}${p.x.toFixed(1)} ${p.y.toFixed(1)}`);
  }
  return pts.join(' ');
}
