/**
 * Host side of the software rasteriser (wasm/assembly/raster.ts), used by `MeshModule.rasterise`:
 * checks the arguments (a clear MeshError instead of a wasm error number), lays the meshes, the
 * mesh table and the parameters out in wasm memory, and reads the picture back. Browser-safe.
 */
import { MeshError } from './errors.js';

type Vec3 = [number, number, number];

export interface RasterMesh {
  /** float32 xyz per vertex. */
  positions: Float32Array;
  /** u32 triangle corners; absent or null: a triangle soup (9 floats per triangle). */
  indices?: Uint32Array | null;
  /** Base colour 0xRRGGBB: the colour at full diffuse light. */
  color: number;
  /** Skip triangles facing away from the camera (closed surfaces facing outwards). */
  cullBackFaces?: boolean;
}

export interface RasterLight {
  /** Unit vector from the scene toward the light (world coordinates). */
  direction: Vec3;
  intensity: number;
}

export interface RasterOptions {
  width: number;
  height: number;
  /** Samples per pixel along each axis (1–4), averaged by a box filter. Default 2. */
  supersample?: number;
  /** 16 numbers, column-major, clip = M · [x y z 1] (three's projection × view matrices). */
  viewProjection: ArrayLike<number>;
  /** Unit vector from the scene toward the camera (the highlight and the default light). */
  toCamera: Vec3;
  /** Up to two directional lights; default one light from the camera. */
  lights?: readonly RasterLight[];
  /** Default 0.25. */
  ambient?: number;
  /** Blinn–Phong highlight of the first light: strength (default 0) and exponent (default 32). */
  specular?: number;
  shininess?: number;
}

export interface RasterImage {
  width: number;
  height: number;
  /** width × height × 4 bytes, straight (not premultiplied) alpha = covered fraction. */
  rgba: Uint8Array;
  /** Pixels with any coverage. */
  coveredPixels: number;
}

export interface RasterExports {
  memory: WebAssembly.Memory;
  alloc(size: number): number;
  rasterise(
    table: number,
    meshCount: number,
    params: number,
    width: number,
    height: number,
    ss: number,
  ): number;
}

// Limits and layouts shared with wasm/assembly/raster.ts.
export const RASTER_MAX_SIDE = 4096;
export const RASTER_MAX_SUPERSAMPLE = 4;
export const RASTER_MAX_MESHES = 255;
const MESH_ENTRY_U32 = 6;
const PARAM_COUNT = 30;
const MESH_CULL_BACK = 1;
const E_OUT_OF_MEMORY = 26;

const BAD_ARGUMENT_DETAIL: Record<number, string> = {
  1: `The picture must be 1 to ${RASTER_MAX_SIDE} pixels wide and high.`,
  2: `Supersampling must be 1 to ${RASTER_MAX_SUPERSAMPLE}.`,
  3: `At most ${RASTER_MAX_MESHES} meshes can be drawn at once.`,
  4: 'A rasteriser buffer lies outside the module memory.',
  5: 'A rasteriser parameter is not a finite number.',
  6: 'A triangle soup needs three vertices per triangle.',
};

function badArgument(message: string): MeshError {
  return new MeshError('BAD_ARGUMENT', message);
}

/** The rasteriser's own words for a BAD_ARGUMENT from the module (its detail says which). */
export function rasterError(e: MeshError): MeshError {
  const message = e.code === 'BAD_ARGUMENT' ? BAD_ARGUMENT_DETAIL[e.detail] : undefined;
  return message ? new MeshError(e.code, message, e.detail) : e;
}

const finite = (v: number): boolean => typeof v === 'number' && Number.isFinite(v);
const isVec3 = (v: unknown): v is Vec3 =>
  Array.isArray(v) && v.length === 3 && v.every((c) => finite(c as number));

/** The 30 f32 parameters; throws MeshError('BAD_ARGUMENT') with the reason. */
function rasterParams(opts: RasterOptions): Float32Array {
  const vp = opts.viewProjection;
  if (vp.length !== 16 || !Array.from(vp).every(finite))
    throw badArgument('The view-projection matrix must be 16 finite numbers.');
  if (!isVec3(opts.toCamera)) throw badArgument('toCamera must be three finite numbers.');
  const lights = opts.lights ?? [{ direction: opts.toCamera, intensity: 0.75 }];
  if (lights.length > 2) throw badArgument('At most two lights.');
  for (const l of lights)
    if (!isVec3(l.direction) || !finite(l.intensity))
      throw badArgument('A light needs a direction (three finite numbers) and an intensity.');
  const scalars = [opts.ambient ?? 0.25, opts.specular ?? 0, opts.shininess ?? 32];
  if (!scalars.every(finite))
    throw badArgument('ambient, specular and shininess must be finite numbers.');
  const p = new Float32Array(PARAM_COUNT);
  p.set(Array.from(vp), 0);
  lights.forEach((l, i) => p.set([...unit(l.direction), l.intensity], 16 + i * 4));
  p[24] = scalars[0]!;
  p.set(unit(opts.toCamera), 25);
  p[28] = scalars[1]!;
  p[29] = scalars[2]!;
  return p;
}

function unit(v: Vec3): Vec3 {
  const l = Math.hypot(v[0], v[1], v[2]);
  return l > 0 ? [v[0] / l, v[1] / l, v[2] / l] : [0, 0, 0];
}

export interface RasterPlan {
  meshes: readonly RasterMesh[];
  params: Float32Array;
  width: number;
  height: number;
  ss: number;
}

/** Checks everything the host can check before touching wasm memory. */
export function planRaster(meshes: readonly RasterMesh[], opts: RasterOptions): RasterPlan {
  const { width, height } = opts;
  const ss = opts.supersample ?? 2;
  const side = (n: number) => Number.isInteger(n) && n >= 1 && n <= RASTER_MAX_SIDE;
  if (!side(width) || !side(height)) throw badArgument(BAD_ARGUMENT_DETAIL[1]!);
  if (!Number.isInteger(ss) || ss < 1 || ss > RASTER_MAX_SUPERSAMPLE)
    throw badArgument(BAD_ARGUMENT_DETAIL[2]!);
  if (meshes.length > RASTER_MAX_MESHES) throw badArgument(BAD_ARGUMENT_DETAIL[3]!);
  for (const m of meshes) {
    if (m.positions.length % 3 !== 0)
      throw badArgument('Mesh positions must hold three numbers per vertex.');
    if (m.indices ? m.indices.length % 3 !== 0 : m.positions.length % 9 !== 0)
      throw badArgument(
        m.indices ? 'Triangle indices must come in threes.' : BAD_ARGUMENT_DETAIL[6]!,
      );
    if (!Number.isInteger(m.color) || m.color < 0 || m.color > 0xffffff)
      throw badArgument('A mesh colour must be a 0xRRGGBB number.');
  }
  return { meshes, params: rasterParams(opts), width, height, ss };
}

/** Copies the plan into wasm memory (after reset) and runs the rasteriser: its error number. */
export function runRaster(x: RasterExports, plan: RasterPlan): number {
  const table = new Uint32Array(Math.max(1, plan.meshes.length) * MESH_ENTRY_U32);
  for (let i = 0; i < plan.meshes.length; i++) {
    const m = plan.meshes[i]!;
    const pos = copyIn(x, m.positions);
    const idx = m.indices ? copyIn(x, m.indices) : 0;
    if (pos === 0 || (m.indices && idx === 0)) return E_OUT_OF_MEMORY;
    const vertices = m.positions.length / 3;
    table.set(
      [
        pos,
        vertices,
        idx,
        m.indices ? m.indices.length / 3 : vertices / 3,
        // 0xRRGGBB → bytes r, g, b in memory order.
        ((m.color >> 16) & 0xff) | (m.color & 0xff00) | ((m.color & 0xff) << 16),
        m.cullBackFaces ? MESH_CULL_BACK : 0,
      ],
      i * MESH_ENTRY_U32,
    );
  }
  const tp = copyIn(x, table);
  const pp = copyIn(x, plan.params);
  if (tp === 0 || pp === 0) return E_OUT_OF_MEMORY;
  return x.rasterise(tp, plan.meshes.length, pp, plan.width, plan.height, plan.ss);
}

/** Address of a copy of `a` in wasm memory; 0 when memory is full. */
function copyIn(x: RasterExports, a: Float32Array | Uint32Array): number {
  const p = x.alloc(Math.max(4, a.byteLength));
  if (p === 0) return 0;
  new Uint8Array(x.memory.buffer, p, a.byteLength).set(
    new Uint8Array(a.buffer, a.byteOffset, a.byteLength),
  );
  return p;
}

/** The picture left at R_OUT_PTR (copied out). */
export function readRaster(x: RasterExports, r: Uint32Array, plan: RasterPlan): RasterImage {
  const n = plan.width * plan.height * 4;
  return {
    width: plan.width,
    height: plan.height,
    rgba: new Uint8Array(x.memory.buffer, r[8] ?? 0, n).slice(),
    coveredPixels: r[1] ?? 0,
  };
}
