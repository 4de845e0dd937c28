import { inflateSync } from 'node:zlib';

/** Decoded 8-bit PNG as RGBA rows. */
export interface Rgba {
  width: number;
  height: number;
  /** width × height × 4 bytes. */
  data: Uint8Array;
}

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/**
 * Decodes the PNGs Chromium writes for screenshots (8-bit RGB or RGBA, not interlaced), enough to
 * count pixels in tests without a PNG package.
 */
export function decodePng(png: Buffer): Rgba {
  if (!SIGNATURE.every((b, i) => png[i] === b)) throw new Error('not a PNG');
  let width = 0;
  let height = 0;
  let channels = 0;
  const idat: Buffer[] = [];
  for (let o = 8; o < png.length;) {
    const len = png.readUInt32BE(o);
    const type = png.toString('latin1', o + 4, o + 8);
    const body = png.subarray(o + 8, o + 8 + len);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const depth = body[8];
      const colour = body[9];
      const interlace = body[12];
      if (depth !== 8 || interlace !== 0 || (colour !== 2 && colour !== 6)) {
        throw new Error(
          `unsupported PNG (depth ${depth}, colour ${colour}, interlace ${interlace})`,
        );
      }
      channels = colour === 6 ? 4 : 3;
    } else if (type === 'IDAT') {
      idat.push(body);
    } else if (type === 'IEND') {
      break;
    }
    o += 12 + len;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const rows = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const src = y * (stride + 1) + 1;
    const dst = y * stride;
    for (let x = 0; x < stride; x++) {
      const v = raw[src + x]!;
      const a = x >= channels ? rows[dst + x - channels]! : 0;
      const b = y > 0 ? rows[dst + x - stride]! : 0;
      const c = x >= channels && y > 0 ? rows[dst + x - stride - channels]! : 0;
      const pred =
        filter === 0
          ? 0
          : filter === 1
            ? a
            : filter === 2
              ? b
              : filter === 3
                ? (a + b) >> 1
                : paeth(a, b, c);
      rows[dst + x] = (v + pred) & 255;
    }
  }
  const data = new Uint8Array(width * height * 4);
  for (let i = 0, j = 0; i < width * height; i++, j += channels) {
    data[i * 4] = rows[j]!;
    data[i * 4 + 1] = rows[j + 1]!;
    data[i * 4 + 2] = rows[j + 2]!;
    data[i * 4 + 3] = channels === 4 ? rows[j + 3]! : 255;
  }
  return { width, height, data };
}

/**
 * Pixels that are not the viewer's background: the backdrop is a dark blue-grey gradient (no
 * channel above ~80), so any pixel with a channel above `threshold` is lit geometry or UI.
 */
export function brightPixels(img: Rgba, threshold = 110): number {
  let n = 0;
  for (let i = 0; i < img.data.length; i += 4) {
    if (img.data[i]! > threshold || img.data[i + 1]! > threshold || img.data[i + 2]! > threshold) {
      n++;
    }
  }
  return n;
}

/** Pixels whose colour differs by more than `tolerance` in any channel. */
export function differingPixels(a: Rgba, b: Rgba, tolerance = 24): number {
  if (a.width !== b.width || a.height !== b.height) throw new Error('sizes differ');
  let n = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    if (
      Math.abs(a.data[i]! - b.data[i]!) > tolerance ||
      Math.abs(a.data[i + 1]! - b.data[i + 1]!) > tolerance ||
      Math.abs(a.data[i + 2]! - b.data[i + 2]!) > tolerance
    ) {
      n++;
    }
  }
  return n;
}

/**
 * Shading inside a model's silhouette: the pixels where `shown` (model drawn) differs from
 * `hidden` (same view, model hidden), and the standard deviation of their luminance (Rec. 709,
 * 0–255). A flatly lit surface reads as one tone (small spread); light that shows cusps, fissures
 * and margins gives a wide one.
 */
export function silhouetteLuminance(
  shown: Rgba,
  hidden: Rgba,
  tolerance = 24,
): { pixels: number; mean: number; spread: number } {
  if (shown.width !== hidden.width || shown.height !== hidden.height) {
    throw new Error('sizes differ');
  }
  let n = 0;
  let sum = 0;
  let sum2 = 0;
  const a = shown.data;
  const b = hidden.data;
  for (let i = 0; i < a.length; i += 4) {
    if (
      Math.abs(a[i]! - b[i]!) <= tolerance &&
      Math.abs(a[i + 1]! - b[i + 1]!) <= tolerance &&
      Math.abs(a[i + 2]! - b[i + 2]!) <= tolerance
    ) {
      continue;
    }
    const y = 0.2126 * a[i]! + 0.7152 * a[i + 1]! + 0.0722 * a[i + 2]!;
    n++;
    sum += y;
    sum2 += y * y;
  }
  const mean = n > 0 ? sum / n : 0;
  return { pixels: n, mean, spread: n > 0 ? Math.sqrt(Math.max(0, sum2 / n - mean * mean)) : 0 };
}
