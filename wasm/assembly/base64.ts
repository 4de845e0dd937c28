// Strict streaming base64 decoder (RFC 4648 alphabet, '=' padding only at the very end).
// XML whitespace (space, tab, CR, LF) between characters is skipped; any other byte is an error.
// The decoder can be fed several text segments (text split by comments) and stops at '<'.

const LUT: usize = memory.data(256);
const V_WS: u8 = 0xfe;
const V_PAD: u8 = 0xfd;
const V_LT: u8 = 0xfc;
const V_BAD: u8 = 0xff;
let lutReady = false;

function initLut(): void {
  memory.fill(LUT, V_BAD, 256);
  for (let i: u32 = 0; i < 26; i++) {
    store<u8>(LUT + 0x41 + i, <u8>i);
    store<u8>(LUT + 0x61 + i, <u8>(26 + i));
  }
  for (let i: u32 = 0; i < 10; i++) store<u8>(LUT + 0x30 + i, <u8>(52 + i));
  store<u8>(LUT + 0x2b, 62);
  store<u8>(LUT + 0x2f, 63);
  store<u8>(LUT + 0x20, V_WS);
  store<u8>(LUT + 0x09, V_WS);
  store<u8>(LUT + 0x0a, V_WS);
  store<u8>(LUT + 0x0d, V_WS);
  store<u8>(LUT + 0x3d, V_PAD);
  store<u8>(LUT + 0x3c, V_LT);
  lutReady = true;
}

let outStart: usize = 0;
let out: usize = 0;
let acc: u32 = 0;
let nq: u32 = 0;
let pads: u32 = 0;
export let b64Failed = false;

export function b64Begin(dst: usize): void {
  if (!lutReady) initLut();
  outStart = dst;
  out = dst;
  acc = 0;
  nq = 0;
  pads = 0;
  b64Failed = false;
}

export function b64Out(): usize {
  return out;
}

/**
 * Decodes [p, end) until '<' or end; returns where it stopped. The destination must have room
 * for (end - p) * 3 / 4 + 4 bytes. After an error the rest is scanned but not decoded.
 */
export function b64Feed(p: usize, end: usize): usize {
  let q = p;
  if (b64Failed) return skipToLt(q, end);
  let o = out;
  while (true) {
    // Fast path: whole quads of alphabet characters.
    if (nq == 0) {
      while (q + 8 <= end) {
        const w = load<u64>(q);
        const a = <u32>load<u8>(LUT + <usize>(w & 0xff));
        const b = <u32>load<u8>(LUT + <usize>((w >> 8) & 0xff));
        const c = <u32>load<u8>(LUT + <usize>((w >> 16) & 0xff));
        const d = <u32>load<u8>(LUT + <usize>((w >> 24) & 0xff));
        const e = <u32>load<u8>(LUT + <usize>((w >> 32) & 0xff));
        const f = <u32>load<u8>(LUT + <usize>((w >> 40) & 0xff));
        const g = <u32>load<u8>(LUT + <usize>((w >> 48) & 0xff));
        const h = <u32>load<u8>(LUT + <usize>(w >> 56));
        if ((a | b | c | d | e | f | g | h) & 0xc0) break;
        const v1 = (a << 18) | (b << 12) | (c << 6) | d;
        const v2 = (e << 18) | (f << 12) | (g << 6) | h;
        // Big-endian 24-bit groups; the 4th byte written is overwritten by the next group.
        store<u32>(o, bswap<u32>(v1 << 8));
        store<u32>(o + 3, bswap<u32>(v2 << 8));
        o += 6;
        q += 8;
      }
    }
    if (q >= end) break;
    const ch = <u32>load<u8>(q);
    const v = <u32>load<u8>(LUT + <usize>ch);
    if (v < 64) {
      if (pads != 0) {
        b64Failed = true;
        out = o;
        return skipToLt(q, end);
      }
      acc = (acc << 6) | v;
      nq++;
      if (nq == 4) {
        store<u8>(o, <u8>(acc >> 16));
        store<u8>(o + 1, <u8>(acc >> 8));
        store<u8>(o + 2, <u8>acc);
        o += 3;
        nq = 0;
        acc = 0;
      }
      q++;
    } else if (v == V_WS) {
      q++;
    } else if (v == V_PAD) {
      if (nq < 2 || (pads != 0 && nq == 0)) {
        b64Failed = true;
        out = o;
        return skipToLt(q, end);
      }
      pads++;
      acc = acc << 6;
      nq++;
      if (nq == 4) {
        store<u8>(o, <u8>(acc >> 16));
        if (pads == 1) store<u8>(o + 1, <u8>(acc >> 8));
        o += 3 - pads;
        nq = 0;
        acc = 0;
      }
      q++;
    } else if (v == V_LT) {
      break;
    } else {
      b64Failed = true;
      out = o;
      return skipToLt(q, end);
    }
  }
  out = o;
  return q;
}

/** Ends the payload; false when it was not a whole number of quads or contained an error. */
export function b64Finish(): bool {
  if (b64Failed) return false;
  if (nq != 0) {
    b64Failed = true;
    return false;
  }
  return true;
}

export function b64Length(): usize {
  return out - outStart;
}

/** Position of the next '<' in [p, end), or end. Eight bytes at a time. */
export function skipToLt(p: usize, end: usize): usize {
  let q = p;
  while (q + 8 <= end) {
    const x = load<u64>(q) ^ 0x3c3c3c3c3c3c3c3c;
    if (((x - 0x0101010101010101) & ~x & 0x8080808080808080) != 0) break;
    q += 8;
  }
  while (q < end && load<u8>(q) != 0x3c) q++;
  return q;
}
