/**
 * Reads the server's view derivative (api/src/mesh/viewDerivative.ts): a GLB holding one indexed
 * triangle mesh — positions as normalised uint16, four per vertex (KHR_mesh_quantization), an
 * optional RGBA8 COLOR_0, and every stream meshopt-encoded (KHR_meshopt_compression, or
 * EXT_meshopt_compression in derivatives stored before it) in the BIN chunk; the node's translation
 * and uniform scale map the [0, 1] grid back to millimetres; the material's `doubleSided` says
 * whether back faces can ever be seen (false only for a closed surface facing outwards).
 *
 * Only that shape is read, with a check at every step: no three.js here, so it runs in the decode
 * worker as well as on the main thread. The meshopt decoder is passed in (its wasm is started once
 * per context).
 */
import { ViewMeshError } from './viewMeshError';

export interface MeshoptDecoderLike {
  decodeGltfBuffer(
    target: Uint8Array,
    count: number,
    size: number,
    source: Uint8Array,
    mode: string,
    filter?: string,
  ): void;
}

export interface DecodedView {
  /** xyz + padding per vertex, normalised over the grid (value / 65535). */
  positions: Uint16Array;
  vertexCount: number;
  indices: Uint16Array | Uint32Array;
  /** RGBA8 per vertex, normalised; undefined without vertex colours. */
  colors: Uint8Array | undefined;
  /** World = offset + scale × grid. */
  offset: [number, number, number];
  scale: number;
  /**
   * Back faces must be drawn. Derivatives stored before the material was recorded have none and
   * read as double-sided: the safe side for an open scan.
   */
  doubleSided: boolean;
}

/** The two names of the meshopt extension: the ratified one first, then the vendor one. */
const MESHOPT_EXTENSIONS = ['KHR_meshopt_compression', 'EXT_meshopt_compression'] as const;

const GLB_MAGIC = 0x46546c67; // 'glTF'
const CHUNK_JSON = 0x4e4f534a;
const CHUNK_BIN = 0x004e4942;
const UNSIGNED_BYTE = 5121;
const UNSIGNED_SHORT = 5123;
const UNSIGNED_INT = 5125;

type Json = Record<string, unknown>;

const obj = (v: unknown, what: string): Json => {
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw new ViewMeshError(`GLB: ${what}`);
  return v as Json;
};
const int = (v: unknown, what: string): number => {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0) {
    throw new ViewMeshError(`GLB: ${what}`);
  }
  return v;
};
const finite = (v: unknown, what: string): number => {
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new ViewMeshError(`GLB: ${what}`);
  return v;
};
const item = (list: unknown, i: number, what: string): Json =>
  obj(Array.isArray(list) ? list[i] : undefined, what);

export function isGlb(bytes: ArrayBuffer): boolean {
  return bytes.byteLength >= 12 && new DataView(bytes).getUint32(0, true) === GLB_MAGIC;
}

/** The JSON and BIN chunks of a GLB. */
function chunks(bytes: ArrayBuffer): { json: Json; bin: Uint8Array } {
  const dv = new DataView(bytes);
  if (bytes.byteLength < 28 || dv.getUint32(0, true) !== GLB_MAGIC) {
    throw new ViewMeshError('not a GLB');
  }
  if (dv.getUint32(4, true) !== 2) throw new ViewMeshError('GLB: version 2 expected');
  const jsonLength = dv.getUint32(12, true);
  if (dv.getUint32(16, true) !== CHUNK_JSON || 20 + jsonLength + 8 > bytes.byteLength) {
    throw new ViewMeshError('GLB: JSON chunk');
  }
  let json: Json;
  try {
    json = obj(JSON.parse(new TextDecoder().decode(new Uint8Array(bytes, 20, jsonLength))), 'JSON');
  } catch (err) {
    if (err instanceof ViewMeshError) throw err;
    throw new ViewMeshError('GLB: JSON chunk is not JSON');
  }
  const binAt = 20 + jsonLength;
  const binLength = dv.getUint32(binAt, true);
  if (dv.getUint32(binAt + 4, true) !== CHUNK_BIN || binAt + 8 + binLength > bytes.byteLength) {
    throw new ViewMeshError('GLB: BIN chunk');
  }
  return { json, bin: new Uint8Array(bytes, binAt + 8, binLength) };
}

/** Decodes accessor `index` into a new buffer of `count × size` bytes. */
function decodeAccessor(
  json: Json,
  bin: Uint8Array,
  decoder: MeshoptDecoderLike,
  index: number,
  expect: { componentType: readonly number[]; type: string },
): { bytes: Uint8Array; count: number; componentType: number; stride: number } {
  const accessor = item(json.accessors, index, `accessor ${index}`);
  const componentType = int(accessor.componentType, 'componentType');
  if (!expect.componentType.includes(componentType) || accessor.type !== expect.type) {
    throw new ViewMeshError(`GLB: accessor ${index} has an unexpected layout`);
  }
  const count = int(accessor.count, 'accessor count');
  const view = item(json.bufferViews, int(accessor.bufferView, 'bufferView'), 'bufferView');
  const extensions = obj(view.extensions, 'meshopt compression expected');
  const name = MESHOPT_EXTENSIONS.find((n) => extensions[n] !== undefined);
  const ext = obj(name ? extensions[name] : undefined, 'meshopt compression expected');
  if (int(ext.buffer, 'meshopt buffer') !== 0) throw new ViewMeshError('GLB: meshopt buffer');
  const stride = int(ext.byteStride, 'meshopt byteStride');
  const extCount = int(ext.count, 'meshopt count');
  const offset = int(ext.byteOffset ?? 0, 'meshopt byteOffset');
  const length = int(ext.byteLength, 'meshopt byteLength');
  const mode = ext.mode;
  if (mode !== 'ATTRIBUTES' && mode !== 'TRIANGLES' && mode !== 'INDICES') {
    throw new ViewMeshError('GLB: meshopt mode');
  }
  if (extCount !== count || stride === 0 || offset + length > bin.byteLength) {
    throw new ViewMeshError(`GLB: accessor ${index} does not match its stream`);
  }
  const filter = typeof ext.filter === 'string' ? ext.filter : 'NONE';
  const bytes = new Uint8Array(count * stride);
  try {
    decoder.decodeGltfBuffer(
      bytes,
      count,
      stride,
      bin.subarray(offset, offset + length),
      mode,
      filter,
    );
  } catch {
    throw new ViewMeshError(`GLB: stream of accessor ${index} is corrupt`);
  }
  return { bytes, count, componentType, stride };
}

/** Decodes a view-derivative GLB into its grid positions, indices, colours and transform. */
export function parseViewGlb(bytes: ArrayBuffer, decoder: MeshoptDecoderLike): DecodedView {
  const { json, bin } = chunks(bytes);
  const required = Array.isArray(json.extensionsRequired) ? json.extensionsRequired : [];
  for (const e of required) {
    if (e !== 'KHR_mesh_quantization' && !(MESHOPT_EXTENSIONS as readonly unknown[]).includes(e)) {
      throw new ViewMeshError(`GLB: unsupported extension ${String(e)}`);
    }
  }
  const node = item(json.nodes, 0, 'node');
  const primitive = item(
    item(json.meshes, int(node.mesh, 'node mesh'), 'mesh').primitives,
    0,
    'primitive',
  );
  if ((primitive.mode ?? 4) !== 4) throw new ViewMeshError('GLB: triangles expected');
  const attributes = obj(primitive.attributes, 'attributes');

  const pos = decodeAccessor(json, bin, decoder, int(attributes.POSITION, 'POSITION'), {
    componentType: [UNSIGNED_SHORT],
    type: 'VEC3',
  });
  if (pos.stride !== 8) throw new ViewMeshError('GLB: positions must be 4 × uint16');
  const idx = decodeAccessor(json, bin, decoder, int(primitive.indices, 'indices'), {
    componentType: [UNSIGNED_SHORT, UNSIGNED_INT],
    type: 'SCALAR',
  });
  const indices =
    idx.componentType === UNSIGNED_SHORT
      ? new Uint16Array(idx.bytes.buffer, 0, idx.count)
      : new Uint32Array(idx.bytes.buffer, 0, idx.count);
  if (indices.length % 3 !== 0) throw new ViewMeshError('GLB: index count is not a multiple of 3');
  for (let i = 0; i < indices.length; i++) {
    if (indices[i]! >= pos.count) throw new ViewMeshError('GLB: index out of range');
  }
  let colors: Uint8Array | undefined;
  if (attributes.COLOR_0 !== undefined) {
    const c = decodeAccessor(json, bin, decoder, int(attributes.COLOR_0, 'COLOR_0'), {
      componentType: [UNSIGNED_BYTE],
      type: 'VEC4',
    });
    if (c.count !== pos.count || c.stride !== 4) throw new ViewMeshError('GLB: COLOR_0 layout');
    colors = c.bytes;
  }
  let doubleSided = true;
  if (primitive.material !== undefined) {
    const material = item(json.materials, int(primitive.material, 'material'), 'material');
    const sides = material.doubleSided ?? false; // the glTF default
    if (typeof sides !== 'boolean') throw new ViewMeshError('GLB: doubleSided');
    doubleSided = sides;
  }
  const t = Array.isArray(node.translation) ? node.translation : [0, 0, 0];
  const s = Array.isArray(node.scale) ? node.scale : [1, 1, 1];
  const scale = finite(s[0], 'node scale');
  if (s[1] !== scale || s[2] !== scale || scale <= 0) {
    throw new ViewMeshError('GLB: a uniform positive scale is expected');
  }
  return {
    positions: new Uint16Array(pos.bytes.buffer, 0, pos.count * 4),
    vertexCount: pos.count,
    indices,
    colors,
    offset: [finite(t[0], 'translation'), finite(t[1], 'translation'), finite(t[2], 'translation')],
    scale,
    doubleSided,
  };
}
