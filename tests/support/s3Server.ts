/**
 * An S3-protocol server for the tests: s3rver (npm), in a child process on 127.0.0.1 and a free
 * port, storing into a temp folder, with a fresh bucket. Each test file starts its own.
 *
 * What s3rver does not emulate (so the tests cannot see it there): AbortMultipartUpload (405)
 * and ListMultipartUploads (501), so the parts of an aborted upload stay in its folder (never as
 * an object); part-size minimums; request checksums; object timestamps finer than a second; the
 * secret key (a request signed with a wrong secret for its one key id is accepted). It
 * needs OpenSSL's legacy provider for its listing tokens (see `s3rverProcess.ts`).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { S3BlobStoreOptions } from '../../api/src/blobs/s3.js';
import { repoRoot } from './fixturePaths.js';

/** s3rver checks signatures against its one account. */
const ACCESS_KEY = 'S3RVER';

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** The variables that point a Cusp at this server (for `startTestApp`). */
  env: Record<string, string>;
  /** Options for an `S3BlobStore` on this server. */
  storeOptions: S3BlobStoreOptions;
  /** Makes the object under `key` look `ageMs` old (s3rver takes LastModified from the file). */
  backdate(key: string, ageMs: number): void;
  close(): Promise<void>;
}

export async function startS3Server(): Promise<TestS3> {
  const directory = mkdtempSync(join(tmpdir(), 'cusp-s3-'));
  const bucket = `cusp-t-${randomBytes(5).toString('hex')}`;
  const child = spawn(
    process.execPath,
    [
      '--openssl-legacy-provider',
      '--import',
      'tsx',
      'tests/support/s3rverProcess.ts',
      directory,
      bucket,
    ],
    { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const exited = once(child, 'exit');
  const lines = createInterface({ input: child.stdout! });
  let port: number | undefined;
  for await (const line of lines) {
    port = (JSON.parse(line) as { port: number }).port;
    break;
  }
  if (!port) throw new Error('s3rver did not start');
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      BLOB_STORE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
    },
    storeOptions: {
      endpoint,
      bucket,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: ACCESS_KEY },
    },
    backdate(key, ageMs) {
      const when = new Date(Date.now() - ageMs);
      const parts = key.split('/');
      const file = `${parts.pop()!}._S3rver_object`;
      utimesSync(join(directory, bucket, ...parts, file), when, when);
    },
    async close() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
