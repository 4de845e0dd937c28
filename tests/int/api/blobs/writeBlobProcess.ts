/**
 * One large streamed write in a process of its own, so its memory is measured without the test
 * runner's or the S3 server's: `node --import tsx writeBlobProcess.ts <blob key> <MiB>`, with the
 * store chosen by the environment (BLOB_STORE, DATA_DIR, S3_*) as in production and the data key
 * in `TEST_DATA_KEY` (hex). A warm-up write of one part comes first (SDK loading, JIT). Prints
 * one JSON line: the RSS growth of the big write (peak − start, sampled per chunk and every
 * 10 ms), the plaintext's sha256 and the stored size.
 */
import { createHash, randomBytes } from 'node:crypto';
import pino from 'pino';
import { putEncrypted } from '../../../../api/src/blobs/encrypted.js';
import { openBlobStore } from '../../../../api/src/blobs/open.js';
import { loadConfig } from '../../../../api/src/config.js';

const MiB = 1024 * 1024;
const [blobKey, mibArg] = process.argv.slice(2);
const dataKey = { key: Buffer.from(process.env.TEST_DATA_KEY ?? '', 'hex'), version: 1 };
const { blobs, close } = await openBlobStore(loadConfig(process.env), pino({ level: 'silent' }));

/** `mib` MiB in 64 KiB chunks cut from one random MiB: the source itself allocates nothing. */
const block = randomBytes(MiB);
async function* plaintext(mib: number, onChunk: (c: Buffer) => void): AsyncGenerator<Buffer> {
  for (let i = 0; i < mib * 16; i++) {
    // A full collection every MiB: the peak then shows what is held, not what awaits collection.
    if (i % 16 === 0) globalThis.gc?.();
    const c = block.subarray((i % 16) * 64 * 1024, ((i % 16) + 1) * 64 * 1024);
    onChunk(c);
    yield c;
  }
}

await putEncrypted(
  blobs,
  `${blobKey}-warm-up`,
  plaintext(6, () => {}),
  dataKey,
);
await blobs.delete(`${blobKey}-warm-up`);

const rss = () => process.memoryUsage().rss;
const start = rss();
let peak = start;
const sampler = setInterval(() => (peak = Math.max(peak, rss())), 10);
const hash = createHash('sha256');
const { storedBytes } = await putEncrypted(
  blobs,
  blobKey!,
  plaintext(Number(mibArg), (c) => {
    hash.update(c);
    peak = Math.max(peak, rss());
  }),
  dataKey,
);
clearInterval(sampler);
peak = Math.max(peak, rss());
await close();
console.log(
  JSON.stringify({ growthMiB: (peak - start) / MiB, sha256: hash.digest('hex'), storedBytes }),
);
