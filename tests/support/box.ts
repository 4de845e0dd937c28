/** An axis-aligned box as 8 corners and 12 triangles, for tests that need exactly known sizes. */

/**
 * The 12 triangles over corners numbered x = bit 0, y = bit 1, z = bit 2, wound outwards, two per
 * face in the order z = min, z = max, y = min, y = max, x = min, x = max.
 */
export const BOX_TRIANGLES = [
  [0, 2, 3],
  [0, 3, 1],
  [4, 5, 7],
  [4, 7, 6],
  [0, 1, 5],
  [0, 5, 4],
  [2, 6, 7],
  [2, 7, 3],
  [0, 4, 6],
  [0, 6, 2],
  [1, 3, 7],
  [1, 7, 5],
];

/** The 8 corners of the box from `min` with edge lengths `size`, flattened x, y, z. */
export function boxCorners(
  min: readonly [number, number, number],
  size: readonly [number, number, number],
): number[] {
  return Array.from({ length: 8 }, (_, v) => [
    min[0] + (v & 1) * size[0],
    min[1] + ((v >> 1) & 1) * size[1],
    min[2] + ((v >> 2) & 1) * size[2],
  ]).flat();
}
