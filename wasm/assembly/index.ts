// Cusp mesh module: the only exports of the wasm binary. Every operation is called after
// `reset()` + `alloc()` + a copy of the input, returns an error code (0 = ok) and leaves its
// results in the slots at `results()` (see results.ts for the layout).
import * as E from './errors';
import { arenaReset, arenaAlloc, arenaEnsure, arenaMark, arenaPeak } from './arena';
import { detectFormat, detectHead, detectedTrailing, UNDECIDED } from './detect';
import {
  decodeHps as hpsDecode,
  hpsToStl as hpsWriteStl,
  hpsVertices,
  hpsVertexCount,
  hpsFaces,
  hpsFaceCount,
} from './hps';
import {
  readBinaryStl,
  readAsciiStl,
  publishStl,
  sanitiseBinaryStl,
  sanitiseAsciiStl,
  stlStreamBegin,
  stlStreamFeed,
  stlStreamEnd,
} from './stl';
import { readPly, sanitisePly } from './ply';
import { warnReset } from './where';
import { b64Begin, b64Feed, b64Finish, b64Length } from './base64';
import { rasteriseMeshes } from './raster';
import { gridVertexNormals, indexedVertexNormals, writeStlRecords, scanPacked } from './mesh';
import {
  RESULTS,
  clearResults,
  getRes,
  setRes,
  addFlag,
  R_FORMAT,
  R_SOURCE_FORMAT,
  R_OUT_PTR,
  R_OUT_LEN,
  R_PEAK,
  R_DETAIL,
  R_NORMAL_PTR,
  F_STL_BINARY,
  F_STL_ASCII,
  F_PLY,
  F_HPS,
  FLAG_TRAILING_BYTES,
} from './results';
import { signedDistances as distances } from './distance';

function finish(err: i32): i32 {
  setRes(R_PEAK, arenaPeak());
  return err;
}

/** Address of the result slots. */
export function results(): usize {
  return RESULTS;
}

/** Forgets every previous allocation; call before each operation. */
export function reset(): void {
  arenaReset();
  clearResults();
  warnReset();
}

/** Reserves `size` bytes (e.g. the input); 0 when memory cannot grow. */
export function alloc(size: u32): usize {
  return arenaAlloc(<u64>size);
}

/** Grows memory ahead of time so later calls do not pay for growth and first touch. */
export function reserve(size: u32): bool {
  const p = arenaMark();
  return arenaEnsure(p + <usize>size);
}

export function detect(p: usize, len: u32): i32 {
  return finish(detectFormat(p, <usize>len));
}

/** DCM (HPS) → vertices + faces; with `stl` also a binary STL (R_OUT_PTR/R_OUT_LEN). */
export function decodeHps(p: usize, len: u32, stl: bool): i32 {
  let err = detectFormat(p, <usize>len);
  if (err != E.OK) return finish(err);
  if (getRes(R_FORMAT) != F_HPS) return finish(E.E_NOT_DCM);
  err = stl ? hpsWriteStl(p, <usize>len) : hpsDecode(p, <usize>len);
  return finish(err);
}

/**
 * Any supported file → buffers for a viewer. STL: triangle soup positions (+ flat normals,
 * RGBA colours of a binary STL with facet colours).
 * PLY: indexed positions, RGBA colours if present, indices (+ vertex normals). DCM: indexed.
 */
export function parse(p: usize, len: u32, normals: bool): i32 {
  let err = detectFormat(p, <usize>len);
  if (err != E.OK) return finish(err);
  const f = getRes(R_FORMAT);
  if (f == F_STL_BINARY || f == F_STL_ASCII) {
    if (f == F_STL_BINARY) {
      if (detectedTrailing != 0) addFlag(FLAG_TRAILING_BYTES);
      err = readBinaryStl(p, <usize>len, normals, true);
    } else err = readAsciiStl(p, <usize>len);
    if (err != E.OK) return finish(err);
    return finish(publishStl(normals));
  }
  if (f == F_PLY) return finish(readPly(p, <usize>len, normals));
  err = hpsDecode(p, <usize>len);
  if (err != E.OK || !normals) return finish(err);
  const nrm = arenaAlloc(<u64>hpsVertexCount * 12);
  if (nrm == 0) return finish(E.E_OUT_OF_MEMORY);
  indexedVertexNormals(hpsVertices, hpsVertexCount, hpsFaces, hpsFaceCount, nrm);
  setRes(R_NORMAL_PTR, <u32>nrm);
  return finish(E.OK);
}

/**
 * Streamed binary STL for `parse`: `p` holds the first min(len, 132) bytes of a `len`-byte file.
 * Returns -1 when the file is not a binary STL (call `parse` with the whole file instead), else
 * an error code; on success the host copies records into the window (R_OUT_PTR, R_OUT_LEN
 * records) and calls stlFeed for each batch, then stlEnd. R_TRIANGLE_COUNT is the record count.
 */
export function stlBegin(p: usize, len: u32, normals: bool): i32 {
  const err = detectHead(p, <usize>len);
  if (err == UNDECIDED) return UNDECIDED;
  if (err != E.OK) return finish(err);
  if (detectedTrailing != 0) addFlag(FLAG_TRAILING_BYTES);
  return finish(stlStreamBegin(p, load<u32>(p + 80), normals));
}

/** Parses the next `count` records from the window. */
export function stlFeed(count: u32): i32 {
  return stlStreamFeed(count);
}

/** Ends a streamed binary STL: same results as `parse`. */
export function stlEnd(): i32 {
  return finish(stlStreamEnd());
}

/**
 * Validates any supported file and writes the bytes to store (R_OUT_PTR/R_OUT_LEN): binary STL
 * with a blank header, ASCII STL and DCM converted to binary STL, PLY without comment/obj_info.
 */
export function sanitise(p: usize, len: u32): i32 {
  let err = detectFormat(p, <usize>len);
  if (err != E.OK) return finish(err);
  const f = getRes(R_FORMAT);
  setRes(R_SOURCE_FORMAT, f);
  if (f == F_STL_BINARY) {
    if (detectedTrailing != 0) addFlag(FLAG_TRAILING_BYTES);
    err = sanitiseBinaryStl(p, <usize>len);
  } else if (f == F_STL_ASCII) err = sanitiseAsciiStl(p, <usize>len);
  else if (f == F_PLY) {
    err = sanitisePly(p, <usize>len);
    if (err == E.OK) setRes(R_SOURCE_FORMAT, getRes(R_FORMAT));
  } else if (f == F_HPS) err = hpsWriteStl(p, <usize>len);
  else err = E.E_CONTENT_MISMATCH;
  return finish(err);
}

/** Binary STL from positions and optional u32 triangle indices (idx = 0: triangle soup). */
export function writeStl(pos: usize, vertices: u32, idx: usize, triangles: u32): i32 {
  if (triangles > E.MAX_TRIANGLES) return finish(E.E_MESH_TOO_LARGE);
  if (idx != 0) {
    for (let i: u32 = 0; i < triangles * 3; i++) {
      if (load<u32>(idx + <usize>i * 4) >= vertices) return finish(E.E_INDEX_OUT_OF_RANGE);
    }
  } else if (<u64>vertices < <u64>triangles * 3) return finish(E.E_BAD_ARGUMENT);
  if (!scanPacked(pos, idx != 0 ? vertices : triangles * 3))
    return finish(E.E_NON_FINITE_COORDINATE);
  const outLen = 84 + <u64>triangles * 50;
  const out = arenaAlloc(outLen);
  if (out == 0) return finish(E.E_OUT_OF_MEMORY);
  writeStlRecords(out, pos, idx, triangles);
  setRes(R_OUT_PTR, <u32>out);
  setRes(R_OUT_LEN, <u32>outLen);
  return finish(E.OK);
}

/** Area-weighted vertex normals into `out` (vertices × 12 bytes). */
export function vertexNormals(
  pos: usize,
  vertices: u32,
  idx: usize,
  triangles: u32,
  out: usize,
): i32 {
  for (let i: u32 = 0; i < triangles * 3; i++) {
    if (load<u32>(idx + <usize>i * 4) >= vertices) return finish(E.E_INDEX_OUT_OF_RANGE);
  }
  indexedVertexNormals(pos, vertices, idx, triangles, out);
  return finish(E.OK);
}

/**
 * Vertex normals of the viewer's quantised grid into `out` (vertices × 12 bytes + 4): positions
 * uint16 × 4 per vertex, `indexSize` 2 or 4 bytes per index. Every index is checked first.
 */
export function gridNormals(
  pos: usize,
  vertices: u32,
  idx: usize,
  indexSize: u32,
  triangles: u32,
  out: usize,
): i32 {
  if (indexSize != 2 && indexSize != 4) return finish(E.E_INDEX_OUT_OF_RANGE);
  const n = triangles * 3;
  if (indexSize == 4) {
    for (let i: u32 = 0; i < n; i++) {
      if (load<u32>(idx + <usize>i * 4) >= vertices) return finish(E.E_INDEX_OUT_OF_RANGE);
    }
  } else {
    for (let i: u32 = 0; i < n; i++) {
      if (<u32>load<u16>(idx + <usize>i * 2) >= vertices) return finish(E.E_INDEX_OUT_OF_RANGE);
    }
  }
  gridVertexNormals(pos, vertices, idx, indexSize == 4, triangles, out);
  return finish(E.OK);
}

/** Strict base64 → bytes (R_OUT_PTR/R_OUT_LEN). */
export function base64Decode(p: usize, len: u32): i32 {
  const out = arenaMark();
  if (!arenaEnsure(out + ((<usize>len) >> 2) * 3 + 16)) return finish(E.E_OUT_OF_MEMORY);
  b64Begin(out);
  const stop = b64Feed(p, p + <usize>len);
  if (stop != p + <usize>len || !b64Finish()) return finish(E.E_BAD_BASE64);
  const n = b64Length();
  arenaAlloc(<u64>n);
  setRes(R_OUT_PTR, <u32>out);
  setRes(R_OUT_LEN, <u32>n);
  return finish(E.OK);
}

// ---- Software rasteriser (raster.ts) ----

/**
 * Draws meshes (table of 24-byte entries at `table`) with the f32 parameters at `params` into a
 * `width`×`height` RGBA8 picture, `ss`×`ss` samples per pixel (R_OUT_PTR, R_OUT_LEN; R_DETAIL
 * = covered pixels, or on E_BAD_ARGUMENT which argument).
 */
export function rasterise(
  table: usize,
  meshCount: u32,
  params: usize,
  width: u32,
  height: u32,
  ss: u32,
): i32 {
  return finish(rasteriseMeshes(table, meshCount, params, width, height, ss));
}

// Distance engine (distance.ts): signed closest-point distances for deviation and clearance maps.
/** Signed distance of each query vertex to the target's surface; see distance.ts. */
export function signedDistances(
  qPos: usize,
  queries: u32,
  tPos: usize,
  tVertices: u32,
  tIdx: usize,
  tTriangles: u32,
  maxDistance: f32,
  outDist: usize,
  outPoint: usize,
  outTri: usize,
): i32 {
  return finish(
    distances(
      qPos,
      queries,
      tPos,
      tVertices,
      tIdx,
      tTriangles,
      maxDistance,
      outDist,
      outPoint,
      outTri,
    ),
  );
}
