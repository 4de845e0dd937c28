import { describe, expect, it } from 'vitest';
import { encodePalettePng } from '../../../../api/src/mesh/png.js';
import { quantise } from '../../../../api/src/mesh/quantise.js';
import { decodePng } from '../../../support/png.js';

describe('palette PNG writer', () => {
  it('writes a PNG that decodes to the same pixels, alpha included', () => {
    const palette = new Uint8Array([0, 0, 0, 0, 10, 20, 30, 128, 200, 100, 50, 255, 1, 2, 3, 255]);
    const [w, h] = [37, 11];
    const indices = new Uint8Array(w * h).map((_, i) => (i * 7 + Math.floor(i / w)) % 4);
    const png = decodePng(encodePalettePng({ width: w, height: h, palette, indices }));
    expect([png.width, png.height, png.colorType]).toEqual([w, h, 3]);
    expect(png.chunks).toEqual(['IHDR', 'PLTE', 'tRNS', 'IDAT', 'IEND']);
    for (let i = 0; i < w * h; i++) {
      const k = indices[i]!;
      expect(Array.from(png.rgba.subarray(i * 4, i * 4 + 4))).toEqual(
        Array.from(palette.subarray(k * 4, k * 4 + 4)),
      );
    }
  });

  it('leaves out tRNS when every entry is opaque', () => {
    const png = encodePalettePng({
      width: 2,
      height: 1,
      palette: new Uint8Array([1, 2, 3, 255, 4, 5, 6, 255]),
      indices: new Uint8Array([1, 0]),
    });
    expect(decodePng(png).chunks).toEqual(['IHDR', 'PLTE', 'IDAT', 'IEND']);
  });

  it('refuses a palette of the wrong size and indices beyond it', () => {
    const one = new Uint8Array([0, 0, 0, 255]);
    expect(() =>
      encodePalettePng({
        width: 1,
        height: 1,
        palette: new Uint8Array(0),
        indices: new Uint8Array(1),
      }),
    ).toThrow(/palette/);
    expect(() =>
      encodePalettePng({ width: 1, height: 1, palette: one, indices: new Uint8Array([1]) }),
    ).toThrow(/out of range/);
    expect(() =>
      encodePalettePng({ width: 2, height: 1, palette: one, indices: new Uint8Array(1) }),
    ).toThrow(/per pixel/);
  });
});

describe('median-cut quantiser', () => {
  /** A shaded disc: brightness falls off from the middle, the edge is half transparent. */
  function disc(size: number): Uint8Array {
    const rgba = new Uint8Array(size * size * 4);
    for (let y = 0; y < size; y++)
      for (let x = 0; x < size; x++) {
        const r = Math.hypot(x - size / 2, y - size / 2) / (size / 2);
        if (r > 1) continue;
        const v = Math.round(240 * (1 - r * r * 0.8));
        rgba.set(
          [v, Math.round(v * 0.95), Math.round(v * 0.85), r > 0.95 ? 128 : 255],
          (y * size + x) * 4,
        );
      }
    return rgba;
  }

  it('keeps transparent pixels transparent in entry 0 and stays within the colour count', () => {
    const rgba = disc(64);
    const q = quantise(rgba, 64, 64, 32);
    expect(q.palette.length / 4).toBeLessThanOrEqual(32);
    expect(Array.from(q.palette.subarray(0, 4))).toEqual([0, 0, 0, 0]);
    for (let i = 0; i < 64 * 64; i++) expect(q.indices[i] === 0).toBe(rgba[i * 4 + 3] === 0);
  });

  it('approximates a smooth shading closely with few colours', () => {
    const rgba = disc(64);
    const q = quantise(rgba, 64, 64, 32);
    let worst = 0;
    for (let i = 0; i < 64 * 64; i++) {
      if (rgba[i * 4 + 3] === 0) continue;
      const k = q.indices[i]!;
      for (let c = 0; c < 4; c++)
        worst = Math.max(worst, Math.abs(q.palette[k * 4 + c]! - rgba[i * 4 + c]!));
    }
    // 240 brightness steps in ~30 entries: about 8 apart, so within one step either way.
    expect(worst).toBeLessThanOrEqual(12);
  });

  it('orders entries by alpha, then brightness', () => {
    const q = quantise(disc(64), 64, 64, 32);
    const key = (k: number) =>
      q.palette[k * 4 + 3]! * 1024 +
      q.palette[k * 4]! * 0.3 +
      q.palette[k * 4 + 1]! * 0.59 +
      q.palette[k * 4 + 2]! * 0.11;
    for (let k = 2; k < q.palette.length / 4; k++)
      expect(key(k)).toBeGreaterThanOrEqual(key(k - 1));
  });
});
