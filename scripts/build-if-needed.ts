/**
 * Builds the wasm module and the web app when their output is missing or older than their
 * sources. Used by `npm start` and `npm test`, so a fresh clone needs no separate build step.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist' || entry === 'build') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

function outdated(output: string, sources: string[]): boolean {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.some((s) => newestMtime(s) > built);
}

function run(script: string): void {
  console.log(`> npm run ${script}`);
  // Always the production build: callers such as vitest set NODE_ENV=test, which Vite would honour
  // and ship React's development build (larger, slower, effects run twice under StrictMode).
  const r = spawnSync('npm', ['run', '--silent', script], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (r.status !== 0) throw new Error(`npm run ${script} failed with ${r.status ?? r.signal}`);
}

export function buildIfNeeded(root = process.cwd()): void {
  if (
    existsSync(join(root, 'wasm/assembly/index.ts')) &&
    outdated(join(root, 'wasm/build/cusp.wasm'), [
      join(root, 'wasm/assembly'),
      join(root, 'wasm/asconfig.json'),
    ])
  ) {
    run('build:wasm');
  }
  if (
    existsSync(join(root, 'web/index.html')) &&
    outdated(join(root, 'web/dist/index.html'), [
      join(root, 'web/src'),
      join(root, 'web/index.html'),
      join(root, 'web/vite.config.ts'),
      join(root, 'web/public'),
      join(root, 'wasm/build/cusp.wasm'),
    ])
  ) {
    run('build:web');
  }
}

if (import.meta.url === `file://${process.argv[1]}`) buildIfNeeded();
