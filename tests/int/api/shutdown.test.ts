import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dcmFixtures } from '../../support/fixturePaths.js';
import { startCuspProcess } from '../../support/process.js';

const fixture = readFileSync(join(dcmFixtures, 'example_ca.dcm'));

describe('graceful shutdown', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cusp-stop-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('finishes a request that is in flight when SIGTERM arrives, then exits 0', async () => {
    const cusp = await startCuspProcess({ DATA_DIR: dataDir, DATABASE_URL: '' });
    const boundary = 'cuspboundary';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="scan.dcm"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const body = Buffer.concat([head, fixture, tail]);
    const url = new URL('/api/dcm/convert', cusp.baseUrl);

    const answer = new Promise<{ status: number; bytes: number }>((resolve, reject) => {
      const req = http.request(
        url,
        {
          method: 'POST',
          headers: {
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': body.length,
          },
        },
        (res) => {
          let bytes = 0;
          res.on('data', (d: Buffer) => (bytes += d.length));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes }));
        },
      );
      req.on('error', reject);
      // Half the upload now; the rest only after the signal was sent.
      req.write(body.subarray(0, body.length >> 1));
      setTimeout(() => {
        cusp.child.kill('SIGTERM');
        setTimeout(() => req.end(body.subarray(body.length >> 1)), 500);
      }, 300);
    });

    const res = await answer;
    expect(res.status).toBe(200);
    expect(res.bytes).toBeGreaterThan(1000);
    expect(await cusp.stop()).toBe(0);
    // New connections are refused once it has stopped.
    await expect(fetch(`${cusp.baseUrl}/api/health`)).rejects.toThrow();
  }, 200_000);
});
