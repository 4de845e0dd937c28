import * as E from './errors';
import { arenaAlloc, arenaCommit, arenaEnsure, arenaMark } from './arena';
import {
  EXP_MASK,
  boundsSet,
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
  R_OUT_PTR,
  R_OUT_LEN,
  FLAG_MULTIPLE_SOLIDS,
} from './results';

export let stlPositions: usize = 0;
export let stlTriangles: u32 = 0;

/**
 * Binary STL records → positions (9 float32 per triangle). The caller has checked the size
 * equation. Bounds and finiteness are checked in the same pass.
 */
export function readBinaryStl(p: usize, len: usize): i32 {
  const n = load<u32>(p + 80);
  if (n > E.MAX_TRIANGLES) return E.E_MESH_TOO_LARGE;
  if (n == 0) return E.E_NO_GEOMETRY;
  const out = arenaAlloc(<u64>n * 36);
  if (out == 0) return E.E_OUT_OF_MEMORY;
  let mn = f32x4.splat(Infinity);
  let mx = f32x4.splat(-Infinity);
  let ex = i32x4.splat(0);
  let r = p + 84 + 12;
  let o = out;
  const oEnd = out + (<usize>n) * 36;
  // Each record: normal (skipped), three 12-byte corners, 2-byte attribute. Vector loads read
  // 4 bytes past each corner; that lane is masked (bounds) or overwritten (positions).
  while (o < oEnd) {
    const a = v128.load(r);
    const b = v128.load(r, 12);
    const c = v128.load(r, 24);
    v128.store(o, a);
    v128.store(o, b, 12);
    v128.store(o, c, 24);
    mn = f32x4.min(mn, f32x4.min(a, f32x4.min(b, c)));
    mx = f32x4.max(mx, f32x4.max(a, f32x4.max(b, c)));
    ex = i32x4.max_u(ex, i32x4.max_u(v128.and(a, EXP_MASK), i32x4.max_u(v128.and(b, EXP_MASK), v128.and(c, EXP_MASK))));
    r += 50;
    o += 36;
  }
  boundsSet(mn, mx, ex);
  if (boundsHasNonFinite()) {
    setRes(R_DETAIL, firstNonFinite(out, n * 3, 12) / 3);
    return E.E_NON_FINITE_COORDINATE;
  }
  boundsPublish(false);
  stlPositions = out;
  stlTriangles = n;
  setRes(R_TRIANGLE_COUNT, n);
  setRes(R_VERTEX_COUNT, n * 3);
  return E.OK;
}

function syntax(): i32 {
  setRes(R_DETAIL, tokLine);
  return tokTooLong ? E.E_LINE_TOO_LONG : E.E_STL_SYNTAX;
}

function expectWord(s: string): bool {
  return tokNext() && tokenIs(tokStart, tokLen, s);
}

/** Reads three numbers into [o, o+12). Returns OK, E_STL_SYNTAX or E_NON_FINITE_COORDINATE. */
function readTriple(o: usize, store3: bool): i32 {
  for (let k: usize = 0; k < 3; k++) {
    if (!tokNext()) return syntax();
    const r = parseNumber(tokStart, tokLen);
    if (r == NUM_NON_FINITE) {
      if (!store3) continue;
      setRes(R_DETAIL, tokLine);
      return E.E_NON_FINITE_COORDINATE;
    }
    if (r != NUM_OK) return syntax();
    if (store3) {
      const f = <f32>numValue;
      if (!isFinite(f)) {
        setRes(R_DETAIL, tokLine);
        return E.E_NON_FINITE_COORDINATE;
      }
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
    if (tokenIs(tokStart, tokLen, 'facet')) {
      if (!open) return syntax();
      if (n >= E.MAX_TRIANGLES) return E.E_MESH_TOO_LARGE;
      const o = out + <usize>n * 36;
      if (!arenaEnsure(o + 36 + 16)) return E.E_OUT_OF_MEMORY;
      if (!expectWord('normal')) return syntax();
      let r = readTriple(o, false);
      if (r != E.OK) return r;
      if (!expectWord('outer') || !expectWord('loop')) return syntax();
      for (let v: usize = 0; v < 3; v++) {
        if (!expectWord('vertex')) return syntax();
        r = readTriple(o + v * 12, true);
        if (r != E.OK) return r;
      }
      if (!expectWord('endloop') || !expectWord('endfacet')) return syntax();
      n++;
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
  setRes(R_TRIANGLE_COUNT, n);
  setRes(R_VERTEX_COUNT, n * 3);
  return E.OK;
}

/** Publishes positions (and optional flat normals) of the last STL read. */
export function publishStl(wantNormals: bool): i32 {
  setRes(R_POS_PTR, <u32>stlPositions);
  if (wantNormals) {
    const nrm = arenaAlloc(<u64>stlTriangles * 36);
    if (nrm == 0) return E.E_OUT_OF_MEMORY;
    soupNormals(stlPositions, stlTriangles, nrm);
    setRes(R_NORMAL_PTR, <u32>nrm);
  }
  return E.OK;
}

/** Binary STL with a blank header, the attribute words kept and trailing bytes dropped. */
export function sanitiseBinaryStl(p: usize, len: usize): i32 {
  const err = readBinaryStl(p, len);
  if (err != E.OK) return err;
  const outLen = 84 + <u64>stlTriangles * 50;
  const out = arenaAlloc(outLen);
  if (out == 0) return E.E_OUT_OF_MEMORY;
  memory.copy(out, p, <usize>outLen);
  memory.fill(out, 0, 80);
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
