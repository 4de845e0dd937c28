/**
 * Whether a welded triangle mesh is a closed surface facing outwards — then no back face can
 * ever be seen from outside it, and the viewer draws front faces only (glTF material
 * `doubleSided: false`): half the triangles are culled before they are rasterised.
 *
 * Closed and consistently wound: every directed edge a→b appears once and its reverse b→a
 * appears once too (a 2-manifold without boundary). Facing outwards: every connected piece
 * encloses a positive signed volume (a piece wound inside-out, or a flat double sheet, does not).
 * Anything else — open scans, seams split by the weld, non-manifold edges — is not closed, and
 * the viewer keeps drawing both sides.
 */

const EMPTY = 0xffffffff;

/** Open-addressing set of directed edges (a, b); false when the edge was already there. */
class EdgeSet {
  private readonly a: Uint32Array;
  private readonly b: Uint32Array;
  private readonly mask: number;

  constructor(edges: number) {
    let cap = 1;
    while (cap < edges * 2) cap <<= 1;
    this.a = new Uint32Array(cap).fill(EMPTY);
    this.b = new Uint32Array(cap);
    this.mask = cap - 1;
  }

  private slot(a: number, b: number): number {
    return (Math.imul(a, 0x9e3779b1) ^ Math.imul(b, 0x85ebca77)) & this.mask;
  }

  add(a: number, b: number): boolean {
    for (let s = this.slot(a, b); ; s = (s + 1) & this.mask) {
      const x = this.a[s]!;
      if (x === EMPTY) {
        this.a[s] = a;
        this.b[s] = b;
        return true;
      }
      if (x === a && this.b[s] === b) return false;
    }
  }

  has(a: number, b: number): boolean {
    for (let s = this.slot(a, b); ; s = (s + 1) & this.mask) {
      const x = this.a[s]!;
      if (x === EMPTY) return false;
      if (x === a && this.b[s] === b) return true;
    }
  }
}

function findRoot(parent: Uint32Array, v: number): number {
  let r = v;
  while (parent[r] !== r) r = parent[r]!;
  // Path halving keeps later look-ups short.
  while (parent[v] !== r) {
    const next = parent[v]!;
    parent[v] = r;
    v = next;
  }
  return r;
}

/**
 * @param indices triangle list over welded vertices (no degenerate triangles)
 * @param vertexCount number of vertices the indices refer to
 * @param position xyz of vertex `v`, written into `out`
 */
export function isClosedOutward(
  indices: Uint32Array,
  vertexCount: number,
  position: (v: number, out: Float64Array) => void,
): boolean {
  if (indices.length === 0) return false;
  const edges = new EdgeSet(indices.length);
  for (let t = 0; t < indices.length; t += 3) {
    const a = indices[t]!;
    const b = indices[t + 1]!;
    const c = indices[t + 2]!;
    // A directed edge twice: two faces wound the same way across it, or more than two faces.
    if (!edges.add(a, b) || !edges.add(b, c) || !edges.add(c, a)) return false;
  }
  for (let t = 0; t < indices.length; t += 3) {
    const a = indices[t]!;
    const b = indices[t + 1]!;
    const c = indices[t + 2]!;
    if (!edges.has(b, a) || !edges.has(c, b) || !edges.has(a, c)) return false;
  }

  // Connected pieces (union–find over the triangles' vertices), then each piece's signed volume.
  const parent = new Uint32Array(vertexCount);
  for (let v = 0; v < vertexCount; v++) parent[v] = v;
  for (let t = 0; t < indices.length; t += 3) {
    const r = findRoot(parent, indices[t]!);
    for (let k = 1; k < 3; k++) {
      const s = findRoot(parent, indices[t + k]!);
      if (s !== r) parent[s] = r;
    }
  }
  // Volumes are taken about the first vertex, so far-from-origin scans keep their precision.
  const o = new Float64Array(3);
  const p = new Float64Array(3);
  const q = new Float64Array(3);
  const r = new Float64Array(3);
  position(indices[0]!, o);
  const volume = new Float64Array(vertexCount);
  const piece = new Uint8Array(vertexCount);
  for (let t = 0; t < indices.length; t += 3) {
    position(indices[t]!, p);
    position(indices[t + 1]!, q);
    position(indices[t + 2]!, r);
    const px = p[0]! - o[0]!;
    const py = p[1]! - o[1]!;
    const pz = p[2]! - o[2]!;
    const qx = q[0]! - o[0]!;
    const qy = q[1]! - o[1]!;
    const qz = q[2]! - o[2]!;
    const rx = r[0]! - o[0]!;
    const ry = r[1]! - o[1]!;
    const rz = r[2]! - o[2]!;
    const root = findRoot(parent, indices[t]!);
    piece[root] = 1;
    // Six times the signed volume of the tetrahedron (o, p, q, r).
    volume[root]! += px * (qy * rz - qz * ry) + py * (qz * rx - qx * rz) + pz * (qx * ry - qy * rx);
  }
  for (let v = 0; v < vertexCount; v++) if (piece[v] && volume[v]! <= 0) return false;
  return true;
}
