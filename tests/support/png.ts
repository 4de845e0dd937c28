/**
 * A strict PNG reader for tests (8-bit palette, grey, RGB and RGBA; no interlace): checks the
 * signature, every chunk's CRC and the chunk order, inflates IDAT with fflate and undoes the
 * row filters. Not the product's code: it only checks what the product writes.
 */
import { unzlibSync } from 'fflate';

export interface DecodedPng {
  width: number;
  height: number;
  colorType: number;
  /** Palette entries (palette images), RGBA. */
  palette: Uint8Array | null;
  /** width × height × 4, straight alpha. */
  rgba: Uint8Array;
  /** Chunk types in file order. */
  chunks: string[];
}

const SIGNATURE = [137, 80, 78, 71, 13, 10, 26, 10];

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  }
  return (c ^ 0xffffffff) >>> 0;
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a),
    pb = Math.abs(p - b),
    pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

export function decodePng(bytes: Uint8Array): DecodedPng {
  SIGNATURE.forEach((v, i) => {
    if (bytes[i] !== v) throw new Error('not a PNG signature');
  });
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const chunks: string[] = [];
  const idat: Uint8Array[] = [];
  let ihdr: Uint8Array | null = null;
  let plte: Uint8Array | null = null;
  let trns: Uint8Array | null = null;
  let o = 8;
  while (o < bytes.length) {
    const len = dv.getUint32(o);
    const type = String.fromCharCode(...bytes.subarray(o + 4, o + 8));
    const data = bytes.subarray(o + 8, o + 8 + len);
    if (o + 12 + len > bytes.length) throw new Error(`chunk ${type} runs past the end`);
    if (crc32(bytes.subarray(o + 4, o + 8 + len)) !== dv.getUint32(o + 8 + len))
      throw new Error(`bad CRC in ${type}`);
    chunks.push(type);
    if (type === 'IHDR') ihdr = data;
    else if (type === 'PLTE') plte = data;
    else if (type === 'tRNS') trns = data;
    else if (type === 'IDAT') idat.push(data);
    o += 12 + len;
    if (type === 'IEND') break;
  }
  if (o !== bytes.length) throw new Error('bytes after IEND');
  if (chunks[0] !== 'IHDR' || chunks.at(-1) !== 'IEND') throw new Error('bad chunk order');
  if (!ihdr) throw new Error('no IHDR');
  const h = new DataView(ihdr.buffer, ihdr.byteOffset, 13);
  const width = h.getUint32(0);
  const height = h.getUint32(4);
  const depth = ihdr[8]!;
  const colorType = ihdr[9]!;
  if (depth !== 8 || ihdr[12] !== 0) throw new Error('only 8-bit, non-interlaced PNGs');
  const channels = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 }[colorType];
  if (!channels) throw new Error(`colour type ${colorType}`);
  if (colorType === 3 && !plte) throw new Error('palette image without PLTE');
  const zipped = new Uint8Array(idat.reduce((s, d) => s + d.length, 0));
  let z = 0;
  for (const d of idat) {
    zipped.set(d, z);
    z += d.length;
  }
  const raw = unzlibSync(zipped);
  const stride = width * channels;
  if (raw.length !== (stride + 1) * height) throw new Error('IDAT has the wrong size');
  const px = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const f = raw[y * (stride + 1)]!;
    for (let x = 0; x < stride; x++) {
      const v = raw[y * (stride + 1) + 1 + x]!;
      const a = x >= channels ? px[y * stride + x - channels]! : 0;
      const b = y > 0 ? px[(y - 1) * stride + x]! : 0;
      const c = x >= channels && y > 0 ? px[(y - 1) * stride + x - channels]! : 0;
      const pred = [0, a, b, (a + b) >> 1, paeth(a, b, c)][f];
      if (pred === undefined) throw new Error(`filter ${f}`);
      px[y * stride + x] = (v + pred) & 0xff;
    }
  }
  let palette: Uint8Array | null = null;
  if (plte) {
    const n = plte.length / 3;
    palette = new Uint8Array(n * 4);
    for (let i = 0; i < n; i++) {
      palette.set(plte.subarray(i * 3, i * 3 + 3), i * 4);
      palette[i * 4 + 3] = trns && i < trns.length ? trns[i]! : 255;
    }
  }
  const rgba = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    if (colorType === 3) {
      const k = px[i]!;
      if (!palette || k * 4 >= palette.length) throw new Error('palette index out of range');
      rgba.set(palette.subarray(k * 4, k * 4 + 4), i * 4);
    } else if (colorType === 6) rgba.set(px.subarray(i * 4, i * 4 + 4), i * 4);
    else if (colorType === 2) rgba.set([...px.subarray(i * 3, i * 3 + 3), 255], i * 4);
    else {
      const g = px[i * channels]!;
      rgba.set([g, g, g, colorType === 4 ? px[i * 2 + 1]! : 255], i * 4);
    }
  }
  return { width, height, colorType, palette, rgba, chunks };
}
