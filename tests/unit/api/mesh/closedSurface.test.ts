import { describe, expect, it } from 'vitest';
import { isClosedOutward } from '../../../../api/src/mesh/closedSurface.js';

/** A unit cube, 12 triangles wound counter-clockwise seen from outside. */
const CUBE_POSITIONS = [
  [0, 0, 0],
  [1, 0, 0],
  [1, 1, 0],
  [0, 1, 0],
  [0, 0, 1],
  [1, 0, 1],
  [1, 1, 1],
  [0, 1, 1],
];
const CUBE = [
  [0, 2, 1],
  [0, 3, 2],
  [4, 5, 6],
  [4, 6, 7],
  [0, 1, 5],
  [0, 5, 4],
  [2, 3, 7],
  [2, 7, 6],
  [1, 2, 6],
  [1, 6, 5],
  [0, 4, 7],
  [0, 7, 3],
];

function check(triangles: number[][], positions = CUBE_POSITIONS, shift = [0, 0, 0]): boolean {
  return isClosedOutward(new Uint32Array(triangles.flat()), positions.length, (v, out) => {
    const p = positions[v]!;
    out[0] = p[0]! + shift[0]!;
    out[1] = p[1]! + shift[1]!;
    out[2] = p[2]! + shift[2]!;
  });
}

const flipped = (triangles: number[][]) => triangles.map(([a, b, c]) => [a!, c!, b!]);

describe('isClosedOutward', () => {
  it('accepts a closed cube wound outwards, also far from the origin', () => {
    expect(check(CUBE)).toBe(true);
    expect(check(CUBE, CUBE_POSITIONS, [1e5, -2e5, 3e5])).toBe(true);
  });

  it('refuses the same cube wound inside-out', () => {
    expect(check(flipped(CUBE))).toBe(false);
  });

  it('refuses a cube with a face missing (open)', () => {
    expect(check(CUBE.slice(0, 10))).toBe(false);
  });

  it('refuses inconsistent winding (one triangle flipped)', () => {
    expect(check([...CUBE.slice(0, 11), flipped([CUBE[11]!])[0]!])).toBe(false);
  });

  it('refuses a non-manifold edge (a fin shared by three faces)', () => {
    const positions = [...CUBE_POSITIONS, [0.5, -1, 0.5]];
    expect(check([...CUBE, [0, 1, 8], [1, 0, 8]], positions)).toBe(false);
  });

  it('checks every piece: two cubes pass, one of them inside-out fails', () => {
    const second = CUBE_POSITIONS.map(([x, y, z]) => [x! + 3, y!, z!]);
    const positions = [...CUBE_POSITIONS, ...second];
    const moved = (triangles: number[][]) => triangles.map((t) => t.map((v) => v + 8));
    expect(check([...CUBE, ...moved(CUBE)], positions)).toBe(true);
    // A big outward cube would outweigh a small inside-out one in a single total.
    expect(check([...CUBE, ...moved(flipped(CUBE))], positions)).toBe(false);
  });

  it('refuses a flat double-sided sheet (closed, but encloses nothing)', () => {
    const positions = [
      [0, 0, 0],
      [1, 0, 0],
      [0, 1, 0],
    ];
    expect(
      check(
        [
          [0, 1, 2],
          [0, 2, 1],
        ],
        positions,
      ),
    ).toBe(false);
  });

  it('ignores vertices no triangle uses', () => {
    expect(check(CUBE, [...CUBE_POSITIONS, [9, 9, 9]])).toBe(true);
  });
});
