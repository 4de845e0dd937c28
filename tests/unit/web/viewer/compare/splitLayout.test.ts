import { describe, expect, it } from 'vitest';
import {
  SPLIT_FROM_VERTICES,
  workersFor,
} from '../../../../../web/src/viewer/compare/distanceWorkers';
import {
  halfAt,
  halfFov,
  insetsOf,
  splitLayout,
} from '../../../../../web/src/viewer/compare/splitLayout';

describe('side-by-side layout', () => {
  it('puts older | newer next to each other between the side panels of a desktop', () => {
    const insets = insetsOf(1280, 736, [
      { x: 16, y: 16, width: 300, height: 240 }, // Model Layers
      { x: 880, y: 16, width: 384, height: 640 }, // Project Info
    ]);
    expect(insets).toEqual({ left: 316, right: 400, top: 0, bottom: 0 });
    const l = splitLayout(1280, 736, insets);
    expect(l.stacked).toBe(false);
    expect(l.older).toEqual({ x: 316, y: 0, width: 282, height: 736 });
    expect(l.newer).toEqual({ x: 598, y: 0, width: 282, height: 736 });
    expect(halfAt(l, 400, 300)).toBe('older');
    expect(halfAt(l, 700, 300)).toBe('newer');
    expect(halfAt(l, 100, 300)).toBeNull(); // under a panel
  });

  it('stacks older above newer on a phone, between the panel buttons and the review sheet', () => {
    const insets = insetsOf(390, 784, [
      { x: 8, y: 8, width: 183, height: 40 },
      { x: 199, y: 8, width: 183, height: 40 },
      { x: 8, y: 480, width: 374, height: 250 }, // quick review
    ]);
    expect(insets).toEqual({ left: 0, right: 0, top: 48, bottom: 304 });
    const l = splitLayout(390, 784, insets);
    expect(l.stacked).toBe(true);
    expect(l.older).toEqual({ x: 0, y: 48, width: 390, height: 216 });
    expect(l.newer).toEqual({ x: 0, y: 264, width: 390, height: 216 });
    expect(halfAt(l, 200, 100)).toBe('older');
    expect(halfAt(l, 200, 300)).toBe('newer');
  });

  it('ignores panels that would leave no room (an expanded phone panel), using the whole canvas', () => {
    const insets = insetsOf(390, 784, [{ x: 8, y: 8, width: 374, height: 700 }]);
    expect(insets).toEqual({ left: 0, right: 0, top: 0, bottom: 0 });
    expect(splitLayout(390, 784, insets).older).toEqual({ x: 0, y: 0, width: 390, height: 392 });
  });

  it('widens a narrow half’s field of view to show what the whole free area showed, never narrows', () => {
    const beside = splitLayout(1000, 500);
    // Free area 2:1, each half 1:1 → tan(fov/2) doubles.
    const fov = halfFov(35, beside, beside.older);
    expect(Math.tan((fov * Math.PI) / 360)).toBeCloseTo(2 * Math.tan((35 * Math.PI) / 360), 10);
    const stacked = splitLayout(390, 800);
    expect(halfFov(35, stacked, stacked.newer)).toBe(35);
  });
});

describe('distance queries on workers', () => {
  it('splits only large queries, and only with two cores', () => {
    expect(workersFor(SPLIT_FROM_VERTICES - 1, 8)).toBe(1);
    expect(workersFor(SPLIT_FROM_VERTICES, 8)).toBe(2);
    expect(workersFor(1_000_000, 1)).toBe(1);
  });
});
