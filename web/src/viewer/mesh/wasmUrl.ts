// Vite emits the wasm file as an asset and rewrites this URL (no config needed): the decode
// worker and the inline fallback (both through decodeTools.ts) name the same file.
export const WASM_URL = new URL('../../../../wasm/build/cusp.wasm', import.meta.url);
