// Vite emits the wasm file as an asset and rewrites this URL (no config needed): the decode
// worker, the inline fallback (both through decodeTools.ts) and the mesh worker name one file.
export const WASM_URL = new URL('../../../../wasm/build/cusp.wasm', import.meta.url);
