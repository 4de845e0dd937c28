/**
 * Where a world box lands on the canvas: the bounding rectangle of its eight corners projected
 * through the camera, in CSS pixels from the canvas's top-left corner. No React.
 */
import { Vector3, type Box3, type Camera } from 'three';

export interface ScreenRect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const corner = new Vector3();

export function projectedRect(
  box: Box3,
  camera: Camera,
  width: number,
  height: number,
): ScreenRect {
  let left = Infinity;
  let top = Infinity;
  let right = -Infinity;
  let bottom = -Infinity;
  for (let i = 0; i < 8; i++) {
    corner.set(
      i & 1 ? box.max.x : box.min.x,
      i & 2 ? box.max.y : box.min.y,
      i & 4 ? box.max.z : box.min.z,
    );
    corner.project(camera);
    const x = ((corner.x + 1) / 2) * width;
    const y = ((1 - corner.y) / 2) * height;
    left = Math.min(left, x);
    right = Math.max(right, x);
    top = Math.min(top, y);
    bottom = Math.max(bottom, y);
  }
  return { left, top, right, bottom };
}
