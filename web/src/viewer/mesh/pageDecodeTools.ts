/**
 * The decoders of the page's own thread: the first frame's (boot/firstFrame.ts), and every
 * model's where no decode worker can start (decodeClient.ts). The meshopt decoder, whose wasm is
 * inside the script, and the normals in JavaScript (gridNormals.ts): neither the wasm mesh
 * module's download nor its glue code is on the first frame's path, and the chunk that carries
 * this code imports nothing (web/vite.config.ts). The decode worker uses the wasm module
 * (decodeTools.ts).
 */
import { MeshoptDecoder } from 'three/examples/jsm/libs/meshopt_decoder.module.js';
import { gridNormalsJs } from './gridNormals';
import type { DecodeTools } from './modelDecode';

export async function pageDecodeTools(): Promise<DecodeTools> {
  await MeshoptDecoder.ready;
  return { meshopt: MeshoptDecoder, gridNormals: gridNormalsJs };
}
