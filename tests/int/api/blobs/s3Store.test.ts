/**
 * The whole API with its files on an S3-compatible service (`BLOB_STORE=s3`, s3rver on
 * 127.0.0.1 behind a TCP proxy that can cut it), on both database drivers: a real upload through
 * `POST /api/projects`, its download, its view derivative, its deletion; and an outage of the
 * service answered 503 with `Retry-After`, as a database outage is.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { viewBlobKey } from '../../../../api/src/blobs/blobStore.js';
import { startTestApp, type TestApp } from '../../../support/app.js';
import { freshIp } from '../../../support/accounts.js';
import { testDrivers } from '../../../support/db.js';
import {
  fixture,
  multipart,
  projectData,
  signUp,
  smallStl,
  type TestUser,
} from '../../../support/projects.js';
import { startS3Server, type TestS3 } from '../../../support/s3Server.js';
import { startTcpProxy, type TcpProxy } from '../../../support/tcpProxy.js';

const molar = fixture('mesh', 'molar-crown-fdi16.stl');
const dcm = fixture('dcm', 'example_ca.dcm');

describe.each(testDrivers())('projects with files on S3 (%s)', (driver) => {
  let s3: TestS3;
  let proxy: TcpProxy;
  let t: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    s3 = await startS3Server();
    const u = new URL(s3.endpoint);
    proxy = await startTcpProxy(u.hostname, Number(u.port));
    t = await startTestApp(driver, {
      ...s3.env,
      S3_ENDPOINT: `http://127.0.0.1:${proxy.port}`,
      TRUST_PROXY: 'true',
    });
    user = await signUp(t);
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.close();
    await s3?.close();
  });

  const create = (files: { filename: string; data: Buffer }[]) => {
    const body = multipart([
      { name: 'projectData', value: JSON.stringify(projectData()) },
      ...files.map((f) => ({ name: 'models', ...f })),
    ]);
    return t.app.inject({
      method: 'POST',
      url: '/api/projects',
      payload: body.payload,
      headers: { ...body.headers, ...user.auth, 'x-forwarded-for': freshIp() },
    });
  };
  const get = (url: string, headers: Record<string, string> = user.auth) =>
    t.app.inject({ method: 'GET', url, headers });
  async function storedKeys(projectId: string): Promise<string[]> {
    const keys: string[] = [];
    for await (const b of t.deps.blobs.list(`projects/${projectId}`)) keys.push(b.key);
    return keys.sort();
  }

  it('uploads a real scan, serves it and its view derivative, and deletes it, all from S3', async () => {
    const res = await create([
      { filename: 'Upper molar.stl', data: molar },
      { filename: 'example_ca.dcm', data: dcm },
    ]);
    expect(res.statusCode).toBe(201);
    const { projectId, publicLink } = res.json() as { projectId: string; publicLink: string };
    const p = (await get(`/api/projects/${projectId}`)).json() as {
      models: { id: string; filename: string; size: number }[];
    };
    const [stl, fromDcm] = p.models;

    // The files are objects in the bucket, as ciphertext; nothing went to the local folder.
    const keys = await storedKeys(projectId);
    expect(keys).toEqual(
      expect.arrayContaining(p.models.map((m) => `projects/${projectId}/${m.id}`)),
    );
    expect(existsSync(join(t.dataDir, 'blobs'))).toBe(false);
    const raw: Buffer[] = [];
    for await (const c of await t.deps.blobs.read(`projects/${projectId}/${stl!.id}`)) raw.push(c);
    expect(Buffer.concat(raw).includes(molar.subarray(84, 84 + 500))).toBe(false);

    // Download: decrypted, header blanked, geometry unchanged; through the public link too.
    const file = await get(`/api/projects/${projectId}/files/${stl!.filename}`);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(84).equals(molar.subarray(84))).toBe(true);
    expect(file.rawPayload.subarray(0, 80).every((b) => b === 0)).toBe(true);
    const token = publicLink.split('/').pop()!;
    const pub = await get(`/api/public/projects/${token}/files/${fromDcm!.filename}`, {});
    expect(pub.statusCode).toBe(200);
    expect(pub.rawPayload.length).toBe(fromDcm!.size);

    // The view derivative: built (after the upload or now), stored on S3 beside the original.
    const view = await get(`/api/public/projects/${token}/view/${stl!.id}`, {
      'accept-encoding': 'br',
    });
    expect(view.statusCode).toBe(200);
    expect(view.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(view.rawPayload).subarray(0, 4).toString('latin1')).toBe('glTF');
    expect(await t.deps.blobs.exists(viewBlobKey(`projects/${projectId}/${stl!.id}`))).toBe(true);
    const inflated = await get(`/api/projects/${projectId}/view/${stl!.id}`, {
      ...user.auth,
      'accept-encoding': 'identity',
    });
    expect(inflated.rawPayload.subarray(0, 4).toString('latin1')).toBe('glTF');

    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/projects/${projectId}`,
      headers: user.auth,
    });
    expect(del.statusCode).toBe(204);
    expect((await get(`/api/projects/${projectId}/files/${stl!.filename}`)).statusCode).toBe(404);
    expect((await get(`/api/public/projects/${token}/view/${stl!.id}`, {})).statusCode).toBe(404);
    // A derivative still being built when the project went can land after the delete; the
    // orphan sweeper removes it. The originals are gone at once.
    const left = await storedKeys(projectId);
    expect(left.filter((k) => !k.endsWith('-view'))).toEqual([]);
  });

  it('answers 503 with Retry-After while the S3 service is down, and serves again after', async () => {
    const small = smallStl(molar, 60);
    const before = await create([{ filename: 'a.stl', data: small }]);
    expect(before.statusCode).toBe(201);
    const { projectId } = before.json() as { projectId: string };
    const { models } = (await get(`/api/projects/${projectId}`)).json() as {
      models: { filename: string }[];
    };
    const fileUrl = `/api/projects/${projectId}/files/${models[0]!.filename}`;

    proxy.cut();
    try {
      const upload = await create([{ filename: 'b.stl', data: small }]);
      const download = await get(fileUrl);
      for (const r of [upload, download]) {
        expect(r.statusCode).toBe(503);
        expect(r.headers['retry-after']).toBe('5');
        expect(r.json()).toMatchObject({
          code: 'unavailable',
          error: 'File storage is unavailable, please retry shortly',
        });
      }
    } finally {
      proxy.restore();
    }
    expect((await get(fileUrl)).statusCode).toBe(200);
    expect((await create([{ filename: 'c.stl', data: small }])).statusCode).toBe(201);
  });
});
