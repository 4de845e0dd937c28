/**
 * Builds a model's render-ready three.js geometry, once, from its decoded arrays
 * (modelDecode.ts, normally run in the decode worker). The view derivative's quantised grid is
 * used as-is — normalised uint16 positions, 4 per vertex — and placed by the node transform; no
 * array is copied. No React here.
 */
import {
  BufferAttribute,
  BufferGeometry,
  Box3,
  InterleavedBuffer,
  InterleavedBufferAttribute,
  Sphere,
  Vector3,
} from 'three';
import type { ViewLod } from '../../../../api/src/domain/viewLevels';
import type { DecodedModel } from './modelDecode';

export interface ViewMesh {
  geometry: BufferGeometry;
  /** Node transform of the quantised grid: world = offset + scale × local. */
  offset: Vector3;
  scale: number;
  /** World-space bounds. */
  bounds: Box3;
  triangles: number;
  hasColors: boolean;
  /** Back faces must be drawn (false only for a closed surface facing outwards). */
  doubleSided: boolean;
  /** A coarse level (drawn until the full one replaces it) or the model itself. */
  lod: ViewLod;
  /** Milliseconds spent decoding (GLB/meshopt or STL) and computing normals. */
  decodeMs: number;
  normalsMs: number;
}

/**
 * Performance entries for benchmarks and DevTools (`cusp:viewer:download`, `cusp:viewer:decode`,
 * `cusp:viewer:normals`; a coarse level's as `cusp:viewer:coarse-decode` and
 * `cusp:viewer:coarse-normals`): one per model and level, placed on this page's timeline from the worker's clock
 * (a worker's downloads are not in the page's resource timing). No effect on rendering;
 * ignored where `performance.measure` cannot take options.
 */
function measure(name: string, start: number, duration: number): void {
  try {
    performance.measure(name, { start: Math.max(0, start), duration });
  } catch {
    // old engines: the timings are still on the ViewMesh
  }
}

export function toViewMesh(d: DecodedModel): ViewMesh {
  if (d.download) {
    const from = d.download.start - performance.timeOrigin;
    measure('cusp:viewer:download', from, d.download.end - d.download.start);
  }
  const lod = d.lod ?? 'full';
  const prefix = lod === 'coarse' ? 'cusp:viewer:coarse-' : 'cusp:viewer:';
  const start = d.startedAt - performance.timeOrigin;
  measure(`${prefix}decode`, start, d.decodeMs);
  measure(`${prefix}normals`, start + d.decodeMs, d.normalsMs);

  const geometry = new BufferGeometry();
  geometry.setAttribute(
    'position',
    d.stride === 4
      ? new InterleavedBufferAttribute(new InterleavedBuffer(d.positions, 4), 3, 0, true)
      : new BufferAttribute(d.positions, 3),
  );
  geometry.setAttribute('normal', new BufferAttribute(d.normals, 3));
  if (d.colors) geometry.setAttribute('color', new BufferAttribute(d.colors, 4, true));
  if (d.indices) geometry.setIndex(new BufferAttribute(d.indices, 1));
  // Bounds come with the arrays: no pass over the vertices on the main thread.
  const local = new Box3(new Vector3(...d.min), new Vector3(...d.max));
  geometry.boundingBox = local;
  geometry.boundingSphere = local.getBoundingSphere(new Sphere());

  const offset = new Vector3(...d.offset);
  const bounds = local.clone();
  bounds.min.multiplyScalar(d.scale).add(offset);
  bounds.max.multiplyScalar(d.scale).add(offset);
  return {
    geometry,
    offset,
    scale: d.scale,
    bounds,
    triangles: d.triangles,
    hasColors: !!d.colors,
    doubleSided: d.doubleSided,
    lod,
    decodeMs: d.decodeMs,
    normalsMs: d.normalsMs,
  };
}

/** Union of the bounds of several meshes; empty box for none. */
export function unionBounds(meshes: Iterable<ViewMesh>, target = new Box3()): Box3 {
  target.makeEmpty();
  for (const m of meshes) target.union(m.bounds);
  return target;
}
