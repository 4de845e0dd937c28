/**
 * Upload benchmark (issue 6 item 8): a 50 MB binary STL streamed to `POST /api/projects` over real
 * HTTP. Prints the server's RSS growth (target < 64 MB) and the upload speed against a baseline
 * measured in the same run: writing the same bytes to disk with the same chunked AES-256-GCM
 * (target ≥ 0.5×). The client generates the file on the fly, so its own memory stays small.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream, rmSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { EncryptStream } from '../../api/src/blobs/chunkCipher.js';
import { startTestApp } from '../support/app.js';
import { signUp } from '../support/projects.js';

const TRIANGLES = Math.floor((50 * 1024 * 1024 - 84) / 50);
const SIZE = 84 + 50 * TRIANGLES;
const BOUNDARY = '----cuspbench';

/** A valid binary STL of SIZE bytes, produced in 1 MiB pieces (same bytes each run). */
function* stlChunks(): Generator<Buffer> {
  const header = Buffer.alloc(84);
  header.writeUInt32LE(TRIANGLES, 80);
  yield header;
  const per = Math.floor((1024 * 1024) / 50);
  const block = Buffer.alloc(per * 50);
  for (let i = 0; i < per; i++) {
    for (let k = 0; k < 12; k++) block.writeFloatLE((i % 97) + k * 0.5, i * 50 + k * 4);
  }
  let left = TRIANGLES;
  while (left > 0) {
    const n = Math.min(per, left);
    yield n === per ? block : block.subarray(0, n * 50);
    left -= n;
  }
}

function* body(): Generator<Buffer> {
  yield Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="projectData"\r\n\r\n` +
      JSON.stringify({ name: 'Bench', patientName: 'P', laboratoryName: 'L' }) +
      `\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="models"; filename="bench.stl"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  yield* stlChunks();
  yield Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
}

async function upload(base: string, token: string): Promise<number> {
  const url = new URL('/api/projects', base);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        },
      },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () =>
          res.statusCode === 201
            ? resolve(res.statusCode)
            : reject(new Error(`${res.statusCode} ${text}`)),
        );
      },
    );
    req.on('error', reject);
    Readable.from(body()).pipe(req);
  });
}

async function baseline(dir: string): Promise<number> {
  const file = join(dir, `baseline-${Date.now()}`);
  const t0 = performance.now();
  await pipeline(
    Readable.from(stlChunks()),
    new EncryptStream(randomBytes(32), Buffer.from('bench')),
    createWriteStream(file),
  );
  const ms = performance.now() - t0;
  rmSync(file);
  return ms;
}

const t = await startTestApp('pglite');
try {
  const user = await signUp(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = t.app.server.address();
  const base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  await upload(base, user.token); // warm-up: JIT, wasm, tables
  globalThis.gc?.();
  await new Promise((r) => setTimeout(r, 200));

  const rss0 = process.memoryUsage().rss;
  let peak = rss0;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const t0 = performance.now();
  await upload(base, user.token);
  const uploadMs = performance.now() - t0;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  const baseMs = Math.min(await baseline(t.dataDir), await baseline(t.dataDir));

  const mb = SIZE / (1024 * 1024);
  const growth = (peak - rss0) / (1024 * 1024);
  const ratio = baseMs / uploadMs;
  console.log(`file: ${mb.toFixed(1)} MiB binary STL (${TRIANGLES} triangles)`);
  console.log(
    `upload (HTTP multipart → check → encrypt → fsync): ${uploadMs.toFixed(0)} ms, ${(mb / (uploadMs / 1000)).toFixed(1)} MiB/s`,
  );
  console.log(
    `baseline (same bytes, same encryption, to disk):   ${baseMs.toFixed(0)} ms, ${(mb / (baseMs / 1000)).toFixed(1)} MiB/s`,
  );
  console.log(`speed ratio: ${ratio.toFixed(2)}× of baseline (target ≥ 0.5×)`);
  console.log(`server RSS growth: ${growth.toFixed(1)} MiB (target < 64 MiB)`);
  const ok = growth < 64 && ratio >= 0.5;
  console.log(ok ? 'PASS' : 'FAIL');
  process.exitCode = ok ? 0 : 1;
} finally {
  await t.close();
}
