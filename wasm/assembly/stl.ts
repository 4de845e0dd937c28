import * as E from './errors';
import * as W from './where';
import { arenaAlloc, arenaCommit, arenaEnsure, arenaMark } from './arena';
import {
  boundsSetOrdered,
  ordered,
  boundsBegin,
  boundsAdd,
  boundsHasNonFinite,
  boundsPublish,
  firstNonFinite,
  soupNormals,
  writeStlRecords,
} from './mesh';
import {
  tokInit,
  tokNext,
  tokSkipLine,
  tokenIs,
  parseNumber,
  numValue,
  tokStart,
  tokLen,
  tokLine,
  tokTooLong,
  keyword,
  tokenIsKw,
  numNext,
  NUM_OK,
  NUM_NON_FINITE,
} from './text';
import {
  setRes,
  addFlag,
  R_DETAIL,
  R_POS_PTR,
  R_VERTEX_COUNT,
  R_TRIANGLE_COUNT,
  R_NORMAL_PTR,
  R_COLOR_PTR,
  R_OUT_PTR,
  R_OUT_LEN,
  FLAG_MULTIPLE_SOLIDS,
  FLAG_HAS_COLORS,
} from './results';

export let stlPositions: usize = 0;
let stlNormals: usize = 0;
export let stlTriangles: u32 = 0;

// ---- colours of binary STL ----
// Two conventions share the 16-bit attribute word of each record. Materialise (its header holds
// `COLOR=` + RGBA bytes, the object's colour, and/or `MATERIAL=` + diffuse, specular and ambient
// RGBA): bit 15 clear = the facet's own colour, red in bits 0-4, green 5-9, blue 10-14; bit 15
// set = the object's colour. VisCAM/SolidView (no such header): bit 15 set = a colour, blue in
// bits 0-4, green 5-9, red 10-14; clear = none (most writers leave the word 0).

const COLOR_KEY = 'COLOR=';
const MATERIAL_KEY = 'MATERIAL=';
/** Header offsets of `COLOR=` and `MATERIAL=` (-1: absent); the sanitiser keeps both. */
let colorAt: i32 = -1;
let materialAt: i32 = -1;
/** The object's colour (RGBA8, little-endian u32) in the Materialise convention. */
let objectColour: u32 = 0xffffffff;
/** Attribute words of the records (u16 each), 0 for ASCII STL. */
let stlAttrs: usize = 0;

function headerKey(p: usize, key: string, room: i32): i32 {
  const k = key.length;
  for (let i = 0; i + k + room <= 80; i++) {
    let same = true;
    for (let j = 0; j < k; j++) {
      if (<i32>load<u8>(p + <usize>(i + j)) != key.charCodeAt(j)) {
        same = false;
        break;
      }
    }
    if (same) return i;
  }
  return -1;
}

/** Finds the Materialise keys in the 80-byte header at `p`. */
function readHeaderColours(p: usize): void {
  colorAt = headerKey(p, COLOR_KEY, 4);
  materialAt = headerKey(p, MATERIAL_KEY, 12);
  // Alpha is not drawn: a translucent file colour would hide the layer's own opacity setting.
  if (colorAt >= 0) objectColour = load<u32>(p + <usize>(colorAt + 6)) | 0xff000000;
  else if (materialAt >= 0) objectColour = load<u32>(p + <usize>(materialAt + 9)) | 0xff000000;
  else objectColour = 0xffffffff;
}

function five(v: u32): u32 {
  return (v << 3) | (v >> 2);
}

/** RGBA8 (little-endian u32) of an attribute word; 0 when the facet has no colour. */
function facetColour(w: u32, materialise: bool): u32 {
  if (materialise) {
    if (w & 0x8000) return objectColour;
    return five(w & 31) | (five((w >> 5) & 31) << 8) | (five((w >> 10) & 31) << 16) | 0xff000000;
  }
  if ((w & 0x8000) == 0) return 0;
  return five((w >> 10) & 31) | (five((w >> 5) & 31) << 8) | (five(w & 31) << 16) | 0xff000000;
}

/** Copies the attribute words of `n` records (first record at `r`) to stlAttrs + `from`. */
function copyAttrs(r: usize, n: u32, from: u32): void {
  const o = stlAttrs + ((<usize>from) << 1);
  for (let i: u32 = 0; i < n; i++) {
    store<u16>(o + ((<usize>i) << 1), load<u16>(r + <usize>i * 50 + 48));
  }
}

/**
 * Per-vertex RGBA8 colours (three equal corners per facet) into R_COLOR_PTR when the file has
 * any: every Materialise file, a VisCAM/SolidView file with at least one coloured facet
 * (uncoloured facets are then white).
 */
function publishColours(): i32 {
  if (stlAttrs == 0) return E.OK;
  const materialise = colorAt >= 0 || materialAt >= 0;
  const n = stlTriangles;
  if (!materialise) {
    let any = false;
    for (let t: u32 = 0; t < n; t++) {
      if (load<u16>(stlAttrs + ((<usize>t) << 1)) & 0x8000) {
        any = true;
        break;
      }
    }
    if (!any) return E.OK;
  }
  const col = arenaAlloc(<u64>n * 12);
  if (col == 0) return E.E_OUT_OF_MEMORY;
  for (let t: u32 = 0; t < n; t++) {
    let c = facetColour(<u32>load<u16>(stlAttrs + ((<usize>t) << 1)), materialise);
    if (c == 0) c = 0xffffffff;
    const o = col + <usize>t * 12;
    store<u32>(o, c);
    store<u32>(o, c, 4);
    store<u32>(o, c, 8);
  }
  setRes(R_COLOR_PTR, <u32>col);
  addFlag(FLAG_HAS_COLORS);
  return E.OK;
}

// Bounds and exponent maxima of the binary kernels, kept across the calls of a streamed read.
// Minima and maxima are kept `ordered` (mesh.ts): integer min/max, NaN and ±Inf detected at the end.
let accMn: v128 = i32x4.splat(i32.MAX_VALUE);
let accMx: v128 = i32x4.splat(i32.MIN_VALUE);

function accBegin(): void {
  accMn = i32x4.splat(i32.MAX_VALUE);
  accMx = i32x4.splat(i32.MIN_VALUE);
}

/**
 * Copies the corners of `n` records (first corner at `r`, 50-byte stride) to `o` (36 bytes per
 * triangle) and folds them into the accumulators. Vector loads read 4 bytes past each corner;
 * that lane is masked (bounds) or overwritten (positions). Two records per step with separate
 * accumulators keep the min/max chains independent. `o` may equal `r - 12` (in place).
 */
function binaryPositions(r: usize, n: u32, o: usize): void {
  let mn = accMn;
  let mx = accMx;
  let mn2 = mn;
  let mx2 = mx;
  const oEnd = o + <usize>n * 36;
  const oEnd2 = o + <usize>(n >> 1) * 72;
  while (o < oEnd2) {
    const a = v128.load(r);
    const b = v128.load(r, 12);
    const c = v128.load(r, 24);
    const d = v128.load(r, 50);
    const e = v128.load(r, 62);
    const f = v128.load(r, 74);
    v128.store(o, a);
    v128.store(o, b, 12);
    v128.store(o, c, 24);
    v128.store(o, d, 36);
    v128.store(o, e, 48);
    v128.store(o, f, 60);
    const ka = i32x4.min_s(ordered(a), i32x4.min_s(ordered(b), ordered(c)));
    const kb = i32x4.max_s(ordered(a), i32x4.max_s(ordered(b), ordered(c)));
    const kd = i32x4.min_s(ordered(d), i32x4.min_s(ordered(e), ordered(f)));
    const ke = i32x4.max_s(ordered(d), i32x4.max_s(ordered(e), ordered(f)));
    mn = i32x4.min_s(mn, ka);
    mx = i32x4.max_s(mx, kb);
    mn2 = i32x4.min_s(mn2, kd);
    mx2 = i32x4.max_s(mx2, ke);
    r += 100;
    o += 72;
  }
  while (o < oEnd) {
    const a = v128.load(r);
    const b = v128.load(r, 12);
    const c = v128.load(r, 24);
    v128.store(o, a);
    v128.store(o, b, 12);
    v128.store(o, c, 24);
    const oa = ordered(a);
    const ob = ordered(b);
    const oc = ordered(c);
    mn = i32x4.min_s(mn, i32x4.min_s(oa, i32x4.min_s(ob, oc)));
    mx = i32x4.max_s(mx, i32x4.max_s(oa, i32x4.max_s(ob, oc)));
    r += 50;
    o += 36;
  }
  accMn = i32x4.min_s(mn, mn2);
  accMx = i32x4.max_s(mx, mx2);
}

/** As binaryPositions, plus flat unit normals (3 copies per triangle) at `q` from the same loads. */
function binaryWithNormals(r: usize, n: u32, o: usize, q: usize): void {
  let mn = accMn;
  let mx = accMx;
  const oEnd = o + <usize>n * 36;
  const zero = f32x4.splat(0);
  while (o < oEnd) {
    const a = v128.load(r);
    const b = v128.load(r, 12);
    const c = v128.load(r, 24);
    v128.store(o, a);
    v128.store(o, b, 12);
    v128.store(o, c, 24);
    const oa = ordered(a);
    const ob = ordered(b);
    const oc = ordered(c);
    mn = i32x4.min_s(mn, i32x4.min_s(oa, i32x4.min_s(ob, oc)));
    mx = i32x4.max_s(mx, i32x4.max_s(oa, i32x4.max_s(ob, oc)));
    // Edge vectors and their cross product lane-wise (lane 3 is junk and never read).
    const u = f32x4.sub(b, a);
    const v = f32x4.sub(c, a);
    const cr = f32x4.sub(
      f32x4.mul(v128.shuffle<f32>(u, u, 1, 2, 0, 3), v128.shuffle<f32>(v, v, 2, 0, 1, 3)),
      f32x4.mul(v128.shuffle<f32>(u, u, 2, 0, 1, 3), v128.shuffle<f32>(v, v, 1, 2, 0, 3)),
    );
    const cx = f32x4.extract_lane(cr, 0);
    const cy = f32x4.extract_lane(cr, 1);
    const cz = f32x4.extract_lane(cr, 2);
    const l = Mathf.sqrt(cx * cx + cy * cy + cz * cz);
    // Same arithmetic as soupNormals (multiply by 1/l), so the bits match the other paths.
    const nv = l > 0 && l < Infinity ? f32x4.mul(f32x4(cx, cy, cz, 0), f32x4.splat(1 / l)) : zero;
    v128.store(q, nv);
    v128.store(q, nv, 12);
    v128.store(q, nv, 24);
    r += 50;
    o += 36;
    q += 36;
  }
  accMn = mn;
  accMx = mx;
}

/**
 * Binary STL records → positions (9 float32 per triangle). The caller has checked the size
 * equation. Bounds and finiteness are checked in the same pass. `inPlace` (positions only)
 * compacts the positions over the input copy: each record's corners move down, never over bytes
 * still to be read, so half the memory traffic of a separate output region.
 */
export function readBinaryStl(
  p: usize,
  len: usize,
  wantNormals: bool = false,
  inPlace: bool = false,
): i32 {
  const n = load<u32>(p + 80);
  if (n > E.MAX_TRIANGLES) return E.E_MESH_TOO_LARGE;
  if (n == 0) return E.E_NO_GEOMETRY;
  stlNormals = 0;
  // Header and attribute words first: an in-place read overwrites them.
  readHeaderColours(p);
  stlAttrs = arenaAlloc(<u64>n * 2);
  if (stlAttrs == 0) return E.E_OUT_OF_MEMORY;
  copyAttrs(p + 84, n, 0);
  accBegin();
  if (!wantNormals && inPlace) {
    binaryPositions(p + 96, n, p);
    return finishBinary(p, n);
  }
  const out = arenaAlloc(<u64>n * 36);
  if (out == 0) return E.E_OUT_OF_MEMORY;
  if (wantNormals) {
    stlNormals = arenaAlloc(<u64>n * 36);
    if (stlNormals == 0) return E.E_OUT_OF_MEMORY;
    binaryWithNormals(p + 96, n, out, stlNormals);
  } else binaryPositions(p + 96, n, out);
  return finishBinary(out, n);
}

function finishBinary(out: usize, n: u32): i32 {
  boundsSetOrdered(accMn, accMx);
  if (boundsHasNonFinite()) {
    const t = firstNonFinite(out, n * 3, 12) / 3;
    setRes(R_DETAIL, t);
    W.errAt(W.AT_OFFSET, 84 + t * 50, W.EL_STL_FACET, <i64>t);
    W.errWhy(W.WHY_NON_FINITE, 0, 0);
    return E.E_NON_FINITE_COORDINATE;
  }
  boundsPublish(false);
  stlPositions = out;
  stlTriangles = n;
  setRes(R_TRIANGLE_COUNT, n);
  setRes(R_VERTEX_COUNT, n * 3);
  return E.OK;
}

// ---- streamed binary STL ----
// The host copies the records in batches into a small window that stays in cache and each
// batch is parsed from there: the file crosses memory once (as in a plain copy) instead of
// being copied whole into wasm memory and then read back. It also lets a browser feed a
// download chunk by chunk.

/** Records per window: 128 KiB, well inside L2. */
const WINDOW_RECORDS: u32 = 2621;
let streamWindow: usize = 0;
let streamOut: usize = 0;
let streamDone: u32 = 0;

/**
 * Starts a streamed read of a binary STL of `n` triangles (validated by the caller). Leaves
 * the window address in R_OUT_PTR and its capacity in records in R_OUT_LEN.
 */
export function stlStreamBegin(header: usize, n: u32, wantNormals: bool): i32 {
  streamOut = 0;
  if (n > E.MAX_TRIANGLES) return E.E_MESH_TOO_LARGE;
  if (n == 0) return E.E_NO_GEOMETRY;
  stlNormals = 0;
  readHeaderColours(header);
  stlAttrs = arenaAlloc(<u64>n * 2);
  if (stlAttrs == 0) return E.E_OUT_OF_MEMORY;
  stlTriangles = n;
  streamDone = 0;
  accBegin();
  streamOut = arenaAlloc(<u64>n * 36);
  if (streamOut == 0) return E.E_OUT_OF_MEMORY;
  if (wantNormals) {
    stlNormals = arenaAlloc(<u64>n * 36);
    if (stlNormals == 0) return E.E_OUT_OF_MEMORY;
  }
  const cap = n < WINDOW_RECORDS ? n : WINDOW_RECORDS;
  streamWindow = arenaAlloc(<u64>cap * 50);
  if (streamWindow == 0) return E.E_OUT_OF_MEMORY;
  setRes(R_OUT_PTR, <u32>streamWindow);
  setRes(R_OUT_LEN, cap);
  setRes(R_TRIANGLE_COUNT, n);
  return E.OK;
}

/** Parses the next `count` records, which the host has copied to the start of the window. */
export function stlStreamFeed(count: u32): i32 {
  if (streamOut == 0 || count > WINDOW_RECORDS || count > stlTriangles - streamDone) {
    return E.E_BAD_ARGUMENT;
  }
  const o = streamOut + <usize>streamDone * 36;
  copyAttrs(streamWindow, count, streamDone);
  if (stlNormals != 0) {
    binaryWithNormals(streamWindow + 12, count, o, stlNormals + <usize>streamDone * 36);
  } else binaryPositions(streamWindow + 12, count, o);
  streamDone += count;
  return E.OK;
}

/** Ends a streamed read (every record must have been fed) and publishes it like `parse`. */
export function stlStreamEnd(): i32 {
  const out = streamOut;
  streamOut = 0;
  if (out == 0 || streamDone != stlTriangles) return E.E_BAD_ARGUMENT;
  const err = finishBinary(out, stlTriangles);
  if (err != E.OK) return err;
  return publishStl(stlNormals != 0);
}

// The facet being read (its 0-based number), or -1 between facets: errors name it.
let facetAt: i64 = -1;

function placeError(why: u32): void {
  W.errAt(W.AT_LINE, tokLine, facetAt < 0 ? W.EL_STL_FILE : W.EL_STL_FACET, facetAt);
  W.errWhy(why, 0, 0);
}

function syntax(): i32 {
  setRes(R_DETAIL, tokLine);
  placeError(tokTooLong ? W.WHY_NONE : W.WHY_UNEXPECTED);
  return tokTooLong ? E.E_LINE_TOO_LONG : E.E_STL_SYNTAX;
}

function nonFinite(): i32 {
  setRes(R_DETAIL, tokLine);
  placeError(W.WHY_NON_FINITE);
  return E.E_NON_FINITE_COORDINATE;
}

const KW_FACET = keyword('facet');
const KW_NORMAL = keyword('normal');
const KW_OUTER = keyword('outer');
const KW_LOOP = keyword('loop');
const KW_VERTEX = keyword('vertex');
const KW_ENDLOOP = keyword('endloop');
const KW_ENDFACET = keyword('endfacet');

function expectWord(s: string): bool {
  return tokNext() && tokenIs(tokStart, tokLen, s);
}

function expectKw(kw: u64, len: usize): bool {
  return tokNext() && tokenIsKw(kw, len);
}

/** Reads three numbers into [o, o+12). Returns OK, E_STL_SYNTAX or E_NON_FINITE_COORDINATE. */
function readTriple(o: usize, store3: bool): i32 {
  for (let k: usize = 0; k < 3; k++) {
    const r = numNext();
    if (r < 0) return syntax();
    if (r == NUM_NON_FINITE) {
      if (!store3) continue;
      return nonFinite();
    }
    if (r != NUM_OK) return syntax();
    if (store3) {
      const f = <f32>numValue;
      if (!isFinite(f)) return nonFinite();
      store<f32>(o + (k << 2), f);
    }
  }
  return E.OK;
}

/**
 * ASCII STL: `solid name` / facet normal n n n / outer loop / vertex x y z (×3) / endloop /
 * endfacet / ... / endsolid name. Several solids are merged. The file's normals are ignored.
 */
export function readAsciiStl(p: usize, len: usize): i32 {
  tokInit(p, p + len, 1);
  facetAt = -1;
  if (!expectWord('solid')) return syntax();
  if (!tokSkipLine()) return syntax();
  const out = arenaMark();
  let n: u32 = 0;
  let solids: u32 = 1;
  let open = true;
  while (true) {
    if (!tokNext()) {
      if (tokTooLong) return syntax();
      break;
    }
    if (tokenIsKw(KW_FACET, 5)) {
      if (!open) return syntax();
      if (n >= E.MAX_TRIANGLES) return E.E_MESH_TOO_LARGE;
      facetAt = <i64>n;
      const o = out + <usize>n * 36;
      if (!arenaEnsure(o + 36 + 16)) return E.E_OUT_OF_MEMORY;
      if (!expectKw(KW_NORMAL, 6)) return syntax();
      let r = readTriple(o, false);
      if (r != E.OK) return r;
      if (!expectKw(KW_OUTER, 5) || !expectKw(KW_LOOP, 4)) return syntax();
      for (let v: usize = 0; v < 3; v++) {
        if (!expectKw(KW_VERTEX, 6)) return syntax();
        r = readTriple(o + v * 12, true);
        if (r != E.OK) return r;
      }
      if (!expectKw(KW_ENDLOOP, 7) || !expectKw(KW_ENDFACET, 8)) return syntax();
      n++;
      facetAt = -1;
    } else if (tokenIs(tokStart, tokLen, 'endsolid')) {
      if (!open) return syntax();
      open = false;
      if (!tokSkipLine()) return syntax();
    } else if (tokenIs(tokStart, tokLen, 'solid')) {
      if (open) return syntax();
      open = true;
      solids++;
      if (!tokSkipLine()) return syntax();
    } else return syntax();
  }
  if (open) return syntax();
  if (n == 0) return E.E_NO_GEOMETRY;
  if (solids > 1) addFlag(FLAG_MULTIPLE_SOLIDS);
  arenaCommit(out + <usize>n * 36);
  boundsBegin();
  for (let t: u32 = 0; t < n * 3; t++) boundsAdd(v128.load(out + <usize>t * 12));
  boundsPublish(false);
  stlPositions = out;
  stlTriangles = n;
  stlNormals = 0;
  stlAttrs = 0;
  setRes(R_TRIANGLE_COUNT, n);
  setRes(R_VERTEX_COUNT, n * 3);
  return E.OK;
}

/** Publishes positions (optional flat normals, colours) of the last STL read. */
export function publishStl(wantNormals: bool): i32 {
  setRes(R_POS_PTR, <u32>stlPositions);
  const err = publishColours();
  if (err != E.OK) return err;
  if (wantNormals && stlNormals != 0) {
    setRes(R_NORMAL_PTR, <u32>stlNormals);
  } else if (wantNormals) {
    const nrm = arenaAlloc(<u64>stlTriangles * 36);
    if (nrm == 0) return E.E_OUT_OF_MEMORY;
    soupNormals(stlPositions, stlTriangles, nrm);
    setRes(R_NORMAL_PTR, <u32>nrm);
  }
  return E.OK;
}

/**
 * Binary STL with a blank header (but its `COLOR=` and `MATERIAL=` values, which carry no
 * text), the attribute words kept and trailing bytes dropped.
 */
export function sanitiseBinaryStl(p: usize, len: usize): i32 {
  const err = readBinaryStl(p, len);
  if (err != E.OK) return err;
  const outLen = 84 + <u64>stlTriangles * 50;
  const out = arenaAlloc(outLen);
  if (out == 0) return E.E_OUT_OF_MEMORY;
  memory.copy(out, p, <usize>outLen);
  memory.fill(out, 0, 80);
  if (colorAt >= 0) memory.copy(out + <usize>colorAt, p + <usize>colorAt, 10);
  if (materialAt >= 0) memory.copy(out + <usize>materialAt, p + <usize>materialAt, 21);
  setRes(R_OUT_PTR, <u32>out);
  setRes(R_OUT_LEN, <u32>outLen);
  return E.OK;
}

/** ASCII STL is stored as binary STL: smaller, faster to read, and the solid names are gone. */
export function sanitiseAsciiStl(p: usize, len: usize): i32 {
  const err = readAsciiStl(p, len);
  if (err != E.OK) return err;
  const outLen = 84 + <u64>stlTriangles * 50;
  const out = arenaAlloc(outLen);
  if (out == 0) return E.E_OUT_OF_MEMORY;
  writeStlRecords(out, stlPositions, 0, stlTriangles);
  setRes(R_OUT_PTR, <u32>out);
  setRes(R_OUT_LEN, <u32>outLen);
  return E.OK;
}
