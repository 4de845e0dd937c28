/**
 * A section plane with its own 2D frame: origin, unit normal and two in-plane unit axes u and v
 * (v = normal × u). The section panel draws outlines in (u, v) millimetres; keeping one frame
 * while the plane is dragged keeps the 2D drawing steady.
 */
import { Vector3 } from 'three';

export interface PlaneFrame {
  origin: Vector3;
  normal: Vector3;
  u: Vector3;
  v: Vector3;
}

/**
 * The frame of the plane through `origin` with `normal`. `u` is `hint` projected into the plane
 * (default: the world axis least aligned with the normal); a hint along the normal falls back to
 * that default. Writes into `out` when given.
 */
export function planeFrame(
  origin: Vector3,
  normal: Vector3,
  hint?: Vector3,
  out: PlaneFrame = {
    origin: new Vector3(),
    normal: new Vector3(),
    u: new Vector3(),
    v: new Vector3(),
  },
): PlaneFrame {
  const n = out.normal.copy(normal).normalize();
  if (n.lengthSq() === 0) throw new Error('a section plane needs a non-zero normal');
  out.origin.copy(origin);
  const u = out.u;
  if (hint) u.copy(hint).addScaledVector(n, -hint.dot(n));
  if (!hint || u.lengthSq() < 1e-12) {
    const ax = Math.abs(n.x);
    const ay = Math.abs(n.y);
    const az = Math.abs(n.z);
    if (ax <= ay && ax <= az) u.set(1, 0, 0);
    else if (ay <= az) u.set(0, 1, 0);
    else u.set(0, 0, 1);
    u.addScaledVector(n, -u.dot(n));
  }
  u.normalize();
  out.v.crossVectors(n, u);
  return out;
}

/** World position of the plane point (u, v). */
export function planeToWorld(frame: PlaneFrame, u: number, v: number, out = new Vector3()) {
  return out.copy(frame.origin).addScaledVector(frame.u, u).addScaledVector(frame.v, v);
}

/** Plane coordinates (u, v) of a world point (projected onto the plane), into `out`. */
export function worldToPlane(frame: PlaneFrame, p: Vector3, out: [number, number] = [0, 0]) {
  const dx = p.x - frame.origin.x;
  const dy = p.y - frame.origin.y;
  const dz = p.z - frame.origin.z;
  out[0] = dx * frame.u.x + dy * frame.u.y + dz * frame.u.z;
  out[1] = dx * frame.v.x + dy * frame.v.y + dz * frame.v.z;
  return out;
}
