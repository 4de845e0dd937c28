/**
 * The scripts a viewer link loads before its first frame, read from a `npm run build:web` output
 * through Vite's build manifest: the entry chunk and everything it imports, the early chunk
 * (`first-frame`: web/src/viewer/boot/early.ts and what it needs) and the decode worker it
 * starts, and the viewer's route chunk with its imports — what api/src/routes/viewerPage.ts
 * names and the page then runs.
 * Used by the script budget test and printed by the viewer benchmark.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { z } from 'zod';

const manifestSchema = z.record(
  z.string(),
  z.object({
    file: z.string(),
    name: z.string().optional(),
    imports: z.array(z.string()).optional(),
    assets: z.array(z.string()).optional(),
  }),
);

/** The chunk the viewer page runs first, by name (web/vite.config.ts, routes/viewerPage.ts). */
const EARLY_CHUNK = { name: 'first-frame' };
type Root = string | { name: string };
/** What the viewer page starts from: manifest keys, or a chunk by its name. */
const ROOTS: Root[] = ['index.html', EARLY_CHUNK, 'src/pages/Viewer/ViewerPage.tsx'];
/** What a public link runs before its first frame (boot/firstFrame.ts). */
const FIRST_FRAME_ROOTS: Root[] = [EARLY_CHUNK];
/** Worker scripts are listed as assets of the chunk that starts them. */
const DECODE_WORKER = /^assets\/decode\.worker-[\w-]+\.js$/;

export interface ViewerScript {
  /** Path under web/dist, e.g. assets/index-abc.js. */
  file: string;
  /** Bytes as built. */
  raw: number;
  /** Bytes as served: the build's precompressed .br copy (brotli q11 when there is none). */
  brotli: number;
}

export function manifestPath(dist: string): string {
  return join(dist, '.vite', 'manifest.json');
}

function brotliBytes(path: string): number {
  if (existsSync(`${path}.br`)) return readFileSync(`${path}.br`).length;
  return brotliCompressSync(readFileSync(path), {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
  }).length;
}

/** Every script of the viewer's critical path in `dist`, largest first. */
export function viewerCriticalScripts(dist: string): ViewerScript[] {
  return scriptsFrom(dist, ROOTS, true);
}

/**
 * The scripts of a public link's first frame drawn before the app: the early entry and what it
 * imports — no React, no three.js, no R3F, no worker (the decode worker starts after it).
 */
export function firstFrameScripts(dist: string): ViewerScript[] {
  return scriptsFrom(dist, FIRST_FRAME_ROOTS, false);
}

function scriptsFrom(dist: string, roots: readonly Root[], workers: boolean): ViewerScript[] {
  const manifest = manifestSchema.parse(JSON.parse(readFileSync(manifestPath(dist), 'utf8')));
  const keyOf = (root: Root) =>
    typeof root === 'string'
      ? root
      : (Object.entries(manifest).find(([, c]) => c.name === root.name)?.[0] ?? root.name);
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`build manifest has no ${key}`);
    files.add(chunk.file);
    for (const a of chunk.assets ?? []) if (workers && DECODE_WORKER.test(a)) files.add(a);
    for (const i of chunk.imports ?? []) visit(i);
  };
  for (const r of roots) visit(keyOf(r));
  return [...files]
    .map((file) => {
      const path = join(dist, file);
      return { file, raw: readFileSync(path).length, brotli: brotliBytes(path) };
    })
    .sort((a, b) => b.raw - a.raw);
}

/** A table of the scripts with their totals, for logs. */
export function formatScripts(scripts: readonly ViewerScript[]): string {
  const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`.padStart(10);
  const rows = scripts.map((s) => `${kb(s.raw)} ${kb(s.brotli)} br  ${s.file}`);
  const raw = scripts.reduce((n, s) => n + s.raw, 0);
  const br = scripts.reduce((n, s) => n + s.brotli, 0);
  return [...rows, `${kb(raw)} ${kb(br)} br  total (${scripts.length} scripts)`].join('\n');
}
