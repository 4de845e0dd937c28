// Text helpers shared by the ASCII STL and ASCII PLY readers.

// Exact powers of ten for the fast path (Clinger): mantissa < 2^53 and |exponent| <= 22.
const POW10: usize = memory.data<f64>([
  1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17,
  1e18, 1e19, 1e20, 1e21, 1e22,
]);

// A line (from its first non-blank byte to its newline) longer than this is refused.
export const MAX_LINE: usize = 1024;

export const NUM_OK: i32 = 0;
export const NUM_SYNTAX: i32 = 1;
export const NUM_NON_FINITE: i32 = 2;

export let numValue: f64 = 0;

export function isSpace(c: u32): bool {
  return c == 0x20 || c == 0x09 || c == 0x0a || c == 0x0d || c == 0x0b || c == 0x0c;
}

function lower(c: u32): u32 {
  return c >= 0x41 && c <= 0x5a ? c | 0x20 : c;
}

/** Case-insensitive comparison of bytes [p, p+len) with an ASCII literal. */
export function tokenIs(p: usize, len: usize, s: string): bool {
  if (len != <usize>s.length) return false;
  for (let i: usize = 0; i < len; i++) {
    if (lower(load<u8>(p + i)) != lower(<u32>s.charCodeAt(<i32>i))) return false;
  }
  return true;
}

/** Case-sensitive comparison (XML names). */
export function bytesEq(p: usize, len: usize, s: string): bool {
  if (len != <usize>s.length) return false;
  for (let i: usize = 0; i < len; i++) {
    if (<u32>load<u8>(p + i) != <u32>s.charCodeAt(<i32>i)) return false;
  }
  return true;
}

function isNonFiniteWord(p: usize, len: usize): bool {
  return tokenIs(p, len, 'nan') || tokenIs(p, len, 'inf') || tokenIs(p, len, 'infinity');
}

/**
 * Parses the whole token [p, p+len) as a decimal floating-point number into numValue.
 * NaN/Inf spellings and overflow give NUM_NON_FINITE; anything else malformed gives NUM_SYNTAX.
 */
export function parseNumber(p: usize, len: usize): i32 {
  if (len == 0) return NUM_SYNTAX;
  const end = p + len;
  let q = p;
  let neg = false;
  let c = <u32>load<u8>(q);
  if (c == 0x2d || c == 0x2b) {
    neg = c == 0x2d;
    q++;
  }
  if (q < end) {
    const c0 = lower(load<u8>(q));
    if (c0 == 0x6e || c0 == 0x69) return isNonFiniteWord(q, end - q) ? NUM_NON_FINITE : NUM_SYNTAX;
  }
  let mant: u64 = 0;
  let digits: i32 = 0;
  let exp10: i32 = 0;
  let any = false;
  while (q < end) {
    c = load<u8>(q);
    const d = c - 0x30;
    if (d > 9) break;
    any = true;
    if (digits < 19) {
      mant = mant * 10 + <u64>d;
      if (mant != 0) digits++;
    } else exp10++;
    q++;
  }
  if (q < end && load<u8>(q) == 0x2e) {
    q++;
    while (q < end) {
      c = load<u8>(q);
      const d = c - 0x30;
      if (d > 9) break;
      any = true;
      if (digits < 19) {
        mant = mant * 10 + <u64>d;
        if (mant != 0) digits++;
        exp10--;
      }
      q++;
    }
  }
  if (!any) return NUM_SYNTAX;
  if (q < end) {
    c = load<u8>(q);
    if (c != 0x65 && c != 0x45) return NUM_SYNTAX;
    q++;
    let eneg = false;
    if (q < end) {
      c = load<u8>(q);
      if (c == 0x2d || c == 0x2b) {
        eneg = c == 0x2d;
        q++;
      }
    }
    if (q >= end) return NUM_SYNTAX;
    let e: i32 = 0;
    while (q < end) {
      const d = <u32>load<u8>(q) - 0x30;
      if (d > 9) return NUM_SYNTAX;
      if (e < 100000) e = e * 10 + <i32>d;
      q++;
    }
    exp10 += eneg ? -e : e;
  }
  let v: f64;
  if (mant == 0) v = 0;
  else if (mant <= (<u64>1) << 53 && exp10 >= -22 && exp10 <= 22) {
    const m = <f64>mant;
    v =
      exp10 >= 0
        ? m * load<f64>(POW10 + ((<usize>exp10) << 3))
        : m / load<f64>(POW10 + ((<usize>-exp10) << 3));
  } else if (exp10 > 400) v = Infinity;
  else if (exp10 < -400) v = 0;
  else {
    // Outside the exact range: two steps keep intermediate values inside f64 range.
    const half = exp10 / 2;
    v = <f64>mant * Math.pow(10, <f64>half) * Math.pow(10, <f64>(exp10 - half));
  }
  numValue = neg ? -v : v;
  if (!isFinite(v)) return NUM_NON_FINITE;
  return NUM_OK;
}

/** Parses an unsigned decimal integer token (digits only). Returns -1 if invalid or > 2^32-1. */
export function parseUint(p: usize, len: usize): i64 {
  if (len == 0 || len > 10) return -1;
  let v: i64 = 0;
  for (let i: usize = 0; i < len; i++) {
    const d = <u32>load<u8>(p + i) - 0x30;
    if (d > 9) return -1;
    v = v * 10 + <i64>d;
  }
  return v > 0xffffffff ? -1 : v;
}

// ---- whitespace tokenizer over [pos, end) with line tracking ----

export let tokPos: usize = 0;
export let tokEnd: usize = 0;
export let tokStart: usize = 0;
export let tokLen: usize = 0;
export let tokLine: u32 = 1;
// Start of the current line's content (first non-blank byte), for the line-length cap.
let lineContent: usize = 0;
let lineHasContent = false;
export let tokTooLong = false;

export function tokInit(p: usize, end: usize, line: u32): void {
  tokPos = p;
  tokEnd = end;
  tokLine = line;
  lineHasContent = false;
  lineContent = p;
  tokTooLong = false;
}

// Byte classes: 0 token byte, 1 blank, 2 newline.
const CLASS: usize = memory.data(256);
let classReady = false;

function initClass(): void {
  // A stray control byte (detect.ts lets a few through in ASCII STL) reads as a blank.
  for (let c: usize = 0; c < 0x20; c++) store<u8>(CLASS + c, 1);
  store<u8>(CLASS + 0x7f, 1);
  store<u8>(CLASS + 0x20, 1);
  store<u8>(CLASS + 0x09, 1);
  store<u8>(CLASS + 0x0d, 1);
  store<u8>(CLASS + 0x0b, 1);
  store<u8>(CLASS + 0x0c, 1);
  store<u8>(CLASS + 0x0a, 2);
  classReady = true;
}

/** Advances to the next token; false at end of input or when a line is too long (tokTooLong). */
export function tokNext(): bool {
  if (!classReady) initClass();
  let q = tokPos;
  const end = tokEnd;
  while (q < end) {
    const k = load<u8>(CLASS + <usize>load<u8>(q));
    if (k == 0) break;
    if (k == 2) {
      tokLine++;
      lineHasContent = false;
    }
    q++;
  }
  if (q >= end) {
    tokPos = q;
    return false;
  }
  if (!lineHasContent) {
    lineHasContent = true;
    lineContent = q;
  }
  const s = q;
  while (q < end && load<u8>(CLASS + <usize>load<u8>(q)) == 0) q++;
  tokPos = q;
  // Checked per token: a 100 MB line is one token scanned once, still in constant memory.
  if (q - lineContent > MAX_LINE) {
    tokTooLong = true;
    return false;
  }
  tokStart = s;
  tokLen = q - s;
  return true;
}

/**
 * Next token parsed as a number in one pass (the common `-12.345678` / `1.5e-3` shapes, up to
 * 19 digits, |exponent| <= 22). Other spellings (nan, inf, longer mantissas, large exponents)
 * and the rare values next to an f32 tie fall back to tokNext + parseNumber, so results equal
 * parseNumber's. Returns NUM_* or -1 at end of input / line too long.
 */
export function numNext(): i32 {
  if (!classReady) initClass();
  let q = tokPos;
  const end = tokEnd;
  while (q < end) {
    const k = load<u8>(CLASS + <usize>load<u8>(q));
    if (k == 0) break;
    if (k == 2) {
      tokLine++;
      lineHasContent = false;
    }
    q++;
  }
  if (q >= end) {
    tokPos = q;
    return -1;
  }
  if (!lineHasContent) {
    lineHasContent = true;
    lineContent = q;
  }
  const s = q;
  let neg = false;
  let c = <u32>load<u8>(q);
  if (c == 0x2d) {
    neg = true;
    q++;
  } else if (c == 0x2b) q++;
  let mant: u64 = 0;
  let digits: i32 = 0;
  let exp10: i32 = 0;
  let d: u32 = 0;
  while (q < end && (d = <u32>load<u8>(q) - 0x30) <= 9) {
    mant = mant * 10 + <u64>d;
    digits++;
    q++;
  }
  if (q < end && load<u8>(q) == 0x2e) {
    q++;
    // Eight fraction digits at a time while they keep the mantissa below 10^19.
    while (q + 8 <= end && digits <= 11) {
      const w = load<u64>(q);
      if (!eightDigits(w)) break;
      mant = mant * 100_000_000 + eightDigitsValue(w);
      digits += 8;
      exp10 -= 8;
      q += 8;
    }
    while (q < end && (d = <u32>load<u8>(q) - 0x30) <= 9) {
      mant = mant * 10 + <u64>d;
      digits++;
      exp10--;
      q++;
    }
  }
  if (q < end && (load<u8>(q) | 0x20) == 0x65) {
    q++;
    let eneg = false;
    if (q < end && (load<u8>(q) == 0x2d || load<u8>(q) == 0x2b)) {
      eneg = load<u8>(q) == 0x2d;
      q++;
    }
    let e: i32 = 0;
    let any = false;
    while (q < end && (d = <u32>load<u8>(q) - 0x30) <= 9) {
      if (e < 100000) e = e * 10 + <i32>d;
      any = true;
      q++;
    }
    if (!any) digits = 0;
    exp10 += eneg ? -e : e;
  }
  const terminated = q >= end || load<u8>(CLASS + <usize>load<u8>(q)) != 0;
  if (digits == 0 || digits > 19 || !terminated || exp10 < -22 || exp10 > 22) {
    // Unusual spelling: let the general parser decide.
    tokPos = s;
    if (!tokNext()) return -1;
    return parseNumber(tokStart, tokLen);
  }
  tokPos = q;
  if (q - lineContent > MAX_LINE) {
    tokTooLong = true;
    return -1;
  }
  tokStart = s;
  tokLen = q - s;
  const m = <f64>mant;
  const v =
    exp10 >= 0
      ? m * load<f64>(POW10 + ((<usize>exp10) << 3))
      : m / load<f64>(POW10 + ((<usize>-exp10) << 3));
  if (mant > (<u64>1) << 53 && nearF32Midpoint(v)) {
    // Above 2^53 the product is within about 1 ulp of the exact value: enough to round to f32
    // unless it sits next to a tie between two f32 values. Then the general parser decides.
    tokPos = s;
    if (!tokNext()) return -1;
    return parseNumber(tokStart, tokLen);
  }
  numValue = neg ? -v : v;
  return NUM_OK;
}

/** True when all 8 bytes of `w` are ASCII digits. */
function eightDigits(w: u64): bool {
  return (
    ((w & 0xf0f0f0f0f0f0f0f0) | ((w + 0x0606060606060606) & 0xf0f0f0f0f0f0f0f0)) ==
    0x3030303030303030
  );
}

/** Value of 8 ASCII digits (first byte most significant) with three multiplications. */
function eightDigitsValue(w: u64): u64 {
  let v = w - 0x3030303030303030;
  v = v * 10 + (v >> 8);
  return (
    ((v & 0x000000ff000000ff) * (100 + (1000000 << 32)) +
      ((v >> 16) & 0x000000ff000000ff) * (1 + (10000 << 32))) >>
    32
  );
}

/** True when f64 `v` is within 16 ulps of a value halfway between two adjacent f32 values. */
function nearF32Midpoint(v: f64): bool {
  // f32 keeps the top 23 of the 52 fraction bits; the low 29 bits decide the rounding and
  // 0x1000_0000 is the tie. (Subnormal f32 results have |exponent| far outside this path.)
  const low = <u32>(reinterpret<u64>(v) & 0x1fffffff);
  return low - 0x0ffffff0 < 0x20;
}

/** Letters of a keyword (at most 8, lower case) packed little-endian for tokenIsKw. */
export function keyword(s: string): u64 {
  let v: u64 = 0;
  for (let i = s.length - 1; i >= 0; i--) v = (v << 8) | (<u64>s.charCodeAt(i));
  return v;
}

/** Case-insensitive match of the current token with a packed keyword of `len` letters. */
export function tokenIsKw(kw: u64, len: usize): bool {
  if (tokLen != len) return false;
  // Reading 8 bytes may run past the token (arena slack); those bytes are masked off.
  const mask: u64 = len >= 8 ? <u64>-1 : ((<u64>1) << ((<u64>len) << 3)) - 1;
  return ((load<u64>(tokStart) | 0x2020202020202020) & mask) == kw;
}

/** Skips the rest of the current line (e.g. the name after `solid`). */
export function tokSkipLine(): bool {
  let q = tokPos;
  while (q < tokEnd) {
    const c = load<u8>(q);
    if (c == 0x0a) break;
    q++;
    if (lineHasContent && q - lineContent > MAX_LINE) {
      tokTooLong = true;
      tokPos = q;
      return false;
    }
  }
  tokPos = q;
  return true;
}
