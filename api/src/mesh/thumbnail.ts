/**
 * Server-side thumbnails without a GPU: a project's meshes seen from the default
 * three-quarter occlusal view (wasm/src/views.ts, the same pose the viewer opens with), drawn by
 * the wasm module's software rasteriser and written as a small palette PNG with transparency, so
 * the picture sits on any card background.
 *
 * 320×240 is a 160×120 card picture at 2× DPR; 2×2 supersampling smooths the outline, and a
 * 64-entry palette keeps the real arches well under 20 kB (tests/bench/thumbnail.bench.ts).
 *
 * Pure CPU work for one thread (≈ 40–60 ms of CPU for the real 85k-triangle arch): run it where
 * the view derivative is built, never on the event loop. The view worker (`viewWorker.ts` via
 * `ViewWorkerPool`) owns a mesh module per thread and `buildStoredView` has the parsed mesh in
 * hand: for a one-model version, render it there from `r.positions`/`r.indices` with
 * `closed: derivative.stats.closed` and return `png` beside the derivative (its buffer
 * transferred). A version with several models (arch + crown) needs them in one frame: a second
 * request kind on the same pool carrying every model's plaintext, answered with this function.
 */
import type { MeshModule } from '../../../wasm/src/core.js';
import { MeshError } from '../../../wasm/src/errors.js';
import type { RasterLight } from '../../../wasm/src/raster.js';
import {
  modelFrame,
  viewPose,
  viewProjection,
  type Lens,
  type Vec3,
} from '../../../wasm/src/views.js';
import { encodePalettePng } from './png.js';
import { quantise } from './quantise.js';
import { weld } from './viewDerivative.js';

export const THUMBNAIL_CONTENT_TYPE = 'image/png';
export const THUMBNAIL_WIDTH = 320;
export const THUMBNAIL_HEIGHT = 240;
/** The viewer's "teeth" material colour (web/src/viewer/mesh/materials.ts). */
export const THUMBNAIL_DEFAULT_COLOR = 0xefe7d6;

export interface ThumbnailMesh {
  /** float32 xyz per vertex. */
  positions: Float32Array;
  /** Triangle corners; absent or null: a triangle soup (welded here for smooth shading). */
  indices?: Uint32Array | null;
  /** 0xRRGGBB; default the teeth colour. */
  color?: number;
  /**
   * A closed surface facing outwards (the view derivative's `stats.closed`): back faces are
   * skipped, about half the triangles. Unknown or open: both sides are drawn.
   */
  closed?: boolean;
}

export interface ThumbnailOptions {
  width?: number;
  height?: number;
  /** Samples per pixel along each axis (default 2). */
  supersample?: number;
  /** Palette entries including the transparent one (default 64, at most 256). */
  colors?: number;
}

export interface Thumbnail {
  png: Uint8Array;
  width: number;
  height: number;
  /** Pixels the models cover (any alpha). */
  coveredPixels: number;
}

const LENS_FOV_DEG = 30;
const MARGIN = 1.06;

/** Lights fixed to the camera: a key light from the upper left, a weaker fill from the right. */
const KEY_LIGHT: Vec3 = [-0.6, 0.8, 0.7];
const FILL_LIGHT: Vec3 = [0.7, -0.1, 0.7];

/** An indexed copy of a triangle soup: exact-bit weld, so vertex normals are smooth. */
function indexed(m: ThumbnailMesh): { positions: Float32Array; indices: Uint32Array } {
  if (m.indices) return { positions: m.positions, indices: m.indices };
  const w = weld(m.positions, undefined, 0);
  const positions = new Float32Array(w.unique * 3);
  for (let u = 0; u < w.unique; u++) {
    const s = w.firstOf[u]! * 3;
    positions[u * 3] = m.positions[s]!;
    positions[u * 3 + 1] = m.positions[s + 1]!;
    positions[u * 3 + 2] = m.positions[s + 2]!;
  }
  return { positions, indices: w.remap };
}

/**
 * Renders the thumbnail of meshes sharing one coordinate frame (e.g. an arch and its crown) with
 * `mesh` (one module per thread). Throws MeshError: NO_GEOMETRY when nothing has an area, and the
 * rasteriser's errors for bad input.
 */
export function renderThumbnail(
  mesh: MeshModule,
  meshes: readonly ThumbnailMesh[],
  opts: ThumbnailOptions = {},
): Thumbnail {
  const width = opts.width ?? THUMBNAIL_WIDTH;
  const height = opts.height ?? THUMBNAIL_HEIGHT;
  const solid = meshes.map((m) => ({
    ...indexed(m),
    color: m.color ?? THUMBNAIL_DEFAULT_COLOR,
    cullBackFaces: m.closed === true,
  }));
  const frame = modelFrame(solid);
  if (!frame) throw new MeshError('NO_GEOMETRY');
  const lens: Lens = { fovDeg: LENS_FOV_DEG, aspect: width / height, margin: MARGIN };
  const pose = viewPose(frame, 'threeQuarter', lens);
  const back = sub(pose.position, pose.target).map((v) => v / pose.distance) as Vec3;
  const right = cross(pose.up, back);
  const toWorld = (c: Vec3): Vec3 => {
    const v: Vec3 = [0, 1, 2].map(
      (i) => right[i]! * c[0] + pose.up[i]! * c[1] + back[i]! * c[2],
    ) as Vec3;
    const l = Math.hypot(...v);
    return v.map((x) => x / l) as Vec3;
  };
  const lights: RasterLight[] = [
    { direction: toWorld(KEY_LIGHT), intensity: 0.85 },
    { direction: toWorld(FILL_LIGHT), intensity: 0.3 },
  ];
  const image = mesh.rasterise(solid, {
    width,
    height,
    supersample: opts.supersample ?? 2,
    viewProjection: viewProjection(pose, lens),
    toCamera: back,
    lights,
    ambient: 0.12,
    specular: 0.3,
    shininess: 20,
  });
  const png = encodePalettePng(
    quantise(image.rgba, width, height, Math.min(256, Math.max(2, opts.colors ?? 64))),
  );
  return { png, width, height, coveredPixels: image.coveredPixels };
}

function sub(a: Vec3, b: Vec3): Vec3 {
  return [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
}

function cross(a: Vec3, b: Vec3): Vec3 {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
}
