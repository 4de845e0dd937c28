/**
 * `npm run bench`: runs every `tests/bench/*.bench.ts` in its own process, one after another,
 * so one benchmark's heap and page faults never disturb the next. A name filter may be given:
 * `npm run bench -- wasm`.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const filter = process.argv[2];
const files = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => !filter || f.includes(filter))
  .sort();

console.log(
  `machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB, node ${process.version}`,
);
let failed = 0;
for (const f of files) {
  console.log(`\n=== ${f} ===`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', '--expose-gc', join(here, f)], {
    stdio: 'inherit',
    env: process.env,
  });
  if (r.status !== 0) {
    failed++;
    console.log(`!!! ${f} exited with ${r.status}`);
  }
}
process.exit(failed ? 1 : 0);
