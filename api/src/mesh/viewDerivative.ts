/**
 * The view derivative: what the viewer downloads instead of the original
 * file. A validated mesh is welded into an indexed mesh, reordered for the vertex cache and fetch
 * locality, its positions quantised to 16 bits over the bounding box (uniform scale, so normals
 * computed from the quantised grid point the right way), encoded with meshoptimizer (v1 vertex
 * codec) and wrapped in a standard GLB with KHR_mesh_quantization + KHR_meshopt_compression,
 * which three's GLTFLoader + MeshoptDecoder read directly. Its material says whether the surface
 * is closed and faces outwards (`doubleSided: false`: the viewer culls back faces). The GLB is
 * then brotli-compressed once, here, and served with `Content-Encoding: br` so the browser
 * inflates it natively (no fflate on the render path, G13).
 *
 * No normals are shipped: the browser computes them (saves ~1.5 points of size).
 * A model over 50k triangles also gets a coarse level (coarseLevel.ts) on the same grid, which
 * the viewer draws first.
 * Vertex colours (PLY vertex and face colours, binary STL facet colours) travel as a normalised
 * RGBA8 COLOR_0 stream, on both levels; the weld never joins vertices of different colours.
 * A file without colours gets no COLOR_0.
 */
import { constants as zlibConstants, brotliCompressSync } from 'node:zlib';
import { MeshoptEncoder } from 'meshoptimizer';
import { hasCoarseLevel } from '../domain/viewLevels.js';
import { isClosedOutward } from './closedSurface.js';
import { simplifyToCoarse } from './coarseLevel.js';

export interface ValidatedMesh {
  /** xyz per vertex. Without `indices`, every three vertices are one triangle (STL soup). */
  positions: Float32Array;
  /** Triangle list into `positions`; absent for a triangle soup. */
  indices?: Uint32Array;
  /** Per-vertex colours, 3 (RGB) or 4 (RGBA) bytes per vertex, parallel to `positions`. */
  colors?: Uint8Array;
}

export interface ViewDerivativeStats {
  /** Triangles in the input and in the output (degenerate triangles after the weld are dropped). */
  inputTriangles: number;
  triangles: number;
  /** Vertices in the input (positions / 3) and unique vertices after the weld. */
  inputVertices: number;
  vertices: number;
  /** Bounding box of the input, in the file's units (mm for dental scans). */
  bboxMin: [number, number, number];
  bboxMax: [number, number, number];
  /** Side of one quantisation step (same units): max extent / 65535. */
  gridStep: number;
  /** Largest distance between an original vertex and its quantised position (same units). */
  maxError: number;
  hasColors: boolean;
  /** A closed surface facing outwards (closedSurface.ts): drawn single-sided. */
  closed: boolean;
  /** GLB bytes, brotli bytes, and the time spent building. */
  glbBytes: number;
  brBytes: number;
  buildMs: number;
}

export interface ViewDerivative {
  /** GLB with KHR_mesh_quantization + KHR_meshopt_compression. */
  glb: Uint8Array;
  /** The same GLB, brotli-compressed: the bytes to send with `Content-Encoding: br`. */
  br: Uint8Array;
  stats: ViewDerivativeStats;
  /**
   * The coarse level (domain/viewLevels.ts), for a model over `COARSE_MIN_TRIANGLES` input
   * triangles: the same GLB layout on the same 16-bit grid and node transform as the full level,
   * so one replaces the other in place.
   */
  coarse?: ViewLevel;
}

/** One encoded level of detail: GLB, its brotli bytes, and what it holds. */
export interface ViewLevel {
  glb: Uint8Array;
  br: Uint8Array;
  triangles: number;
  vertices: number;
}

/** Media type of the derivative. */
export const VIEW_DERIVATIVE_CONTENT_TYPE = 'model/gltf-binary';

export class ViewDerivativeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ViewDerivativeError';
  }
}

const EMPTY = 0xffffffff;

/**
 * Exact-bit weld of a triangle soup (or an indexed mesh with duplicated vertices): vertices equal
 * in every position bit (and colour byte) merge. Open addressing, load factor ≤ 0.5.
 */
export function weld(
  positions: Float32Array,
  colors: Uint8Array | undefined,
  colorStride: number,
): { remap: Uint32Array; unique: number; firstOf: Uint32Array } {
  const n = positions.length / 3;
  const bits = new Uint32Array(positions.buffer, positions.byteOffset, positions.length);
  let cap = 1;
  while (cap < n * 2) cap <<= 1;
  const mask = cap - 1;
  const table = new Uint32Array(cap).fill(EMPTY);
  const remap = new Uint32Array(n);
  const firstOf = new Uint32Array(n);
  let unique = 0;
  for (let i = 0; i < n; i++) {
    const x = bits[i * 3]!;
    const y = bits[i * 3 + 1]!;
    const z = bits[i * 3 + 2]!;
    let h = (Math.imul(x, 73856093) ^ Math.imul(y, 19349663) ^ Math.imul(z, 83492791)) >>> 0;
    if (colors)
      h =
        (h ^
          Math.imul(
            colors[i * colorStride]! |
              (colors[i * colorStride + 1]! << 8) |
              (colors[i * colorStride + 2]! << 16),
            2654435761,
          )) >>>
        0;
    let slot = h & mask;
    for (;;) {
      const v = table[slot]!;
      if (v === EMPTY) {
        table[slot] = unique;
        firstOf[unique] = i;
        remap[i] = unique++;
        break;
      }
      const j = firstOf[v]!;
      if (
        bits[j * 3] === x &&
        bits[j * 3 + 1] === y &&
        bits[j * 3 + 2] === z &&
        sameColor(colors, colorStride, i, j)
      ) {
        remap[i] = v;
        break;
      }
      slot = (slot + 1) & mask;
    }
  }
  return { remap, unique, firstOf: firstOf.subarray(0, unique) };
}

function sameColor(c: Uint8Array | undefined, stride: number, i: number, j: number): boolean {
  if (!c) return true;
  for (let k = 0; k < stride; k++) if (c[i * stride + k] !== c[j * stride + k]) return false;
  return true;
}

function validate(mesh: ValidatedMesh): { colorStride: number } {
  const { positions, indices, colors } = mesh;
  if (positions.length === 0 || positions.length % 3 !== 0)
    throw new ViewDerivativeError('mesh has no vertices');
  const n = positions.length / 3;
  if (!indices && n % 3 !== 0)
    throw new ViewDerivativeError('triangle soup must have 3 vertices per triangle');
  if (indices) {
    if (indices.length === 0 || indices.length % 3 !== 0)
      throw new ViewDerivativeError('index count is not a multiple of 3');
    for (let i = 0; i < indices.length; i++)
      if (indices[i]! >= n) throw new ViewDerivativeError('index out of range');
  }
  for (let i = 0; i < positions.length; i++) {
    if (!Number.isFinite(positions[i]!)) throw new ViewDerivativeError('non-finite coordinate');
  }
  let colorStride = 0;
  if (colors) {
    colorStride = colors.length / n;
    if (colorStride !== 3 && colorStride !== 4)
      throw new ViewDerivativeError('colours must be 3 or 4 bytes per vertex');
  }
  return { colorStride };
}

/**
 * Builds the view derivative of a validated mesh. Synchronous and CPU-bound (≈ 1–2 s per million
 * triangles including brotli): call it off the request's hot path for very large files.
 */
export async function buildViewDerivative(
  mesh: ValidatedMesh,
  options: { brotliQuality?: number } = {},
): Promise<ViewDerivative> {
  await MeshoptEncoder.ready;
  const t0 = performance.now();
  const { colorStride } = validate(mesh);
  const inputVertices = mesh.positions.length / 3;

  // 1. Weld. Indexed input is welded too (PLY writers often duplicate seam vertices).
  const w = weld(mesh.positions, mesh.colors, colorStride);
  const srcIndices = mesh.indices;
  const inputTriangles = srcIndices ? srcIndices.length / 3 : inputVertices / 3;
  const corner = srcIndices ? (k: number) => w.remap[srcIndices[k]!]! : (k: number) => w.remap[k]!;
  const cornerCount = inputTriangles * 3;
  let indices = new Uint32Array(cornerCount);
  let t = 0;
  for (let k = 0; k < cornerCount; k += 3) {
    const a = corner(k);
    const b = corner(k + 1);
    const c = corner(k + 2);
    if (a === b || b === c || a === c) continue; // collapsed by the weld: invisible, drop it
    indices[t++] = a;
    indices[t++] = b;
    indices[t++] = c;
  }
  if (t === 0) throw new ViewDerivativeError('mesh has no non-degenerate triangles');
  indices = indices.slice(0, t);
  const closed = isClosedOutward(indices, w.unique, (u, out) => {
    const i = w.firstOf[u]! * 3;
    out[0] = mesh.positions[i]!;
    out[1] = mesh.positions[i + 1]!;
    out[2] = mesh.positions[i + 2]!;
  });

  // 2. Bounding box of the welded vertices; both levels share its 16-bit grid.
  const min: [number, number, number] = [Infinity, Infinity, Infinity];
  const max: [number, number, number] = [-Infinity, -Infinity, -Infinity];
  const p = mesh.positions;
  for (let u = 0; u < w.unique; u++) {
    const i = w.firstOf[u]! * 3;
    for (let a = 0; a < 3; a++) {
      const v = p[i + a]!;
      if (v < min[a]!) min[a] = v;
      if (v > max[a]!) max[a] = v;
    }
  }
  const extent = Math.max(max[0] - min[0], max[1] - min[1], max[2] - min[2]);
  const scale = extent > 0 ? extent : 1;
  const source: LevelSource = {
    positions: p,
    firstOf: w.firstOf,
    unique: w.unique,
    colors: mesh.colors,
    colorStride,
    min,
    scale,
    closed,
    brotliQuality: options.brotliQuality ?? 9,
  };
  // 3. The coarse level, simplified over the welded vertices (their positions, compacted) before
  //    the full level's encoding reorders `indices` in place.
  let coarseIndices: Uint32Array | undefined;
  if (hasCoarseLevel(inputTriangles)) {
    const welded = new Float32Array(w.unique * 3);
    for (let u = 0; u < w.unique; u++) {
      const i = w.firstOf[u]! * 3;
      welded[u * 3] = p[i]!;
      welded[u * 3 + 1] = p[i + 1]!;
      welded[u * 3 + 2] = p[i + 2]!;
    }
    coarseIndices = await simplifyToCoarse(welded, indices);
  }
  const full = encodeLevel(source, indices);
  let coarse: ViewLevel | undefined;
  if (coarseIndices) {
    // Drawn double-sided: the simplified surface need not stay closed.
    const c = encodeLevel({ ...source, closed: false }, coarseIndices);
    coarse = { glb: c.glb, br: c.br, triangles: c.triangles, vertices: c.vertices };
  }

  return {
    glb: full.glb,
    br: full.br,
    ...(coarse ? { coarse } : {}),
    stats: {
      inputTriangles,
      triangles: full.triangles,
      inputVertices,
      vertices: full.vertices,
      bboxMin: min,
      bboxMax: max,
      gridStep: scale / 65535,
      maxError: full.maxError,
      hasColors: !!colorStride,
      closed,
      glbBytes: full.glb.byteLength,
      brBytes: full.br.byteLength,
      buildMs: performance.now() - t0,
    },
  };
}

/** What every level of one mesh shares: its welded vertices, grid and surface facts. */
interface LevelSource {
  positions: Float32Array;
  /** First input vertex of each welded vertex. */
  firstOf: Uint32Array;
  unique: number;
  colors: Uint8Array | undefined;
  colorStride: number;
  min: [number, number, number];
  scale: number;
  closed: boolean;
  brotliQuality: number;
}

/**
 * Encodes one level (a triangle list into the welded vertices): vertex cache and fetch order,
 * 16-bit quantisation on the shared grid, meshopt, GLB, brotli.
 */
function encodeLevel(src: LevelSource, indices: Uint32Array): ViewLevel & { maxError: number } {
  const { min, scale, colorStride } = src;
  const p = src.positions;
  // Vertex cache + fetch order (also renumbers vertices in first-use order; unused ones vanish).
  const [remap, vertexCount] = MeshoptEncoder.reorderMesh(indices, true, true);

  // Uniform 16-bit quantisation over the bounding box.
  const q = new Uint16Array(vertexCount * 4);
  const colors = colorStride ? new Uint8Array(vertexCount * 4) : undefined;
  let maxErr2 = 0;
  for (let u = 0; u < src.unique; u++) {
    const dst = remap[u];
    if (dst === undefined || dst === EMPTY) continue;
    const s = src.firstOf[u]!;
    let e2 = 0;
    for (let a = 0; a < 3; a++) {
      const v = p[s * 3 + a]!;
      const qi = Math.round(((v - min[a]!) / scale) * 65535);
      q[dst * 4 + a] = qi;
      const back = min[a]! + (qi / 65535) * scale;
      // Compare against the float32 the decoder will see (min and scale are stored as float32).
      const d = Math.fround(back) - v;
      e2 += d * d;
    }
    if (e2 > maxErr2) maxErr2 = e2;
    if (colors && src.colors) {
      const c = src.colors;
      colors[dst * 4] = c[s * colorStride]!;
      colors[dst * 4 + 1] = c[s * colorStride + 1]!;
      colors[dst * 4 + 2] = c[s * colorStride + 2]!;
      colors[dst * 4 + 3] = colorStride === 4 ? c[s * colorStride + 3]! : 255;
    }
  }
  // meshopt encoding: the v1 vertex codec of KHR_meshopt_compression (~5 % smaller than v0 on
  //    the real arches, after brotli); the index codec is the same in both versions.
  const indexSize = vertexCount <= 0xffff ? 2 : 4;
  const indexBytes =
    indexSize === 2
      ? new Uint8Array(Uint16Array.from(indices).buffer)
      : new Uint8Array(indices.buffer);
  const streams: Stream[] = [
    {
      raw: new Uint8Array(q.buffer),
      encoded: MeshoptEncoder.encodeGltfBuffer(
        new Uint8Array(q.buffer),
        vertexCount,
        8,
        'ATTRIBUTES',
        1,
      ),
      count: vertexCount,
      stride: 8,
      mode: 'ATTRIBUTES',
      target: 34962,
    },
    {
      raw: indexBytes,
      encoded: MeshoptEncoder.encodeGltfBuffer(
        indexBytes,
        indices.length,
        indexSize,
        'TRIANGLES',
        1,
      ),
      count: indices.length,
      stride: indexSize,
      mode: 'TRIANGLES',
      target: 34963,
    },
  ];
  if (colors) {
    streams.push({
      raw: colors,
      encoded: MeshoptEncoder.encodeGltfBuffer(colors, vertexCount, 4, 'ATTRIBUTES', 1),
      count: vertexCount,
      stride: 4,
      mode: 'ATTRIBUTES',
      target: 34962,
    });
  }

  const qMax = [0, 0, 0];
  const qMin = [65535, 65535, 65535];
  for (let v = 0; v < vertexCount; v++) {
    for (let a = 0; a < 3; a++) {
      const x = q[v * 4 + a]!;
      if (x > qMax[a]!) qMax[a] = x;
      if (x < qMin[a]!) qMin[a] = x;
    }
  }
  const glb = writeGlb(streams, {
    vertexCount,
    indexCount: indices.length,
    indexComponentType: indexSize === 2 ? 5123 : 5125,
    posMin: qMin.map((x) => x / 65535),
    posMax: qMax.map((x) => x / 65535),
    translation: [Math.fround(min[0]), Math.fround(min[1]), Math.fround(min[2])],
    scale: Math.fround(scale),
    hasColors: !!colors,
    closed: src.closed,
  });

  // Precompress once; served as-is with Content-Encoding: br.
  const br = new Uint8Array(
    brotliCompressSync(glb, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: src.brotliQuality,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: glb.byteLength,
      },
    }),
  );

  return {
    glb,
    br,
    triangles: indices.length / 3,
    vertices: vertexCount,
    maxError: Math.sqrt(maxErr2),
  };
}

interface Stream {
  raw: Uint8Array;
  encoded: Uint8Array;
  count: number;
  stride: number;
  mode: 'ATTRIBUTES' | 'TRIANGLES';
  target: number;
}

interface GlbLayout {
  vertexCount: number;
  indexCount: number;
  indexComponentType: number;
  posMin: number[];
  posMax: number[];
  translation: number[];
  scale: number;
  hasColors: boolean;
  closed: boolean;
}

const pad4 = (n: number) => (n + 3) & ~3;

/**
 * GLB container. Buffer 0 is the BIN chunk holding the compressed streams; buffer 1 is the
 * uncompressed "fallback" buffer that exists only as a byte length (KHR_meshopt_compression's
 * fallback): the extension is required, so no uncompressed copy is shipped. The one material
 * carries only `doubleSided` (the viewer applies the layer's own material).
 */
function writeGlb(streams: Stream[], l: GlbLayout): Uint8Array {
  let binLength = 0;
  let rawLength = 0;
  const bufferViews = streams.map((s) => {
    const view = {
      buffer: 1,
      byteOffset: rawLength,
      byteLength: s.raw.byteLength,
      ...(s.mode === 'ATTRIBUTES' ? { byteStride: s.stride } : {}),
      target: s.target,
      extensions: {
        KHR_meshopt_compression: {
          buffer: 0,
          byteOffset: binLength,
          byteLength: s.encoded.byteLength,
          byteStride: s.stride,
          count: s.count,
          mode: s.mode,
        },
      },
    };
    binLength += pad4(s.encoded.byteLength);
    rawLength += pad4(s.raw.byteLength);
    return view;
  });
  const attributes: Record<string, number> = { POSITION: 0 };
  const accessors: Record<string, unknown>[] = [
    {
      bufferView: 0,
      componentType: 5123, // UNSIGNED_SHORT, normalised (KHR_mesh_quantization)
      normalized: true,
      count: l.vertexCount,
      type: 'VEC3',
      min: l.posMin,
      max: l.posMax,
    },
    { bufferView: 1, componentType: l.indexComponentType, count: l.indexCount, type: 'SCALAR' },
  ];
  if (l.hasColors) {
    attributes.COLOR_0 = 2;
    accessors.push({
      bufferView: 2,
      componentType: 5121,
      normalized: true,
      count: l.vertexCount,
      type: 'VEC4',
    });
  }
  const json = {
    asset: { version: '2.0', generator: 'cusp view derivative' },
    extensionsUsed: ['KHR_mesh_quantization', 'KHR_meshopt_compression'],
    extensionsRequired: ['KHR_mesh_quantization', 'KHR_meshopt_compression'],
    scene: 0,
    scenes: [{ nodes: [0] }],
    nodes: [{ mesh: 0, translation: l.translation, scale: [l.scale, l.scale, l.scale] }],
    meshes: [{ primitives: [{ attributes, indices: 1, material: 0, mode: 4 }] }],
    materials: [{ doubleSided: !l.closed }],
    accessors,
    bufferViews,
    buffers: [
      { byteLength: binLength },
      { byteLength: rawLength, extensions: { KHR_meshopt_compression: { fallback: true } } },
    ],
  };
  const jsonBytes = new TextEncoder().encode(JSON.stringify(json));
  const jsonLength = pad4(jsonBytes.byteLength);
  const total = 12 + 8 + jsonLength + 8 + binLength;
  const out = new Uint8Array(total);
  const dv = new DataView(out.buffer);
  dv.setUint32(0, 0x46546c67, true); // 'glTF'
  dv.setUint32(4, 2, true);
  dv.setUint32(8, total, true);
  dv.setUint32(12, jsonLength, true);
  dv.setUint32(16, 0x4e4f534a, true); // 'JSON'
  out.set(jsonBytes, 20);
  out.fill(0x20, 20 + jsonBytes.byteLength, 20 + jsonLength); // JSON chunk pads with spaces
  let o = 20 + jsonLength;
  dv.setUint32(o, binLength, true);
  dv.setUint32(o + 4, 0x004e4942, true); // 'BIN\0'
  o += 8;
  for (const s of streams) {
    out.set(s.encoded, o);
    o += pad4(s.encoded.byteLength);
  }
  return out;
}

/** Reads the JSON chunk of a GLB (tests and tools). */
export function readGlbJson(glb: Uint8Array): { json: Record<string, unknown>; bin: Uint8Array } {
  const dv = new DataView(glb.buffer, glb.byteOffset, glb.byteLength);
  if (dv.getUint32(0, true) !== 0x46546c67) throw new ViewDerivativeError('not a GLB');
  const jsonLength = dv.getUint32(12, true);
  const json = JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + jsonLength))) as Record<
    string,
    unknown
  >;
  const binStart = 20 + jsonLength;
  const binLength = dv.getUint32(binStart, true);
  return { json, bin: glb.subarray(binStart + 8, binStart + 8 + binLength) };
}
