// Vite emits the wasm file as an asset and rewrites this URL (no config needed): the page's first
// frame (boot/firstFrame.ts) and the decode worker (decodeTools.ts) name the same file.
export const WASM_URL = new URL('../../../../wasm/build/cusp.wasm', import.meta.url);
