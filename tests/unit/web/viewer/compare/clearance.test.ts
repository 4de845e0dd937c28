import { describe, expect, it } from 'vitest';
import {
  CLEARANCE_BANDS,
  clearanceBandOf,
  clearanceColorize,
  contactPoints,
} from '../../../../../web/src/viewer/compare/clearanceScale';

const band = (um: number) => CLEARANCE_BANDS[clearanceBandOf(um)]!.key;

describe('clearance scale', () => {
  it('tells penetration, contact, tight and clear apart', () => {
    expect([-30, -0.1, 0, 49, 50, 99, 100, 500].map(band)).toEqual([
      'penetration',
      'penetration',
      'contact',
      'contact',
      'tight',
      'tight',
      'clear',
      'clear',
    ]);
    expect(band(Number.NaN)).toBe('clear');
  });

  it('colours penetration distinctly from contact, and counts each band', () => {
    const { colors, counts } = clearanceColorize(new Float32Array([-0.02, 0.01, 0.07, 0.3]));
    expect(counts).toEqual([1, 1, 1, 1]);
    expect(Array.from(colors.subarray(0, 3))).not.toEqual(Array.from(colors.subarray(3, 6)));
  });

  it('lists one contact point per area, the closest first', () => {
    const positions = new Float32Array([0, 0, 0, 0.2, 0, 0, 5, 0, 0, 10, 0, 0]);
    const distances = new Float32Array([0.01, -0.02, 0.03, 0.2]);
    const points = contactPoints(positions, distances, { spacingMm: 1 });
    expect(points.map((p) => [p.at[0], p.distance])).toEqual([
      [Math.fround(0.2), Math.fround(-0.02)],
      [5, Math.fround(0.03)],
    ]);
  });
});
