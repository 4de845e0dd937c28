/**
 * The decoders of the first frame (firstFrame.ts): the meshopt decoder, whose wasm is inside the
 * script, and the normals in JavaScript (gridNormals.ts) — neither the wasm mesh module's
 * download nor its glue code (mesh/decodeTools.ts, loaded on demand) is on that frame's path.
 */
import { MeshoptDecoder } from 'three/examples/jsm/libs/meshopt_decoder.module.js';
import { gridNormalsJs } from '../mesh/gridNormals';
import type { DecodeTools } from '../mesh/modelDecode';

export async function firstFrameDecodeTools(): Promise<DecodeTools> {
  await MeshoptDecoder.ready;
  return { meshopt: MeshoptDecoder, gridNormals: gridNormalsJs };
}
