/**
 * Where a reader error or warning sits (wasm/assembly/where.ts writes it into the result
 * slots): the line (ASCII) or byte offset (binary) and the element, worded for messages.
 */

// Result slots (wasm/assembly/results.ts).
const R_ERR_WHERE = 20;
const R_ERR_POS = 21;
const R_ERR_ELEMENT = 22;
const R_ERR_NAME_PTR = 23;
const R_ERR_NAME_LEN = 24;
const R_ERR_INDEX = 25;
const R_ERR_REASON = 26;
const R_ERR_EXPECTED = 27;
const R_ERR_FOUND = 28;
const R_WARN_PTR = 29;
const R_WARN_COUNT = 30;
const WARN_WORDS = 8;

const AT_LINE = 1;
const AT_OFFSET = 2;

/** Element codes of where.ts, index = number. */
const ELEMENTS = [null, 'header', 'vertex', 'face', 'other', 'facet', 'file', 'file'] as const;
const PLY_ELEMENTS = new Set([1, 2, 3, 4, 7]);

export interface MeshPlace {
  /** 1-based line of an ASCII file. */
  line?: number;
  /** Byte offset of the record in a binary file. */
  offset?: number;
  /** The element: `header`, `vertex`, `face`, `facet` or another PLY element's own name. */
  element?: string;
  /** 0-based number of the record within its element. */
  index?: number;
}

export interface MeshErrorPlace extends MeshPlace {
  /** The reader's format, named in the message. */
  format?: 'PLY' | 'STL';
  /** The sentence saying what is wrong there, when the reader knows it. */
  reason?: string;
}

export type PlacedWarningCode = 'HEADER_LINE_SKIPPED' | 'EXTRA_VALUES';

export interface PlacedWarning extends MeshPlace {
  code: PlacedWarningCode;
  /** How many records had it (the place is the first one). */
  count: number;
}

const WARNING_CODES: readonly (PlacedWarningCode | null)[] = [
  null,
  'HEADER_LINE_SKIPPED',
  'EXTRA_VALUES',
];

type Memory = { buffer: ArrayBufferLike };

function name(mem: Memory, element: number, ptr: number, len: number): string | undefined {
  if (element === 4 && ptr && len) {
    const bytes = new Uint8Array(mem.buffer, ptr, Math.min(len, 64));
    // Element names are header words; anything else is shown as '?' rather than echoed.
    return Array.from(bytes, (b) => (b > 0x20 && b < 0x7f ? String.fromCharCode(b) : '?')).join('');
  }
  return ELEMENTS[element] ?? undefined;
}

function place(
  mem: Memory,
  where: number,
  pos: number,
  element: number,
  ptr: number,
  len: number,
  index: number,
): MeshPlace {
  const p: MeshPlace = {};
  if (where === AT_LINE) p.line = pos;
  else if (where === AT_OFFSET) p.offset = pos;
  const el = name(mem, element, ptr, len);
  if (el) p.element = el;
  if (index > 0) p.index = index - 1;
  return p;
}

function reasonFor(
  why: number,
  expected: number,
  found: number,
  element?: string,
): string | undefined {
  const values = (n: number): string => `${n} value${n === 1 ? '' : 's'}`;
  switch (why) {
    case 1:
      return `the line has ${values(found)} where ${expected} are expected`;
    case 2:
      return `the list says ${values(expected)} but the line has ${found}`;
    case 3:
      return `value ${found + 1} on the line is not a number`;
    case 4:
      return found === 0
        ? 'the corner count is not a whole number from 3 to 16'
        : `the face has ${found} corners; 3 to 16 are allowed`;
    case 5:
      return found === 0xffffffff
        ? 'a corner refers to a negative or huge vertex number'
        : `a corner refers to vertex ${found} but the file has ${expected} vertices (0 to ${expected - 1})`;
    case 6:
      return `the data ends after ${found} of the ${expected} ${element ?? 'record'} records the header declares`;
    case 7:
      return 'data follows the last record the header declares';
    case 8:
      return 'this header line cannot be read';
    case 9:
      return 'no end_header line in the first 64 KiB';
    case 10:
      return 'the list count is not a whole number';
    case 11:
      return 'the record runs past the end of the file';
    case 12:
      return 'a coordinate is not a finite number (NaN or infinity)';
    case 13:
      return 'an unexpected word';
    case 14:
      return `the counts in the header need at least ${expected} bytes of data but the file has ${found}`;
    default:
      return undefined;
  }
}

/** The place of the error the last call returned, or null when the reader gave none. */
export function readErrorPlace(mem: Memory, r: Uint32Array): MeshErrorPlace | null {
  const where = r[R_ERR_WHERE] ?? 0;
  const element = r[R_ERR_ELEMENT] ?? 0;
  const why = r[R_ERR_REASON] ?? 0;
  if (where === 0 && element === 0 && why === 0) return null;
  const p: MeshErrorPlace = place(
    mem,
    where,
    r[R_ERR_POS] ?? 0,
    element,
    r[R_ERR_NAME_PTR] ?? 0,
    r[R_ERR_NAME_LEN] ?? 0,
    r[R_ERR_INDEX] ?? 0,
  );
  const reason = reasonFor(why, r[R_ERR_EXPECTED] ?? 0, r[R_ERR_FOUND] ?? 0, p.element);
  if (reason) p.reason = reason;
  if (PLY_ELEMENTS.has(element)) p.format = 'PLY';
  else if (element === 5 || element === 6) p.format = 'STL';
  return p;
}

/** "PLY face 12 on line 40", "PLY vertex 3 at byte 1,204", "PLY header line 7". */
export function describePlace(p: MeshErrorPlace): string {
  const fmt = p.format;
  const what =
    p.element === 'header'
      ? `${fmt ?? 'PLY'} header`
      : p.element
        ? `${fmt ? `${fmt} ` : ''}${p.element}${p.index !== undefined ? ` ${p.index}` : ''}`
        : (fmt ?? '');
  const at =
    p.line !== undefined
      ? p.element === 'header'
        ? `line ${p.line}`
        : `on line ${p.line}`
      : p.offset !== undefined
        ? `at byte ${p.offset}`
        : '';
  return [what, at].filter((s) => s !== '').join(' ');
}

/** Placed warnings of the last call. */
export function readPlacedWarnings(mem: Memory, r: Uint32Array): PlacedWarning[] {
  const n = r[R_WARN_COUNT] ?? 0;
  const ptr = r[R_WARN_PTR] ?? 0;
  if (n === 0 || ptr === 0) return [];
  const w = new Uint32Array(mem.buffer, ptr, n * WARN_WORDS);
  const out: PlacedWarning[] = [];
  for (let i = 0; i < n; i++) {
    const o = i * WARN_WORDS;
    const code = WARNING_CODES[w[o] ?? 0];
    if (!code) continue;
    const p = place(
      mem,
      w[o + 1] ?? 0,
      w[o + 2] ?? 0,
      w[o + 3] ?? 0,
      w[o + 4] ?? 0,
      w[o + 5] ?? 0,
      w[o + 6] ?? 0,
    );
    out.push({ code, ...p, count: w[o + 7] ?? 1 });
  }
  return out;
}
