import { describe, expect, it } from 'vitest';
import {
  bandOf,
  colorize,
  colorOf,
  deviationBands,
  formatDeviation,
  NO_COUNTERPART,
} from '../../../../../web/src/viewer/compare/deviationScale';
import { matchModels } from '../../../../../web/src/viewer/compare/matchModels';

describe('deviation scale', () => {
  const bands = deviationBands();

  it('has symmetric clinical steps ±25/50/100/200 µm around a neutral tolerance band', () => {
    expect(bands.map((b) => b.label)).toEqual([
      '> +200 µm',
      '+100 … +200 µm',
      '+50 … +100 µm',
      '+25 … +50 µm',
      'within ±25 µm',
      '−25 … −50 µm',
      '−50 … −100 µm',
      '−100 … −200 µm',
      '< −200 µm',
    ]);
  });

  it('puts a value in its band: warm outside, cool inside, grey within tolerance', () => {
    expect(bands[bandOf(0)]!.label).toBe('within ±25 µm');
    expect(bands[bandOf(24.9)]!.label).toBe('within ±25 µm');
    expect(bands[bandOf(-24.9)]!.label).toBe('within ±25 µm');
    expect(bands[bandOf(99)]!.label).toBe('+50 … +100 µm');
    expect(bands[bandOf(150)]!.label).toBe('+100 … +200 µm');
    expect(bands[bandOf(-150)]!.label).toBe('−100 … −200 µm');
    expect(bands[bandOf(5000)]!.label).toBe('> +200 µm');
    expect(bands[bandOf(-5000)]!.label).toBe('< −200 µm');
    expect(bandOf(Number.NaN)).toBe(-1);
    expect(colorOf(Number.NaN)).toBe(NO_COUNTERPART);
    const [r, g, b] = colorOf(150);
    expect(r).toBeGreaterThan(g + 0.3);
    expect(r).toBeGreaterThan(b + 0.3);
    const [r2, , b2] = colorOf(-150);
    expect(b2).toBeGreaterThan(r2 + 0.3);
    const [n0, n1, n2] = colorOf(0);
    expect(Math.max(n0, n1, n2) - Math.min(n0, n1, n2)).toBeLessThan(0.05);
  });

  it('colours vertices and counts them per band (the last count: no counterpart)', () => {
    const { colors, counts } = colorize(new Float32Array([0, 0.15, -0.06, Number.NaN]));
    expect(colors).toHaveLength(12);
    expect(Array.from(colors.subarray(9, 12))).toEqual(NO_COUNTERPART.map((c) => Math.fround(c)));
    expect(counts[bandOf(0)]).toBe(1);
    expect(counts[bandOf(150)]).toBe(1);
    expect(counts[bandOf(-60)]).toBe(1);
    expect(counts[bands.length]).toBe(1);
  });

  it('writes values in µm with their sign', () => {
    expect(formatDeviation(0.1)).toBe('+100 µm');
    expect(formatDeviation(-0.0354)).toBe('−35 µm');
    expect(formatDeviation(0)).toBe('±0 µm');
    expect(formatDeviation(Number.NaN)).toBe('no counterpart');
  });
});

describe('matching models of two versions', () => {
  it('matches a kept model by id, a replaced one by layer name, and lists the rest', () => {
    const m = (id: string, originalName: string) => ({ id, originalName });
    const r = matchModels(
      [m('a', 'Antagonist'), m('c2', 'Crown 16'), m('g', 'Gingiva')],
      [m('a', 'Antagonist'), m('c1', 'crown 16 '), m('s', 'Scan body')],
    );
    expect(r.pairs.map((p) => [p.newer.id, p.older.id])).toEqual([
      ['a', 'a'],
      ['c2', 'c1'],
    ]);
    expect(r.onlyNewer.map((x) => x.id)).toEqual(['g']);
    expect(r.onlyOlder.map((x) => x.id)).toEqual(['s']);
  });
});
