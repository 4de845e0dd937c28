/**
 * Section outlines: where a plane cuts a model's surface, as polylines. Scans are open shells, so
 * the viewer draws this outline rather than a cap: closed loops are marked closed, chains that
 * run off the edge of the scan stay open.
 *
 * Method. Every vertex is classified by the sign of its distance to the plane, a vertex exactly
 * on the plane counting as the positive side (a symbolic perturbation: no case of "on the plane"
 * exists, so vertices, edges and faces lying in the plane need no special handling). A triangle
 * with vertices on both sides is cut along its two crossing edges; each crossing point is
 * computed from the edge's two vertices in a fixed order (by canonical vertex id, weld.ts), so
 * the two triangles sharing an edge produce the same point bit for bit and the segments chain
 * through a hash of edges. Zero-length steps (a crossing exactly at a vertex) are dropped.
 *
 * Only triangles in BVH leaves whose box straddles the plane are visited (meshIndex.ts); buffers
 * grow as needed and are reused from one cut to the next, so dragging allocates nothing.
 */
import { Matrix4, type Box3 } from 'three';
import type { MeshBVH } from 'three-mesh-bvh';
import type { MeshArrays } from './meshArrays';
import type { MeshIndex } from './meshIndex';
import type { PlaneFrame } from './planeFrame';
import { weldMap } from './weld';

/**
 * The outline of one cut. Owned by its slicer and overwritten by the next cut: copy what must
 * outlive it. Arrays may be longer than the counts; only the counted part is meaningful.
 */
export interface SectionOutline {
  chainCount: number;
  /** Chain c is points chainStart[c] … chainStart[c] + chainLength[c] − 1. */
  chainStart: Uint32Array;
  chainLength: Uint32Array;
  /** 1 for a closed loop: its last point joins its first (which is not repeated). */
  chainClosed: Uint8Array;
  pointCount: number;
  /** World coordinates, 3 per point. */
  world: Float32Array;
  /** Coordinates (u, v) in the plane's frame, 2 per point, world units (mm). */
  plane: Float32Array;
  /** Triangles tested for this cut (all of them for a full scan). */
  trianglesTested: number;
  /** Triangles the plane cut. */
  segments: number;
}

export interface SliceOptions {
  /**
   * Geometry-local → world (the scene object's `matrixWorld`); default: the model transform
   * (offset + scale × local), where the viewer draws models today.
   */
  matrixWorld?: Matrix4;
  /** Test every triangle instead of using the BVH (the benchmark's and tests' reference). */
  fullScan?: boolean;
}

const NO_LINK = -1;
const DEFAULTS: SliceOptions = {};

export class SectionSlicer {
  private readonly mesh: MeshArrays;
  private readonly bvh: MeshBVH | undefined;
  private readonly weld: Uint32Array;
  private readonly modelMatrix: Matrix4;

  // The plane in array units (d = n · p − w) and in BVH-local units.
  private nx = 0;
  private ny = 0;
  private nz = 0;
  private w = 0;
  private readonly unit: number;

  // Segments: two ends each; end e has an edge key (lo, hi), a point in array units and a link
  // to the end of another segment on the same edge.
  private segCount = 0;
  private segCapacity = 0;
  private endLo = new Uint32Array(0);
  private endHi = new Uint32Array(0);
  private endPoint = new Float64Array(0);
  private link = new Int32Array(0);
  private visited = new Uint8Array(0);

  // Edge hash, cleared by bumping a generation stamp.
  private tableMask = 0;
  private tableStamp = new Uint32Array(0);
  private tableEnd = new Int32Array(0);
  private generation = 0;

  private readonly out: SectionOutline = {
    chainCount: 0,
    chainStart: new Uint32Array(16),
    chainLength: new Uint32Array(16),
    chainClosed: new Uint8Array(16),
    pointCount: 0,
    world: new Float32Array(3 * 1024),
    plane: new Float32Array(2 * 1024),
    trianglesTested: 0,
    segments: 0,
  };

  // Array units → world (column-major, as Matrix4.elements) and the frame of the current cut.
  private readonly toWorld = new Float64Array(16);
  private frame: PlaneFrame | null = null;

  private readonly visitBounds = (box: Box3): boolean => this.straddles(box);
  private readonly visitRange = (offset: number, count: number): boolean => {
    const bvh = this.bvh!;
    for (let i = offset, end = offset + count; i < end; i++) this.cut(bvh.resolveTriangleIndex(i));
    this.out.trianglesTested += count;
    return false;
  };

  /**
   * `index` (meshIndex.ts) gives the BVH and the weld map; without it every cut scans every
   * triangle and the weld map is computed here.
   */
  constructor(mesh: MeshArrays, index?: MeshIndex) {
    this.mesh = mesh;
    this.bvh = index?.bvh;
    this.weld = index?.weld ?? weldMap(mesh);
    this.unit = mesh.unit;
    const s = mesh.scale;
    const [x, y, z] = mesh.offset;
    this.modelMatrix = new Matrix4().set(s, 0, 0, x, 0, s, 0, y, 0, 0, s, z, 0, 0, 0, 1);
  }

  /** Cuts the model with the plane of `frame` (world coordinates). */
  slice(frame: PlaneFrame, options: SliceOptions = DEFAULTS): SectionOutline {
    const e = (options.matrixWorld ?? this.modelMatrix).elements;
    const t = this.toWorld;
    for (let i = 0; i < 12; i++) t[i] = e[i]! * this.unit;
    t[12] = e[12]!;
    t[13] = e[13]!;
    t[14] = e[14]!;
    t[15] = 1;
    const { normal: n, origin: o } = frame;
    // n · (A p + b) = n · o  ⇔  (Aᵀ n) · p = n · o − n · b
    this.nx = t[0]! * n.x + t[1]! * n.y + t[2]! * n.z;
    this.ny = t[4]! * n.x + t[5]! * n.y + t[6]! * n.z;
    this.nz = t[8]! * n.x + t[9]! * n.y + t[10]! * n.z;
    this.w = n.dot(o) - (t[12]! * n.x + t[13]! * n.y + t[14]! * n.z);
    this.frame = frame;

    this.segCount = 0;
    this.out.trianglesTested = 0;
    if (this.bvh && !options.fullScan) {
      this.bvh.shapecast({ intersectsBounds: this.visitBounds, intersectsRange: this.visitRange });
    } else {
      const n3 = this.mesh.triangleCount;
      for (let tri = 0; tri < n3; tri++) this.cut(tri);
      this.out.trianglesTested = n3;
    }
    this.out.segments = this.segCount;
    this.linkSegments();
    this.chain();
    return this.out;
  }

  /** Whether a BVH box (geometry-local units) may hold a triangle with vertices on both sides. */
  private straddles(box: Box3): boolean {
    // d in local units: (n / unit) · local − w.
    const k = 1 / this.unit;
    const ax = this.nx * k;
    const ay = this.ny * k;
    const az = this.nz * k;
    const { min, max } = box;
    let lo = -this.w;
    let hi = -this.w;
    if (ax > 0) {
      lo += ax * min.x;
      hi += ax * max.x;
    } else {
      lo += ax * max.x;
      hi += ax * min.x;
    }
    if (ay > 0) {
      lo += ay * min.y;
      hi += ay * max.y;
    } else {
      lo += ay * max.y;
      hi += ay * min.y;
    }
    if (az > 0) {
      lo += az * min.z;
      hi += az * max.z;
    } else {
      lo += az * max.z;
      hi += az * min.z;
    }
    // Float rounding between this bound and the per-vertex test must never drop a triangle.
    const margin = 1e-6 * (Math.abs(this.w) + Math.abs(lo) + Math.abs(hi));
    return lo <= margin && hi >= -margin;
  }

  /** Tests one triangle and records its segment if the plane cuts it. */
  private cut(tri: number): void {
    const { positions: p, stride, indices } = this.mesh;
    const i3 = tri * 3;
    const v0 = indices ? indices[i3]! : i3;
    const v1 = indices ? indices[i3 + 1]! : i3 + 1;
    const v2 = indices ? indices[i3 + 2]! : i3 + 2;
    const { nx, ny, nz, w } = this;
    let o = v0 * stride;
    const d0 = nx * p[o]! + ny * p[o + 1]! + nz * p[o + 2]! - w;
    o = v1 * stride;
    const d1 = nx * p[o]! + ny * p[o + 1]! + nz * p[o + 2]! - w;
    o = v2 * stride;
    const d2 = nx * p[o]! + ny * p[o + 1]! + nz * p[o + 2]! - w;
    const s0 = d0 >= 0;
    const s1 = d1 >= 0;
    const s2 = d2 >= 0;
    if (s0 === s1 && s1 === s2) return;
    // The vertex alone on its side, then the other two in winding order.
    let l: number, a: number, b: number, dl: number, da: number, db: number;
    if (s1 === s2) {
      l = v0;
      dl = d0;
      a = v1;
      da = d1;
      b = v2;
      db = d2;
    } else if (s0 === s2) {
      l = v1;
      dl = d1;
      a = v2;
      da = d2;
      b = v0;
      db = d0;
    } else {
      l = v2;
      dl = d2;
      a = v0;
      da = d0;
      b = v1;
      db = d1;
    }
    if (this.segCount === this.segCapacity) this.growSegments();
    const s = this.segCount++;
    this.edgePoint(2 * s, l, dl, a, da);
    this.edgePoint(2 * s + 1, l, dl, b, db);
  }

  /** Records end `e`: where the plane crosses edge (i, j), keyed by canonical vertex ids. */
  private edgePoint(e: number, i: number, di: number, j: number, dj: number): void {
    let ci = this.weld[i]!;
    let cj = this.weld[j]!;
    if (ci > cj) {
      const c = ci;
      ci = cj;
      cj = c;
      const v = i;
      i = j;
      j = v;
      const d = di;
      di = dj;
      dj = d;
    }
    this.endLo[e] = ci;
    this.endHi[e] = cj;
    const { positions: p, stride } = this.mesh;
    const pi = i * stride;
    const pj = j * stride;
    const q = e * 3;
    const out = this.endPoint;
    if (dj === 0 || di === 0) {
      // The crossing is a vertex: take it exactly (p + 1 · (q − p) may round off q).
      const v = dj === 0 ? pj : pi;
      out[q] = p[v]!;
      out[q + 1] = p[v + 1]!;
      out[q + 2] = p[v + 2]!;
      return;
    }
    const t = di / (di - dj);
    out[q] = p[pi]! + t * (p[pj]! - p[pi]!);
    out[q + 1] = p[pi + 1]! + t * (p[pj + 1]! - p[pi + 1]!);
    out[q + 2] = p[pi + 2]! + t * (p[pj + 2]! - p[pi + 2]!);
  }

  private growSegments(): void {
    const cap = Math.max(1024, this.segCapacity * 2);
    const grow32 = (a: Uint32Array) => {
      const b = new Uint32Array(cap * 2);
      b.set(a);
      return b;
    };
    this.endLo = grow32(this.endLo);
    this.endHi = grow32(this.endHi);
    const pts = new Float64Array(cap * 6);
    pts.set(this.endPoint);
    this.endPoint = pts;
    this.link = new Int32Array(cap * 2);
    this.visited = new Uint8Array(cap);
    this.segCapacity = cap;
  }

  /** Links every segment end to the other end on the same edge. */
  private linkSegments(): void {
    const ends = this.segCount * 2;
    const link = this.link;
    link.fill(NO_LINK, 0, ends);
    if (this.tableStamp.length < ends * 2) {
      let size = 1024;
      while (size < ends * 2) size <<= 1;
      this.tableStamp = new Uint32Array(size);
      this.tableEnd = new Int32Array(size);
      this.tableMask = size - 1;
      this.generation = 0;
    }
    const gen = ++this.generation;
    const { tableStamp: stamp, tableEnd: slotEnd, tableMask: mask, endLo, endHi } = this;
    for (let e = 0; e < ends; e++) {
      const lo = endLo[e]!;
      const hi = endHi[e]!;
      let h = Math.imul(lo, 0x9e3779b1) ^ Math.imul(hi, 0x85ebca77);
      h ^= h >>> 15;
      h = Math.imul(h, 0x2c1b3c6d);
      h ^= h >>> 13;
      let slot = h & mask;
      for (;;) {
        if (stamp[slot] !== gen) {
          stamp[slot] = gen;
          slotEnd[slot] = e;
          break;
        }
        const f = slotEnd[slot]!;
        if (endLo[f] === lo && endHi[f] === hi) {
          // A third face on one edge (non-manifold) stays unlinked: its chain just ends there.
          if (link[f] === NO_LINK && f >> 1 !== e >> 1) {
            link[f] = e;
            link[e] = f;
          }
          break;
        }
        slot = (slot + 1) & mask;
      }
    }
  }

  /** Walks the linked segments into chains: open ones first (from a free end), then loops. */
  private chain(): void {
    const out = this.out;
    out.chainCount = 0;
    out.pointCount = 0;
    const n = this.segCount;
    const visited = this.visited;
    visited.fill(0, 0, n);
    const link = this.link;
    for (let s = 0; s < n; s++) {
      if (visited[s]) continue;
      if (link[2 * s] === NO_LINK) this.walk(2 * s);
      else if (link[2 * s + 1] === NO_LINK) this.walk(2 * s + 1);
    }
    for (let s = 0; s < n; s++) if (!visited[s]) this.walk(2 * s);
  }

  /** Emits the chain that starts at segment end `start`. */
  private walk(start: number): void {
    const out = this.out;
    const link = this.link;
    const visited = this.visited;
    const first = out.pointCount;
    const startSeg = start >> 1;
    let enter = start;
    let closed = false;
    this.push(enter, first);
    for (;;) {
      visited[enter >> 1] = 1;
      const exit = enter ^ 1;
      this.push(exit, first);
      const next = link[exit]!;
      if (next === NO_LINK) break;
      if (next >> 1 === startSeg) {
        closed = true;
        break;
      }
      if (visited[next >> 1]) break;
      enter = next;
    }
    let count = out.pointCount - first;
    if (closed && count > 1 && this.samePoint(first, first + count - 1)) count--;
    out.pointCount = first + count;
    if (count < (closed ? 3 : 2)) {
      out.pointCount = first;
      return;
    }
    if (out.chainCount === out.chainStart.length) this.growChains();
    const c = out.chainCount++;
    out.chainStart[c] = first;
    out.chainLength[c] = count;
    out.chainClosed[c] = closed ? 1 : 0;
  }

  private samePoint(a: number, b: number): boolean {
    const w = this.out.world;
    return w[a * 3] === w[b * 3] && w[a * 3 + 1] === w[b * 3 + 1] && w[a * 3 + 2] === w[b * 3 + 2];
  }

  /** Appends end `e`'s point unless it repeats the chain's previous point. */
  private push(e: number, chainFirst: number): void {
    const out = this.out;
    const q = e * 3;
    const p = this.endPoint;
    const x = p[q]!;
    const y = p[q + 1]!;
    const z = p[q + 2]!;
    const t = this.toWorld;
    const wx = t[0]! * x + t[4]! * y + t[8]! * z + t[12]!;
    const wy = t[1]! * x + t[5]! * y + t[9]! * z + t[13]!;
    const wz = t[2]! * x + t[6]! * y + t[10]! * z + t[14]!;
    const k = out.pointCount;
    if (k > chainFirst) {
      const w = out.world;
      if (w[k * 3 - 3] === Math.fround(wx) && w[k * 3 - 2] === Math.fround(wy)) {
        if (w[k * 3 - 1] === Math.fround(wz)) return;
      }
    }
    if ((k + 1) * 3 > out.world.length) this.growPoints();
    out.world[k * 3] = wx;
    out.world[k * 3 + 1] = wy;
    out.world[k * 3 + 2] = wz;
    const f = this.frame!;
    const dx = wx - f.origin.x;
    const dy = wy - f.origin.y;
    const dz = wz - f.origin.z;
    out.plane[k * 2] = dx * f.u.x + dy * f.u.y + dz * f.u.z;
    out.plane[k * 2 + 1] = dx * f.v.x + dy * f.v.y + dz * f.v.z;
    out.pointCount = k + 1;
  }

  private growPoints(): void {
    const out = this.out;
    const world = new Float32Array(out.world.length * 2);
    world.set(out.world);
    const plane = new Float32Array(out.plane.length * 2);
    plane.set(out.plane);
    out.world = world;
    out.plane = plane;
  }

  private growChains(): void {
    const out = this.out;
    const cap = out.chainStart.length * 2;
    const start = new Uint32Array(cap);
    start.set(out.chainStart);
    const length = new Uint32Array(cap);
    length.set(out.chainLength);
    const closed = new Uint8Array(cap);
    closed.set(out.chainClosed);
    out.chainStart = start;
    out.chainLength = length;
    out.chainClosed = closed;
  }
}

/**
 * Length of an outline's chain (or of every chain), closing segment of a loop included, in world
 * units (mm).
 */
export function outlineLength(outline: SectionOutline, chain?: number): number {
  let total = 0;
  const from = chain ?? 0;
  const to = chain === undefined ? outline.chainCount : chain + 1;
  const w = outline.world;
  for (let c = from; c < to; c++) {
    const s = outline.chainStart[c]!;
    const n = outline.chainLength[c]!;
    const last = outline.chainClosed[c] ? n : n - 1;
    for (let i = 0; i < last; i++) {
      const a = (s + i) * 3;
      const b = (s + ((i + 1) % n)) * 3;
      total += Math.hypot(w[b]! - w[a]!, w[b + 1]! - w[a + 1]!, w[b + 2]! - w[a + 2]!);
    }
  }
  return total;
}
