/**
 * The decoders a model needs, started once per context (decode worker, or the main thread when
 * no worker can run): three's meshopt decoder and the wasm mesh module for normals.
 */
import { MeshoptDecoder } from 'three/examples/jsm/libs/meshopt_decoder.module.js';
import { MeshModule } from '../../../../wasm/src/core.js';
import type { DecodeTools } from './modelDecode';
import { WASM_URL } from './wasmUrl';

let ready: Promise<DecodeTools> | undefined;
/** The wasm module's bytes where someone else downloads them (the page, for the first frame). */
let givenWasm: Promise<ArrayBuffer> | undefined;

/**
 * The wasm bytes will come from `bytes` instead of a request of this context's own; if that
 * fails, the request is made after all. Before the first `decodeTools()`.
 */
export function wasmBytesFrom(bytes: Promise<ArrayBuffer>): void {
  givenWasm = bytes;
}

async function wasmBytes(): Promise<ArrayBuffer> {
  const own = async () => {
    const res = await fetch(WASM_URL);
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    return res.arrayBuffer();
  };
  return givenWasm ? givenWasm.catch(own) : own();
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
