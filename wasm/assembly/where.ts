import { setRes, getRes, R_ERR_WHERE, R_ERR_POS, R_ERR_ELEMENT, R_ERR_NAME_PTR } from './results';
import { R_ERR_NAME_LEN, R_ERR_INDEX, R_ERR_REASON, R_ERR_EXPECTED, R_ERR_FOUND } from './results';
import { R_WARN_PTR, R_WARN_COUNT } from './results';

// The place of a reader error or warning, read by the host (wasm/src/where.ts) to name the
// line or byte offset and the element in the message. Keep the numbers in sync with it.

export const AT_NONE: u32 = 0;
export const AT_LINE: u32 = 1;
export const AT_OFFSET: u32 = 2;

export const EL_NONE: u32 = 0;
export const EL_PLY_HEADER: u32 = 1;
export const EL_PLY_VERTEX: u32 = 2;
export const EL_PLY_FACE: u32 = 3;
/** A PLY element other than vertex/face: its name is at R_ERR_NAME_PTR/LEN (input bytes). */
export const EL_PLY_OTHER: u32 = 4;
export const EL_STL_FACET: u32 = 5;
export const EL_STL_FILE: u32 = 6;
export const EL_PLY_FILE: u32 = 7;

// Reasons: the host words the sentence from these and R_ERR_EXPECTED / R_ERR_FOUND.
export const WHY_NONE: u32 = 0;
/** The line holds R_ERR_FOUND values where R_ERR_EXPECTED are needed. */
export const WHY_SHORT_LINE: u32 = 1;
/** The list count says R_ERR_EXPECTED values, the line holds R_ERR_FOUND. */
export const WHY_SHORT_LIST: u32 = 2;
/** The value number R_ERR_FOUND (0-based) on the line is not a number. */
export const WHY_NOT_A_NUMBER: u32 = 3;
/** The list count R_ERR_FOUND is outside 3..16. */
export const WHY_CORNERS: u32 = 4;
/** A corner refers to vertex R_ERR_FOUND; R_ERR_EXPECTED vertices exist. */
export const WHY_INDEX: u32 = 5;
/** The data ends after R_ERR_FOUND of R_ERR_EXPECTED records. */
export const WHY_ENDS_EARLY: u32 = 6;
/** Data follows the last declared record. */
export const WHY_DATA_AFTER: u32 = 7;
/** A header line the reader cannot read (a known keyword with the wrong shape). */
export const WHY_HEADER_LINE: u32 = 8;
/** The header has no end_header line in its first 64 KiB. */
export const WHY_NO_END_HEADER: u32 = 9;
/** The list count is not a whole number. */
export const WHY_BAD_COUNT: u32 = 10;
/** The record runs past the end of the file. */
export const WHY_TRUNCATED: u32 = 11;
/** The coordinate is NaN or infinite. */
export const WHY_NON_FINITE: u32 = 12;
/** An unexpected word (STL keyword structure). */
export const WHY_UNEXPECTED: u32 = 13;
/** The body has R_ERR_FOUND bytes where the declared counts need R_ERR_EXPECTED at least. */
export const WHY_BODY_TOO_SHORT: u32 = 14;

/** Records where the error is: index is the record's 0-based number in its element (-1: none). */
export function errAt(where: u32, pos: u32, element: u32, index: i64): void {
  setRes(R_ERR_WHERE, where);
  setRes(R_ERR_POS, pos);
  setRes(R_ERR_ELEMENT, element);
  setRes(R_ERR_INDEX, index < 0 ? 0 : <u32>(index + 1));
}

export function errName(p: usize, len: usize): void {
  setRes(R_ERR_NAME_PTR, <u32>p);
  setRes(R_ERR_NAME_LEN, <u32>len);
}

export function errWhy(reason: u32, expected: u32, found: u32): void {
  setRes(R_ERR_REASON, reason);
  setRes(R_ERR_EXPECTED, expected);
  setRes(R_ERR_FOUND, found);
}

// ---- warnings with a place ----

export const W_HEADER_LINE_SKIPPED: u32 = 1;
export const W_EXTRA_VALUES: u32 = 2;

// Per warning: code, where, pos, element, name ptr, name len, index + 1, occurrences.
export const WARN_WORDS: usize = 8;
const MAX_WARNINGS: u32 = 32;
const WARNINGS: usize = memory.data(<i32>(MAX_WARNINGS * <u32>WARN_WORDS * 4));

export function warnReset(): void {
  setRes(R_WARN_PTR, <u32>WARNINGS);
  setRes(R_WARN_COUNT, 0);
}

/**
 * Adds a warning; a repeat of the same code on the same element only counts an occurrence,
 * so a file with a million such lines gives one entry (the first place) and its count.
 */
export function warn(
  code: u32,
  where: u32,
  pos: u32,
  element: u32,
  index: i64,
  nameP: usize = 0,
  nameLen: usize = 0,
): void {
  const n = getRes(R_WARN_COUNT);
  for (let i: u32 = 0; i < n; i++) {
    const w = WARNINGS + <usize>(i * <u32>WARN_WORDS * 4);
    if (
      load<u32>(w) == code &&
      load<u32>(w, 12) == element &&
      load<u32>(w, 16) == <u32>nameP &&
      code != W_HEADER_LINE_SKIPPED
    ) {
      store<u32>(w, load<u32>(w, 28) + 1, 28);
      return;
    }
  }
  if (n >= MAX_WARNINGS) return;
  const w = WARNINGS + <usize>(n * <u32>WARN_WORDS * 4);
  store<u32>(w, code);
  store<u32>(w, where, 4);
  store<u32>(w, pos, 8);
  store<u32>(w, element, 12);
  store<u32>(w, <u32>nameP, 16);
  store<u32>(w, <u32>nameLen, 20);
  store<u32>(w, index < 0 ? 0 : <u32>(index + 1), 24);
  store<u32>(w, 1, 28);
  setRes(R_WARN_COUNT, n + 1);
}
