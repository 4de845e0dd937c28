import { describe, expect, it } from 'vitest';
import { distanceToSegment, dragMm } from '../../../../../web/src/viewer/tools/planeDrag';
import {
  facingAwayFrom,
  formatOffset,
  handlePoint,
  movePlane,
  planeOffset,
  type Plane,
} from '../../../../../web/src/viewer/tools/sectionPlane';
import type { Vec3 } from '../../../../../web/src/viewer/tools/measureModel';

const CENTER: Vec3 = [10, 3, 19];
const PLANE: Plane = { origin: [10, 3, 19], normal: [1, 0, 0] };

describe('moving the section plane', () => {
  it('nudges by 0.1 mm steps that add up exactly', () => {
    let p = PLANE;
    for (let i = 0; i < 7; i++) p = movePlane(p, CENTER, 0.1);
    expect(planeOffset(p, CENTER)).toBeCloseTo(0.7, 10);
    expect(formatOffset(planeOffset(p, CENTER))).toBe('+0.7 mm');
    p = movePlane(p, CENTER, -1);
    expect(formatOffset(planeOffset(p, CENTER))).toBe('−0.3 mm');
  });

  it('moves along the normal only, whatever the origin was on the plane', () => {
    const tilted: Plane = { origin: [12, 8, 25], normal: [0, 3, 4] };
    const moved = movePlane(tilted, CENTER, 1);
    expect(moved.normal).toEqual([0, 0.6, 0.8]);
    expect(planeOffset(moved, CENTER) - planeOffset(tilted, CENTER)).toBeCloseTo(1, 1);
    // Its origin is the handle: the middle of the models carried onto the plane.
    expect(handlePoint(moved, CENTER)).toEqual(moved.origin.map((c) => expect.closeTo(c, 9)));
  });

  it('snaps a drag to the 0.1 mm grid', () => {
    expect(planeOffset(movePlane(PLANE, CENTER, 1.234), CENTER)).toBeCloseTo(1.2, 10);
    expect(formatOffset(-0.04)).toBe('0.0 mm');
  });

  it('puts the handle where the middle of the models meets the plane', () => {
    const p: Plane = { origin: [15, -40, 2], normal: [1, 0, 0] };
    expect(handlePoint(p, CENTER)).toEqual([15, 3, 19]);
  });

  it('turns the cut to face the camera where it is (the near half removed)', () => {
    const fromLeft = facingAwayFrom(PLANE, [100, 3, 19]);
    expect(fromLeft.normal).toEqual([-1, -0, -0]);
    expect(facingAwayFrom(PLANE, [-100, 3, 19])).toBe(PLANE);
  });
});

describe('dragging the handle', () => {
  it('turns pointer movement along the arrow into millimetres', () => {
    // One mm of the normal is 8 px to the right on screen.
    expect(dragMm(40, 0, [8, 0], 10, false)).toBeCloseTo(5);
    expect(dragMm(-16, 30, [8, 0], 10, false)).toBeCloseTo(-2);
    // Diagonal arrow: only the part of the movement along it counts.
    expect(dragMm(6, 8, [3, 4], 10, false)).toBeCloseTo(2);
  });

  it('drags up to move away when the arrow points at the camera', () => {
    expect(dragMm(0, -50, [0.5, 0], 10, false)).toBeCloseTo(5);
    expect(dragMm(0, -50, [0.5, 0], 10, true)).toBeCloseTo(-5);
  });

  it('hits the arrow within the pointer’s reach', () => {
    expect(distanceToSegment(50, 5, 0, 0, 100, 0)).toBe(5);
    expect(distanceToSegment(-3, 4, 0, 0, 100, 0)).toBe(5);
    expect(distanceToSegment(7, 7, 7, 7, 7, 7)).toBe(0);
  });
});
