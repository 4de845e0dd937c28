/**
 * Host side of the mesh module, identical in Node and the browser (no Node imports here).
 * One `MeshModule` owns one wasm instance; every call copies the input into wasm memory, runs
 * one operation and copies the results out (or returns views with `view: true`).
 */
import { MeshError } from './errors.js';
import { readErrorPlace, readPlacedWarnings, type PlacedWarning } from './where.js';
import {
  planRaster,
  rasterError,
  readRaster,
  runRaster,
  type RasterImage,
  type RasterMesh,
  type RasterOptions,
} from './raster.js';

interface MeshExports {
  memory: WebAssembly.Memory;
  results(): number;
  reset(): void;
  alloc(size: number): number;
  reserve(size: number): number;
  detect(p: number, len: number): number;
  decodeHps(p: number, len: number, stl: number): number;
  parse(p: number, len: number, normals: number): number;
  sanitise(p: number, len: number): number;
  writeStl(pos: number, vertices: number, idx: number, triangles: number): number;
  vertexNormals(pos: number, vertices: number, idx: number, triangles: number, out: number): number;
  gridNormals(
    pos: number,
    vertices: number,
    idx: number,
    indexSize: number,
    triangles: number,
    out: number,
  ): number;
  base64Decode(p: number, len: number): number;
  stlBegin(p: number, len: number, normals: number): number;
  stlFeed(count: number): number;
  stlEnd(): number;
  // Software rasteriser (raster.ts).
  rasterise(
    table: number,
    meshCount: number,
    params: number,
    width: number,
    height: number,
    ss: number,
  ): number;
  // Distance engine (distance.ts).
  signedDistances(
    qPos: number,
    queries: number,
    tPos: number,
    tVertices: number,
    tIdx: number,
    tTriangles: number,
    maxDistance: number,
    outDist: number,
    outPoint: number,
    outTri: number,
  ): number;
}

/** stlBegin's answer for a file that is not a binary STL. */
const NOT_BINARY_STL = -1;
/** stlBegin needs the first bytes only: magic numbers (up to offset 132) and the count. */
const STL_HEAD_BYTES = 132;
const NOT_DONE: unique symbol = Symbol('not a binary STL');

// Result slots (wasm/assembly/results.ts).
const R_FORMAT = 0;
const R_DETAIL = 1;
const R_POS_PTR = 2;
const R_VERTEX_COUNT = 3;
const R_INDEX_PTR = 4;
const R_TRIANGLE_COUNT = 5;
const R_NORMAL_PTR = 6;
const R_COLOR_PTR = 7;
const R_OUT_PTR = 8;
const R_OUT_LEN = 9;
const R_MESH_COLOR = 10;
const R_FLAGS = 11;
const R_BBOX = 12;
const R_PEAK = 18;
const R_SOURCE_FORMAT = 19;

const FLAG_MESH_COLOR = 1;
const FLAG_NARROW_INDICES = 2;

const WARNING_FLAGS = [
  [4, 'EXTRA_GEOMETRY_IGNORED'],
  [8, 'TRAILING_BYTES'],
  [16, 'MULTIPLE_SOLIDS'],
  [32, 'DEGENERATE_BOUNDS'],
  [64, 'HUGE_COORDINATES'],
] as const;

export type MeshWarning = (typeof WARNING_FLAGS)[number][1] | PlacedWarning['code'];

export type MeshFormat =
  'stl-binary' | 'stl-ascii' | 'ply-ascii' | 'ply-binary-le' | 'ply-binary-be' | 'ply' | 'dcm';

const FORMATS: readonly (MeshFormat | null)[] = [
  null,
  'stl-binary',
  'stl-ascii',
  'ply-ascii',
  'ply-binary-le',
  'ply-binary-be',
  'dcm',
  'ply',
];

/** File kinds as named by extensions and the upload API. */
export type MeshKind = 'stl' | 'ply' | 'dcm';

export function kindOf(format: MeshFormat): MeshKind {
  return format.startsWith('stl') ? 'stl' : format.startsWith('ply') ? 'ply' : 'dcm';
}

export type Vec3 = [number, number, number];

export interface MeshStats {
  triangleCount: number;
  /** Indexed meshes (PLY, DCM): stored vertices. STL: 3 × triangles (a triangle soup). */
  vertexCount: number;
  bounds: { min: Vec3; max: Vec3 };
  warnings: MeshWarning[];
  /**
   * Tolerated oddities with their place (line or byte offset and element): header lines
   * skipped, extra values on a line. Each code appears once per element with its count.
   */
  warningDetails: PlacedWarning[];
}

export interface DcmMesh extends MeshStats {
  /** float32 x, y, z per vertex, in file order. */
  vertices: Float32Array;
  /** u32 triples in decoded order with decoded corner order. */
  faces: Uint32Array;
  /** `Facets@color` as stored (24-bit number; channel order unknown), null when absent. */
  color: number | null;
  /** Width of the opcode 5/7 indices that validated (32 in every real file). */
  indexWidth: 16 | 32;
}

export interface ViewerMesh {
  format: MeshFormat;
  /** Non-indexed (STL: 9 floats per triangle) or indexed (PLY, DCM) float32 positions. */
  positions: Float32Array;
  /** Per-position normals: flat for STL, area-weighted vertex normals otherwise. */
  normals: Float32Array | null;
  /** RGBA8 per vertex: PLY vertex or face colours (corners split), binary STL facet colours. */
  colors: Uint8Array | null;
  /** u32 triangle indices for indexed meshes, null for STL. */
  indices: Uint32Array | null;
  /** DCM `Facets@color` when present. */
  meshColor: number | null;
  stats: MeshStats;
}

export interface ConvertedStl {
  /** Binary STL: 80-byte header, u32 count, 50-byte records. */
  stl: Uint8Array;
  stats: MeshStats;
  color: number | null;
}

export interface SanitisedFile {
  /** What the upload was. */
  sourceFormat: MeshFormat;
  /** What is stored: STL (binary) or PLY. */
  kind: 'stl' | 'ply';
  /** True when the stored bytes are a conversion (ASCII STL or DCM → binary STL). */
  converted: boolean;
  bytes: Uint8Array;
  stats: MeshStats;
}

export interface ParseOptions {
  /** Compute normals (flat per triangle for STL, vertex normals for PLY/DCM). Default true. */
  normals?: boolean;
  /** Return views into wasm memory instead of copies; valid until the next call. */
  view?: boolean;
}

/** The surface distances are measured to: an indexed mesh, or a triangle soup without indices. */
export interface DistanceTarget {
  /** float32 x, y, z per vertex (mm). */
  positions: Float32Array;
  /** u32 triples; absent or null: `positions` is a triangle soup (9 floats per triangle). */
  indices?: Uint32Array | null;
}

export interface DistanceOptions {
  /** Beyond this distance (mm) a query vertex has no counterpart: NaN. Default: no limit. */
  maxDistance?: number;
  /** Also return each query vertex's closest point on the target. */
  closestPoints?: boolean;
  /** Also return the id of the target triangle holding each closest point. */
  triangles?: boolean;
  /** Return views into wasm memory instead of copies; valid until the next call. */
  view?: boolean;
}

export interface SignedDistances {
  /**
   * Per query vertex, the distance (mm) to the closest point of the target surface, signed by
   * the target's (pseudo-)normal there: positive in front of (outside) the target, negative
   * behind (inside) it. NaN: no target triangle within `maxDistance`.
   */
  distances: Float32Array;
  /** x, y, z per query vertex (NaN where there is no counterpart), when asked for. */
  closestPoints: Float32Array | null;
  /** Target triangle index per query vertex (−1 where there is no counterpart), when asked for. */
  triangles: Int32Array | null;
}

/** Above this, the instance is dropped after a call so its memory can be reclaimed. */
const RELEASE_BYTES = 512 * 1024 * 1024;

export class MeshModule {
  private instance: WebAssembly.Instance | null = null;
  private peak = 0;
  /** Bytes asked for with reserve(): memory up to this size is kept between calls. */
  private reserved = 0;

  private constructor(private readonly module: WebAssembly.Module) {}

  /**
   * Compiles (if needed) and instantiates; `source` is the wasm bytes or a compiled module.
   * Synchronously, on the calling thread: the module is small (tens of kB, a few ms), while the
   * browser's asynchronous compile waits for its shared thread pool — behind the viewer's code
   * being parsed there, 3 to 1,264 ms in the viewer benchmark on two cores.
   */
  static async create(source: BufferSource | WebAssembly.Module): Promise<MeshModule> {
    const module = source instanceof WebAssembly.Module ? source : new WebAssembly.Module(source);
    const m = new MeshModule(module);
    m.instance = new WebAssembly.Instance(module, {});
    return m;
  }

  /** Arena bytes used by the last call (input copy included): the allocation bound tests check. */
  get lastPeakBytes(): number {
    return this.peak;
  }

  /** Current size of the wasm memory in bytes. */
  get memoryBytes(): number {
    return this.exports().memory.buffer.byteLength;
  }

  private exports(): MeshExports {
    if (!this.instance) this.instance = new WebAssembly.Instance(this.module, {});
    return this.instance.exports as unknown as MeshExports;
  }

  private slots(x: MeshExports): Uint32Array {
    return new Uint32Array(x.memory.buffer, x.results(), 32);
  }

  private call<T>(
    input: Uint8Array,
    op: (x: MeshExports, p: number, n: number) => number,
    read: (x: MeshExports, r: Uint32Array) => T,
  ): T {
    const out = this.run((x) => {
      const p = x.alloc(input.length);
      if (p === 0) throw new MeshError('OUT_OF_MEMORY');
      new Uint8Array(x.memory.buffer, p, input.length).set(input);
      return op(x, p, input.length);
    }, read);
    if (out === NOT_DONE) throw new MeshError('INTERNAL_ERROR');
    return out;
  }

  /** Runs one operation after reset(); NOT_DONE when `body` answers NOT_BINARY_STL. */
  private run<T>(
    body: (x: MeshExports) => number,
    read: (x: MeshExports, r: Uint32Array) => T,
  ): T | typeof NOT_DONE {
    const x = this.exports();
    try {
      x.reset();
      const code = body(x);
      if (code === NOT_BINARY_STL) return NOT_DONE;
      const r = this.slots(x);
      this.peak = r[R_PEAK] ?? 0;
      if (code !== 0) {
        throw MeshError.fromNumber(code, r[R_DETAIL] ?? 0, readErrorPlace(x.memory, r));
      }
      return read(x, r);
    } catch (e) {
      if (e instanceof WebAssembly.RuntimeError || e instanceof RangeError) {
        this.instance = null;
        throw new MeshError('INTERNAL_ERROR', `The mesh module failed unexpectedly: ${e.message}`);
      }
      throw e;
    } finally {
      const keep = Math.max(RELEASE_BYTES, this.reserved * 1.25);
      if (this.instance && x.memory.buffer.byteLength > keep) this.instance = null;
    }
  }

  /** Grows wasm memory ahead of a large call (e.g. while the file is still downloading). */
  reserve(bytes: number): void {
    const x = this.exports();
    x.reset();
    if (!x.reserve(bytes)) throw new MeshError('OUT_OF_MEMORY');
    this.reserved = Math.max(this.reserved, bytes);
  }

  detect(bytes: Uint8Array): MeshFormat {
    return this.call(
      bytes,
      (x, p, n) => x.detect(p, n),
      (_x, r) => FORMATS[r[R_FORMAT] ?? 0] ?? 'stl-binary',
    );
  }

  decodeDcm(bytes: Uint8Array): DcmMesh {
    return this.call(
      bytes,
      (x, p, n) => x.decodeHps(p, n, 0),
      (x, r) => {
        const nv = r[R_VERTEX_COUNT] ?? 0;
        const nf = r[R_TRIANGLE_COUNT] ?? 0;
        const flags = r[R_FLAGS] ?? 0;
        return {
          ...stats(x, r),
          vertices: f32(x, r[R_POS_PTR] ?? 0, nv * 3, false),
          faces: u32(x, r[R_INDEX_PTR] ?? 0, nf * 3, false),
          color: flags & FLAG_MESH_COLOR ? (r[R_MESH_COLOR] ?? 0) : null,
          indexWidth: flags & FLAG_NARROW_INDICES ? 16 : 32,
        };
      },
    );
  }

  /** DCM → binary STL (80-byte header + count + records). */
  convertDcmToStl(bytes: Uint8Array, opts: { view?: boolean } = {}): ConvertedStl {
    return this.call(
      bytes,
      (x, p, n) => x.decodeHps(p, n, 1),
      (x, r) => ({
        stl: u8(x, r[R_OUT_PTR] ?? 0, r[R_OUT_LEN] ?? 0, opts.view === true),
        stats: stats(x, r),
        color: (r[R_FLAGS] ?? 0) & FLAG_MESH_COLOR ? (r[R_MESH_COLOR] ?? 0) : null,
      }),
    );
  }

  /** STL, PLY or DCM → buffers ready for a GPU (see ViewerMesh). */
  parseMesh(bytes: Uint8Array, opts: ParseOptions = {}): ViewerMesh {
    const normals = opts.normals !== false;
    const view = opts.view === true;
    const read = (x: MeshExports, r: Uint32Array): ViewerMesh => {
      const format = FORMATS[r[R_FORMAT] ?? 0] ?? 'stl-binary';
      const nv = r[R_VERTEX_COUNT] ?? 0;
      const nt = r[R_TRIANGLE_COUNT] ?? 0;
      const colorPtr = r[R_COLOR_PTR] ?? 0;
      const flags = r[R_FLAGS] ?? 0;
      const indexed = format !== 'stl-binary' && format !== 'stl-ascii';
      return {
        format,
        positions: f32(x, r[R_POS_PTR] ?? 0, nv * 3, view),
        normals: normals ? f32(x, r[R_NORMAL_PTR] ?? 0, nv * 3, view) : null,
        colors: colorPtr ? u8(x, colorPtr, nv * 4, view) : null,
        indices: indexed ? u32(x, r[R_INDEX_PTR] ?? 0, nt * 3, view) : null,
        meshColor: flags & FLAG_MESH_COLOR ? (r[R_MESH_COLOR] ?? 0) : null,
        stats: stats(x, r),
      };
    };
    const streamed = this.run((x) => streamBinaryStl(x, bytes, normals), read);
    if (streamed !== NOT_DONE) return streamed;
    return this.call(bytes, (x, p, n) => x.parse(p, n, normals ? 1 : 0), read);
  }

  /**
   * Server-side check of an uploaded file: detects the format by content, validates it fully
   * and returns the bytes to store (no patient text: blank STL header, no PLY comments,
   * ASCII STL and DCM converted to binary STL). `expect` is the kind named by the extension.
   */
  validateAndSanitise(bytes: Uint8Array, opts: { expect?: MeshKind } = {}): SanitisedFile {
    return this.call(
      bytes,
      (x, p, n) => x.sanitise(p, n),
      (x, r) => {
        const sourceFormat = FORMATS[r[R_SOURCE_FORMAT] ?? 0] ?? 'stl-binary';
        const kind = sourceFormat.startsWith('ply') ? 'ply' : 'stl';
        if (opts.expect && kindOf(sourceFormat) !== opts.expect) {
          throw new MeshError(
            'CONTENT_MISMATCH',
            `The file content is ${kindOf(sourceFormat).toUpperCase()}, not ${opts.expect.toUpperCase()}.`,
          );
        }
        return {
          sourceFormat,
          kind,
          converted: sourceFormat === 'stl-ascii' || sourceFormat === 'dcm',
          bytes: u8(x, r[R_OUT_PTR] ?? 0, r[R_OUT_LEN] ?? 0, false),
          stats: stats(x, r),
        };
      },
    );
  }

  /** Binary STL from positions and optional triangle indices (without: a triangle soup). */
  writeStl(positions: Float32Array, indices?: Uint32Array): Uint8Array {
    const bytes = new Uint8Array(positions.buffer, positions.byteOffset, positions.byteLength);
    return this.call(
      bytes,
      (x, p) => {
        const vertices = Math.floor(positions.length / 3);
        if (!indices) return x.writeStl(p, vertices, 0, Math.floor(vertices / 3));
        const ip = x.alloc(indices.byteLength);
        if (ip === 0) return 26;
        new Uint32Array(x.memory.buffer, ip, indices.length).set(indices);
        return x.writeStl(p, vertices, ip, Math.floor(indices.length / 3));
      },
      (x, r) => u8(x, r[R_OUT_PTR] ?? 0, r[R_OUT_LEN] ?? 0, false),
    );
  }

  /** Area-weighted vertex normals of an indexed mesh. */
  vertexNormals(
    positions: Float32Array,
    indices: Uint32Array,
    opts: { view?: boolean } = {},
  ): Float32Array {
    const bytes = new Uint8Array(positions.buffer, positions.byteOffset, positions.byteLength);
    const vertices = Math.floor(positions.length / 3);
    let out = 0;
    return this.call(
      bytes,
      (x, p) => {
        const ip = x.alloc(indices.byteLength);
        out = x.alloc(vertices * 12);
        if (ip === 0 || out === 0) return 26;
        new Uint32Array(x.memory.buffer, ip, indices.length).set(indices);
        return x.vertexNormals(p, vertices, ip, Math.floor(indices.length / 3), out);
      },
      (x) => f32(x, out, vertices * 3, opts.view === true),
    );
  }

  /**
   * Area-weighted vertex normals of the viewer's quantised grid: `positions` holds uint16 x, y, z
   * and padding per vertex (the view derivative's layout), `indices` uint16 or uint32 triangles.
   */
  gridNormals(
    positions: Uint16Array,
    indices: Uint16Array | Uint32Array,
    opts: { view?: boolean } = {},
  ): Float32Array {
    const bytes = new Uint8Array(positions.buffer, positions.byteOffset, positions.byteLength);
    const vertices = Math.floor(positions.length / 4);
    let out = 0;
    return this.call(
      bytes,
      (x, p) => {
        const ip = x.alloc(indices.byteLength);
        out = x.alloc(vertices * 12 + 4);
        if (ip === 0 || out === 0) return 26;
        new Uint8Array(x.memory.buffer, ip, indices.byteLength).set(
          new Uint8Array(indices.buffer, indices.byteOffset, indices.byteLength),
        );
        return x.gridNormals(
          p,
          vertices,
          ip,
          indices.BYTES_PER_ELEMENT,
          Math.floor(indices.length / 3),
          out,
        );
      },
      (x) => f32(x, out, vertices * 3, opts.view === true),
    );
  }

  // ---- Distance engine (deviation and clearance maps) ----

  /**
   * Arena bytes `signedDistances` needs at most (inputs, outputs, index and adjacency): pass it
   * to `reserve()` while the meshes download so the call pays no memory growth or first touch.
   */
  static distanceBytes(
    queries: number,
    target: { vertices: number; triangles: number; indexed: boolean },
    opts: Pick<DistanceOptions, 'closestPoints' | 'triangles'> = {},
  ): number {
    const { vertices: v, triangles: t } = target;
    const groups = Math.ceil(t / 4);
    const inputs = 12 * queries + 12 * v + (target.indexed ? 12 * t : 0);
    const outputs =
      4 * queries + (opts.closestPoints ? 12 * queries : 0) + (opts.triangles ? 4 * queries : 0);
    // Mirrors the arena use of wasm/assembly (distance.ts, pseudoNormals.ts, triangleBvh.ts,
    // morton.ts): scratch regions are released and reused by the next phase.
    const sort = (n: number): number => 16 * n + 4096;
    const welding = 4 * 2 ** Math.ceil(Math.log2(Math.max(16, 2 * v)));
    const adjacency = 4 * v + 4 * (v + 1) + 36 * t;
    // Groups (256 B), nodes (128 B, with room for the patches' neighbour nodes), node and group
    // patch ids (4 B each), patch records (64 B).
    const tree = groups * (256 + 128 + 4 + 4 + 64) + 2 * 64;
    const build = 12 * t + 24 * groups + sort(t);
    const search = 16 * 512 + sort(queries);
    const phases = Math.max(4 * v + welding, adjacency + tree + Math.max(build, search));
    // Each allocation keeps up to 32 bytes of alignment and slack.
    return inputs + outputs + phases + 32 * 32;
  }

  /**
   * Signed distance from every vertex of `query` (x, y, z per vertex) to the surface of
   * `target`: exact closest points (a BVH over the target's triangles, no approximation beyond
   * float32 arithmetic), signed by the target's angle-weighted pseudo-normal at the closest
   * point, so the sign is right at edges and corners too. Throws MeshError: NO_GEOMETRY (empty
   * mesh), INDEX_OUT_OF_RANGE, NON_FINITE_COORDINATE, MESH_TOO_LARGE, BAD_ARGUMENT.
   */
  signedDistances(
    query: Float32Array,
    target: DistanceTarget,
    opts: DistanceOptions = {},
  ): SignedDistances {
    const { positions, indices } = target;
    const maxDistance = opts.maxDistance ?? Infinity;
    if (query.length % 3 !== 0)
      throw distanceError('BAD_ARGUMENT', 'the query positions are not x, y, z triples');
    if (positions.length % 3 !== 0)
      throw distanceError('BAD_ARGUMENT', 'the target positions are not x, y, z triples');
    if (indices ? indices.length % 3 !== 0 : positions.length % 9 !== 0) {
      throw distanceError('BAD_ARGUMENT', 'the target is not made of whole triangles');
    }
    if (!(maxDistance >= 0))
      throw distanceError('BAD_ARGUMENT', 'maxDistance must be a number ≥ 0');
    const queries = query.length / 3;
    const vertices = positions.length / 3;
    const triangles = indices ? indices.length / 3 : vertices / 3;
    const view = opts.view === true;
    let outDist = 0;
    let outPoint = 0;
    let outTri = 0;
    try {
      const out = this.run(
        (x) => {
          const qp = x.alloc(query.byteLength);
          const tp = x.alloc(positions.byteLength);
          const ip = indices ? x.alloc(indices.byteLength) : 0;
          outDist = x.alloc(queries * 4);
          outPoint = opts.closestPoints ? x.alloc(queries * 12) : 0;
          outTri = opts.triangles ? x.alloc(queries * 4) : 0;
          if (
            !qp ||
            !tp ||
            (indices && !ip) ||
            !outDist ||
            (opts.closestPoints && !outPoint) ||
            (opts.triangles && !outTri)
          ) {
            throw new MeshError('OUT_OF_MEMORY', 'The meshes are too large to compare.');
          }
          new Float32Array(x.memory.buffer, qp, query.length).set(query);
          new Float32Array(x.memory.buffer, tp, positions.length).set(positions);
          if (indices) new Uint32Array(x.memory.buffer, ip, indices.length).set(indices);
          return x.signedDistances(
            qp,
            queries,
            tp,
            vertices,
            ip,
            triangles,
            Math.min(maxDistance, 3.4e38),
            outDist,
            outPoint,
            outTri,
          );
        },
        (x): SignedDistances => ({
          distances: f32(x, outDist, queries, view),
          closestPoints: outPoint ? f32(x, outPoint, queries * 3, view) : null,
          triangles: outTri ? i32(x, outTri, queries, view) : null,
        }),
      );
      if (out === NOT_DONE) throw new MeshError('INTERNAL_ERROR');
      return out;
    } catch (e) {
      throw e instanceof MeshError ? explainDistanceError(e) : e;
    }
  }

  /** Strict base64 (ASCII bytes, whitespace allowed) → bytes. */
  decodeBase64(text: Uint8Array, opts: { view?: boolean } = {}): Uint8Array {
    return this.call(
      text,
      (x, p, n) => x.base64Decode(p, n),
      (x, r) => u8(x, r[R_OUT_PTR] ?? 0, r[R_OUT_LEN] ?? 0, opts.view === true),
    );
  }

  // ---- Software rasteriser (wasm/assembly/raster.ts; host side in raster.ts) ----

  /**
   * Draws meshes with depth, shading and anti-aliasing into an RGBA8 picture. Throws MeshError
   * (BAD_ARGUMENT with the reason, INDEX_OUT_OF_RANGE, NON_FINITE_COORDINATE, OUT_OF_MEMORY…).
   */
  rasterise(meshes: readonly RasterMesh[], opts: RasterOptions): RasterImage {
    const plan = planRaster(meshes, opts);
    try {
      const out = this.run(
        (x) => runRaster(x, plan),
        (x, r) => readRaster(x, r, plan),
      );
      if (out === NOT_DONE) throw new MeshError('INTERNAL_ERROR');
      return out;
    } catch (e) {
      throw e instanceof MeshError ? rasterError(e) : e;
    }
  }
}

/**
 * Binary STL without a whole-file copy into wasm memory: the records are copied in batches
 * into a small window (it stays in cache) and parsed from there, so the file crosses memory
 * once, as in a plain copy. Returns NOT_BINARY_STL for any other content (then `parse` runs).
 */
function streamBinaryStl(x: MeshExports, bytes: Uint8Array, normals: boolean): number {
  const head = Math.min(bytes.length, STL_HEAD_BYTES);
  const p = x.alloc(head);
  if (p === 0) throw new MeshError('OUT_OF_MEMORY');
  new Uint8Array(x.memory.buffer, p, head).set(bytes.subarray(0, head));
  let code = x.stlBegin(p, bytes.length, normals ? 1 : 0);
  if (code !== 0) return code;
  const r = new Uint32Array(x.memory.buffer, x.results(), 32);
  const cap = r[R_OUT_LEN] ?? 0;
  const n = r[R_TRIANGLE_COUNT] ?? 0;
  const window = new Uint8Array(x.memory.buffer, r[R_OUT_PTR] ?? 0, cap * 50);
  for (let t = 0; t < n; t += cap) {
    const k = Math.min(cap, n - t);
    const s = 84 + t * 50;
    window.set(bytes.subarray(s, s + k * 50));
    code = x.stlFeed(k);
    if (code !== 0) return code;
  }
  return x.stlEnd();
}

function stats(x: MeshExports, r: Uint32Array): MeshStats {
  const b = new Float32Array(x.memory.buffer, x.results() + R_BBOX * 4, 6);
  const flags = r[R_FLAGS] ?? 0;
  const details = readPlacedWarnings(x.memory, r);
  return {
    triangleCount: r[R_TRIANGLE_COUNT] ?? 0,
    vertexCount: r[R_VERTEX_COUNT] ?? 0,
    bounds: {
      min: [b[0] ?? 0, b[1] ?? 0, b[2] ?? 0],
      max: [b[3] ?? 0, b[4] ?? 0, b[5] ?? 0],
    },
    warnings: [
      ...WARNING_FLAGS.filter(([bit]) => flags & bit).map(([, name]) => name),
      ...new Set(details.map((d) => d.code)),
    ],
    warningDetails: details,
  };
}

function u8(x: MeshExports, p: number, n: number, view: boolean): Uint8Array {
  const v = new Uint8Array(x.memory.buffer, p, n);
  return view ? v : v.slice();
}

function f32(x: MeshExports, p: number, n: number, view: boolean): Float32Array {
  const v = new Float32Array(x.memory.buffer, p, n);
  return view ? v : v.slice();
}

function i32(x: MeshExports, p: number, n: number, view: boolean): Int32Array {
  const v = new Int32Array(x.memory.buffer, p, n);
  return view ? v : v.slice();
}

function distanceError(code: 'BAD_ARGUMENT', why: string): MeshError {
  return new MeshError(code, `Invalid arguments to the distance engine: ${why}.`);
}

/** R_DETAIL of a distance error names the input at fault (wasm/assembly/distance.ts). */
const DISTANCE_INPUT = ['', 'query', 'target'] as const;

function explainDistanceError(e: MeshError): MeshError {
  const mesh = DISTANCE_INPUT[e.detail] ?? '';
  const which = mesh ? `The ${mesh} mesh` : 'A mesh';
  switch (e.code) {
    case 'NO_GEOMETRY':
      return new MeshError(
        e.code,
        mesh === 'query' ? 'The query mesh has no vertices.' : 'The target mesh has no triangles.',
        e.detail,
      );
    case 'NON_FINITE_COORDINATE':
      return new MeshError(
        e.code,
        `${which} contains a coordinate that is not a finite number (NaN or infinity).`,
        e.detail,
      );
    case 'INDEX_OUT_OF_RANGE':
      return new MeshError(
        e.code,
        'A target triangle refers to a vertex that does not exist.',
        e.detail,
      );
    case 'MESH_TOO_LARGE':
      return new MeshError(
        e.code,
        `${which} is too large to compare (more than 5 million vertices or triangles).`,
        e.detail,
      );
    case 'BAD_ARGUMENT':
      return mesh
        ? new MeshError(e.code, `${which} has a coordinate beyond ±1e18 mm.`, e.detail)
        : e;
    default:
      return e;
  }
}

function u32(x: MeshExports, p: number, n: number, view: boolean): Uint32Array {
  const v = new Uint32Array(x.memory.buffer, p, n);
  return view ? v : v.slice();
}
