import { describe, expect, it } from 'vitest';
import { MATERIALS } from '../../../../../api/src/domain/materials';
import {
  hexToHsl,
  hslToHex,
  hueApart,
  MIN_HUE_APART,
  outlineColours,
} from '../../../../../web/src/viewer/tools/outlineColour';

/** Relative luminance (WCAG) of a #rrggbb colour. */
function luminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  const lin = (c: number) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin((n >> 16) & 255) + 0.7152 * lin((n >> 8) & 255) + 0.0722 * lin(n & 255);
}
const contrast = (a: string, b: string) => {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x! + 0.05) / (y! + 0.05);
};

const BACKDROP = ['#0b141c', '#14222f', '#23384c'];

describe('outlineColours', () => {
  it('tells two arches of the same material apart (the same white before)', () => {
    const gypsum = MATERIALS.gypsum.color;
    const [upper, lower] = outlineColours([gypsum, gypsum]);
    expect(upper).not.toBe(lower);
    expect(hueApart(hexToHsl(upper!)[0], hexToHsl(lower!)[0])).toBeGreaterThanOrEqual(
      MIN_HUE_APART,
    );
  });

  it('keeps the hue of a coloured material (gingiva stays red-pink)', () => {
    const gingiva = MATERIALS.gingiva.color;
    const [out] = outlineColours([gingiva]);
    expect(hueApart(hexToHsl(out!)[0], hexToHsl(gingiva)[0])).toBeLessThan(2);
    expect(hexToHsl(out!)[1]).toBeGreaterThan(hexToHsl(gingiva)[1]);
  });

  it('reads on every part of the dark backdrop and the 2D panel', () => {
    const all = outlineColours(Object.values(MATERIALS).map((m) => m.color));
    for (const c of all) for (const bg of BACKDROP) expect(contrast(c, bg)).toBeGreaterThan(4.5);
  });

  it('never takes the measurements’ amber', () => {
    const all = outlineColours(['#ffb020', '#f5f1e6', '#f2ecdc', '#ffffff']);
    for (const c of all) expect(hueApart(hexToHsl(c)[0], 40)).toBeGreaterThan(12);
  });

  it('gives every one of five layers its own hue', () => {
    const all = outlineColours(['#f2ecdc', '#f2ecdc', '#f5f1e6', '#d97a7a', '#b8bcc4']);
    const hues = all.map((c) => hexToHsl(c)[0]);
    for (let i = 0; i < hues.length; i++)
      for (let j = i + 1; j < hues.length; j++)
        expect(hueApart(hues[i]!, hues[j]!)).toBeGreaterThanOrEqual(MIN_HUE_APART);
  });

  it('is the same for the same layers (the 3D outline and the panel agree)', () => {
    expect(outlineColours(['#f2ecdc', '#d97a7a'])).toEqual(outlineColours(['#f2ecdc', '#d97a7a']));
  });
});

describe('hsl conversion', () => {
  it('round-trips colours', () => {
    for (const hex of ['#d97a7a', '#9db8d9', '#1c2733', '#ffb020']) {
      const [h, s, l] = hexToHsl(hex);
      expect(hslToHex(h, s, l)).toBe(hex);
    }
  });
});
