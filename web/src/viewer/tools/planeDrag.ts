/**
 * Dragging the section plane's handle: the pointer's movement on screen turned into millimetres
 * along the plane's normal. Pure: screen vectors in, millimetres out.
 */

/**
 * Below this share of the full scale (the normal within 30° of the line of sight) its arrow is
 * too short on screen to follow.
 */
const FORESHORTENED = 0.5;

/**
 * Millimetres along the normal for a pointer moved by (dx, dy) px. `axisPx` is one millimetre of
 * the normal as seen on screen (px); `pxPerMm` the screen scale at the handle across the view.
 * When the normal points (almost) at the camera its arrow is too short to follow: dragging up then
 * moves the plane away from the viewer (`towardsViewer`: the normal points at the camera).
 */
export function dragMm(
  dx: number,
  dy: number,
  axisPx: readonly [number, number],
  pxPerMm: number,
  towardsViewer: boolean,
): number {
  const [sx, sy] = axisPx;
  const len2 = sx * sx + sy * sy;
  if (len2 >= (FORESHORTENED * pxPerMm) ** 2) return (dx * sx + dy * sy) / len2;
  if (!(pxPerMm > 0)) return 0;
  const away = -dy / pxPerMm;
  return towardsViewer ? -away : away;
}

/** Distance (px) from point p to the segment a–b: hit-testing the handle's arrow. */
export function distanceToSegment(
  px: number,
  py: number,
  ax: number,
  ay: number,
  bx: number,
  by: number,
): number {
  const vx = bx - ax;
  const vy = by - ay;
  const len2 = vx * vx + vy * vy;
  const t = len2 > 0 ? Math.min(1, Math.max(0, ((px - ax) * vx + (py - ay) * vy) / len2)) : 0;
  return Math.hypot(px - (ax + t * vx), py - (ay + t * vy));
}
