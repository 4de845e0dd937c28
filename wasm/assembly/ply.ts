import * as E from './errors';
import { arenaAlloc, arenaCommit, arenaEnsure, arenaMark } from './arena';
import { scanPacked, firstNonFinite, indexedVertexNormals } from './mesh';
import {
  isSpace,
  tokenIs,
  parseUint,
  parseNumber,
  numValue,
  tokInit,
  tokNext,
  tokStart,
  tokLen,
  tokTooLong,
  numNext,
  NUM_OK,
  NUM_NON_FINITE,
} from './text';
import {
  setRes,
  addFlag,
  R_DETAIL,
  R_FORMAT,
  R_POS_PTR,
  R_VERTEX_COUNT,
  R_INDEX_PTR,
  R_TRIANGLE_COUNT,
  R_NORMAL_PTR,
  R_COLOR_PTR,
  R_OUT_PTR,
  R_OUT_LEN,
  F_PLY_ASCII,
  F_PLY_BINARY_LE,
  F_PLY_BINARY_BE,
  FLAG_HAS_COLORS,
  FLAG_TRAILING_BYTES,
} from './results';
import * as W from './where';
import { MAX_LINE } from './text';

// PLY (ascii 1.0, binary_little_endian 1.0, binary_big_endian 1.0). Only `vertex` (x, y, z and
// optional red/green/blue/alpha) and `face` (vertex_indices list and optional red/green/blue/
// alpha) are kept; every other element and property is validated for size and skipped.

const MAX_HEADER: usize = 65536;
const MAX_ELEMENTS: i32 = 16;
const MAX_PROPS: i32 = 256;
const MIN_FACE_LIST: u32 = 3;
const MAX_FACE_LIST: u32 = 16;

const T_INT8: u8 = 1;
const T_UINT8: u8 = 2;
const T_INT16: u8 = 3;
const T_UINT16: u8 = 4;
const T_INT32: u8 = 5;
const T_UINT32: u8 = 6;
const T_FLOAT32: u8 = 7;
const T_FLOAT64: u8 = 8;
const TYPE_SIZE: usize = memory.data<u8>([0, 1, 1, 2, 2, 4, 4, 4, 8]);

const EK_OTHER: u8 = 0;
const EK_VERTEX: u8 = 1;
const EK_FACE: u8 = 2;

const ROLE_OTHER: u8 = 0;
const ROLE_X: u8 = 1;
const ROLE_Y: u8 = 2;
const ROLE_Z: u8 = 3;
const ROLE_R: u8 = 4;
const ROLE_G: u8 = 5;
const ROLE_B: u8 = 6;
const ROLE_A: u8 = 7;
const ROLE_INDICES: u8 = 8;

const EL_KIND: usize = memory.data(MAX_ELEMENTS);
const EL_COUNT: usize = memory.data(MAX_ELEMENTS * 4);
const EL_PROP0: usize = memory.data(MAX_ELEMENTS * 4);
const EL_NPROP: usize = memory.data(MAX_ELEMENTS * 4);
const EL_NAME_P: usize = memory.data(MAX_ELEMENTS * 4);
const EL_NAME_L: usize = memory.data(MAX_ELEMENTS * 4);
const PR_LIST: usize = memory.data(MAX_PROPS);
const PR_TYPE: usize = memory.data(MAX_PROPS);
const PR_CTYPE: usize = memory.data(MAX_PROPS);
const PR_ROLE: usize = memory.data(MAX_PROPS);

let nElements: i32 = 0;
let nProps: i32 = 0;
let format: u32 = 0;
let bodyStart: usize = 0;
let headerEnd: usize = 0;

export let plyPositions: usize = 0;
export let plyVertexCount: u32 = 0;
export let plyIndices: usize = 0;
export let plyTriangles: u32 = 0;
export let plyColors: usize = 0;
export let plyBodyEnd: usize = 0;

function typeOf(p: usize, len: usize): u8 {
  if (tokenIs(p, len, 'char') || tokenIs(p, len, 'int8')) return T_INT8;
  if (tokenIs(p, len, 'uchar') || tokenIs(p, len, 'uint8')) return T_UINT8;
  if (tokenIs(p, len, 'short') || tokenIs(p, len, 'int16')) return T_INT16;
  if (tokenIs(p, len, 'ushort') || tokenIs(p, len, 'uint16')) return T_UINT16;
  if (tokenIs(p, len, 'int') || tokenIs(p, len, 'int32')) return T_INT32;
  if (tokenIs(p, len, 'uint') || tokenIs(p, len, 'uint32')) return T_UINT32;
  if (tokenIs(p, len, 'float') || tokenIs(p, len, 'float32')) return T_FLOAT32;
  if (tokenIs(p, len, 'double') || tokenIs(p, len, 'float64')) return T_FLOAT64;
  return 0;
}

function roleOf(kind: u8, p: usize, len: usize): u8 {
  if (kind == EK_VERTEX) {
    if (tokenIs(p, len, 'x')) return ROLE_X;
    if (tokenIs(p, len, 'y')) return ROLE_Y;
    if (tokenIs(p, len, 'z')) return ROLE_Z;
    if (tokenIs(p, len, 'red') || tokenIs(p, len, 'diffuse_red')) return ROLE_R;
    if (tokenIs(p, len, 'green') || tokenIs(p, len, 'diffuse_green')) return ROLE_G;
    if (tokenIs(p, len, 'blue') || tokenIs(p, len, 'diffuse_blue')) return ROLE_B;
    if (tokenIs(p, len, 'alpha') || tokenIs(p, len, 'diffuse_alpha')) return ROLE_A;
  } else if (kind == EK_FACE) {
    if (tokenIs(p, len, 'vertex_indices') || tokenIs(p, len, 'vertex_index')) return ROLE_INDICES;
    if (tokenIs(p, len, 'red') || tokenIs(p, len, 'diffuse_red')) return ROLE_R;
    if (tokenIs(p, len, 'green') || tokenIs(p, len, 'diffuse_green')) return ROLE_G;
    if (tokenIs(p, len, 'blue') || tokenIs(p, len, 'diffuse_blue')) return ROLE_B;
    if (tokenIs(p, len, 'alpha') || tokenIs(p, len, 'diffuse_alpha')) return ROLE_A;
  }
  return ROLE_OTHER;
}

// Header line tokens (at most 6 per line are looked at).
const LT_POS: usize = memory.data(8 * 4);
const LT_LEN: usize = memory.data(8 * 4);
let lineTokens: i32 = 0;

function splitLine(s: usize, e: usize): void {
  lineTokens = 0;
  let q = s;
  while (q < e && lineTokens < 8) {
    while (q < e && isSpace(<u32>load<u8>(q))) q++;
    if (q >= e) break;
    const t = q;
    while (q < e && !isSpace(<u32>load<u8>(q))) q++;
    store<u32>(LT_POS + ((<usize>lineTokens) << 2), <u32>t);
    store<u32>(LT_LEN + ((<usize>lineTokens) << 2), <u32>(q - t));
    lineTokens++;
  }
}

function tp(i: i32): usize {
  return <usize>load<u32>(LT_POS + ((<usize>i) << 2));
}
function tl(i: i32): usize {
  return <usize>load<u32>(LT_LEN + ((<usize>i) << 2));
}

/** A header error at `line`: the element is the header, the reason a malformed line. */
function headerError(code: i32, line: u32): i32 {
  W.errAt(W.AT_LINE, line, W.EL_PLY_HEADER, -1);
  W.errWhy(W.WHY_HEADER_LINE, 0, 0);
  return code;
}

/** The where.ts element code of element `ei`, naming it when it is not vertex or face. */
function elementCode(ei: i32): u32 {
  const kind = load<u8>(EL_KIND + <usize>ei);
  if (kind == EK_VERTEX) return W.EL_PLY_VERTEX;
  if (kind == EK_FACE) return W.EL_PLY_FACE;
  return W.EL_PLY_OTHER;
}

function elementName(ei: i32): void {
  W.errName(
    <usize>load<u32>(EL_NAME_P + ((<usize>ei) << 2)),
    <usize>load<u32>(EL_NAME_L + ((<usize>ei) << 2)),
  );
}

/** True for the header keywords the reader acts on (other lines are skipped, with a warning). */
function isKeyword(p: usize, len: usize): bool {
  return (
    tokenIs(p, len, 'ply') ||
    tokenIs(p, len, 'format') ||
    tokenIs(p, len, 'element') ||
    tokenIs(p, len, 'property') ||
    tokenIs(p, len, 'end_header')
  );
}

/** Parses the header; on success bodyStart points after the end_header line. */
function parseHeader(p: usize, len: usize): i32 {
  nElements = 0;
  nProps = 0;
  format = 0;
  const end = p + len;
  const limit = len < MAX_HEADER ? end : p + MAX_HEADER;
  let q = p;
  let line: u32 = 0;
  let sawEnd = false;
  while (q < limit) {
    let e = q;
    while (e < limit && load<u8>(e) != 0x0a) e++;
    if (e >= limit) break;
    const next = e + 1;
    line++;
    splitLine(q, e);
    setRes(R_DETAIL, line);
    if (line == 1) {
      if (lineTokens != 1 || !tokenIs(tp(0), tl(0), 'ply'))
        return headerError(E.E_PLY_HEADER, line);
    } else if (lineTokens == 0) {
      // A blank line: nothing to read.
    } else if (tokenIs(tp(0), tl(0), 'comment') || tokenIs(tp(0), tl(0), 'obj_info')) {
      // kept out of sanitised output
    } else if (tokenIs(tp(0), tl(0), 'format')) {
      if (format != 0 || lineTokens != 3) return headerError(E.E_PLY_HEADER, line);
      if (!tokenIs(tp(2), tl(2), '1.0')) return headerError(E.E_PLY_UNSUPPORTED, line);
      if (tokenIs(tp(1), tl(1), 'ascii')) format = F_PLY_ASCII;
      else if (tokenIs(tp(1), tl(1), 'binary_little_endian')) format = F_PLY_BINARY_LE;
      else if (tokenIs(tp(1), tl(1), 'binary_big_endian')) format = F_PLY_BINARY_BE;
      else return headerError(E.E_PLY_UNSUPPORTED, line);
    } else if (tokenIs(tp(0), tl(0), 'element')) {
      if (lineTokens != 3) return headerError(E.E_PLY_HEADER, line);
      if (nElements >= MAX_ELEMENTS) return headerError(E.E_PLY_UNSUPPORTED, line);
      const count = parseUint(tp(2), tl(2));
      if (count < 0) return headerError(E.E_PLY_HEADER, line);
      let kind = EK_OTHER;
      if (tokenIs(tp(1), tl(1), 'vertex')) kind = EK_VERTEX;
      else if (tokenIs(tp(1), tl(1), 'face')) kind = EK_FACE;
      for (let i = 0; i < nElements; i++) {
        if (kind != EK_OTHER && load<u8>(EL_KIND + <usize>i) == kind)
          return headerError(E.E_PLY_HEADER, line);
      }
      const ei = <usize>nElements;
      store<u8>(EL_KIND + ei, kind);
      store<u32>(EL_COUNT + (ei << 2), <u32>count);
      store<u32>(EL_PROP0 + (ei << 2), <u32>nProps);
      store<u32>(EL_NPROP + (ei << 2), 0);
      store<u32>(EL_NAME_P + (ei << 2), <u32>tp(1));
      store<u32>(EL_NAME_L + (ei << 2), <u32>tl(1));
      nElements++;
    } else if (tokenIs(tp(0), tl(0), 'property')) {
      if (nElements == 0) return headerError(E.E_PLY_HEADER, line);
      if (nProps >= MAX_PROPS) return headerError(E.E_PLY_UNSUPPORTED, line);
      const ei = <usize>(nElements - 1);
      const kind = load<u8>(EL_KIND + ei);
      const pi = <usize>nProps;
      if (lineTokens >= 2 && tokenIs(tp(1), tl(1), 'list')) {
        if (lineTokens != 5) return headerError(E.E_PLY_HEADER, line);
        const ct = typeOf(tp(2), tl(2));
        const it = typeOf(tp(3), tl(3));
        if (ct == 0 || it == 0) return headerError(E.E_PLY_UNSUPPORTED, line);
        if (ct == T_FLOAT32 || ct == T_FLOAT64) return headerError(E.E_PLY_UNSUPPORTED, line);
        store<u8>(PR_LIST + pi, 1);
        store<u8>(PR_TYPE + pi, it);
        store<u8>(PR_CTYPE + pi, ct);
        let role = roleOf(kind, tp(4), tl(4));
        // A colour is one value per face; a list of that name is some other data.
        if (kind == EK_FACE && role >= ROLE_R && role <= ROLE_A) role = ROLE_OTHER;
        if (role == ROLE_INDICES && (it == T_FLOAT32 || it == T_FLOAT64))
          return headerError(E.E_PLY_UNSUPPORTED, line);
        store<u8>(PR_ROLE + pi, role);
      } else {
        if (lineTokens != 3) return headerError(E.E_PLY_HEADER, line);
        const t = typeOf(tp(1), tl(1));
        if (t == 0) return headerError(E.E_PLY_UNSUPPORTED, line);
        store<u8>(PR_LIST + pi, 0);
        store<u8>(PR_TYPE + pi, t);
        store<u8>(PR_CTYPE + pi, 0);
        let role = roleOf(kind, tp(2), tl(2));
        if (role == ROLE_INDICES) role = ROLE_OTHER;
        store<u8>(PR_ROLE + pi, role);
      }
      store<u32>(EL_NPROP + (ei << 2), load<u32>(EL_NPROP + (ei << 2)) + 1);
      nProps++;
    } else if (tokenIs(tp(0), tl(0), 'end_header')) {
      if (lineTokens != 1) return headerError(E.E_PLY_HEADER, line);
      sawEnd = true;
      headerEnd = q;
      bodyStart = next;
      break;
    } else {
      // Free text without the `comment` keyword: the formats' own readers skip it too. It is
      // dropped from the stored copy like a comment (it may name the patient).
      W.warn(W.W_HEADER_LINE_SKIPPED, W.AT_LINE, line, W.EL_PLY_HEADER, -1);
    }
    q = next;
  }
  if (!sawEnd) {
    W.errAt(W.AT_NONE, 0, W.EL_PLY_HEADER, -1);
    W.errWhy(W.WHY_NO_END_HEADER, 0, 0);
    return E.E_PLY_HEADER;
  }
  if (format == 0) return headerError(E.E_PLY_HEADER, 2);
  setRes(R_FORMAT, format);
  return E.OK;
}

// ---- binary value readers ----

let bigEndian = false;

function rdInt(p: usize, t: u8): i64 {
  switch (t) {
    case T_INT8:
      return <i64>load<i8>(p);
    case T_UINT8:
      return <i64>load<u8>(p);
    case T_INT16:
      return <i64>(bigEndian ? <i16>bswap<u16>(load<u16>(p)) : load<i16>(p));
    case T_UINT16:
      return <i64>(bigEndian ? bswap<u16>(load<u16>(p)) : load<u16>(p));
    case T_INT32:
      return <i64>(bigEndian ? <i32>bswap<u32>(load<u32>(p)) : load<i32>(p));
    case T_UINT32:
      return <i64>(bigEndian ? bswap<u32>(load<u32>(p)) : load<u32>(p));
    case T_FLOAT32:
      return <i64>rdF(p, t);
    default:
      return <i64>rdF(p, t);
  }
}

function rdF(p: usize, t: u8): f64 {
  if (t == T_FLOAT32) {
    const bits = bigEndian ? bswap<u32>(load<u32>(p)) : load<u32>(p);
    return <f64>reinterpret<f32>(bits);
  }
  if (t == T_FLOAT64) {
    const bits = bigEndian ? bswap<u64>(load<u64>(p)) : load<u64>(p);
    return reinterpret<f64>(bits);
  }
  return <f64>rdInt(p, t);
}

/** Colour channel → 0..255 (floats are 0..1; 16-bit values keep the high byte). */
function toByte(v: f64, t: u8): u32 {
  let x: f64 = v;
  if (t == T_FLOAT32 || t == T_FLOAT64) x = v * 255.0;
  else if (t == T_UINT16 || t == T_INT16) x = v / 257.0;
  else if (t == T_UINT32 || t == T_INT32) x = v / 16843009.0;
  if (!(x > 0)) return 0;
  if (x >= 255) return 255;
  return <u32>(x + 0.5);
}

function sizeOf(t: u8): usize {
  return <usize>load<u8>(TYPE_SIZE + <usize>t);
}

// Vertex layout found in the header.
let vIndex: i32 = -1;
let fIndex: i32 = -1;
let hasColor = false;
let hasAlpha = false;
// Per-face colours (red, green and blue on the face element); they win over vertex colours.
let faceColor = false;

function elementBytes(ei: i32, ascii: bool): u64 {
  // Smallest possible record: ascii needs at least "0 " per scalar or list count.
  const p0 = <i32>load<u32>(EL_PROP0 + ((<usize>ei) << 2));
  const np = <i32>load<u32>(EL_NPROP + ((<usize>ei) << 2));
  let sum: u64 = 0;
  for (let i = p0; i < p0 + np; i++) {
    const list = load<u8>(PR_LIST + <usize>i) != 0;
    const role = load<u8>(PR_ROLE + <usize>i);
    const minItems: u64 = role == ROLE_INDICES ? <u64>MIN_FACE_LIST : 0;
    if (ascii) sum += 2 + (list ? 2 * minItems : 0);
    else if (list)
      sum +=
        <u64>sizeOf(load<u8>(PR_CTYPE + <usize>i)) +
        minItems * <u64>sizeOf(load<u8>(PR_TYPE + <usize>i));
    else sum += <u64>sizeOf(load<u8>(PR_TYPE + <usize>i));
  }
  return sum;
}

function checkLayout(bodyLen: usize): i32 {
  vIndex = -1;
  fIndex = -1;
  hasColor = false;
  const ascii = format == F_PLY_ASCII;
  let need: u64 = 0;
  for (let i = 0; i < nElements; i++) {
    const kind = load<u8>(EL_KIND + <usize>i);
    if (kind == EK_VERTEX) vIndex = i;
    else if (kind == EK_FACE) fIndex = i;
    const count = <u64>load<u32>(EL_COUNT + ((<usize>i) << 2));
    need += count * elementBytes(i, ascii);
  }
  if (vIndex < 0) return E.E_PLY_UNSUPPORTED;
  const p0 = <i32>load<u32>(EL_PROP0 + ((<usize>vIndex) << 2));
  const np = <i32>load<u32>(EL_NPROP + ((<usize>vIndex) << 2));
  let seen: u32 = 0;
  for (let i = p0; i < p0 + np; i++) {
    const role = load<u8>(PR_ROLE + <usize>i);
    if (role != ROLE_OTHER && load<u8>(PR_LIST + <usize>i) != 0) return E.E_PLY_UNSUPPORTED;
    if (role != ROLE_OTHER) {
      if (seen & (1 << role)) return E.E_PLY_HEADER;
      seen |= 1 << role;
    }
  }
  if ((seen & 0xe) != 0xe) return E.E_PLY_UNSUPPORTED;
  hasColor = (seen & 0x70) == 0x70;
  hasAlpha = hasColor && (seen & 0x80) != 0;
  faceColor = false;
  if (fIndex >= 0) {
    const f0 = <i32>load<u32>(EL_PROP0 + ((<usize>fIndex) << 2));
    const fn = <i32>load<u32>(EL_NPROP + ((<usize>fIndex) << 2));
    let found = 0;
    let fseen: u32 = 0;
    for (let i = f0; i < f0 + fn; i++) {
      const role = load<u8>(PR_ROLE + <usize>i);
      if (role == ROLE_INDICES) found++;
      else if (role != ROLE_OTHER) {
        if (fseen & (1 << role)) return E.E_PLY_HEADER;
        fseen |= 1 << role;
      }
    }
    if (found != 1) return E.E_PLY_UNSUPPORTED;
    faceColor = (fseen & 0x70) == 0x70;
  }
  // Declared counts must fit the body before anything is allocated (row 13).
  if (need > <u64>bodyLen) {
    W.errAt(W.AT_NONE, 0, W.EL_PLY_FILE, -1);
    W.errWhy(W.WHY_BODY_TOO_SHORT, <u32>min<u64>(need, 0xffffffff), <u32>bodyLen);
    return E.E_DECLARED_COUNT_MISMATCH;
  }
  const nv = load<u32>(EL_COUNT + ((<usize>vIndex) << 2));
  if (nv > E.MAX_VERTICES) return E.E_MESH_TOO_LARGE;
  if (fIndex >= 0 && load<u32>(EL_COUNT + ((<usize>fIndex) << 2)) > E.MAX_TRIANGLES)
    return E.E_MESH_TOO_LARGE;
  return E.OK;
}

// ---- body ----

let idxOut: usize = 0;
let triCount: u32 = 0;

function putTriangle(a: u32, b: u32, c: u32): bool {
  if (triCount >= E.MAX_TRIANGLES) return false;
  const o = idxOut + <usize>triCount * 12;
  store<u32>(o, a);
  store<u32>(o, b, 4);
  store<u32>(o, c, 8);
  triCount++;
  return true;
}

// Polygon corners of the current face (fan-triangulated once complete).
const CORNERS: usize = memory.data(MAX_FACE_LIST * 4);

function emitPolygon(n: u32): i32 {
  if (!arenaEnsure(idxOut + <usize>(triCount + n) * 12 + 16)) return E.E_OUT_OF_MEMORY;
  const a = load<u32>(CORNERS);
  for (let k: u32 = 1; k + 1 < n; k++) {
    if (
      !putTriangle(
        a,
        load<u32>(CORNERS + ((<usize>k) << 2)),
        load<u32>(CORNERS + ((<usize>(k + 1)) << 2)),
      )
    ) {
      return E.E_MESH_TOO_LARGE;
    }
  }
  return E.OK;
}

// Face colours: the record being read, then RGBA8 per face and the triangle count after each
// face (a polygon's triangles take its colour when the corners are split, see splitByFace).
const FACE_RGBA: usize = memory.data(4);
let faceCols: usize = 0;
let faceEnds: usize = 0;

function faceBegin(): void {
  store<u32>(FACE_RGBA, 0xff000000);
}

function faceEnd(r: u32): void {
  store<u32>(faceCols + ((<usize>r) << 2), load<u32>(FACE_RGBA));
  store<u32>(faceEnds + ((<usize>r) << 2), triCount);
}

let fastEnd: usize = 0;
// First byte of the file: binary errors name their byte offset from it.
let fileStart: usize = 0;

/** A binary error in record `r` of element `ei` starting at `at`. */
function binError(code: i32, ei: i32, r: u32, at: usize, why: u32, expected: u32, found: u32): i32 {
  W.errAt(W.AT_OFFSET, <u32>(at - fileStart), elementCode(ei), <i64>r);
  if (elementCode(ei) == W.EL_PLY_OTHER) elementName(ei);
  W.errWhy(why, expected, found);
  setRes(R_DETAIL, r);
  return code;
}

/** The common face layout (uchar count, 32-bit little-endian indices), mostly triangles. */
function fastFaces(start: usize, end: usize, count: u32, nv: u32, ei: i32): i32 {
  let q = start;
  if (!arenaEnsure(idxOut + <usize>(triCount + count) * 12 + 16)) return E.E_OUT_OF_MEMORY;
  for (let r: u32 = 0; r < count; r++) {
    if (q >= end)
      return binError(E.E_DECLARED_COUNT_MISMATCH, ei, r, q, W.WHY_ENDS_EARLY, count, r);
    const m = <u32>load<u8>(q);
    if (m < MIN_FACE_LIST || m > MAX_FACE_LIST) {
      return binError(E.E_LIST_TOO_LONG, ei, r, q, W.WHY_CORNERS, 0, m);
    }
    if (q + 1 + <usize>m * 4 > end) {
      return binError(E.E_DECLARED_COUNT_MISMATCH, ei, r, q, W.WHY_TRUNCATED, 0, 0);
    }
    if (m == 3) {
      // Negative int32 indices read as u32 are >= nv too.
      const a = load<u32>(q, 1);
      const b = load<u32>(q, 5);
      const c = load<u32>(q, 9);
      if (a >= nv || b >= nv || c >= nv) {
        const bad = a >= nv ? a : b >= nv ? b : c;
        return binError(E.E_INDEX_OUT_OF_RANGE, ei, r, q, W.WHY_INDEX, nv, bad);
      }
      if (triCount >= E.MAX_TRIANGLES) return E.E_MESH_TOO_LARGE;
      const o = idxOut + <usize>triCount * 12;
      store<u32>(o, a);
      store<u32>(o, b, 4);
      store<u32>(o, c, 8);
      triCount++;
    } else {
      for (let k: u32 = 0; k < m; k++) {
        const v = load<u32>(q + 1 + <usize>k * 4);
        if (v >= nv) return binError(E.E_INDEX_OUT_OF_RANGE, ei, r, q, W.WHY_INDEX, nv, v);
        store<u32>(CORNERS + ((<usize>k) << 2), v);
      }
      const err = emitPolygon(m);
      if (err != E.OK) return err;
    }
    q += 1 + <usize>m * 4;
  }
  fastEnd = q;
  return E.OK;
}

function storeVertexValue(pos: usize, col: usize, v: u32, role: u8, q: usize, t: u8): void {
  const o = pos + <usize>v * 12;
  if (role == ROLE_X) store<f32>(o, <f32>rdF(q, t));
  else if (role == ROLE_Y) store<f32>(o, <f32>rdF(q, t), 4);
  else if (role == ROLE_Z) store<f32>(o, <f32>rdF(q, t), 8);
  else if (hasColor && role >= ROLE_R && role <= ROLE_A) {
    store<u8>(col + <usize>v * 4 + <usize>(role - ROLE_R), <u8>toByte(rdF(q, t), t));
  }
}

let varEnd: usize = 0;

/** Vertex records with a list property (e.g. per-vertex texture lists): sizes vary. */
function variableVertices(q0: usize, end: usize, count: u32, ei: i32, pos: usize, col: usize): i32 {
  const p0 = <i32>load<u32>(EL_PROP0 + ((<usize>ei) << 2));
  const np = <i32>load<u32>(EL_NPROP + ((<usize>ei) << 2));
  let q = q0;
  for (let v: u32 = 0; v < count; v++) {
    const rec = q;
    for (let i = p0; i < p0 + np; i++) {
      const t = load<u8>(PR_TYPE + <usize>i);
      const sz = sizeOf(t);
      if (load<u8>(PR_LIST + <usize>i) != 0) {
        const ct = load<u8>(PR_CTYPE + <usize>i);
        const csz = sizeOf(ct);
        if (q + csz > end) {
          return binError(E.E_DECLARED_COUNT_MISMATCH, ei, v, rec, W.WHY_ENDS_EARLY, count, v);
        }
        const n = rdInt(q, ct);
        q += csz;
        if (n < 0 || <u64>n * <u64>sz > <u64>(end - q)) {
          return binError(E.E_DECLARED_COUNT_MISMATCH, ei, v, rec, W.WHY_TRUNCATED, 0, 0);
        }
        q += <usize>n * sz;
        continue;
      }
      if (q + sz > end) {
        return binError(E.E_DECLARED_COUNT_MISMATCH, ei, v, rec, W.WHY_ENDS_EARLY, count, v);
      }
      storeVertexValue(pos, col, v, load<u8>(PR_ROLE + <usize>i), q, t);
      q += sz;
    }
  }
  varEnd = q;
  return E.OK;
}

function readBinaryBody(p: usize, end: usize, pos: usize, col: usize): i32 {
  let q = bodyStart;
  const nv = plyVertexCount;
  for (let ei = 0; ei < nElements; ei++) {
    const kind = load<u8>(EL_KIND + <usize>ei);
    const count = load<u32>(EL_COUNT + ((<usize>ei) << 2));
    const p0 = <i32>load<u32>(EL_PROP0 + ((<usize>ei) << 2));
    const np = <i32>load<u32>(EL_NPROP + ((<usize>ei) << 2));
    let fixed = true;
    let stride: usize = 0;
    for (let i = p0; i < p0 + np; i++) {
      if (load<u8>(PR_LIST + <usize>i) != 0) fixed = false;
      else stride += sizeOf(load<u8>(PR_TYPE + <usize>i));
    }
    if (fixed && <u64>stride * <u64>count > <u64>(end - q)) {
      const whole = stride == 0 ? count : <u32>((end - q) / stride);
      const at = q + <usize>whole * stride;
      return binError(E.E_DECLARED_COUNT_MISMATCH, ei, whole, at, W.WHY_ENDS_EARLY, count, whole);
    }
    if (kind == EK_VERTEX && !fixed) {
      const err = variableVertices(q, end, count, ei, pos, col);
      if (err != E.OK) return err;
      q = varEnd;
      continue;
    }
    if (kind == EK_VERTEX) {
      let ox: usize = 0,
        oy: usize = 0,
        oz: usize = 0;
      let tx: u8 = 0,
        ty: u8 = 0,
        tz: u8 = 0;
      let off: usize = 0;
      for (let i = p0; i < p0 + np; i++) {
        const role = load<u8>(PR_ROLE + <usize>i);
        const t = load<u8>(PR_TYPE + <usize>i);
        if (role == ROLE_X) {
          ox = off;
          tx = t;
        } else if (role == ROLE_Y) {
          oy = off;
          ty = t;
        } else if (role == ROLE_Z) {
          oz = off;
          tz = t;
        }
        off += sizeOf(t);
      }
      const fast = !bigEndian && tx == T_FLOAT32 && ty == T_FLOAT32 && tz == T_FLOAT32;
      for (let v: u32 = 0; v < count; v++) {
        const r = q + <usize>v * stride;
        const o = pos + <usize>v * 12;
        if (fast) {
          store<f32>(o, load<f32>(r + ox));
          store<f32>(o, load<f32>(r + oy), 4);
          store<f32>(o, load<f32>(r + oz), 8);
        } else {
          store<f32>(o, <f32>rdF(r + ox, tx));
          store<f32>(o, <f32>rdF(r + oy, ty), 4);
          store<f32>(o, <f32>rdF(r + oz, tz), 8);
        }
      }
      if (hasColor) {
        off = 0;
        for (let i = p0; i < p0 + np; i++) {
          const role = load<u8>(PR_ROLE + <usize>i);
          const t = load<u8>(PR_TYPE + <usize>i);
          if (role >= ROLE_R && role <= ROLE_A) {
            const ch: usize = <usize>(role - ROLE_R);
            if (t == T_UINT8) {
              for (let v: u32 = 0; v < count; v++)
                store<u8>(col + <usize>v * 4 + ch, load<u8>(q + <usize>v * stride + off));
            } else {
              for (let v: u32 = 0; v < count; v++) {
                store<u8>(
                  col + <usize>v * 4 + ch,
                  <u8>toByte(rdF(q + <usize>v * stride + off, t), t),
                );
              }
            }
          }
          off += sizeOf(t);
        }
      }
      q += <usize>count * stride;
      continue;
    }
    if (fixed) {
      q += <usize>count * stride;
      continue;
    }
    if (kind == EK_FACE && np == 1 && !bigEndian && load<u8>(PR_CTYPE + <usize>p0) == T_UINT8) {
      const it = load<u8>(PR_TYPE + <usize>p0);
      if (it == T_INT32 || it == T_UINT32) {
        const r = fastFaces(q, end, count, nv, ei);
        if (r != E.OK) return r;
        q = fastEnd;
        continue;
      }
    }
    const colours = faceColor && kind == EK_FACE;
    for (let r: u32 = 0; r < count; r++) {
      const rec = q;
      if (colours) faceBegin();
      for (let i = p0; i < p0 + np; i++) {
        const t = load<u8>(PR_TYPE + <usize>i);
        const sz = sizeOf(t);
        if (load<u8>(PR_LIST + <usize>i) == 0) {
          if (q + sz > end) {
            return binError(E.E_DECLARED_COUNT_MISMATCH, ei, r, rec, W.WHY_ENDS_EARLY, count, r);
          }
          const role = load<u8>(PR_ROLE + <usize>i);
          if (colours && role >= ROLE_R && role <= ROLE_A) {
            store<u8>(FACE_RGBA + <usize>(role - ROLE_R), <u8>toByte(rdF(q, t), t));
          }
          q += sz;
          continue;
        }
        const ct = load<u8>(PR_CTYPE + <usize>i);
        const csz = sizeOf(ct);
        if (q + csz > end) {
          return binError(E.E_DECLARED_COUNT_MISMATCH, ei, r, rec, W.WHY_ENDS_EARLY, count, r);
        }
        const n = rdInt(q, ct);
        q += csz;
        const isIdx = kind == EK_FACE && load<u8>(PR_ROLE + <usize>i) == ROLE_INDICES;
        if (isIdx && (n < <i64>MIN_FACE_LIST || n > <i64>MAX_FACE_LIST)) {
          const shown = n < 0 || n > 0xffffffff ? 0xffffffff : <u32>n;
          return binError(E.E_LIST_TOO_LONG, ei, r, rec, W.WHY_CORNERS, 0, shown);
        }
        if (n < 0 || <u64>n * <u64>sz > <u64>(end - q)) {
          return binError(E.E_DECLARED_COUNT_MISMATCH, ei, r, rec, W.WHY_TRUNCATED, 0, 0);
        }
        if (isIdx) {
          const m = <u32>n;
          for (let k: u32 = 0; k < m; k++) {
            const v = rdInt(q + <usize>k * sz, t);
            if (v < 0 || v >= <i64>nv) {
              const shown = v < 0 || v > 0xffffffff ? 0xffffffff : <u32>v;
              return binError(E.E_INDEX_OUT_OF_RANGE, ei, r, rec, W.WHY_INDEX, nv, shown);
            }
            store<u32>(CORNERS + ((<usize>k) << 2), <u32>v);
          }
          const err = emitPolygon(m);
          if (err != E.OK) return err;
        }
        q += <usize>n * sz;
      }
      if (colours) faceEnd(r);
    }
  }
  plyBodyEnd = q;
  if (q < end) addFlag(FLAG_TRAILING_BYTES);
  return E.OK;
}

// ---- ASCII body, one record per line ----

// The line being read: its number and the position after it (its newline or the end).
let lineNo: u32 = 0;
let linePos: usize = 0;

const LINE_OK: i32 = 0;
const LINE_EOF: i32 = 1;
const LINE_LONG: i32 = 2;

/**
 * Moves to the next line holding a non-blank byte and points the tokenizer at its content.
 * Blank lines are skipped (as the formats' own readers do).
 */
function nextLine(end: usize): i32 {
  let q = linePos;
  while (q < end) {
    const c = <u32>load<u8>(q);
    if (c == 0x0a) lineNo++;
    else if (!isSpace(c)) break;
    q++;
  }
  if (q >= end) {
    linePos = q;
    return LINE_EOF;
  }
  const s = q;
  const cap = end - s > MAX_LINE + 1 ? s + MAX_LINE + 1 : end;
  while (q < cap && load<u8>(q) != 0x0a) q++;
  if (q == cap && cap < end) {
    // No newline within the cap: either the line is too long or only trailing blanks remain.
    let e = q;
    while (e < end && load<u8>(e) != 0x0a) e++;
    let t = e;
    while (t > s && isSpace(<u32>load<u8>(t - 1))) t--;
    if (t - s > MAX_LINE) {
      linePos = e;
      return LINE_LONG;
    }
    q = e;
  }
  linePos = q;
  tokInit(s, q, lineNo);
  return LINE_OK;
}

/** An ASCII error on the current line in record `r` of element `ei`. */
function lineError(code: i32, ei: i32, r: u32, why: u32, expected: u32, found: u32): i32 {
  W.errAt(W.AT_LINE, lineNo, elementCode(ei), <i64>r);
  if (elementCode(ei) == W.EL_PLY_OTHER) elementName(ei);
  W.errWhy(why, expected, found);
  setRes(R_DETAIL, lineNo);
  return code;
}

/** Values a record of element `ei` has at least, from property `from` on (lists count 1). */
function minValues(ei: i32, from: i32, before: u32): u32 {
  const p0 = <i32>load<u32>(EL_PROP0 + ((<usize>ei) << 2));
  const np = <i32>load<u32>(EL_NPROP + ((<usize>ei) << 2));
  return before + <u32>(p0 + np - from);
}

function readAsciiBody(end: usize, pos: usize, col: usize, headerLines: u32): i32 {
  lineNo = headerLines + 1;
  linePos = bodyStart;
  const nv = plyVertexCount;
  for (let ei = 0; ei < nElements; ei++) {
    const kind = load<u8>(EL_KIND + <usize>ei);
    const count = load<u32>(EL_COUNT + ((<usize>ei) << 2));
    const p0 = <i32>load<u32>(EL_PROP0 + ((<usize>ei) << 2));
    const np = <i32>load<u32>(EL_NPROP + ((<usize>ei) << 2));
    const colours = faceColor && kind == EK_FACE;
    for (let r: u32 = 0; r < count; r++) {
      if (colours) faceBegin();
      const got = nextLine(end);
      if (got == LINE_EOF) {
        return lineError(E.E_DECLARED_COUNT_MISMATCH, ei, r, W.WHY_ENDS_EARLY, count, r);
      }
      if (got == LINE_LONG) return lineError(E.E_LINE_TOO_LONG, ei, r, W.WHY_NONE, 0, 0);
      // Values read on this line so far.
      let vals: u32 = 0;
      for (let i = p0; i < p0 + np; i++) {
        const t = load<u8>(PR_TYPE + <usize>i);
        const role = load<u8>(PR_ROLE + <usize>i);
        if (load<u8>(PR_LIST + <usize>i) == 0) {
          const st = numNext();
          if (st < 0) {
            const want = minValues(ei, i, vals);
            return lineError(E.E_PLY_SYNTAX, ei, r, W.WHY_SHORT_LINE, want, vals);
          }
          if (st == NUM_NON_FINITE && kind == EK_VERTEX && role >= ROLE_X && role <= ROLE_Z) {
            return lineError(E.E_NON_FINITE_COORDINATE, ei, r, W.WHY_NON_FINITE, 0, vals);
          }
          if (st != NUM_OK) return lineError(E.E_PLY_SYNTAX, ei, r, W.WHY_NOT_A_NUMBER, 0, vals);
          vals++;
          if (kind == EK_VERTEX) {
            const o = pos + <usize>r * 12;
            if (role == ROLE_X) store<f32>(o, <f32>numValue);
            else if (role == ROLE_Y) store<f32>(o, <f32>numValue, 4);
            else if (role == ROLE_Z) store<f32>(o, <f32>numValue, 8);
            else if (hasColor && role >= ROLE_R && role <= ROLE_A) {
              store<u8>(col + <usize>r * 4 + <usize>(role - ROLE_R), <u8>toByte(numValue, t));
            }
          } else if (colours && role >= ROLE_R && role <= ROLE_A) {
            store<u8>(FACE_RGBA + <usize>(role - ROLE_R), <u8>toByte(numValue, t));
          }
          continue;
        }
        if (!tokNext()) {
          const want = minValues(ei, i, vals);
          return lineError(E.E_PLY_SYNTAX, ei, r, W.WHY_SHORT_LINE, want, vals);
        }
        const cnt = parseUint(tokStart, tokLen);
        const isIdx = kind == EK_FACE && role == ROLE_INDICES;
        if (cnt < 0) {
          const isNum = parseNumber(tokStart, tokLen) == NUM_OK;
          if (isIdx && isNum) return lineError(E.E_LIST_TOO_LONG, ei, r, W.WHY_CORNERS, 0, 0);
          return lineError(E.E_PLY_SYNTAX, ei, r, W.WHY_BAD_COUNT, 0, vals);
        }
        vals++;
        if (isIdx && (cnt < <i64>MIN_FACE_LIST || cnt > <i64>MAX_FACE_LIST)) {
          return lineError(E.E_LIST_TOO_LONG, ei, r, W.WHY_CORNERS, 0, <u32>cnt);
        }
        const m = <u32>cnt;
        for (let k: u32 = 0; k < m; k++) {
          if (!isIdx) {
            if (!tokNext()) return lineError(E.E_PLY_SYNTAX, ei, r, W.WHY_SHORT_LIST, m, k);
            continue;
          }
          const st = numNext();
          if (st < 0) return lineError(E.E_PLY_SYNTAX, ei, r, W.WHY_SHORT_LIST, m, k);
          if (st != NUM_OK || numValue != Math.floor(numValue)) {
            return lineError(E.E_PLY_SYNTAX, ei, r, W.WHY_NOT_A_NUMBER, 0, vals + k);
          }
          if (numValue < 0 || numValue >= <f64>nv) {
            const shown = numValue < 0 || numValue > 4294967295 ? 0xffffffff : <u32>numValue;
            return lineError(E.E_INDEX_OUT_OF_RANGE, ei, r, W.WHY_INDEX, nv, shown);
          }
          store<u32>(CORNERS + ((<usize>k) << 2), <u32>numValue);
        }
        vals += m;
        if (isIdx) {
          const err = emitPolygon(m);
          if (err != E.OK) return err;
        }
      }
      // More values than the header declares (e.g. per-face properties written on the line
      // but not declared): read as the declared ones, like the formats' own readers do.
      if (tokNext()) {
        const code = elementCode(ei);
        const nameP = code == W.EL_PLY_OTHER ? load<u32>(EL_NAME_P + ((<usize>ei) << 2)) : 0;
        const nameL = code == W.EL_PLY_OTHER ? load<u32>(EL_NAME_L + ((<usize>ei) << 2)) : 0;
        W.warn(W.W_EXTRA_VALUES, W.AT_LINE, lineNo, code, <i64>r, nameP, nameL);
      }
      if (colours) faceEnd(r);
    }
  }
  plyBodyEnd = linePos;
  // Only blank lines may follow the last record.
  const after = nextLine(end);
  if (after != LINE_EOF) {
    W.errAt(W.AT_LINE, lineNo, W.EL_PLY_FILE, -1);
    W.errWhy(W.WHY_DATA_AFTER, 0, 0);
    setRes(R_DETAIL, lineNo);
    return after == LINE_LONG ? E.E_LINE_TOO_LONG : E.E_DECLARED_COUNT_MISMATCH;
  }
  return E.OK;
}

/**
 * Gives every triangle its own three corners (positions copied) coloured by its face: a vertex
 * shared by faces of different colours cannot carry one colour. The view derivative's weld joins
 * the corners again where position and colour agree.
 */
function splitByFace(pos: usize, faces: u32): i32 {
  const n = triCount;
  const pos2 = arenaAlloc(<u64>n * 36 + 16);
  const col2 = arenaAlloc(<u64>n * 12);
  const idx2 = arenaAlloc(<u64>n * 12);
  if (pos2 == 0 || col2 == 0 || idx2 == 0) return E.E_OUT_OF_MEMORY;
  let t: u32 = 0;
  for (let f: u32 = 0; f < faces; f++) {
    const e = load<u32>(faceEnds + ((<usize>f) << 2));
    const c = load<u32>(faceCols + ((<usize>f) << 2));
    for (; t < e; t++) {
      for (let k: u32 = 0; k < 3; k++) {
        const v = load<u32>(idxOut + <usize>t * 12 + ((<usize>k) << 2));
        const o = <usize>(t * 3 + k);
        memory.copy(pos2 + o * 12, pos + <usize>v * 12, 12);
        store<u32>(col2 + (o << 2), c);
        store<u32>(idx2 + (o << 2), <u32>o);
      }
    }
  }
  plyPositions = pos2;
  plyVertexCount = n * 3;
  plyIndices = idx2;
  plyColors = col2;
  return E.OK;
}

/**
 * Full PLY read: positions, optional RGBA colours, triangle indices (+ vertex normals). With
 * face colours and `split`, corners are split per face (splitByFace); without `split` (the
 * sanitiser, which only validates) they are read but not applied.
 */
export function readPly(p: usize, len: usize, wantNormals: bool, split: bool = true): i32 {
  let err = parseHeader(p, len);
  if (err != E.OK) return err;
  const headerLines = <u32>0;
  const end = p + len;
  err = checkLayout(end - bodyStart);
  if (err != E.OK) return err;
  bigEndian = format == F_PLY_BINARY_BE;
  fileStart = p;
  const nv = load<u32>(EL_COUNT + ((<usize>vIndex) << 2));
  plyVertexCount = nv;
  const pos = arenaAlloc(<u64>nv * 12);
  if (pos == 0) return E.E_OUT_OF_MEMORY;
  let col: usize = 0;
  if (hasColor) {
    col = arenaAlloc(<u64>nv * 4);
    if (col == 0) return E.E_OUT_OF_MEMORY;
  }
  if (hasColor && !hasAlpha) memory.fill(col, 255, <usize>nv * 4);
  const nf = fIndex >= 0 ? load<u32>(EL_COUNT + ((<usize>fIndex) << 2)) : 0;
  if (faceColor) {
    faceCols = arenaAlloc(<u64>nf * 4);
    faceEnds = arenaAlloc(<u64>nf * 4);
    if (nf > 0 && (faceCols == 0 || faceEnds == 0)) return E.E_OUT_OF_MEMORY;
  }
  idxOut = arenaMark();
  triCount = 0;
  if (format == F_PLY_ASCII) {
    let lines: u32 = 0;
    for (let q = p; q < bodyStart; q++) if (load<u8>(q) == 0x0a) lines++;
    err = readAsciiBody(end, pos, col, lines + headerLines);
  } else {
    err = readBinaryBody(p, end, pos, col);
  }
  if (err != E.OK) return err;
  arenaCommit(idxOut + <usize>triCount * 12);
  if (!scanPacked(pos, nv)) {
    const bad = firstNonFinite(pos, nv, 12);
    setRes(R_DETAIL, bad);
    W.errAt(W.AT_NONE, 0, W.EL_PLY_VERTEX, <i64>bad);
    W.errWhy(W.WHY_NON_FINITE, 0, 0);
    return E.E_NON_FINITE_COORDINATE;
  }
  if (triCount == 0) return E.E_NO_GEOMETRY;
  plyPositions = pos;
  plyIndices = idxOut;
  plyTriangles = triCount;
  plyColors = col;
  if (faceColor && split) {
    err = splitByFace(pos, nf);
    if (err != E.OK) return err;
  }
  const outV = plyVertexCount;
  setRes(R_POS_PTR, <u32>plyPositions);
  setRes(R_VERTEX_COUNT, outV);
  setRes(R_INDEX_PTR, <u32>plyIndices);
  setRes(R_TRIANGLE_COUNT, triCount);
  if (plyColors != 0) {
    setRes(R_COLOR_PTR, <u32>plyColors);
    addFlag(FLAG_HAS_COLORS);
  }
  if (wantNormals) {
    const nrm = arenaAlloc(<u64>outV * 12);
    if (nrm == 0) return E.E_OUT_OF_MEMORY;
    indexedVertexNormals(plyPositions, outV, plyIndices, triCount, nrm);
    setRes(R_NORMAL_PTR, <u32>nrm);
  }
  return E.OK;
}

/** Validated PLY with `comment`, `obj_info`, free-text and blank header lines removed and trailing bytes dropped. */
export function sanitisePly(p: usize, len: usize): i32 {
  const err = readPly(p, len, false, false);
  if (err != E.OK) return err;
  let bodyEnd = plyBodyEnd;
  if (format == F_PLY_ASCII) {
    // Keep the rest of the last record's line.
    const end = p + len;
    while (bodyEnd < end && load<u8>(bodyEnd) != 0x0a) bodyEnd++;
    if (bodyEnd < end) bodyEnd++;
  }
  const maxLen = <u64>(bodyEnd - p);
  const out = arenaAlloc(maxLen);
  if (out == 0) return E.E_OUT_OF_MEMORY;
  let o = out;
  let q = p;
  while (q < bodyStart) {
    let e = q;
    while (e < bodyStart && load<u8>(e) != 0x0a) e++;
    const next = e < bodyStart ? e + 1 : e;
    splitLine(q, e);
    // Comments, obj_info and skipped free text may name the patient; blank lines carry nothing.
    const drop = lineTokens == 0 || !isKeyword(tp(0), tl(0));
    if (!drop) {
      memory.copy(o, q, next - q);
      o += next - q;
    }
    q = next;
  }
  memory.copy(o, bodyStart, bodyEnd - bodyStart);
  o += bodyEnd - bodyStart;
  arenaCommit(o);
  setRes(R_OUT_PTR, <u32>out);
  setRes(R_OUT_LEN, <u32>(o - out));
  return E.OK;
}
