import { describe, expect, it } from 'vitest';
import { distanceToSegment, dragMm } from '../../../../../web/src/viewer/tools/planeDrag';
import {
  facingAwayFrom,
  formatOffset,
  handlePoint,
  movePlane,
  openingPlane,
  planeOffset,
  type Plane,
} from '../../../../../web/src/viewer/tools/sectionPlane';
import type { Vec3 } from '../../../../../web/src/viewer/tools/measureModel';
import type { ModelFrame } from '../../../../../web/src/viewer/scene/viewFrame';

/** An arch lying flat: biting surfaces up (+z), incisors to −y, patient's left +x. */
const ARCH: ModelFrame = {
  center: [0, 0, 0],
  occlusal: [0, 0, 1],
  front: [0, -1, 0],
  left: [1, 0, 0],
  up: [0, 0, 1],
  halfExtents: [30, 25, 10],
  kind: 'arch',
  occlusalEvidence: 'open-shell',
  occlusalMargin: 0.5,
  jaw: 'lower',
  fitPoints: new Float32Array(0),
};

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

describe('opening the section where the camera is', () => {
  it('takes the preset cut facing a three-quarter front view (not the edge-on midline)', () => {
    const p = openingPlane(ARCH, [0, -120, 55], [0, 0, 0]);
    // Mesio-distal (a coronal cut), its kept half away from the camera.
    expect(p.normal).toEqual([-0, 1, -0]);
    expect(p.origin).toEqual([0, 0, 0]);
  });

  it('takes the horizontal cut from above and the bucco-lingual one from the side', () => {
    expect(openingPlane(ARCH, [5, -10, 150], [0, 0, 0]).normal).toEqual([-0, -0, -1]);
    expect(openingPlane(ARCH, [-140, 10, 20], [0, 0, 0]).normal).toEqual([1, 0, 0]);
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

  it('drags up to move away when the arrow points (nearly) at the camera', () => {
    expect(dragMm(0, -50, [0.5, 0], 10, false)).toBeCloseTo(5);
    expect(dragMm(0, -50, [0.5, 0], 10, true)).toBeCloseTo(-5);
    // Within 30° of the line of sight: too short an arrow to follow.
    expect(dragMm(0, -50, [0, -4.9], 10, false)).toBeCloseTo(5);
  });

  it('hits the arrow within the pointer’s reach', () => {
    expect(distanceToSegment(50, 5, 0, 0, 100, 0)).toBe(5);
    expect(distanceToSegment(-3, 4, 0, 0, 100, 0)).toBe(5);
    expect(distanceToSegment(7, 7, 7, 7, 7, 7)).toBe(0);
  });
});
