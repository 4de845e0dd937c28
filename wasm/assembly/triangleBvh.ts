// Four-wide bounding volume hierarchy over a mesh's triangles for exact closest-point queries
// (distance.ts).
//
// Build (linear BVH): triangles are sorted by the Morton code of their centroid, cut into groups
// of four consecutive triangles (the SIMD width of the distance kernel; only the last group is
// padded), and the groups are split top-down where their codes' highest differing bit changes,
// two binary levels per node. Sorting and splitting are O(n): 1 M triangles build in about
// 0.1 s. (A surface-area-heuristic build would be tighter but several times slower; choosing
// the four children by largest box area instead was measured: queries 7 % faster, build 45 %
// slower.)
//
// Layout: leaves hold groups of four triangles (triangleGroups.ts). A node stores its four
// children's boxes structure-of-arrays in two cache lines, so one query tests all four boxes at
// once.
import { arenaAlloc, arenaMark, arenaRelease } from './arena';
import { cornerOf } from './pseudoNormals';
import {
  GROUP_BYTES,
  ZERO,
  dot3,
  fillGroup,
  groupDistances,
  groupTriangleId,
} from './triangleGroups';
import { mortonSort, sortedKeys, sortedOrder } from './morton';

// Groups and nodes start on cache-line boundaries.
const LINE: usize = 64;

// Node: the boxes of its four children (min x, y, z, max x, y, z; 4 lanes each) and their
// references: ≥ 0 an inner node, < 0 ~(first group << 2 | group count − 1) of a leaf. An unused
// slot has an empty box (+∞ … −∞), whose distance is +∞: never visited.
const N_MINX: usize = 0;
const N_MINY: usize = 16;
const N_MINZ: usize = 32;
const N_MAXX: usize = 48;
const N_MAXY: usize = 64;
const N_MAXZ: usize = 80;
const N_REF: usize = 96;
const NODE_BYTES: usize = 128;

/** Groups per leaf at most (1 to 4 fit the reference encoding). */
const LEAF_GROUPS: u32 = 2;

let groups: usize = 0;
let groupCount: u32 = 0;
let nodes: usize = 0;
let nodeCount: u32 = 0;
let maxDepth: u32 = 0;
let stackRef: usize = 0;
let stackDist: usize = 0;
export let rootRef: i32 = 0;
/** A `skip` argument of `nearest` that matches no child. */
export const NO_SKIP: i32 = i32.MAX_VALUE;

// Sorted Morton keys (u32 per triangle) while building.
let keys: usize = 0;
// Box of the subtree built last (buildRange's second result).
let bx0: f32 = 0;
let by0: f32 = 0;
let bz0: f32 = 0;
let bx1: f32 = 0;
let by1: f32 = 0;
let bz1: f32 = 0;

let groupBoxes: usize = 0;

function groupKey(g: u32): u32 {
  return load<u32>(keys + ((<usize>g) << 4));
}

// First group of the upper half of [lo, hi): where the highest differing key bit turns on, or
// the middle when all keys are equal.
function splitAt(lo: u32, hi: u32): u32 {
  const a = groupKey(lo);
  const b = groupKey(hi - 1);
  if (a == b) return (lo + hi) >> 1;
  const bit = 31 - clz<u32>(a ^ b);
  let l = lo;
  let r = hi - 1;
  while (l + 1 < r) {
    const m = (l + r) >> 1;
    if ((groupKey(m) >> bit) & 1) r = m;
    else l = m;
  }
  return r;
}

function leafBox(lo: u32, hi: u32): void {
  bx0 = by0 = bz0 = f32.MAX_VALUE;
  bx1 = by1 = bz1 = -f32.MAX_VALUE;
  for (let g = lo; g < hi; g++) {
    const b = groupBoxes + <usize>g * 24;
    bx0 = Mathf.min(bx0, load<f32>(b));
    by0 = Mathf.min(by0, load<f32>(b, 4));
    bz0 = Mathf.min(bz0, load<f32>(b, 8));
    bx1 = Mathf.max(bx1, load<f32>(b, 12));
    by1 = Mathf.max(by1, load<f32>(b, 16));
    bz1 = Mathf.max(bz1, load<f32>(b, 20));
  }
}

// Builds the subtree of groups [lo, hi); returns its reference and leaves its box in bx0…bz1.
// `inPatch`: the subtree lies inside a patch (see the patches section).
function buildRange(lo: u32, hi: u32, depth: u32, inPatch: bool): i32 {
  if (depth > maxDepth) maxDepth = depth;
  if (hi - lo <= LEAF_GROUPS) {
    leafBox(lo, hi);
    return ~(<i32>((lo << 2) | (hi - lo - 1)));
  }
  const node = nodeCount++;
  const np = nodes + <usize>node * NODE_BYTES;
  store<i32>(nodePatch + ((<usize>node) << 2), -1);
  // Up to four children: both halves, each halved again when it is not a leaf. Child ranges are
  // [c0, c1) [c1, c2) [c2, c3) [c3, c4); an empty one leaves its slot unused.
  const c0 = lo;
  const c2 = splitAt(lo, hi);
  const c4 = hi;
  const c1 = c2 - lo > LEAF_GROUPS ? splitAt(lo, c2) : c2;
  const c3 = hi - c2 > LEAF_GROUPS ? splitAt(c2, hi) : hi;
  let x0 = f32.MAX_VALUE;
  let y0 = f32.MAX_VALUE;
  let z0 = f32.MAX_VALUE;
  let x1 = -f32.MAX_VALUE;
  let y1 = -f32.MAX_VALUE;
  let z1 = -f32.MAX_VALUE;
  for (let lane: u32 = 0; lane < 4; lane++) {
    const l = (<usize>lane) << 2;
    const a = lane == 0 ? c0 : lane == 1 ? c1 : lane == 2 ? c2 : c3;
    const b = lane == 0 ? c1 : lane == 1 ? c2 : lane == 2 ? c3 : c4;
    if (a == b) {
      store<f32>(np + N_MINX + l, Infinity);
      store<f32>(np + N_MINY + l, Infinity);
      store<f32>(np + N_MINZ + l, Infinity);
      store<f32>(np + N_MAXX + l, -Infinity);
      store<f32>(np + N_MAXY + l, -Infinity);
      store<f32>(np + N_MAXZ + l, -Infinity);
      store<i32>(np + N_REF + l, 0);
      continue;
    }
    const patchRoot = !inPatch && b - a <= PATCH_GROUPS;
    const ref = buildRange(a, b, depth + 1, inPatch || patchRoot);
    if (patchRoot) addPatch(ref, a, b);
    store<f32>(np + N_MINX + l, bx0);
    store<f32>(np + N_MINY + l, by0);
    store<f32>(np + N_MINZ + l, bz0);
    store<f32>(np + N_MAXX + l, bx1);
    store<f32>(np + N_MAXY + l, by1);
    store<f32>(np + N_MAXZ + l, bz1);
    store<i32>(np + N_REF + l, ref);
    x0 = Mathf.min(x0, bx0);
    y0 = Mathf.min(y0, by0);
    z0 = Mathf.min(z0, bz0);
    x1 = Mathf.max(x1, bx1);
    y1 = Mathf.max(y1, by1);
    z1 = Mathf.max(z1, bz1);
  }
  bx0 = x0;
  by0 = y0;
  bz0 = z0;
  bx1 = x1;
  by1 = y1;
  bz1 = z1;
  return <i32>node;
}

function alignedAlloc(size: u64): usize {
  const p = arenaAlloc(size + LINE);
  return p == 0 ? 0 : (p + LINE - 1) & ~(LINE - 1);
}

/** Builds the tree over `triangles` (finite coordinates, valid indices). False: out of memory. */
export function bvhBuild(pos: usize, idx: usize, triangles: u32): bool {
  groupCount = (triangles + 3) >> 2;
  groups = alignedAlloc(<u64>groupCount * GROUP_BYTES);
  // A 4-ary tree whose inner nodes have ≥ 2 children has fewer inner nodes than leaves; the
  // rest of the room takes the patches' neighbour nodes when it suffices.
  nodes = alignedAlloc(<u64>groupCount * NODE_BYTES);
  nodePatch = arenaAlloc((<u64>groupCount) << 2);
  groupPatch = arenaAlloc((<u64>groupCount) << 2);
  patches = arenaAlloc(<u64>groupCount * PATCH_BYTES);
  if (groups == 0 || nodes == 0 || nodePatch == 0 || groupPatch == 0 || patches == 0) {
    return false;
  }

  const scratch = arenaMark();
  const centroids = arenaAlloc(<u64>triangles * 12);
  groupBoxes = arenaAlloc(<u64>groupCount * 24);
  if (centroids == 0 || groupBoxes == 0) return false;
  const third: f32 = 1.0 / 3.0;
  for (let t: u32 = 0; t < triangles; t++) {
    const pa = pos + <usize>cornerOf(idx, t, 0) * 12;
    const pb = pos + <usize>cornerOf(idx, t, 1) * 12;
    const pc = pos + <usize>cornerOf(idx, t, 2) * 12;
    const c = centroids + <usize>t * 12;
    store<f32>(c, (load<f32>(pa) + load<f32>(pb) + load<f32>(pc)) * third);
    store<f32>(c, (load<f32>(pa, 4) + load<f32>(pb, 4) + load<f32>(pc, 4)) * third, 4);
    store<f32>(c, (load<f32>(pa, 8) + load<f32>(pb, 8) + load<f32>(pc, 8)) * third, 8);
  }
  if (!mortonSort(centroids, triangles, 12)) return false;
  keys = sortedKeys;
  const order = sortedOrder;

  for (let g: u32 = 0; g < groupCount; g++) {
    fillGroup(
      groups + <usize>g * GROUP_BYTES,
      order,
      g * 4,
      triangles,
      pos,
      idx,
      groupBoxes + <usize>g * 24,
    );
  }
  nodeCount = 0;
  maxDepth = 0;
  patchCount = 0;
  rootRef = buildRange(0, groupCount, 0, groupCount <= PATCH_GROUPS);
  if (groupCount <= PATCH_GROUPS) addPatch(rootRef, 0, groupCount);
  arenaRelease(scratch);

  // Each level pops one entry and pushes at most four; a patch's neighbour tree (≤ 12 levels for
  // 5 M triangles) sits above subtrees of the tree.
  const cap = <u64>(maxDepth + 16) * 4;
  stackRef = arenaAlloc(cap << 2);
  stackDist = arenaAlloc(cap << 2);
  if (stackRef == 0 || stackDist == 0) return false;
  return linkPatches();
}

/** Triangle id in lane `lane` of group `g`. */
export function groupTriangle(g: i32, lane: i32): u32 {
  return groupTriangleId(groups + <usize>g * GROUP_BYTES, lane);
}

/** Squared distance of the best triangle so far, and where it is (group −1: none yet). */
export let best: f32 = 0;
export let bestGroup: i32 = -1;
export let bestLane: i32 = -1;

/** Starts a query: only triangles with squared distance below `bound` count. */
export function searchBegin(bound: f32): void {
  best = bound;
  bestGroup = -1;
  bestLane = -1;
}

// Tests one group and keeps any lane strictly nearer than `best`.
function testGroup(g: u32, qx: v128, qy: v128, qz: v128): void {
  const d = groupDistances(groups + <usize>g * GROUP_BYTES, qx, qy, qz);
  if (!v128.any_true(f32x4.lt(d, f32x4.splat(best)))) return;
  for (let lane = 0; lane < 4; lane++) {
    const v =
      lane == 0
        ? f32x4.extract_lane(d, 0)
        : lane == 1
          ? f32x4.extract_lane(d, 1)
          : lane == 2
            ? f32x4.extract_lane(d, 2)
            : f32x4.extract_lane(d, 3);
    if (v < best) {
      best = v;
      bestGroup = <i32>g;
      bestLane = lane;
    }
  }
}

/**
 * Searches the subtree `start` (not entering the child `skip`) for triangles strictly nearer
 * than `best`, nearest boxes first, and updates best / bestGroup / bestLane. Exact: a box is
 * skipped only when its distance exceeds the distance of a triangle already found (or the
 * search limit the caller put in `best`).
 */
export function nearest(x: f32, y: f32, z: f32, start: i32, skip: i32): void {
  const qx = f32x4.splat(x);
  const qy = f32x4.splat(y);
  const qz = f32x4.splat(z);
  store<i32>(stackRef, start);
  store<f32>(stackDist, 0);
  let sp: usize = 1;
  while (sp > 0) {
    sp--;
    const ref = load<i32>(stackRef + (sp << 2));
    if (load<f32>(stackDist + (sp << 2)) > best) continue;
    if (ref < 0) {
      const leaf = <u32>~ref;
      const g0 = leaf >> 2;
      const g1 = g0 + (leaf & 3) + 1;
      for (let g = g0; g < g1; g++) testGroup(g, qx, qy, qz);
      continue;
    }
    const np = nodes + <usize>ref * NODE_BYTES;
    const dx = f32x4.pmax(
      f32x4.pmax(f32x4.sub(v128.load(np + N_MINX), qx), f32x4.sub(qx, v128.load(np + N_MAXX))),
      ZERO,
    );
    const dy = f32x4.pmax(
      f32x4.pmax(f32x4.sub(v128.load(np + N_MINY), qy), f32x4.sub(qy, v128.load(np + N_MAXY))),
      ZERO,
    );
    const dz = f32x4.pmax(
      f32x4.pmax(f32x4.sub(v128.load(np + N_MINZ), qz), f32x4.sub(qz, v128.load(np + N_MAXZ))),
      ZERO,
    );
    const d = dot3(dx, dy, dz, dx, dy, dz);
    let bits = i32x4.bitmask(f32x4.le(d, f32x4.splat(best)));
    if (bits == 0) continue;
    // Push the children that can hold a nearer triangle, farthest first (insertion sort on
    // the stack's top), so the nearest is searched first and tightens `best` soonest.
    const base = sp;
    while (bits != 0) {
      const lane = ctz<i32>(bits);
      bits &= bits - 1;
      const cref = load<i32>(np + N_REF + ((<usize>lane) << 2));
      if (cref == skip) continue;
      const cd =
        lane == 0
          ? f32x4.extract_lane(d, 0)
          : lane == 1
            ? f32x4.extract_lane(d, 1)
            : lane == 2
              ? f32x4.extract_lane(d, 2)
              : f32x4.extract_lane(d, 3);
      let j = sp;
      while (j > base && load<f32>(stackDist + ((j - 1) << 2)) < cd) {
        store<i32>(stackRef + (j << 2), load<i32>(stackRef + ((j - 1) << 2)));
        store<f32>(stackDist + (j << 2), load<f32>(stackDist + ((j - 1) << 2)));
        j--;
      }
      store<i32>(stackRef + (j << 2), cref);
      store<f32>(stackDist + (j << 2), cd);
      sp++;
    }
  }
}

// ---- Patches: where a nearby query starts ----
//
// Consecutive queries have nearly the same answer, yet a search from the root opens every
// ancestor of it and their overlapping siblings (15 of the 24 nodes a query opened on the
// benchmark's arch). So the tree is cut into patches (maximal subtrees of ≤ PATCH_GROUPS groups) and each
// patch P lists the other patches whose boxes come within a margin of its box. A query first
// searches the patch of the previous answer; if the ball around it with the best distance found
// lies inside P's box grown by the margin, every triangle that could be nearer lies in a patch
// whose box meets that grown box, i.e. in P's list, so searching the list finishes the query
// exactly (2.6 % of the benchmark's queries are not). Otherwise it searches from the root
// (skipping P). Each list is a little tree of nodes after the tree's own nodes. On the benchmark
// a query then opens 16 nodes instead of 24.

const PATCH_GROUPS: u32 = 64;
/** The margin around a patch's box, relative to the box's largest side. */
const PATCH_MARGIN: f32 = 0.25;
// Patch record: reference of its subtree, the root of its neighbours' little tree (−1: none),
// then its box grown by the margin (min x, y, z, max x, y, z) and its box.
const P_REF: usize = 0;
const P_NEIGHBOURS: usize = 4;
const P_GROWN: usize = 16;
const P_BOX: usize = 40;
const PATCH_BYTES: usize = 64;

let patches: usize = 0;
let patchCount: u32 = 0;
/** Per group: its patch. Per node: its patch when it is a patch's root, else −1. */
let groupPatch: usize = 0;
let nodePatch: usize = 0;

function addPatch(ref: i32, lo: u32, hi: u32): void {
  const p = patchCount++;
  const pp = patches + <usize>p * PATCH_BYTES;
  store<i32>(pp + P_REF, ref);
  store<i32>(pp + P_NEIGHBOURS, -1);
  const m = PATCH_MARGIN * Mathf.max(bx1 - bx0, Mathf.max(by1 - by0, bz1 - bz0));
  store<f32>(pp + P_GROWN, bx0 - m);
  store<f32>(pp + P_GROWN + 4, by0 - m);
  store<f32>(pp + P_GROWN + 8, bz0 - m);
  store<f32>(pp + P_GROWN + 12, bx1 + m);
  store<f32>(pp + P_GROWN + 16, by1 + m);
  store<f32>(pp + P_GROWN + 20, bz1 + m);
  store<f32>(pp + P_BOX, bx0);
  store<f32>(pp + P_BOX + 4, by0);
  store<f32>(pp + P_BOX + 8, bz0);
  store<f32>(pp + P_BOX + 12, bx1);
  store<f32>(pp + P_BOX + 16, by1);
  store<f32>(pp + P_BOX + 20, bz1);
  if (ref >= 0) store<i32>(nodePatch + ((<usize>ref) << 2), <i32>p);
  for (let g = lo; g < hi; g++) store<u32>(groupPatch + ((<usize>g) << 2), p);
}

// The patch whose subtree `ref` is, or −1 (a node above the patches). Every leaf reached from
// the root without passing a patch root is one.
function patchOf(ref: i32): i32 {
  if (ref < 0) return load<i32>(groupPatch + ((<usize>((<u32>~ref) >> 2)) << 2));
  return load<i32>(nodePatch + ((<usize>ref) << 2));
}

// Appends patch q (its subtree and box) to the neighbour node being filled.
function addNeighbour(q: u32, slot: u32): void {
  const node = nodeCount + (slot >> 2);
  const np = nodes + <usize>node * NODE_BYTES;
  const l = (<usize>(slot & 3)) << 2;
  const qp = patches + <usize>q * PATCH_BYTES;
  store<f32>(np + N_MINX + l, load<f32>(qp + P_BOX));
  store<f32>(np + N_MINY + l, load<f32>(qp + P_BOX + 4));
  store<f32>(np + N_MINZ + l, load<f32>(qp + P_BOX + 8));
  store<f32>(np + N_MAXX + l, load<f32>(qp + P_BOX + 12));
  store<f32>(np + N_MAXY + l, load<f32>(qp + P_BOX + 16));
  store<f32>(np + N_MAXZ + l, load<f32>(qp + P_BOX + 20));
  store<i32>(np + N_REF + l, load<i32>(qp + P_REF));
}

function clearSlot(node: u32, lane: u32): void {
  const np = nodes + <usize>node * NODE_BYTES;
  const l = (<usize>lane) << 2;
  store<f32>(np + N_MINX + l, Infinity);
  store<f32>(np + N_MINY + l, Infinity);
  store<f32>(np + N_MINZ + l, Infinity);
  store<f32>(np + N_MAXX + l, -Infinity);
  store<f32>(np + N_MAXY + l, -Infinity);
  store<f32>(np + N_MAXZ + l, -Infinity);
  store<i32>(np + N_REF + l, 0);
}

// Puts the `count` neighbours just written (4 per node from nodeCount on) under a little tree of
// their own, so a query opens the nearest first; returns its root.
function packNeighbours(count: u32): u32 {
  let first = nodeCount;
  let n = (count + 3) >> 2;
  for (let slot = count; slot < n << 2; slot++) clearSlot(first + (slot >> 2), slot & 3);
  nodeCount += n;
  while (n > 1) {
    // One level up: each new node holds four of the level below, with their boxes.
    const up = (n + 3) >> 2;
    for (let i: u32 = 0; i < up << 2; i++) {
      const node = nodeCount + (i >> 2);
      if (i >= n) {
        clearSlot(node, i & 3);
        continue;
      }
      const cp = nodes + <usize>(first + i) * NODE_BYTES;
      const np = nodes + <usize>node * NODE_BYTES;
      const l = (<usize>(i & 3)) << 2;
      store<f32>(np + N_MINX + l, minLane(cp + N_MINX));
      store<f32>(np + N_MINY + l, minLane(cp + N_MINY));
      store<f32>(np + N_MINZ + l, minLane(cp + N_MINZ));
      store<f32>(np + N_MAXX + l, maxLane(cp + N_MAXX));
      store<f32>(np + N_MAXY + l, maxLane(cp + N_MAXY));
      store<f32>(np + N_MAXZ + l, maxLane(cp + N_MAXZ));
      store<i32>(np + N_REF + l, <i32>(first + i));
    }
    first = nodeCount;
    nodeCount += up;
    n = up;
  }
  return first;
}

function minLane(p: usize): f32 {
  return Mathf.min(
    Mathf.min(load<f32>(p), load<f32>(p, 4)),
    Mathf.min(load<f32>(p, 8), load<f32>(p, 12)),
  );
}

function maxLane(p: usize): f32 {
  return Mathf.max(
    Mathf.max(load<f32>(p), load<f32>(p, 4)),
    Mathf.max(load<f32>(p, 8), load<f32>(p, 12)),
  );
}

// Lists each patch's neighbours (patches whose box meets its grown box) as nodes after the
// tree's. Without room for them, patchCount = 0 and every query searches from the root.
function linkPatches(): bool {
  for (let p: u32 = 0; p < patchCount; p++) {
    const pp = patches + <usize>p * PATCH_BYTES;
    const x0 = load<f32>(pp + P_GROWN);
    const y0 = load<f32>(pp + P_GROWN + 4);
    const z0 = load<f32>(pp + P_GROWN + 8);
    const x1 = load<f32>(pp + P_GROWN + 12);
    const y1 = load<f32>(pp + P_GROWN + 16);
    const z1 = load<f32>(pp + P_GROWN + 20);
    let found: u32 = 0;
    // Depth-first over the nodes above the patches (the stack holds node indices).
    let sp: usize = 0;
    if (rootRef >= 0 && patchOf(rootRef) < 0) {
      store<i32>(stackRef, rootRef);
      sp = 1;
    }
    while (sp > 0) {
      sp--;
      const np = nodes + <usize>load<i32>(stackRef + (sp << 2)) * NODE_BYTES;
      for (let lane: usize = 0; lane < 4; lane++) {
        const l = lane << 2;
        if (
          load<f32>(np + N_MINX + l) > x1 ||
          load<f32>(np + N_MINY + l) > y1 ||
          load<f32>(np + N_MINZ + l) > z1 ||
          load<f32>(np + N_MAXX + l) < x0 ||
          load<f32>(np + N_MAXY + l) < y0 ||
          load<f32>(np + N_MAXZ + l) < z0
        ) {
          continue;
        }
        const ref = load<i32>(np + N_REF + l);
        const q = patchOf(ref);
        if (q < 0) {
          store<i32>(stackRef + (sp << 2), ref);
          sp++;
          continue;
        }
        if (<u32>q == p) continue;
        // Room for the neighbours' nodes: at most found / 4 + found / 16 + … < found / 2.
        if (nodeCount + (found >> 1) + 2 >= groupCount) {
          patchCount = 0;
          return true;
        }
        addNeighbour(<u32>q, found++);
      }
    }
    store<i32>(pp + P_NEIGHBOURS, found == 0 ? -1 : <i32>packNeighbours(found));
  }
  return true;
}

/**
 * Searches for the nearest triangle to (x, y, z), starting in the patch of group `near` (the
 * previous answer; −1: none) and finishing with its neighbours or from the root (see above).
 * `slack` widens the containment test by the kernel's rounding (distance.ts).
 */
export function nearestFrom(x: f32, y: f32, z: f32, near: i32, slack: f32): void {
  if (near < 0 || patchCount == 0) {
    nearest(x, y, z, rootRef, NO_SKIP);
    return;
  }
  const pp = patches + <usize>load<u32>(groupPatch + ((<usize>near) << 2)) * PATCH_BYTES;
  const ref = load<i32>(pp + P_REF);
  nearest(x, y, z, ref, NO_SKIP);
  const r = Mathf.sqrt(best) + slack;
  if (
    x - r >= load<f32>(pp + P_GROWN) &&
    y - r >= load<f32>(pp + P_GROWN + 4) &&
    z - r >= load<f32>(pp + P_GROWN + 8) &&
    x + r <= load<f32>(pp + P_GROWN + 12) &&
    y + r <= load<f32>(pp + P_GROWN + 16) &&
    z + r <= load<f32>(pp + P_GROWN + 20)
  ) {
    const neighbours = load<i32>(pp + P_NEIGHBOURS);
    if (neighbours >= 0) nearest(x, y, z, neighbours, NO_SKIP);
  } else {
    nearest(x, y, z, rootRef, ref);
  }
}
