import * as E from './errors';
import { setRes, R_DETAIL, R_FORMAT, F_STL_BINARY, F_STL_ASCII, F_PLY, F_HPS } from './results';
import { tokenIs, isSpace } from './text';
import * as W from './where';

// Trailing bytes after the last binary STL record that are tolerated (and dropped on sanitise).
export const STL_TRAILING_TOLERANCE: u64 = 49;

export let detectedTrailing: u32 = 0;

function startsWith(p: usize, len: usize, at: usize, s: string): bool {
  const n = <usize>s.length;
  if (at + n > len) return false;
  return tokenIs(p + at, n, s);
}

/** True if the window looks like text (no control bytes other than whitespace). */
function looksText(p: usize, len: usize): bool {
  const n = len < 1024 ? len : 1024;
  for (let i: usize = 0; i < n; i++) {
    const c = <u32>load<u8>(p + i);
    if (c < 0x20 && !isSpace(c)) return false;
    if (c == 0x7f) return false;
  }
  return true;
}

// Control bytes an ASCII STL may hold (a stray byte in the solid name, a NUL or ^Z at the end)
// while still read as text: a binary STL has far more (its count and 2-byte attributes).
const STRAY_CONTROL_BYTES: u32 = 2;

/** True if the window is text apart from at most STRAY_CONTROL_BYTES control bytes. */
function mostlyText(p: usize, len: usize): bool {
  const n = len < 1024 ? len : 1024;
  let stray: u32 = 0;
  for (let i: usize = 0; i < n; i++) {
    const c = <u32>load<u8>(p + i);
    if ((c < 0x20 && !isSpace(c)) || c == 0x7f) {
      if (++stray > STRAY_CONTROL_BYTES) return false;
    }
  }
  return true;
}

/** A binary STL whose size disagrees with the count at byte 80. */
function sizeError(stlExpected: u64, len: usize): i32 {
  setRes(R_DETAIL, <u32>min<u64>(stlExpected, 0xffffffff));
  W.errAt(W.AT_OFFSET, 80, W.EL_STL_FILE, -1);
  return stlExpected > <u64>len ? E.E_STL_TRUNCATED : E.E_STL_SIZE_MISMATCH;
}

function contentMismatch(kind: u32): i32 {
  setRes(R_DETAIL, kind);
  return E.E_CONTENT_MISMATCH;
}

export const UNDECIDED: i32 = -1;

/**
 * The part of detectFormat that reads only the first 132 bytes: empty input, unambiguous magic
 * numbers, then binary STL by the size equation. Returns OK (binary STL), an error, or
 * UNDECIDED. A streamed read of a binary STL needs only these bytes in memory.
 */
export function detectHead(p: usize, len: usize): i32 {
  detectedTrailing = 0;
  if (len == 0) return E.E_EMPTY_FILE;
  // Unambiguous magic numbers first: no exporter writes these into an STL header.
  if (len >= 132 && load<u32>(p + 128) == 0x4d434944) return contentMismatch(E.CM_DICOM); // "DICM"
  const b0 = <u32>load<u8>(p);
  const b1 = len > 1 ? <u32>load<u8>(p + 1) : 0;
  if (len >= 4 && load<u32>(p) == 0x04034b50) return contentMismatch(E.CM_ZIP);
  if (b0 == 0x1f && b1 == 0x8b) return contentMismatch(E.CM_GZIP);
  if (len >= 4 && load<u32>(p) == 0x474e5089) return contentMismatch(E.CM_PNG);
  if (len >= 4 && load<u32>(p) == 0x46445025) return contentMismatch(E.CM_PDF);
  if (len >= 4 && load<u32>(p) == 0x464c457f) return contentMismatch(E.CM_ELF);
  if ((b0 == 0xff && b1 == 0xfe) || (b0 == 0xfe && b1 == 0xff)) return E.E_XML_ENCODING;
  if (len >= 84) {
    const stlExpected = 84 + 50 * <u64>load<u32>(p + 80);
    if (stlExpected <= <u64>len && <u64>len - stlExpected <= STL_TRAILING_TOLERANCE) {
      detectedTrailing = <u32>(<u64>len - stlExpected);
      setRes(R_FORMAT, F_STL_BINARY);
      return E.OK;
    }
  }
  return UNDECIDED;
}

/**
 * Classifies bytes by content (never by name). Sets R_FORMAT on success.
 * Binary STL is recognised by the size equation 84 + 50·n before any prefix test, because many
 * exporters start binary headers with "solid".
 */
export function detectFormat(p: usize, len: usize): i32 {
  const head = detectHead(p, len);
  if (head != UNDECIDED) return head;
  const b0 = <u32>load<u8>(p);
  const b1 = len > 1 ? <u32>load<u8>(p + 1) : 0;
  const stlExpected: u64 = len >= 84 ? 84 + 50 * <u64>load<u32>(p + 80) : 0;

  let q: usize = 0;
  if (len >= 3 && b0 == 0xef && b1 == 0xbb && load<u8>(p + 2) == 0xbf) q = 3;
  while (q < len && isSpace(<u32>load<u8>(p + q))) q++;
  if (q == len) return E.E_NO_GEOMETRY;

  if (startsWith(p, len, q, 'solid') && (q + 5 == len || isSpace(<u32>load<u8>(p + q + 5)))) {
    if (len >= 84 && !mostlyText(p, len)) {
      return sizeError(stlExpected, len);
    }
    setRes(R_FORMAT, F_STL_ASCII);
    return E.OK;
  }
  if (q == 0 && startsWith(p, len, 0, 'ply') && len > 3) {
    const c = load<u8>(p + 3);
    if (c == 0x0a || c == 0x0d) {
      setRes(R_FORMAT, F_PLY);
      return E.OK;
    }
  }
  if (load<u8>(p + q) == 0x3c) {
    if (startsWith(p, len, q, '<!doctype html') || startsWith(p, len, q, '<html')) {
      return contentMismatch(E.CM_HTML);
    }
    if (startsWith(p, len, q, '<svg')) return contentMismatch(E.CM_SVG);
    setRes(R_FORMAT, F_HPS);
    return E.OK;
  }
  if (looksText(p, len)) return contentMismatch(E.CM_TEXT);
  if (len < 84) return contentMismatch(E.CM_TOO_SHORT);
  return sizeError(stlExpected, len);
}
