/**
 * The model frame of dental meshes and the camera poses of the standard views, computed from the
 * geometry alone (clinical-review.md "Views": scans share no coordinate frame, so +Y or +Z means
 * nothing). Pure and browser-safe: no imports, no I/O; the viewer and the server's thumbnail use
 * the same poses.
 *
 * - The arch plane comes from the principal axes of the surface (area-weighted second moments):
 *   the arch spreads in the two largest, the teeth rise along the smallest.
 * - The occlusal side: an open shell (an intraoral scan has no bottom) has a net area-weighted
 *   normal, and it points away from the opening, i.e. toward the biting surfaces. A closed
 *   surface has none, so the relief decides: seen from the occlusal side the surface has cusps
 *   and fissures (many small valleys), seen from the other side a smooth cap or a flat base.
 * - The front (labial) direction: along the left–right axis, the middle of an arch (incisors)
 *   lies at one end of the front–back axis and its ends (molars) at the other.
 * - A single crown has no arch: its occlusal axis is the direction with the most relief among
 *   the principal axes (an incisor crown is taller than wide, so the smallest axis may be wrong).
 *
 * Poses come out in the units of the positions. Limits: the relief test has been checked on
 * crowns-only arches, a crown and synthetic shapes; a closed crown design whose inner (intaglio)
 * surface is a deep hollow, or two arches in occlusion drawn together, may put the occlusal side
 * wrong — `occlusalMargin` tells how clear the decision was.
 */

export type Vec3 = [number, number, number];

/** One mesh: xyz positions (`stride` numbers per vertex) and triangles (none: a triangle soup). */
export interface FrameMesh {
  positions: ArrayLike<number>;
  /** Triangle corners as vertex numbers; absent or null: every three vertices are a triangle. */
  indices?: ArrayLike<number> | null;
  /** Numbers per vertex in `positions` (3, or 4 for the viewer's padded quantised grid). */
  stride?: number;
}

export type Jaw = 'upper' | 'lower';

export interface FrameOptions {
  /**
   * Which jaw the models are, when known (e.g. from the layer name). It only decides the
   * patient's up: an upper arch's crowns hang down. Unknown: the bench convention, teeth up,
   * as a model on a technician's bench (so left/right are the patient's for a lower arch).
   */
  jaw?: Jaw;
}

export interface ModelFrame {
  /** Centre of the oriented bounding box (world units). */
  center: Vec3;
  /** Unit vectors: toward the biting surfaces, toward the incisors (labial), patient's left. */
  occlusal: Vec3;
  front: Vec3;
  left: Vec3;
  /** The patient's up: -occlusal for an upper jaw, +occlusal otherwise. */
  up: Vec3;
  /** Half extents along left, front, occlusal. */
  halfExtents: Vec3;
  /** What was recognised: a dental arch (or arch segment), or anything else (e.g. one crown). */
  kind: 'arch' | 'single';
  /** How the occlusal side was decided. */
  occlusalEvidence: 'open-shell' | 'relief' | 'none';
  /**
   * How clearly (0–1): for an open shell |net normal| over the area across the axis, for relief
   * 1 − (the other side's score / the chosen side's). Around 0.3 or more on real arches.
   */
  occlusalMargin: number;
  jaw: Jaw | 'unknown';
  /** Sample of surface points (xyz, world units) including the extremes: what views are fitted to. */
  fitPoints: Float32Array;
}

export type StandardView =
  'occlusal' | 'front' | 'back' | 'left' | 'right' | 'bottom' | 'threeQuarter' | 'fit';

export const STANDARD_VIEWS: readonly StandardView[] = [
  'occlusal',
  'front',
  'back',
  'left',
  'right',
  'bottom',
  'threeQuarter',
  'fit',
];

export interface Lens {
  /** Vertical field of view in degrees (three's PerspectiveCamera.fov). */
  fovDeg: number;
  /** Width / height of the picture. */
  aspect: number;
  /** Room around the model: 1.1 leaves about 5 % on each side. Default 1.1. */
  margin?: number;
}

export interface CameraPose {
  position: Vec3;
  target: Vec3;
  /** Unit, perpendicular to the view direction. */
  up: Vec3;
  /** From position to target. */
  distance: number;
  /** Planes that enclose the model with room to spare (for a projection matrix). */
  near: number;
  far: number;
}

/** Elevation of the default view above the occlusal plane, from the front. */
export const THREE_QUARTER_ELEVATION_DEG = 40;

/** Triangles examined at most (evenly strided); the rest add nothing a frame needs. */
const MAX_TRIANGLES = 30_000;
/** Points kept for fitting views (plus the six extremes). */
const FIT_POINTS = 2048;
/** Cells of the relief grid along the longer side. */
const RELIEF_GRID = 64;
/** Envelope cells steeper than this (squared gradient, ~35°) say nothing about relief. */
const MAX_SLOPE2 = 0.5;
/** |net normal · axis| over Σ area·|n · axis| above this: an open shell, its net normal decides. */
const OPEN_SHELL = 0.25;
/** An arch's middle lies this far (in half extents of the other axis) from its ends, or more. */
const ARCH_BULGE = 0.3;

type Mat3 = [number, number, number, number, number, number, number, number, number];

const dot = (a: Vec3, b: Vec3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const scale = (a: Vec3, s: number): Vec3 => [a[0] * s, a[1] * s, a[2] * s];
const add = (a: Vec3, b: Vec3): Vec3 => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const cross = (a: Vec3, b: Vec3): Vec3 => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];
const norm = (a: Vec3): Vec3 => {
  const l = Math.hypot(a[0], a[1], a[2]);
  return l > 0 ? scale(a, 1 / l) : [0, 0, 0];
};

/**
 * The triangles of every mesh as 9 coordinates each (evenly strided when there are many),
 * skipping those with an index out of range or a coordinate that is not finite.
 */
function gatherTriangles(meshes: readonly FrameMesh[]): Float32Array {
  const counts = meshes.map((m) =>
    Math.floor((m.indices ? m.indices.length : m.positions.length / (m.stride ?? 3)) / 3),
  );
  const total = counts.reduce((s, n) => s + n, 0);
  const every = Math.max(1, Math.ceil(total / MAX_TRIANGLES));
  const out = new Float32Array(Math.ceil(total / every + meshes.length) * 9);
  let o = 0;
  meshes.forEach((m, mi) => {
    const n = counts[mi] ?? 0;
    const s = m.stride ?? 3;
    const pos = m.positions;
    const idx = m.indices;
    const vertices = Math.floor(pos.length / s);
    for (let i = 0; i < n; i += every) {
      let ok = true;
      for (let k = 0; k < 3 && ok; k++) {
        const v = idx ? (idx[i * 3 + k] ?? -1) : i * 3 + k;
        if (!(v >= 0 && v < vertices)) ok = false;
        else
          for (let c = 0; c < 3; c++) {
            const x = pos[v * s + c] ?? NaN;
            if (!Number.isFinite(x)) ok = false;
            out[o + k * 3 + c] = x;
          }
      }
      if (ok) o += 9;
    }
  });
  return out.subarray(0, o);
}

/** Eigenvectors of a symmetric 3×3 matrix (Jacobi), sorted by decreasing eigenvalue. */
export function symmetricEigen(m: Mat3): { values: Vec3; vectors: [Vec3, Vec3, Vec3] } {
  const a = [...m];
  const v = [1, 0, 0, 0, 1, 0, 0, 0, 1];
  for (let sweep = 0; sweep < 50; sweep++) {
    const off = Math.abs(a[1]!) + Math.abs(a[2]!) + Math.abs(a[5]!);
    if (off <= 1e-15 * (Math.abs(a[0]!) + Math.abs(a[4]!) + Math.abs(a[8]!)) || off === 0) break;
    for (const [p, q] of [
      [0, 1],
      [0, 2],
      [1, 2],
    ] as const) {
      const apq = a[p * 3 + q]!;
      if (apq === 0) continue;
      const app = a[p * 3 + p]!;
      const aqq = a[q * 3 + q]!;
      const theta = (aqq - app) / (2 * apq);
      const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
      const c = 1 / Math.sqrt(t * t + 1);
      const s = t * c;
      for (let k = 0; k < 3; k++) {
        const akp = a[k * 3 + p]!;
        const akq = a[k * 3 + q]!;
        a[k * 3 + p] = c * akp - s * akq;
        a[k * 3 + q] = s * akp + c * akq;
      }
      for (let k = 0; k < 3; k++) {
        const apk = a[p * 3 + k]!;
        const aqk = a[q * 3 + k]!;
        a[p * 3 + k] = c * apk - s * aqk;
        a[q * 3 + k] = s * apk + c * aqk;
      }
      for (let k = 0; k < 3; k++) {
        const vkp = v[k * 3 + p]!;
        const vkq = v[k * 3 + q]!;
        v[k * 3 + p] = c * vkp - s * vkq;
        v[k * 3 + q] = s * vkp + c * vkq;
      }
    }
  }
  const order = [0, 1, 2].sort((i, j) => a[j * 4]! - a[i * 4]!);
  const col = (i: number): Vec3 => [v[i]!, v[3 + i]!, v[6 + i]!];
  return {
    values: order.map((i) => a[i * 4]!) as Vec3,
    vectors: order.map(col) as [Vec3, Vec3, Vec3],
  };
}

interface Moments {
  area: number;
  centroid: Vec3;
  axes: [Vec3, Vec3, Vec3];
  /** Σ of the triangles' area vectors (zero for a closed surface). */
  net: Vec3;
}

/** Area-weighted mean and principal axes of the surface (exact triangle second moments). */
function surfaceMoments(tris: Float32Array): Moments | null {
  if (tris.length === 0) return null;
  // Moments about the first vertex keep the sums well conditioned far from the origin.
  const rx = tris[0]!,
    ry = tris[1]!,
    rz = tris[2]!;
  let area = 0,
    mx = 0,
    my = 0,
    mz = 0,
    nx = 0,
    ny = 0,
    nz = 0;
  let xx = 0,
    xy = 0,
    xz = 0,
    yy = 0,
    yz = 0,
    zz = 0;
  for (let t = 0; t < tris.length; t += 9) {
    const ax = tris[t]! - rx,
      ay = tris[t + 1]! - ry,
      az = tris[t + 2]! - rz;
    const bx = tris[t + 3]! - rx,
      by = tris[t + 4]! - ry,
      bz = tris[t + 5]! - rz;
    const cx = tris[t + 6]! - rx,
      cy = tris[t + 7]! - ry,
      cz = tris[t + 8]! - rz;
    const ux = bx - ax,
      uy = by - ay,
      uz = bz - az;
    const vx = cx - ax,
      vy = cy - ay,
      vz = cz - az;
    const qx = uy * vz - uz * vy,
      qy = uz * vx - ux * vz,
      qz = ux * vy - uy * vx;
    nx += qx / 2;
    ny += qy / 2;
    nz += qz / 2;
    const a = Math.sqrt(qx * qx + qy * qy + qz * qz) / 2;
    if (!(a > 0)) continue;
    area += a;
    const sx = ax + bx + cx,
      sy = ay + by + cy,
      sz = az + bz + cz;
    mx += (a * sx) / 3;
    my += (a * sy) / 3;
    mz += (a * sz) / 3;
    // ∫ x xᵀ dA over a triangle = A/12 · (Σ vᵢvᵢᵀ + (Σ vᵢ)(Σ vᵢ)ᵀ).
    const k = a / 12;
    xx += k * (ax * ax + bx * bx + cx * cx + sx * sx);
    xy += k * (ax * ay + bx * by + cx * cy + sx * sy);
    xz += k * (ax * az + bx * bz + cx * cz + sx * sz);
    yy += k * (ay * ay + by * by + cy * cy + sy * sy);
    yz += k * (ay * az + by * bz + cy * cz + sy * sz);
    zz += k * (az * az + bz * bz + cz * cz + sz * sz);
  }
  if (!(area > 0)) return null;
  const m: Vec3 = [mx / area, my / area, mz / area];
  const cov: Mat3 = [
    xx / area - m[0] * m[0],
    xy / area - m[0] * m[1],
    xz / area - m[0] * m[2],
    xy / area - m[0] * m[1],
    yy / area - m[1] * m[1],
    yz / area - m[1] * m[2],
    xz / area - m[0] * m[2],
    yz / area - m[1] * m[2],
    zz / area - m[2] * m[2],
  ];
  const { vectors } = symmetricEigen(cov);
  return {
    area,
    centroid: [m[0] + rx, m[1] + ry, m[2] + rz],
    axes: vectors.map(norm) as [Vec3, Vec3, Vec3],
    net: [nx, ny, nz],
  };
}

/**
 * Relief seen from +axis and from -axis: the surface's upper and lower envelopes over a grid in
 * the plane of `u`, `v`, each scored by its mean valley depth (discrete Laplacian toward the
 * outside, positive part, in cells) over cells whose envelope is no steeper than ~35°. Cusps and
 * fissures score high; a smooth cap, a flat base or a side wall seen edge-on score low.
 */
function relief(
  tris: Float32Array,
  origin: Vec3,
  u: Vec3,
  v: Vec3,
  axis: Vec3,
): { plus: number; minus: number } {
  const n = tris.length / 3;
  let u0 = Infinity,
    u1 = -Infinity,
    v0 = Infinity,
    v1 = -Infinity;
  for (let i = 0; i < n; i++) {
    const x = tris[i * 3]! - origin[0],
      y = tris[i * 3 + 1]! - origin[1],
      z = tris[i * 3 + 2]! - origin[2];
    const a = x * u[0] + y * u[1] + z * u[2];
    const b = x * v[0] + y * v[1] + z * v[2];
    if (a < u0) u0 = a;
    if (a > u1) u1 = a;
    if (b < v0) v0 = b;
    if (b > v1) v1 = b;
  }
  const cell = Math.max(u1 - u0, v1 - v0) / (RELIEF_GRID - 2);
  if (!(cell > 0)) return { plus: 0, minus: 0 };
  const w = Math.ceil((u1 - u0) / cell) + 2;
  const h = Math.ceil((v1 - v0) / cell) + 2;
  const top = new Float64Array(w * h).fill(-Infinity);
  const bot = new Float64Array(w * h).fill(Infinity);
  // Corners in cell units (x, y) and height along the axis, per triangle.
  const c = new Float64Array(9);
  for (let t = 0; t < tris.length; t += 9) {
    for (let k = 0; k < 3; k++) {
      const x = tris[t + k * 3]! - origin[0],
        y = tris[t + k * 3 + 1]! - origin[1],
        z = tris[t + k * 3 + 2]! - origin[2];
      const cx = (x * u[0] + y * u[1] + z * u[2] - u0) / cell + 0.5;
      const cy = (x * v[0] + y * v[1] + z * v[2] - v0) / cell + 0.5;
      const ch = x * axis[0] + y * axis[1] + z * axis[2];
      c[k * 3] = cx;
      c[k * 3 + 1] = cy;
      c[k * 3 + 2] = ch;
      // Corners always land, so triangles smaller than a cell still cover it.
      const kc = Math.floor(cy) * w + Math.floor(cx);
      if (ch > top[kc]!) top[kc] = ch;
      if (ch < bot[kc]!) bot[kc] = ch;
    }
    const ax = c[0]!,
      ay = c[1]!,
      bx = c[3]!,
      by = c[4]!,
      cx = c[6]!,
      cy = c[7]!;
    const x0 = Math.ceil(Math.min(ax, bx, cx) - 0.5),
      x1 = Math.floor(Math.max(ax, bx, cx) - 0.5);
    if (x0 > x1) continue;
    const y0 = Math.ceil(Math.min(ay, by, cy) - 0.5),
      y1 = Math.floor(Math.max(ay, by, cy) - 0.5);
    if (y0 > y1) continue;
    const det = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
    if (Math.abs(det) < 1e-12) continue;
    for (let y = y0; y <= y1; y++)
      for (let x = x0; x <= x1; x++) {
        const px = x + 0.5,
          py = y + 0.5;
        const w0 = ((bx - px) * (cy - py) - (by - py) * (cx - px)) / det;
        const w1 = ((cx - px) * (ay - py) - (cy - py) * (ax - px)) / det;
        const w2 = 1 - w0 - w1;
        if (w0 < 0 || w1 < 0 || w2 < 0) continue;
        const z = w0 * c[2]! + w1 * c[5]! + w2 * c[8]!;
        const k = y * w + x;
        if (z > top[k]!) top[k] = z;
        if (z < bot[k]!) bot[k] = z;
      }
  }
  const score = (env: Float64Array, outward: number): number => {
    let sum = 0;
    let cells = 0;
    for (let y = 1; y < h - 1; y++)
      for (let x = 1; x < w - 1; x++) {
        const k = y * w + x;
        const z = env[k]!,
          l = env[k - 1]!,
          r = env[k + 1]!,
          d = env[k - w]!,
          t = env[k + w]!;
        // Every neighbour covered: finite sums (±Infinity marks an empty cell).
        if (
          !Number.isFinite(z + l + r + d + t) ||
          !Number.isFinite(env[k - w - 1]! + env[k - w + 1]! + env[k + w - 1]! + env[k + w + 1]!)
        )
          continue;
        const gx = (r - l) / (2 * cell),
          gy = (t - d) / (2 * cell);
        if (gx * gx + gy * gy > MAX_SLOPE2) continue;
        sum += Math.max(0, (outward * ((l + r + d + t) / 4 - z)) / cell);
        cells++;
      }
    return cells > 0 ? sum / cells : 0;
  };
  return { plus: score(top, 1), minus: score(bot, -1) };
}

/** How strongly the middle of `along` sits toward one end of `across` (signed, in half extents). */
function bulge(points: Float32Array, center: Vec3, along: Vec3, across: Vec3): number {
  const n = points.length / 3;
  const a = new Float64Array(n);
  const b = new Float64Array(n);
  let a0 = Infinity,
    a1 = -Infinity,
    b0 = Infinity,
    b1 = -Infinity;
  for (let i = 0; i < n; i++) {
    const x = points[i * 3]! - center[0],
      y = points[i * 3 + 1]! - center[1],
      z = points[i * 3 + 2]! - center[2];
    a[i] = x * along[0] + y * along[1] + z * along[2];
    b[i] = x * across[0] + y * across[1] + z * across[2];
    a0 = Math.min(a0, a[i]!);
    a1 = Math.max(a1, a[i]!);
    b0 = Math.min(b0, b[i]!);
    b1 = Math.max(b1, b[i]!);
  }
  const mid = (a0 + a1) / 2;
  const half = (a1 - a0) / 2;
  const halfB = (b1 - b0) / 2;
  if (!(half > 0) || !(halfB > 0)) return 0;
  let sm = 0,
    nm = 0,
    se = 0,
    ne = 0;
  for (let i = 0; i < n; i++) {
    const d = Math.abs(a[i]! - mid) / half;
    if (d < 0.2) {
      sm += b[i]!;
      nm++;
    } else if (d > 0.6) {
      se += b[i]!;
      ne++;
    }
  }
  if (nm === 0 || ne === 0) return 0;
  return (sm / nm - se / ne) / halfB;
}

/** In the plane of `u`, `v`: the left–right axis is the one whose middle bulges most. */
function inPlaneFront(
  points: Float32Array,
  center: Vec3,
  u: Vec3,
  v: Vec3,
): { front: Vec3; bulge: number } {
  const bu = bulge(points, center, u, v);
  const bv = bulge(points, center, v, u);
  return Math.abs(bu) >= Math.abs(bv)
    ? { front: scale(v, bu >= 0 ? 1 : -1), bulge: bu }
    : { front: scale(u, bv >= 0 ? 1 : -1), bulge: bv };
}

/** Evenly spaced corners of the triangles, plus the extreme corners along each of `axes`. */
function samplePoints(tris: Float32Array, axes: readonly Vec3[], limit: number): Float32Array {
  const n = tris.length / 3;
  const every = Math.max(1, Math.ceil(n / limit));
  const kept = Math.ceil(n / every);
  const out = new Float32Array((kept + axes.length * 2) * 3);
  const lo = new Float64Array(axes.length).fill(Infinity);
  const hi = new Float64Array(axes.length).fill(-Infinity);
  const loAt = new Uint32Array(axes.length);
  const hiAt = new Uint32Array(axes.length);
  for (let i = 0, o = 0; i < n; i++) {
    const x = tris[i * 3]!,
      y = tris[i * 3 + 1]!,
      z = tris[i * 3 + 2]!;
    if (i % every === 0) {
      out[o++] = x;
      out[o++] = y;
      out[o++] = z;
    }
    for (let j = 0; j < axes.length; j++) {
      const ax = axes[j]!;
      const d = x * ax[0] + y * ax[1] + z * ax[2];
      if (d < lo[j]!) {
        lo[j] = d;
        loAt[j] = i;
      }
      if (d > hi[j]!) {
        hi[j] = d;
        hiAt[j] = i;
      }
    }
  }
  [...loAt, ...hiAt].forEach((i, k) => out.set(tris.subarray(i * 3, i * 3 + 3), (kept + k) * 3));
  return out;
}

/**
 * The model frame of one or more meshes in the same coordinates (e.g. an arch and its crown);
 * null when they hold no triangle with an area.
 */
export function modelFrame(
  meshes: readonly FrameMesh[],
  opts: FrameOptions = {},
): ModelFrame | null {
  const tris = gatherTriangles(meshes);
  const mom = surfaceMoments(tris);
  if (!mom) return null;
  const [e1, e2, e3] = mom.axes;
  const points = samplePoints(tris, mom.axes, FIT_POINTS);

  // Arch or not: the middle of an arch along its left–right axis sits at its front.
  const plane = inPlaneFront(points, mom.centroid, e1, e2);
  const kind: ModelFrame['kind'] = Math.abs(plane.bulge) >= ARCH_BULGE ? 'arch' : 'single';
  let front = plane.front;
  let occlusal: Vec3 = e3;
  let evidence: ModelFrame['occlusalEvidence'] = 'none';
  let margin = 0;

  // Σ area·|n·e3|: what the net normal is compared with.
  let across = 0;
  for (let t = 0; t < tris.length; t += 9) {
    const ux = tris[t + 3]! - tris[t]!,
      uy = tris[t + 4]! - tris[t + 1]!,
      uz = tris[t + 5]! - tris[t + 2]!;
    const vx = tris[t + 6]! - tris[t]!,
      vy = tris[t + 7]! - tris[t + 1]!,
      vz = tris[t + 8]! - tris[t + 2]!;
    across +=
      Math.abs(
        (uy * vz - uz * vy) * e3[0] + (uz * vx - ux * vz) * e3[1] + (ux * vy - uy * vx) * e3[2],
      ) / 2;
  }
  const netAlong = dot(mom.net, e3);
  if (across > 0 && Math.abs(netAlong) / across > OPEN_SHELL) {
    occlusal = scale(e3, Math.sign(netAlong));
    evidence = 'open-shell';
    margin = Math.abs(netAlong) / across;
  } else if (kind === 'arch') {
    const r = relief(tris, mom.centroid, e1, e2, e3);
    if (r.plus !== r.minus) {
      occlusal = scale(e3, r.plus > r.minus ? 1 : -1);
      evidence = 'relief';
      margin = 1 - Math.min(r.plus, r.minus) / Math.max(r.plus, r.minus);
    }
  } else {
    // One crown (or an unrecognised shape): the principal axis with the most relief on one
    // side; the front is then chosen in the plane across it.
    const sides = [0, 1, 2].flatMap((i) => {
      const r = relief(
        tris,
        mom.centroid,
        mom.axes[(i + 1) % 3]!,
        mom.axes[(i + 2) % 3]!,
        mom.axes[i]!,
      );
      return [
        { i, sign: 1, score: r.plus },
        { i, sign: -1, score: r.minus },
      ];
    });
    sides.sort((a, b) => b.score - a.score);
    const best = sides[0]!;
    if (best.score > 0) {
      const i = best.i;
      occlusal = scale(mom.axes[i]!, best.sign);
      front = inPlaneFront(
        points,
        mom.centroid,
        mom.axes[(i + 1) % 3]!,
        mom.axes[(i + 2) % 3]!,
      ).front;
      evidence = 'relief';
      margin = 1 - sides[1]!.score / best.score;
    }
  }
  // Exactly orthonormal, right-handed with the patient's up.
  front = norm(sub(front, scale(occlusal, dot(front, occlusal))));
  const up = opts.jaw === 'upper' ? scale(occlusal, -1) : occlusal;
  const left = norm(cross(up, front));

  const axes: Vec3[] = [left, front, occlusal];
  const lo: Vec3 = [Infinity, Infinity, Infinity];
  const hi: Vec3 = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < points.length; i += 3) {
    const p: Vec3 = [points[i]!, points[i + 1]!, points[i + 2]!];
    for (let k = 0; k < 3; k++) {
      const d = dot(p, axes[k]!);
      lo[k] = Math.min(lo[k]!, d);
      hi[k] = Math.max(hi[k]!, d);
    }
  }
  let center: Vec3 = [0, 0, 0];
  for (let k = 0; k < 3; k++) center = add(center, scale(axes[k]!, (lo[k]! + hi[k]!) / 2));
  return {
    center,
    occlusal,
    front,
    left,
    up,
    halfExtents: [(hi[0] - lo[0]) / 2, (hi[1] - lo[1]) / 2, (hi[2] - lo[2]) / 2],
    kind,
    occlusalEvidence: evidence,
    occlusalMargin: margin,
    jaw: opts.jaw ?? 'unknown',
    fitPoints: points,
  };
}

/**
 * A camera looking along `-toCamera` with the model framed: the target is moved so the model's
 * picture is centred, then the distance is the smallest that keeps every fit point inside the
 * field of view (times the margin).
 */
export function fitPose(frame: ModelFrame, toCamera: Vec3, upHint: Vec3, lens: Lens): CameraPose {
  const back = norm(toCamera);
  let up = norm(sub(upHint, scale(back, dot(upHint, back))));
  if (Math.hypot(...up) < 0.5)
    up = norm(cross(back, Math.abs(back[0]) < 0.9 ? [1, 0, 0] : [0, 1, 0]));
  const right = cross(up, back);
  const margin = lens.margin ?? 1.1;
  const tanV = Math.tan((lens.fovDeg * Math.PI) / 360) / margin;
  const tanH = tanV * lens.aspect;
  const pts = frame.fitPoints;
  // Centre the picture on the model's projection (orthographic estimate).
  let x0 = Infinity,
    x1 = -Infinity,
    y0 = Infinity,
    y1 = -Infinity;
  for (let i = 0; i < pts.length; i += 3) {
    const p: Vec3 = sub([pts[i]!, pts[i + 1]!, pts[i + 2]!], frame.center);
    const x = dot(p, right),
      y = dot(p, up);
    x0 = Math.min(x0, x);
    x1 = Math.max(x1, x);
    y0 = Math.min(y0, y);
    y1 = Math.max(y1, y);
  }
  const target = add(add(frame.center, scale(right, (x0 + x1) / 2)), scale(up, (y0 + y1) / 2));
  let distance = 0;
  let radius = 0;
  for (let i = 0; i < pts.length; i += 3) {
    const p: Vec3 = sub([pts[i]!, pts[i + 1]!, pts[i + 2]!], target);
    const z = dot(p, back); // toward the camera
    distance = Math.max(
      distance,
      Math.abs(dot(p, right)) / tanH + z,
      Math.abs(dot(p, up)) / tanV + z,
    );
    radius = Math.max(radius, Math.hypot(p[0], p[1], p[2]));
  }
  radius = Math.max(radius, 1e-6);
  distance = Math.max(distance, radius * 1e-3);
  return {
    position: add(target, scale(back, distance)),
    target,
    up,
    distance,
    near: Math.max(distance - radius * 1.5, distance * 0.01),
    far: distance + radius * 1.5,
  };
}

/** Direction from the model to the camera and the picture's up for one standard view. */
export function viewDirection(frame: ModelFrame, view: StandardView): { toCamera: Vec3; up: Vec3 } {
  const { occlusal: o, front: f, left: l, up } = frame;
  const neg = (a: Vec3): Vec3 => scale(a, -1);
  switch (view) {
    case 'occlusal':
      return { toCamera: o, up: f };
    case 'bottom':
      return { toCamera: neg(o), up: f };
    case 'front':
      return { toCamera: f, up };
    case 'back':
      return { toCamera: neg(f), up };
    case 'left':
      return { toCamera: l, up };
    case 'right':
      return { toCamera: neg(l), up };
    case 'threeQuarter':
    case 'fit': {
      const el = (THREE_QUARTER_ELEVATION_DEG * Math.PI) / 180;
      return { toCamera: add(scale(o, Math.sin(el)), scale(f, Math.cos(el))), up };
    }
  }
}

export function viewPose(frame: ModelFrame, view: StandardView, lens: Lens): CameraPose {
  const d = viewDirection(frame, view);
  return fitPose(frame, d.toCamera, d.up, lens);
}

/** Every standard view; `fit` frames the default (three-quarter) direction. */
export function standardViews(frame: ModelFrame, lens: Lens): Record<StandardView, CameraPose> {
  const out = {} as Record<StandardView, CameraPose>;
  for (const v of STANDARD_VIEWS) out[v] = viewPose(frame, v, lens);
  return out;
}

/**
 * The pose's view-projection matrix (column-major, OpenGL clip conventions as in three.js:
 * NDC z from -1 at `near` to 1 at `far`).
 */
export function viewProjection(pose: CameraPose, lens: Lens): Float32Array {
  const back = norm(sub(pose.position, pose.target));
  const up = norm(sub(pose.up, scale(back, dot(pose.up, back))));
  const right = cross(up, back);
  const f = 1 / Math.tan((lens.fovDeg * Math.PI) / 360);
  const { near: n, far: fa } = pose;
  const p0 = f / lens.aspect,
    p5 = f,
    p10 = (fa + n) / (n - fa),
    p14 = (2 * fa * n) / (n - fa);
  const e = pose.position;
  const rows: Vec3[] = [right, up, back];
  const t = rows.map((r) => -dot(r, e));
  // M = P · V; V has rows right, up, back and translation t.
  const m = new Float32Array(16);
  for (let c = 0; c < 3; c++) {
    m[c * 4] = p0 * rows[0]![c]!;
    m[c * 4 + 1] = p5 * rows[1]![c]!;
    m[c * 4 + 2] = p10 * rows[2]![c]!;
    m[c * 4 + 3] = -rows[2]![c]!;
  }
  m[12] = p0 * t[0]!;
  m[13] = p5 * t[1]!;
  m[14] = p10 * t[2]! + p14;
  m[15] = -t[2]!;
  return m;
}
