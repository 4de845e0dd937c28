/**
 * A minimal PNG writer for palette images (colour type 3, 8-bit indices) with per-entry alpha
 * (tRNS): IHDR, PLTE, tRNS, one IDAT (fflate zlib), IEND. Enough for server-made thumbnails; no
 * interlace, no ancillary chunks (nothing to leak).
 */
import { zlibSync } from 'fflate';

export interface PaletteImage {
  width: number;
  height: number;
  /** RGBA per palette entry (1–256 entries). */
  palette: Uint8Array;
  /** One palette index per pixel, row by row. */
  indices: Uint8Array;
}

const SIGNATURE = [137, 80, 78, 71, 13, 10, 26, 10];

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const dv = new DataView(out.buffer);
  dv.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  dv.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/**
 * Rows filtered with "Sub" (each index minus its left neighbour) or "None", whichever has the
 * smaller sum of absolute values — the usual heuristic; Sub pays off on a palette ordered by
 * brightness, where neighbouring indices of a smooth shading differ by little.
 */
function filterRows(img: PaletteImage): Uint8Array {
  const { width: w, height: h, indices } = img;
  const out = new Uint8Array((w + 1) * h);
  for (let y = 0; y < h; y++) {
    const row = indices.subarray(y * w, y * w + w);
    let none = 0;
    let sub = 0;
    for (let x = 0; x < w; x++) {
      const v = row[x]!;
      const d = (v - (x > 0 ? row[x - 1]! : 0)) & 0xff;
      none += v < 128 ? v : 256 - v;
      sub += d < 128 ? d : 256 - d;
    }
    const o = y * (w + 1);
    if (sub < none) {
      out[o] = 1;
      for (let x = 0; x < w; x++) out[o + 1 + x] = (row[x]! - (x > 0 ? row[x - 1]! : 0)) & 0xff;
    } else {
      out[o] = 0;
      out.set(row, o + 1);
    }
  }
  return out;
}

export function encodePalettePng(img: PaletteImage): Uint8Array {
  const { width, height, palette, indices } = img;
  const entries = palette.length / 4;
  if (!Number.isInteger(entries) || entries < 1 || entries > 256)
    throw new Error('a PNG palette has 1 to 256 RGBA entries');
  if (indices.length !== width * height) throw new Error('one palette index per pixel');
  for (let i = 0; i < indices.length; i++)
    if (indices[i]! >= entries) throw new Error('palette index out of range');
  const ihdr = new Uint8Array(13);
  const dv = new DataView(ihdr.buffer);
  dv.setUint32(0, width);
  dv.setUint32(4, height);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 3; // palette
  const plte = new Uint8Array(entries * 3);
  // tRNS may stop at the last entry that is not opaque.
  let lastTranslucent = -1;
  for (let i = 0; i < entries; i++) {
    plte.set(palette.subarray(i * 4, i * 4 + 3), i * 3);
    if (palette[i * 4 + 3]! < 255) lastTranslucent = i;
  }
  const trns = new Uint8Array(lastTranslucent + 1);
  for (let i = 0; i <= lastTranslucent; i++) trns[i] = palette[i * 4 + 3]!;
  const parts = [
    new Uint8Array(SIGNATURE),
    chunk('IHDR', ihdr),
    chunk('PLTE', plte),
    ...(trns.length > 0 ? [chunk('tRNS', trns)] : []),
    chunk('IDAT', zlibSync(filterRows(img), { level: 6 })),
    chunk('IEND', new Uint8Array(0)),
  ];
  const out = new Uint8Array(parts.reduce((s, p) => s + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}
