import * as E from './errors';
import { arenaAlloc, arenaCommit, arenaEnsure, arenaMark, arenaRelease } from './arena';
import { b64Begin, b64Feed, b64Finish, b64Length, skipToLt } from './base64';
import { bytesEq, isSpace, parseUint } from './text';
import { runFacets, facetErrorOffset, facetsOom } from './facets';
import { scanPacked, firstNonFinite, writeStlRecords } from './mesh';
import {
  setRes,
  addFlag,
  R_DETAIL,
  R_POS_PTR,
  R_VERTEX_COUNT,
  R_INDEX_PTR,
  R_TRIANGLE_COUNT,
  R_OUT_PTR,
  R_OUT_LEN,
  R_MESH_COLOR,
  FLAG_MESH_COLOR,
  FLAG_NARROW_INDICES,
  FLAG_EXTRA_GEOMETRY_IGNORED,
} from './results';

// 3Shape HPS (".dcm") reader: a streaming tag scanner over the raw bytes (no DTD, no entity
// expansion, depth-capped) that keeps only what the mesh needs, then the facet decoder.

const MAX_DEPTH: i32 = 32;
const PAYLOAD_CHUNK: usize = 1 << 20;
const STACK_NAME: usize = memory.data(MAX_DEPTH * 4);
const STACK_NAME_LEN: usize = memory.data(MAX_DEPTH * 4);
const STACK_KIND: usize = memory.data(MAX_DEPTH * 4);

const K_OTHER: u32 = 0;
const K_HPS: u32 = 1;
const K_PACKED: u32 = 2;
const K_SCHEMA: u32 = 3;
const K_BINARY: u32 = 4;
const K_SCHEMA_EL: u32 = 5;
const K_VERTICES: u32 = 6;
const K_FACETS: u32 = 7;

// Scan results.
let seenPacked = false;
let schemaStart: usize = 0;
let schemaEnd: usize = 0;
let schemaElName: usize = 0;
let schemaElLen: usize = 0;
let seenVertices = false;
let seenFacets = false;
let vertexCount: i64 = -1;
let vertexBytesAttr: i64 = -2;
let facetCount: i64 = -1;
let facetBytesAttr: i64 = -2;
let meshColor: i64 = -1;
let vertPtr: usize = 0;
let vertLen: usize = 0;
let facPtr: usize = 0;
let facLen: usize = 0;
let vertB64Bad = false;
let facB64Bad = false;

// Values of the attribute being read (attr name/value ranges).
let attrName: usize = 0;
let attrNameLen: usize = 0;
let attrVal: usize = 0;
let attrValLen: usize = 0;

function resetScan(): void {
  seenPacked = false;
  schemaStart = 0;
  schemaEnd = 0;
  schemaElName = 0;
  schemaElLen = 0;
  seenVertices = false;
  seenFacets = false;
  vertexCount = -1;
  vertexBytesAttr = -2;
  facetCount = -1;
  facetBytesAttr = -2;
  meshColor = -1;
  vertPtr = 0;
  vertLen = 0;
  facPtr = 0;
  facLen = 0;
  vertB64Bad = false;
  facB64Bad = false;
}

function isNameEnd(c: u32): bool {
  return isSpace(c) || c == 0x3e || c == 0x2f || c == 0x3c || c == 0x3d;
}

/** Finds the 3-byte terminator (e.g. "-->") from p; returns the index after it or 0. */
function findSeq(p: usize, end: usize, a: u32, b: u32, c: u32): usize {
  let q = p;
  while (q + 3 <= end) {
    if (load<u8>(q) == a && load<u8>(q + 1) == b && load<u8>(q + 2) == c) return q + 3;
    q++;
  }
  return 0;
}

function findSeq2(p: usize, end: usize, a: u32, b: u32): usize {
  let q = p;
  while (q + 2 <= end) {
    if (load<u8>(q) == a && load<u8>(q + 1) == b) return q + 2;
    q++;
  }
  return 0;
}

function startsAt(p: usize, end: usize, s: string): bool {
  const n = <usize>s.length;
  if (p + n > end) return false;
  return bytesEq(p, n, s);
}

function childKind(parent: u32, name: usize, len: usize): u32 {
  if (parent == K_HPS) {
    if (bytesEq(name, len, 'Packed_geometry')) {
      if (seenPacked) {
        addFlag(FLAG_EXTRA_GEOMETRY_IGNORED);
        return K_OTHER;
      }
      seenPacked = true;
      return K_PACKED;
    }
  } else if (parent == K_PACKED) {
    if (bytesEq(name, len, 'Schema') && schemaEnd == 0) return K_SCHEMA;
    if (bytesEq(name, len, 'Binary_data')) return K_BINARY;
  } else if (parent == K_BINARY) {
    if (schemaElLen == 0) {
      schemaElName = name;
      schemaElLen = len;
      return K_SCHEMA_EL;
    }
    addFlag(FLAG_EXTRA_GEOMETRY_IGNORED);
  } else if (parent == K_SCHEMA_EL) {
    if (bytesEq(name, len, 'Vertices') && !seenVertices) {
      seenVertices = true;
      return K_VERTICES;
    }
    if (bytesEq(name, len, 'Facets') && !seenFacets) {
      seenFacets = true;
      return K_FACETS;
    }
  }
  return K_OTHER;
}

function takeAttr(kind: u32): void {
  if (kind == K_VERTICES) {
    if (bytesEq(attrName, attrNameLen, 'vertex_count'))
      vertexCount = parseUint(attrVal, attrValLen);
    else if (bytesEq(attrName, attrNameLen, 'base64_encoded_bytes'))
      vertexBytesAttr = parseUint(attrVal, attrValLen);
  } else if (kind == K_FACETS) {
    if (bytesEq(attrName, attrNameLen, 'facet_count')) facetCount = parseUint(attrVal, attrValLen);
    else if (bytesEq(attrName, attrNameLen, 'base64_encoded_bytes'))
      facetBytesAttr = parseUint(attrVal, attrValLen);
    else if (bytesEq(attrName, attrNameLen, 'color')) meshColor = parseUint(attrVal, attrValLen);
  }
}

/** Starts decoding base64 text of Vertices/Facets into a growing region at the arena mark. */
function beginPayload(): usize {
  const p = arenaMark();
  b64Begin(p);
  return p;
}

/** Ends a payload: commits its region. Returns false on a base64 error. */
function endPayload(start: usize): bool {
  const ok = b64Finish();
  arenaCommit(start + b64Length());
  return ok;
}

/**
 * Scans the document. Returns OK or a structural error (DTD, depth, malformed, not HPS).
 * Base64 errors are recorded and reported later, so that an encrypted file is named as such.
 */
function scan(p: usize, len: usize): i32 {
  resetScan();
  const end = p + len;
  let q = p;
  if (len >= 3 && load<u8>(q) == 0xef && load<u8>(q + 1) == 0xbb && load<u8>(q + 2) == 0xbf) q += 3;
  let depth: i32 = 0;
  let rootSeen = false;
  let rootClosed = false;
  let payload: usize = 0;
  while (q < end) {
    const kind = depth > 0 ? load<u32>(STACK_KIND + ((<usize>(depth - 1)) << 2)) : K_OTHER;
    // Text up to the next '<'.
    if (load<u8>(q) != 0x3c) {
      if (kind == K_VERTICES || kind == K_FACETS) {
        // Feed in chunks so the region grows with the text actually decoded.
        while (q < end) {
          const chunkEnd = end - q > PAYLOAD_CHUNK ? q + PAYLOAD_CHUNK : end;
          if (!arenaEnsure(payload + b64Length() + ((chunkEnd - q) >> 2) * 3 + 16))
            return E.E_OUT_OF_MEMORY;
          const r = b64Feed(q, chunkEnd);
          q = r;
          if (r < chunkEnd) break;
        }
      } else if (kind == K_SCHEMA) {
        const t = skipToLt(q, end);
        for (let i = q; i < t; i++) {
          if (!isSpace(<u32>load<u8>(i))) {
            if (schemaStart == 0) schemaStart = i;
            schemaEnd = i + 1;
          }
        }
        q = t;
      } else if (depth == 0) {
        while (q < end && load<u8>(q) != 0x3c) {
          if (!isSpace(<u32>load<u8>(q))) {
            if (!rootSeen) {
              setRes(R_DETAIL, E.CM_UNKNOWN);
              return E.E_CONTENT_MISMATCH;
            }
            return E.E_DCM_MALFORMED;
          }
          q++;
        }
      } else {
        q = skipToLt(q, end);
      }
      continue;
    }
    // Markup.
    if (q + 1 >= end) return E.E_DCM_MALFORMED;
    const c1 = <u32>load<u8>(q + 1);
    if (c1 == 0x3f) {
      const t = findSeq2(q + 2, end, 0x3f, 0x3e);
      if (t == 0) return E.E_DCM_MALFORMED;
      q = t;
      continue;
    }
    if (c1 == 0x21) {
      if (startsAt(q, end, '<!--')) {
        const t = findSeq(q + 4, end, 0x2d, 0x2d, 0x3e);
        if (t == 0) return E.E_DCM_MALFORMED;
        q = t;
        continue;
      }
      if (startsAt(q, end, '<![CDATA[')) {
        // Never seen in real files; inside the elements we read it would hide base64 text.
        if (kind == K_VERTICES || kind == K_FACETS || kind == K_SCHEMA || depth == 0)
          return E.E_DCM_MALFORMED;
        const t = findSeq(q + 9, end, 0x5d, 0x5d, 0x3e);
        if (t == 0) return E.E_DCM_MALFORMED;
        q = t;
        continue;
      }
      // <!DOCTYPE, <!ENTITY, <!ELEMENT ...: no DTD processing at all (entity bombs, XXE).
      return E.E_XML_DTD_FORBIDDEN;
    }
    if (c1 == 0x2f) {
      // End tag.
      if (depth == 0) return E.E_DCM_MALFORMED;
      let n = q + 2;
      const ns = n;
      while (n < end && !isNameEnd(<u32>load<u8>(n))) n++;
      const nl = n - ns;
      while (n < end && isSpace(<u32>load<u8>(n))) n++;
      if (n >= end || load<u8>(n) != 0x3e) return E.E_DCM_MALFORMED;
      const si = (<usize>(depth - 1)) << 2;
      const openName = <usize>load<u32>(STACK_NAME + si);
      const openLen = <usize>load<u32>(STACK_NAME_LEN + si);
      if (openLen != nl || memory.compare(openName, ns, nl) != 0) return E.E_DCM_MALFORMED;
      if (kind == K_VERTICES) {
        if (!endPayload(payload)) vertB64Bad = true;
        vertPtr = payload;
        vertLen = b64Length();
      } else if (kind == K_FACETS) {
        if (!endPayload(payload)) facB64Bad = true;
        facPtr = payload;
        facLen = b64Length();
      }
      depth--;
      if (depth == 0) rootClosed = true;
      q = n + 1;
      continue;
    }
    // Start tag.
    if (depth == 0 && rootClosed) return E.E_DCM_MALFORMED;
    let n = q + 1;
    const ns = n;
    while (n < end && !isNameEnd(<u32>load<u8>(n))) n++;
    const nl = n - ns;
    if (nl == 0) return E.E_DCM_MALFORMED;
    let ck: u32;
    if (depth == 0) {
      if (!bytesEq(ns, nl, 'HPS')) {
        setRes(R_DETAIL, E.CM_XML_NOT_HPS);
        return E.E_CONTENT_MISMATCH;
      }
      rootSeen = true;
      ck = K_HPS;
    } else {
      ck = childKind(kind, ns, nl);
    }
    // Attributes.
    let selfClose = false;
    while (true) {
      while (n < end && isSpace(<u32>load<u8>(n))) n++;
      if (n >= end) return E.E_DCM_MALFORMED;
      const c = <u32>load<u8>(n);
      if (c == 0x3e) {
        n++;
        break;
      }
      if (c == 0x2f) {
        if (n + 1 < end && load<u8>(n + 1) == 0x3e) {
          selfClose = true;
          n += 2;
          break;
        }
        return E.E_DCM_MALFORMED;
      }
      attrName = n;
      while (n < end && !isNameEnd(<u32>load<u8>(n))) n++;
      attrNameLen = n - attrName;
      if (attrNameLen == 0) return E.E_DCM_MALFORMED;
      while (n < end && isSpace(<u32>load<u8>(n))) n++;
      if (n >= end || load<u8>(n) != 0x3d) return E.E_DCM_MALFORMED;
      n++;
      while (n < end && isSpace(<u32>load<u8>(n))) n++;
      if (n >= end) return E.E_DCM_MALFORMED;
      const quote = <u32>load<u8>(n);
      if (quote != 0x22 && quote != 0x27) return E.E_DCM_MALFORMED;
      n++;
      attrVal = n;
      while (n < end) {
        const v = <u32>load<u8>(n);
        if (v == quote) break;
        if (v == 0x3c) return E.E_DCM_MALFORMED;
        n++;
      }
      if (n >= end) return E.E_DCM_MALFORMED;
      attrValLen = n - attrVal;
      n++;
      takeAttr(ck);
    }
    if (ck == K_VERTICES || ck == K_FACETS) {
      payload = beginPayload();
      if (selfClose) {
        endPayload(payload);
        if (ck == K_VERTICES) {
          vertPtr = payload;
          vertLen = 0;
        } else {
          facPtr = payload;
          facLen = 0;
        }
      }
    }
    if (!selfClose) {
      if (depth >= MAX_DEPTH) return E.E_XML_TOO_DEEP;
      const si = (<usize>depth) << 2;
      store<u32>(STACK_NAME + si, <u32>ns);
      store<u32>(STACK_NAME_LEN + si, <u32>nl);
      store<u32>(STACK_KIND + si, ck);
      depth++;
    } else if (depth == 0) {
      rootClosed = true;
    }
    q = n;
  }
  if (!rootSeen) {
    setRes(R_DETAIL, E.CM_UNKNOWN);
    return E.E_CONTENT_MISMATCH;
  }
  if (depth != 0) return E.E_DCM_MALFORMED;
  return E.OK;
}

function schemaCode(): u32 {
  // Two ASCII letters packed big-endian for the host message ("CB" = 0x4342); 0 if longer.
  const n = schemaEnd - schemaStart;
  if (n == 0 || n > 4) return 0;
  let v: u32 = 0;
  for (let i: usize = 0; i < n; i++) v = (v << 8) | (<u32>load<u8>(schemaStart + i));
  return v;
}

export let hpsVertices: usize = 0;
export let hpsVertexCount: u32 = 0;
export let hpsFaces: usize = 0;
export let hpsFaceCount: u32 = 0;

/** Decodes an HPS document into vertices (float32 xyz) and faces (u32 triples). */
export function decodeHps(p: usize, len: usize): i32 {
  let err = scan(p, len);
  if (err != E.OK) return err;
  const sn = schemaEnd - schemaStart;
  const isCE =
    (sn == 2 && bytesEq(schemaStart, 2, 'CE')) ||
    (schemaElLen == 2 && bytesEq(schemaElName, 2, 'CE'));
  if (isCE) return E.E_DCM_ENCRYPTED;
  if (sn == 0) return E.E_DCM_MALFORMED;
  if (!(sn == 2 && (bytesEq(schemaStart, 2, 'CA') || bytesEq(schemaStart, 2, 'CC')))) {
    setRes(R_DETAIL, schemaCode());
    return E.E_DCM_UNSUPPORTED_SCHEMA;
  }
  if (schemaElLen != sn || memory.compare(schemaElName, schemaStart, sn) != 0)
    return E.E_DCM_MALFORMED;
  if (!seenVertices || !seenFacets || vertexCount < 0 || facetCount < 0) return E.E_DCM_MALFORMED;
  if (vertexBytesAttr == -1 || facetBytesAttr == -1) return E.E_DCM_MALFORMED;
  if (vertB64Bad || facB64Bad) return E.E_BAD_BASE64;
  if (<u64>vertLen != 12 * <u64>vertexCount) {
    setRes(R_DETAIL, <u32>vertLen);
    return E.E_DECLARED_COUNT_MISMATCH;
  }
  if (vertexBytesAttr >= 0 && <u64>vertexBytesAttr != <u64>vertLen)
    return E.E_DECLARED_COUNT_MISMATCH;
  if (facetBytesAttr >= 0 && <u64>facetBytesAttr != <u64>facLen) return E.E_DECLARED_COUNT_MISMATCH;
  if (vertexCount > <i64>E.MAX_VERTICES || facetCount > <i64>E.MAX_TRIANGLES)
    return E.E_MESH_TOO_LARGE;
  const nv = <u32>vertexCount;
  const nf = <u32>facetCount;
  if (meshColor >= 0 && meshColor <= 0xffffff) {
    setRes(R_MESH_COLOR, <u32>meshColor);
    addFlag(FLAG_MESH_COLOR);
  }
  if (!scanPacked(vertPtr, nv)) {
    setRes(R_DETAIL, firstNonFinite(vertPtr, nv, 12));
    return E.E_NON_FINITE_COORDINATE;
  }
  // Every instruction is at least one byte and emits at most one triangle.
  if (<u64>nf > <u64>facLen) {
    setRes(R_DETAIL, <u32>facLen);
    return E.E_FACET_COUNT_MISMATCH;
  }
  const faces = arenaAlloc(<u64>nf * 12);
  if (faces == 0) return E.E_OUT_OF_MEMORY;
  const pool = arenaMark();
  err = runFacets(facPtr, facLen, nv, nf, faces, pool, true);
  if (err != E.OK && !facetsOom) {
    const wideErr = err;
    const wideAt = facetErrorOffset;
    err = runFacets(facPtr, facLen, nv, nf, faces, pool, false);
    if (err == E.OK) addFlag(FLAG_NARROW_INDICES);
    else {
      err = wideErr;
      setRes(R_DETAIL, wideAt);
    }
  } else if (err != E.OK) setRes(R_DETAIL, facetErrorOffset);
  arenaRelease(pool);
  if (err != E.OK) return err;
  hpsVertices = vertPtr;
  hpsVertexCount = nv;
  hpsFaces = faces;
  hpsFaceCount = nf;
  setRes(R_POS_PTR, <u32>vertPtr);
  setRes(R_VERTEX_COUNT, nv);
  setRes(R_INDEX_PTR, <u32>faces);
  setRes(R_TRIANGLE_COUNT, nf);
  return E.OK;
}

/** Decodes and writes a binary STL (80-byte header) into a new region (R_OUT_PTR/R_OUT_LEN). */
export function hpsToStl(p: usize, len: usize): i32 {
  const err = decodeHps(p, len);
  if (err != E.OK) return err;
  const outLen = 84 + <u64>hpsFaceCount * 50;
  const out = arenaAlloc(outLen);
  if (out == 0) return E.E_OUT_OF_MEMORY;
  writeStlRecords(out, hpsVertices, hpsFaces, hpsFaceCount);
  setRes(R_OUT_PTR, <u32>out);
  setRes(R_OUT_LEN, <u32>outLen);
  return E.OK;
}
