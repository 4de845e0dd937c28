import { describe, expect, it } from 'vitest';
import { wrapMono } from '../../../../api/src/documents/pdfLayout.js';

const HASH = '173351e7f822e653de95a2acc048823a3e76029ba119920dd1c6069f0800ae8d';

describe('monospace values in a column', () => {
  it('keeps a hash on one line where the column holds it', () => {
    expect(wrapMono(HASH, 400, 8)).toBe(HASH);
  });

  it('cuts a hash into lines no wider than the column, losing no character', () => {
    const width = 120;
    const lines = wrapMono(HASH, width, 9).split('\n');
    expect(lines.length).toBeGreaterThan(1);
    for (const l of lines) expect(l.length * 0.602 * 9).toBeLessThanOrEqual(width);
    expect(lines.join('')).toBe(HASH);
  });
});
