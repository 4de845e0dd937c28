import { randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlobStoreUnavailable } from '../../../../api/src/blobs/blobStore.js';
import { putEncrypted } from '../../../../api/src/blobs/encrypted.js';
import { S3BlobStore } from '../../../../api/src/blobs/s3.js';
import { startS3Server, type TestS3 } from '../../../support/s3Server.js';
import { startTcpProxy, type TcpProxy } from '../../../support/tcpProxy.js';
import { blobStoreContract } from './blobStore.contract.js';

blobStoreContract('s3, on s3rver', async () => {
  const s3 = await startS3Server();
  // Small pages so that listing and prefix deletion go through several; few sockets so that a
  // leaked download connection would stall the next read.
  const store = new S3BlobStore({ ...s3.storeOptions, pageSize: 2, maxSockets: 2 });
  return {
    store,
    env: s3.env,
    backdate: (key, ageMs) => s3.backdate(key, ageMs),
    async close() {
      store.close();
      await s3.close();
    },
  };
});

const MiB = 1024 * 1024;
const dataKey = () => ({ key: randomBytes(32), version: 1 });

async function rejection(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (err) {
    return err;
  }
  throw new Error('expected a rejection');
}

describe('S3BlobStore beyond the contract (s3rver)', () => {
  let s3: TestS3;
  let proxy: TcpProxy;
  const stores: S3BlobStore[] = [];
  const storeWith = (over: Partial<ConstructorParameters<typeof S3BlobStore>[0]> = {}) => {
    const store = new S3BlobStore({ ...s3.storeOptions, ...over });
    stores.push(store);
    return store;
  };

  beforeAll(async () => {
    s3 = await startS3Server();
    const u = new URL(s3.endpoint);
    proxy = await startTcpProxy(u.hostname, Number(u.port));
  });
  afterAll(async () => {
    for (const s of stores) s.close();
    await proxy?.close();
    await s3?.close();
  });

  it('aborts the multipart upload of a failed write', async () => {
    const store = storeWith();
    const sent: { command: string; input: Record<string, unknown>; output?: unknown }[] = [];
    store.client.middlewareStack.add(
      (next, context) => async (args) => {
        const entry = {
          command: context.commandName!,
          input: args.input as Record<string, unknown>,
        };
        sent.push(entry);
        const result = await next(args);
        return Object.assign(entry, { output: result.output }) && result;
      },
      { step: 'initialize' },
    );
    const key = `projects/${randomUUID()}/aborted`;
    const gone = new Error('client went away');
    async function* source() {
      yield randomBytes(6 * MiB); // more than one part: a multipart upload begins
      throw gone;
    }
    expect(await rejection(putEncrypted(store, key, source(), dataKey()))).toBe(gone);
    const created = sent.find((s) => s.command === 'CreateMultipartUploadCommand');
    const uploadId = (created?.output as { UploadId?: string } | undefined)?.UploadId;
    expect(uploadId).toBeTruthy();
    // s3rver answers the abort with 405 (not emulated); AWS S3 and others drop the parts.
    expect(sent.filter((s) => s.command === 'AbortMultipartUploadCommand')).toEqual([
      expect.objectContaining({ input: expect.objectContaining({ Key: key, UploadId: uploadId }) }),
    ]);
    expect(sent.some((s) => s.command === 'CompleteMultipartUploadCommand')).toBe(false);
    expect(await store.exists(key)).toBe(false);
  });

  it('reports an unreachable service as BlobStoreUnavailable (503) on every operation, and recovers', async () => {
    const store = storeWith({ endpoint: `http://127.0.0.1:${proxy.port}` });
    const key = `projects/${randomUUID()}/${randomUUID()}`;
    await putEncrypted(store, key, Readable.from([randomBytes(1000)]), dataKey());
    // An outage in the middle of a large write: parts already stored, more of the source to come.
    async function* cutMidway() {
      for (let i = 0; i < 40; i++) {
        if (i === 14) proxy.cut();
        yield randomBytes(MiB);
      }
    }
    const midway = await rejection(putEncrypted(store, `${key}-3`, cutMidway(), dataKey()));
    proxy.cut();
    try {
      const failures = [
        midway,
        await rejection(store.read(key)),
        await rejection(store.exists(key)),
        await rejection(store.delete(key)),
        await rejection(store.deletePrefix('projects')),
        await rejection(store.sweepTemp(new Date())),
        await rejection(
          (async () => {
            for await (const b of store.list('projects')) void b;
          })(),
        ),
        // Through the encryption above the port: the store's error, not a broken pipe.
        await rejection(
          putEncrypted(store, `${key}-2`, Readable.from([randomBytes(7 * MiB)]), dataKey()),
        ),
      ];
      for (const err of failures) {
        expect(err).toBeInstanceOf(BlobStoreUnavailable);
        expect(err).toMatchObject({ status: 503, code: 'unavailable' });
      }
      // Start-up does not fail on an outage: requests answer 503 until the service is back.
      await store.check();
    } finally {
      proxy.restore();
    }
    expect(await store.exists(key)).toBe(true);
    expect(await store.exists(`${key}-3`)).toBe(false);
  });

  it('stops start-up with the variable to fix when the bucket is missing or access is refused', async () => {
    await expect(
      storeWith({ bucket: `no-such-${randomUUID().slice(0, 8)}` }).check(),
    ).rejects.toThrow(/S3_BUCKET/);
    // An unknown key id (s3rver does not verify the secret of its one key, so that is not tried).
    await expect(
      storeWith({ credentials: { accessKeyId: 'NOT-A-KEY', secretAccessKey: 'wrong' } }).check(),
    ).rejects.toThrow(/S3_ACCESS_KEY_ID/);
    await storeWith().check();
  });
});
