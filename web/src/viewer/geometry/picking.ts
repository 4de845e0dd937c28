/**
 * Picking: which visible model a ray (the pointer's) meets first, where, on which face, and the
 * surface normal there — in world coordinates (what the scene draws) and in the model's own
 * coordinates (the file's millimetres: what a pin or a measurement stores, so it means the same
 * in every viewer). Each model is searched through its BVH (meshIndex.ts), so a pick costs
 * microseconds to a few milliseconds on a million triangles instead of a scan of every triangle.
 *
 * No React; the only objects allocated per pick are the few three-mesh-bvh makes for its hit.
 */
import {
  type BufferAttribute,
  type Camera,
  DoubleSide,
  type InterleavedBufferAttribute,
  Matrix3,
  Matrix4,
  Ray,
  Raycaster,
  type Side,
  Vector2,
  Vector3,
} from 'three';
import { cornerOf, type MeshArrays } from './meshArrays';
import type { MeshIndex } from './meshIndex';

export interface PickableModel {
  /** The model id (also the layer id). */
  id: string;
  /** Its arrays (meshArraysOf) and its index bound to the same geometry. */
  mesh: MeshArrays;
  index: MeshIndex;
  /**
   * Geometry-local → world, read at every pick: pass the scene object's `matrixWorld` to follow
   * it. When omitted the model is where its own coordinates put it (offset + scale × local),
   * which is where the viewer draws it today.
   */
  matrixWorld?: Matrix4;
  /** Faces that can be hit; default both sides (scans are open shells). */
  side?: Side;
}

export interface PickHit {
  modelId: string;
  /** Triangle index in the model's own order. */
  faceIndex: number;
  /** The face's vertex ids. */
  a: number;
  b: number;
  c: number;
  /** Barycentric coordinates of the point on the face (a, b, c). */
  barycoord: Vector3;
  /** The snapped vertex id (snapToVertex), or -1 for a point inside the face. */
  vertex: number;
  /** Along the ray, in world units. */
  distance: number;
  /** World coordinates. Normals are unit vectors in the geometry's own orientation. */
  point: Vector3;
  faceNormal: Vector3;
  /** Interpolated vertex normal (the face normal where the geometry has none). */
  normal: Vector3;
  /** Model coordinates (the file's millimetres). */
  modelPoint: Vector3;
  modelFaceNormal: Vector3;
  modelNormal: Vector3;
  /** The ray met the face's front side (its normal points back towards the viewer). */
  frontFace: boolean;
}

/** An empty hit to reuse across picks. */
export function createPickHit(): PickHit {
  return {
    modelId: '',
    faceIndex: -1,
    a: -1,
    b: -1,
    c: -1,
    barycoord: new Vector3(),
    vertex: -1,
    distance: Infinity,
    point: new Vector3(),
    faceNormal: new Vector3(),
    normal: new Vector3(),
    modelPoint: new Vector3(),
    modelFaceNormal: new Vector3(),
    modelNormal: new Vector3(),
    frontFace: true,
  };
}

interface Entry {
  model: PickableModel;
  visible: boolean;
  /** The model transform, used when no matrixWorld is given. */
  modelMatrix: Matrix4;
}

const _inverse = new Matrix4();
const _normalMatrix = new Matrix3();
const _localRay = new Ray();
const _worldPoint = new Vector3();
const _ndc = new Vector2();
// Only for its camera-ray set-up (perspective and orthographic), never to intersect.
const _raycaster = new Raycaster();
const _pa = new Vector3();
const _pb = new Vector3();
const _pc = new Vector3();
const _na = new Vector3();
const _screen = new Vector3();
const _candidate = new Vector3();

function modelMatrixOf(mesh: MeshArrays): Matrix4 {
  const s = mesh.scale;
  const [x, y, z] = mesh.offset;
  return new Matrix4().set(s, 0, 0, x, 0, s, 0, y, 0, 0, s, z, 0, 0, 0, 1);
}

type PositionLike = BufferAttribute | InterleavedBufferAttribute;

/** Geometry-local position of a vertex (normalisation handled by the attribute). */
function localVertex(entry: Entry, v: number, out: Vector3): Vector3 {
  const pos = entry.model.index.bvh.geometry.getAttribute('position') as PositionLike;
  return out.fromBufferAttribute(pos, v);
}

export class Picker {
  private readonly entries = new Map<string, Entry>();

  /** Adds a model (or replaces the one with the same id); it starts visible. */
  add(model: PickableModel): void {
    const visible = this.entries.get(model.id)?.visible ?? true;
    this.entries.set(model.id, { model, visible, modelMatrix: modelMatrixOf(model.mesh) });
  }

  remove(id: string): void {
    this.entries.delete(id);
  }

  clear(): void {
    this.entries.clear();
  }

  has(id: string): boolean {
    return this.entries.has(id);
  }

  /**
   * Layer visibility: a hidden model is never hit. Call it with what the scene shows
   * (`layer.visible && layer.opacity > 0`, as LayerMesh does).
   */
  setVisible(id: string, visible: boolean): void {
    const e = this.entries.get(id);
    if (e) e.visible = visible;
  }

  /** Geometry-local → world of a model (its scene matrix, or its model transform). */
  matrixOf(id: string): Matrix4 | undefined {
    const e = this.entries.get(id);
    return e && (e.model.matrixWorld ?? e.modelMatrix);
  }

  /**
   * World position of a point given in a model's own coordinates (a stored pin or measurement
   * point); undefined for an unknown model.
   */
  modelToWorld(id: string, modelPoint: Vector3, out = new Vector3()): Vector3 | undefined {
    const e = this.entries.get(id);
    if (!e) return undefined;
    const { offset, scale } = e.model.mesh;
    out.set(
      (modelPoint.x - offset[0]) / scale,
      (modelPoint.y - offset[1]) / scale,
      (modelPoint.z - offset[2]) / scale,
    );
    return out.applyMatrix4(e.model.matrixWorld ?? e.modelMatrix);
  }

  /**
   * The first visible surface along a world-space ray within [near, far], or null. `out` is
   * filled and returned (a new hit when omitted).
   */
  pick(ray: Ray, out: PickHit = createPickHit(), near = 0, far = Infinity): PickHit | null {
    let best: Entry | null = null;
    let bestDistance = far;
    let bestFace = -1;
    for (const e of this.entries.values()) {
      if (!e.visible) continue;
      const m = e.model.matrixWorld ?? e.modelMatrix;
      _inverse.copy(m).invert();
      _localRay.copy(ray).applyMatrix4(_inverse);
      const hit = e.model.index.bvh.raycastFirst(_localRay, e.model.side ?? DoubleSide);
      if (!hit) continue;
      _worldPoint.copy(hit.point).applyMatrix4(m);
      const d = _worldPoint.distanceTo(ray.origin);
      if (d < near || d > bestDistance) continue;
      best = e;
      bestDistance = d;
      bestFace = hit.faceIndex ?? -1;
      out.point.copy(_worldPoint);
    }
    if (!best || bestFace < 0) return null;
    this.describe(best, bestFace, ray, bestDistance, out);
    return out;
  }

  /**
   * Picks under a pointer given in normalised device coordinates (x, y in −1…1, y up), for a
   * camera whose matrices are current (as in a render callback).
   */
  pickAt(ndcX: number, ndcY: number, camera: Camera, out?: PickHit): PickHit | null {
    _raycaster.setFromCamera(_ndc.set(ndcX, ndcY), camera);
    return this.pick(_raycaster.ray, out);
  }

  /**
   * Snaps a hit to the nearest corner of its face when that corner lies within `tolerancePx`
   * screen pixels of the hit (viewport `width` × `height` in CSS pixels), for measurement points
   * on a vertex of a fine mesh. Returns whether it snapped; the normal becomes the vertex's.
   */
  snapToVertex(
    hit: PickHit,
    camera: Camera,
    width: number,
    height: number,
    tolerancePx: number,
  ): boolean {
    const e = this.entries.get(hit.modelId);
    if (!e) return false;
    const m = e.model.matrixWorld ?? e.modelMatrix;
    _screen.copy(hit.point).project(camera);
    const hx = ((_screen.x + 1) / 2) * width;
    const hy = ((1 - _screen.y) / 2) * height;
    let bestVertex = -1;
    let bestPx = tolerancePx;
    for (const v of [hit.a, hit.b, hit.c]) {
      localVertex(e, v, _candidate).applyMatrix4(m);
      _screen.copy(_candidate).project(camera);
      const px = Math.hypot(
        ((_screen.x + 1) / 2) * width - hx,
        ((1 - _screen.y) / 2) * height - hy,
      );
      if (px <= bestPx) {
        bestPx = px;
        bestVertex = v;
      }
    }
    if (bestVertex < 0) return false;
    localVertex(e, bestVertex, hit.point).applyMatrix4(m);
    this.localToModel(e, localVertex(e, bestVertex, hit.modelPoint));
    hit.barycoord.set(
      bestVertex === hit.a ? 1 : 0,
      bestVertex === hit.b ? 1 : 0,
      bestVertex === hit.c ? 1 : 0,
    );
    hit.vertex = bestVertex;
    this.setNormals(e, hit);
    return true;
  }

  private localToModel(e: Entry, v: Vector3): Vector3 {
    const { offset, scale } = e.model.mesh;
    return v.set(offset[0] + scale * v.x, offset[1] + scale * v.y, offset[2] + scale * v.z);
  }

  /** Fills everything but `point` (already in world coordinates) for face `face` of `e`. */
  private describe(e: Entry, face: number, ray: Ray, distance: number, out: PickHit): void {
    const mesh = e.model.mesh;
    const m = e.model.matrixWorld ?? e.modelMatrix;
    out.modelId = e.model.id;
    out.faceIndex = face;
    out.a = cornerOf(mesh, face, 0);
    out.b = cornerOf(mesh, face, 1);
    out.c = cornerOf(mesh, face, 2);
    out.vertex = -1;
    out.distance = distance;
    localVertex(e, out.a, _pa);
    localVertex(e, out.b, _pb);
    localVertex(e, out.c, _pc);
    // The local point from the world one: exact for the winning model whatever its matrix.
    _inverse.copy(m).invert();
    const local = _candidate.copy(out.point).applyMatrix4(_inverse);
    computeBarycoord(local, _pa, _pb, _pc, out.barycoord);
    out.modelPoint.copy(local);
    this.localToModel(e, out.modelPoint);
    this.setNormals(e, out);
    out.frontFace = out.faceNormal.dot(ray.direction) < 0;
  }

  /** Face and interpolated normals (model and world) from the hit's face and barycoord. */
  private setNormals(e: Entry, out: PickHit): void {
    const m = e.model.matrixWorld ?? e.modelMatrix;
    localVertex(e, out.a, _pa);
    localVertex(e, out.b, _pb);
    localVertex(e, out.c, _pc);
    // Uniform scale: the model's normals are the geometry's.
    out.modelFaceNormal.subVectors(_pc, _pb).cross(_na.subVectors(_pa, _pb)).normalize();
    const normals = e.model.index.bvh.geometry.getAttribute('normal') as PositionLike | undefined;
    if (normals) {
      const { x, y, z } = out.barycoord;
      out.modelNormal.fromBufferAttribute(normals, out.a).multiplyScalar(x);
      out.modelNormal.addScaledVector(_na.fromBufferAttribute(normals, out.b), y);
      out.modelNormal.addScaledVector(_na.fromBufferAttribute(normals, out.c), z);
      if (out.modelNormal.lengthSq() === 0) out.modelNormal.copy(out.modelFaceNormal);
      else out.modelNormal.normalize();
    } else {
      out.modelNormal.copy(out.modelFaceNormal);
    }
    _normalMatrix.getNormalMatrix(m);
    out.faceNormal.copy(out.modelFaceNormal).applyMatrix3(_normalMatrix).normalize();
    out.normal.copy(out.modelNormal).applyMatrix3(_normalMatrix).normalize();
  }
}

/** Barycentric coordinates of p (on the triangle's plane) with respect to a, b, c. */
function computeBarycoord(p: Vector3, a: Vector3, b: Vector3, c: Vector3, out: Vector3): void {
  const v0x = b.x - a.x;
  const v0y = b.y - a.y;
  const v0z = b.z - a.z;
  const v1x = c.x - a.x;
  const v1y = c.y - a.y;
  const v1z = c.z - a.z;
  const v2x = p.x - a.x;
  const v2y = p.y - a.y;
  const v2z = p.z - a.z;
  const d00 = v0x * v0x + v0y * v0y + v0z * v0z;
  const d01 = v0x * v1x + v0y * v1y + v0z * v1z;
  const d11 = v1x * v1x + v1y * v1y + v1z * v1z;
  const d20 = v2x * v0x + v2y * v0y + v2z * v0z;
  const d21 = v2x * v1x + v2y * v1y + v2z * v1z;
  const denom = d00 * d11 - d01 * d01;
  if (denom === 0) {
    out.set(1, 0, 0);
    return;
  }
  const v = (d11 * d20 - d01 * d21) / denom;
  const w = (d00 * d21 - d01 * d20) / denom;
  out.set(1 - v - w, v, w);
}
