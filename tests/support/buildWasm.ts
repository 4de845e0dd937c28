/**
 * Vitest globalSetup: builds the wasm module once when `wasm/build/cusp.wasm` is missing or
 * older than its AssemblyScript sources, so tests never run against a stale binary.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const wasmFile = join(root, 'wasm', 'build', 'cusp.wasm');
const sources = join(root, 'wasm', 'assembly');

function newestSource(): number {
  let t = statSync(join(root, 'wasm', 'asconfig.json')).mtimeMs;
  for (const f of readdirSync(sources)) t = Math.max(t, statSync(join(sources, f)).mtimeMs);
  return t;
}

export function buildWasmIfNeeded(): void {
  if (existsSync(wasmFile) && statSync(wasmFile).mtimeMs >= newestSource()) return;
  const r = spawnSync('npm', ['run', '--silent', 'build:wasm'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0 || !existsSync(wasmFile)) {
    throw new Error(`building the wasm module failed (exit ${r.status ?? 'signal'})`);
  }
}

export default function setup(): void {
  buildWasmIfNeeded();
}
