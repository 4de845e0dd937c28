/**
 * Start-up refusals read like every other bad setting: a missing S3 bucket
 * stops the real process with one "Invalid configuration" line naming the variable, not a
 * 40-line stack trace.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../support/process.js';
import { repoRoot } from '../../support/fixturePaths.js';
import { startS3Server, type TestS3 } from '../../support/s3Server.js';

function runMain(
  env: Record<string, string>,
): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/main.ts'], {
      cwd: repoRoot,
      env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    // Generous: a cold `tsx` start on a loaded 2-core machine takes most of a minute.
    const kill = setTimeout(() => child.kill('SIGKILL'), 150_000);
    child.once('exit', (code) => {
      clearTimeout(kill);
      resolve({ code, out, err });
    });
  });
}

describe('start-up with a bad setting found by its adapter', () => {
  let s3: TestS3;
  const dataDir = mkdtempSync(join(tmpdir(), 'cusp-startup-'));
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(async () => {
    await s3?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('stops on a missing S3 bucket with one Invalid configuration line and no stack', async () => {
    const r = await runMain({
      ...s3.env,
      S3_BUCKET: 'cusp-no-such-bucket',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PORT: String(await freePort()),
      // The AWS SDK's one-time notice about Node 20 (api/README.md) is not ours to test.
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    });
    expect(r.code).toBe(1);
    expect(r.err.trim()).toBe(
      'Invalid configuration: S3_BUCKET: bucket "cusp-no-such-bucket" does not exist',
    );
    expect(`${r.out}${r.err}`).not.toMatch(/\n\s+at /);
  }, 180_000);
});
