/**
 * The decoders a model needs, started once per context (decode worker, or the main thread when
 * no worker can run): three's meshopt decoder and the wasm mesh module for normals.
 */
import { MeshoptDecoder } from 'three/examples/jsm/libs/meshopt_decoder.module.js';
import { MeshModule } from '../../../../wasm/src/core.js';
import { gridNormalsJs } from './gridNormals';
import type { DecodeTools } from './modelDecode';
import { WASM_URL } from './wasmUrl';

let ready: Promise<DecodeTools> | undefined;

async function wasmBytes(): Promise<ArrayBuffer> {
  const res = await fetch(WASM_URL);
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return res.arrayBuffer();
}

export function decodeTools(): Promise<DecodeTools> {
  ready ??= (async () => {
    const [mod] = await Promise.all([
      wasmBytes().then((bytes) => MeshModule.create(bytes)),
      MeshoptDecoder.ready,
    ]);
    const tools: DecodeTools = {
      meshopt: MeshoptDecoder,
      // The normals are copied out of wasm memory: the next call reuses it.
      gridNormals: (positions, indices) => mod.gridNormals(positions, indices),
    };
    return tools;
  })().catch((err: unknown) => {
    ready = undefined;
    throw err;
  });
  return ready;
}

/**
 * The decoders of the first frame (boot/firstFrame.ts): the meshopt decoder, whose wasm is in the
 * script itself, and the normals in JavaScript — no request for the wasm module on its path.
 */
export async function firstFrameDecodeTools(): Promise<DecodeTools> {
  await MeshoptDecoder.ready;
  return { meshopt: MeshoptDecoder, gridNormals: gridNormalsJs };
}
