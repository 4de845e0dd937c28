/**
 * Writes a brotli (`.br`) and gzip (`.gz`) copy next to every compressible file of the built web
 * app, once at build time; the API serves them with Content-Encoding (@fastify/static
 * `preCompressed`). The viewer's JavaScript is most of a doctor's first page load on a slow link.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|wasm|txt|map)$/;
const MIN_BYTES = 1024;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

export function compressWeb(root: string): { files: number; before: number; after: number } {
  let count = 0;
  let before = 0;
  let after = 0;
  for (const path of files(root)) {
    if (!COMPRESSIBLE.test(path)) continue;
    const raw = readFileSync(path);
    if (raw.length < MIN_BYTES) continue;
    const br = brotliCompressSync(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    });
    writeFileSync(`${path}.br`, br);
    writeFileSync(`${path}.gz`, gzipSync(raw, { level: 9 }));
    count++;
    before += raw.length;
    after += br.length;
  }
  return { files: count, before, after };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = compressWeb(process.argv[2] ?? 'web/dist');
  console.log(
    `compressed ${r.files} files: ${(r.before / 1e6).toFixed(2)} MB → ${(r.after / 1e6).toFixed(2)} MB (brotli)`,
  );
}
