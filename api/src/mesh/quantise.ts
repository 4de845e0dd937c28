/**
 * RGBA → palette by median cut, for compact PNG thumbnails. Entry 0 is fully transparent; the
 * others are sorted by alpha, then brightness, so that a smooth shading gives neighbouring
 * indices (which the PNG "Sub" filter turns into small numbers). No dithering: flat runs
 * compress better, and a shaded model reads well with a few dozen tones.
 */
import type { PaletteImage } from './png.js';

// Histogram bins: 5 bits per colour channel, 3 bits of alpha.
const binOf = (r: number, g: number, b: number, a: number): number =>
  ((r >> 3) << 13) | ((g >> 3) << 8) | ((b >> 3) << 3) | (a >> 5);

interface Box {
  bins: number[];
  count: number;
  /** Channel with the widest weighted spread and that spread. */
  channel: number;
  spread: number;
}

// How much a difference in each channel matters (green most, as the eye sees brightness).
const WEIGHT = [0.8, 1.0, 0.6, 1.2];

export function quantise(
  rgba: Uint8Array,
  width: number,
  height: number,
  colors = 64,
): PaletteImage {
  const n = width * height;
  // A sparse histogram (open addressing over the bin keys): a picture uses a few thousand of
  // the 2^18 bins, and typed arrays stay off the JS heap.
  let cap = 1024;
  while (cap < Math.min(n, 1 << 18) * 2) cap <<= 1;
  const slots = new Int32Array(cap).fill(-1);
  const binKey = new Int32Array(Math.min(n, 1 << 18));
  const count = new Float64Array(binKey.length);
  const sum = new Float64Array(binKey.length * 4);
  const pixelSlot = new Int32Array(n).fill(-1);
  let bins = 0;
  for (let i = 0; i < n; i++) {
    const a = rgba[i * 4 + 3]!;
    if (a === 0) continue;
    const r = rgba[i * 4]!,
      g = rgba[i * 4 + 1]!,
      b = rgba[i * 4 + 2]!;
    const key = binOf(r, g, b, a);
    let h = Math.imul(key, 0x9e3779b1) & (cap - 1);
    while (slots[h]! >= 0 && binKey[slots[h]!] !== key) h = (h + 1) & (cap - 1);
    if (slots[h]! < 0) {
      slots[h] = bins;
      binKey[bins++] = key;
    }
    const k = slots[h]!;
    pixelSlot[i] = k;
    count[k] = count[k]! + 1;
    sum[k * 4] = sum[k * 4]! + r;
    sum[k * 4 + 1] = sum[k * 4 + 1]! + g;
    sum[k * 4 + 2] = sum[k * 4 + 2]! + b;
    sum[k * 4 + 3] = sum[k * 4 + 3]! + a;
  }
  const used = Array.from({ length: bins }, (_, k) => k);
  const mean = (k: number, c: number): number => sum[k * 4 + c]! / count[k]!;

  const measure = (bins: number[]): Box => {
    let total = 0;
    let channel = 0;
    let spread = -1;
    for (let c = 0; c < 4; c++) {
      let lo = Infinity,
        hi = -Infinity;
      for (const k of bins) {
        const v = mean(k, c);
        if (v < lo) lo = v;
        if (v > hi) hi = v;
      }
      const s = (hi - lo) * WEIGHT[c]!;
      if (s > spread) {
        spread = s;
        channel = c;
      }
    }
    for (const k of bins) total += count[k]!;
    return { bins, count: total, channel, spread };
  };

  const boxes: Box[] = used.length > 0 ? [measure(used)] : [];
  while (boxes.length < colors - 1) {
    // Split the box where the most pixels are spread the widest.
    let best = -1;
    let score = 0;
    boxes.forEach((b, i) => {
      const s = b.spread * Math.sqrt(b.count);
      if (b.bins.length > 1 && s > score) {
        score = s;
        best = i;
      }
    });
    if (best < 0) break;
    const box = boxes[best]!;
    const c = box.channel;
    box.bins.sort((x, y) => mean(x, c) - mean(y, c));
    let acc = 0;
    let cut = 1;
    for (; cut < box.bins.length - 1; cut++) {
      acc += count[box.bins[cut - 1]!]!;
      if (acc * 2 >= box.count) break;
    }
    boxes.splice(best, 1, measure(box.bins.slice(0, cut)), measure(box.bins.slice(cut)));
  }

  // Box means, sorted by alpha then brightness; entry 0 stays transparent.
  const entries = boxes.map((b) => {
    const m = [0, 0, 0, 0];
    for (const k of b.bins) for (let c = 0; c < 4; c++) m[c]! += sum[k * 4 + c]!;
    const rgba = m.map((v) => Math.min(255, Math.round(v / b.count)));
    return {
      box: b,
      rgba,
      key: rgba[3]! * 1024 + rgba[0]! * 0.3 + rgba[1]! * 0.59 + rgba[2]! * 0.11,
    };
  });
  entries.sort((x, y) => x.key - y.key);
  const palette = new Uint8Array((entries.length + 1) * 4);
  const lookup = new Uint8Array(bins);
  entries.forEach((e, i) => {
    palette.set(e.rgba, (i + 1) * 4);
    for (const k of e.box.bins) lookup[k] = i + 1;
  });
  const indices = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const k = pixelSlot[i]!;
    if (k >= 0) indices[i] = lookup[k]!;
  }
  return { width, height, palette, indices };
}
