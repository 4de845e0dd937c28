/**
 * Upload benchmark: a 50 MB binary STL streamed to `POST /api/projects` over real
 * HTTP. Prints the server's RSS growth (target < 64 MB) and the upload speed against a baseline
 * measured in the same run (target ≥ 0.5×).
 *
 * Fairness:
 * - The client runs in its own process (`support/uploadClient.ts`, forked), so it does not share
 *   the server's event loop; it sends one pre-built, pre-touched body in 1 MiB writes.
 * - The baseline writes the same STL bytes, fed in 64 KiB pieces (what a socket delivers) from a
 *   pre-touched buffer, through the same 64 KiB AES-256-GCM `EncryptStream` to a file, and fsyncs
 *   it — the durable write the upload path must also do. The figure without the fsync is printed
 *   too, for reference.
 * - Warm: one upload and one baseline first (JIT, wasm, tables, page cache), then ROUNDS rounds
 *   alternating baseline and upload; medians are reported.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { EncryptStream } from '../../api/src/blobs/chunkCipher.js';
import { startTestApp } from '../support/app.js';
import { signUp } from '../support/projects.js';
import { benchStl } from './support/uploadClient.js';

const SIZE = 50 * 1024 * 1024;
const ROUNDS = Number(process.env.UPLOAD_BENCH_ROUNDS ?? 5);
const here = dirname(fileURLToPath(import.meta.url));

interface ClientAnswer {
  ready?: boolean;
  run?: number;
  ms?: number;
  error?: string;
}

function startClient(): Promise<ChildProcess> {
  const child = fork(join(here, 'support', 'uploadClient.ts'), [String(SIZE)], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, CUSP_BENCH_CLIENT: '1' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (m: ClientAnswer) =>
      m.ready ? resolve(child) : reject(new Error(String(m.error))),
    );
    child.once('exit', (code) => reject(new Error(`upload client exited with ${code}`)));
  });
}

let runs = 0;
function clientUpload(client: ChildProcess, url: string, token: string): Promise<number> {
  const run = ++runs;
  return new Promise((resolve, reject) => {
    const onMessage = (m: ClientAnswer) => {
      if (m.run !== run) return;
      client.off('message', onMessage);
      if (m.error !== undefined || m.ms === undefined) reject(new Error(m.error));
      else resolve(m.ms);
    };
    client.on('message', onMessage);
    client.send({ run, url, token });
  });
}

/** The same bytes, through the same chunk encryption, to a file on the same disk; fsync optional. */
async function baseline(dir: string, stl: Buffer, fsync: boolean): Promise<number> {
  const file = join(dir, `baseline-${++runs}`);
  const pieces: Buffer[] = [];
  for (let off = 0; off < stl.length; off += 64 * 1024) {
    pieces.push(stl.subarray(off, Math.min(stl.length, off + 64 * 1024)));
  }
  const key = randomBytes(32);
  const t0 = performance.now();
  // `flush` fsyncs the file before it is closed (Node ≥ 20.10).
  await pipeline(
    Readable.from(pieces),
    new EncryptStream(key, Buffer.from(`blob\u0000${file}`)),
    createWriteStream(file, { flags: 'wx', mode: 0o600, flush: fsync }),
  );
  const ms = performance.now() - t0;
  await rm(file);
  return ms;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const mibps = (bytes: number, ms: number) => bytes / (1024 * 1024) / (ms / 1000);

const t = await startTestApp('pglite', {}, { checkAnswers: false });
const client = await startClient();
try {
  const user = await signUp(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = t.app.server.address();
  const url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}/api/projects`;
  const stl = benchStl(SIZE); // touched once here, reused by every baseline round

  /** One upload, with the server's RSS growth (peak − start, sampled every 10 ms) while it ran. */
  const measured = async (): Promise<{ ms: number; growth: number }> => {
    globalThis.gc?.();
    await new Promise((res) => setTimeout(res, 50));
    const rss0 = process.memoryUsage().rss;
    let peak = rss0;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
    const ms = await clientUpload(client, url, user.token);
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    return { ms, growth: (peak - rss0) / (1024 * 1024) };
  };

  // Warm-up: JIT, wasm, tables, page cache. Its RSS growth (the cold one) counts too.
  const cold = await measured();
  await baseline(t.dataDir, stl, true);

  const up: number[] = [];
  const base: number[] = [];
  const baseNoSync: number[] = [];
  let growth = cold.growth;
  for (let r = 0; r < ROUNDS; r++) {
    base.push(await baseline(t.dataDir, stl, true));
    baseNoSync.push(await baseline(t.dataDir, stl, false));
    const m = await measured();
    up.push(m.ms);
    growth = Math.max(growth, m.growth);
  }

  const upMs = median(up);
  const baseMs = median(base);
  const ratio = baseMs / upMs;
  console.log(
    `file: ${(stl.length / 2 ** 20).toFixed(1)} MiB binary STL; ${ROUNDS} warm rounds, medians`,
  );
  console.log(
    `upload (client process → HTTP multipart → check → encrypt → fsync): ${upMs.toFixed(0)} ms, ${mibps(stl.length, upMs).toFixed(1)} MiB/s  [runs: ${up.map((x) => x.toFixed(0)).join(', ')}]`,
  );
  console.log(
    `baseline (same bytes, same 64 KiB AES-256-GCM, to disk + fsync):      ${baseMs.toFixed(0)} ms, ${mibps(stl.length, baseMs).toFixed(1)} MiB/s  [runs: ${base.map((x) => x.toFixed(0)).join(', ')}]`,
  );
  const nsMs = median(baseNoSync);
  console.log(
    `  (for reference, the baseline without fsync: ${nsMs.toFixed(0)} ms, ${mibps(stl.length, nsMs).toFixed(1)} MiB/s → ${(nsMs / upMs).toFixed(2)}×)`,
  );
  console.log(`speed ratio: ${ratio.toFixed(2)}× of baseline (target ≥ 0.5×)`);
  console.log(
    `server RSS growth: ${growth.toFixed(1)} MiB, worst upload incl. the cold first one (${cold.growth.toFixed(1)} MiB) (target < 64 MiB)`,
  );
  const ok = growth < 64 && ratio >= 0.5;
  console.log(ok ? 'PASS' : 'FAIL');
  process.exitCode = ok ? 0 : 1;
} finally {
  client.kill();
  await t.close();
}
