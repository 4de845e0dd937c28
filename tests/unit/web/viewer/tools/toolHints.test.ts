import { describe, expect, it } from 'vitest';
import { measureHint, sectionHint } from '../../../../../web/src/viewer/tools/toolHints';

describe('tool hints', () => {
  it('say "Click" and name the keys with a mouse', () => {
    expect(measureHint('distance', 'fine', false)).toBe(
      'Click two points on the model. Esc stops measuring.',
    );
    expect(measureHint('polyline', 'fine', false)).toContain('Enter finishes the line');
    expect(sectionHint('fine')).toContain('[ ]');
  });

  it('say "Tap" and name no keys with a finger', () => {
    for (const kind of ['distance', 'polyline', 'angle'] as const) {
      const hint = measureHint(kind, 'coarse', false);
      expect(hint.startsWith('Tap ')).toBe(true);
      expect(hint).not.toMatch(/Esc|Enter|Click/);
    }
    expect(sectionHint('coarse')).toBe('Drag the blue arrow with one finger to move the cut.');
  });

  it('say the models are being prepared while the picking index is built', () => {
    expect(measureHint('angle', 'fine', true)).toBe('Preparing the models for measuring…');
  });
});
