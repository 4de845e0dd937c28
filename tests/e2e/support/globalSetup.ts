import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './paths';

/** Newest modification time of a file or, recursively, of the files in a folder. */
function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const st = statSync(target);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) {
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

function run(command: string): void {
  console.log(`[e2e] ${command}`);
  execSync(command, { cwd: ROOT, stdio: 'inherit' });
}

/** Builds what the server serves: the wasm module when missing, the web app when stale. */
export default function globalSetup(): void {
  if (process.env.CUSP_E2E_SKIP_BUILD === '1') return;

  const wasmOut = path.join(ROOT, 'wasm/build/cusp.wasm');
  const wasmSrc = path.join(ROOT, 'wasm/assembly/index.ts');
  if (!existsSync(wasmOut) && existsSync(wasmSrc)) run('npm run build:wasm');

  const built = path.join(ROOT, 'web/dist/index.html');
  const sources = Math.max(
    newestMtime(path.join(ROOT, 'web/src')),
    newestMtime(path.join(ROOT, 'web/public')),
    newestMtime(path.join(ROOT, 'web/index.html')),
    newestMtime(path.join(ROOT, 'web/vite.config.ts')),
    newestMtime(wasmOut),
  );
  if (!existsSync(built) || statSync(built).mtimeMs < sources) {
    run('npx vite build --config web/vite.config.ts');
  }
}
