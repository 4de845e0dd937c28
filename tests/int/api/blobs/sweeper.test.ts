/**
 * The orphan-blob sweeper against the real event store and both blob stores
 * (the file store, and the S3 store on s3rver): blobs an event references are kept, unreferenced
 * blobs older than the grace are removed, younger ones are kept (their request may still be
 * about to append), and so are unfinished temp files.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  projectBlobKey,
  thumbnailBlobKey,
  uploadedBlobKey,
} from '../../../../api/src/blobs/blobStore.js';
import { sweepOrphanBlobs } from '../../../../api/src/blobs/sweeper.js';
import { startTestApp, type TestApp } from '../../../support/app.js';
import { freshIp } from '../../../support/accounts.js';
import { testDrivers } from '../../../support/db.js';
import { startS3Server, type TestS3 } from '../../../support/s3Server.js';
import {
  fixture,
  multipart,
  projectData,
  signUp,
  smallStl,
  type TestUser,
} from '../../../support/projects.js';

const HOUR = 60 * 60_000;
const stl = smallStl(fixture('mesh', 'molar-crown-fdi16.stl'), 40);

const cases = testDrivers().flatMap((driver) => [[driver, 'fs'] as const, [driver, 's3'] as const]);

describe.each(cases)('orphan blob sweeper (%s, %s blob store)', (driver, blobStore) => {
  let t: TestApp;
  let user: TestUser;
  let s3: TestS3 | undefined;

  beforeAll(async () => {
    if (blobStore === 's3') s3 = await startS3Server();
    // No background view and thumbnail builds after an upload: their blobs and temp files would
    // race the sweeps these tests count (the tests write the thumbnails they need themselves).
    t = await startTestApp(driver, { ...(s3?.env ?? {}), VIEW_PREBUILD: 'false' });
    user = await signUp(t);
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  const blobRoot = () => join(t.dataDir, 'blobs');
  /** Makes a stored blob look `ageMs` old (file mtime, or the S3 object's LastModified). */
  function backdate(key: string, ageMs: number): void {
    if (s3) return s3.backdate(key, ageMs);
    const when = new Date(Date.now() - ageMs);
    utimesSync(join(blobRoot(), ...key.split('/')), when, when);
  }
  /** Writes a blob through the store, then back-dates it by `ageMs`. */
  async function blob(key: string, ageMs: number): Promise<void> {
    await t.deps.blobs.write(key, Readable.from([Buffer.from('ciphertext')]));
    backdate(key, ageMs);
  }
  async function createProject(): Promise<{ projectId: string; keys: string[] }> {
    const body = multipart([
      { name: 'projectData', value: JSON.stringify(projectData()) },
      { name: 'models', filename: 'a.stl', data: stl },
      { name: 'models', filename: 'b.stl', data: stl },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/projects',
      payload: body.payload,
      headers: { ...body.headers, ...user.auth, 'x-forwarded-for': freshIp() },
    });
    expect(res.statusCode).toBe(201);
    const { projectId } = res.json() as { projectId: string };
    const keys: string[] = [];
    for await (const b of t.deps.blobs.list(`projects/${projectId}`)) keys.push(b.key);
    return { projectId, keys: keys.sort() };
  }
  const sweep = (graceMs: number) =>
    sweepOrphanBlobs({ blobs: t.deps.blobs, store: t.deps.store, graceMs, now: () => new Date() });

  it('keeps referenced blobs, removes old unreferenced ones and keeps young ones', async () => {
    const { projectId, keys } = await createProject();
    // Each file as stored and, since its STL header was blanked, as uploaded.
    expect(keys).toHaveLength(4);
    expect(keys.filter((k) => k.endsWith('-uploaded'))).toHaveLength(2);
    // Make the project's own blobs old too: being referenced is what keeps them.
    for (const k of keys) backdate(k, 2 * HOUR);
    const strayInProject = projectBlobKey(projectId, randomUUID()); // a failed retry's leftover
    const strayUpload = uploadedBlobKey(strayInProject); // and the upload it kept
    const noProjectOld = projectBlobKey(randomUUID(), randomUUID()); // crash before the append
    const noProjectYoung = projectBlobKey(randomUUID(), randomUUID()); // a request in flight
    await blob(strayInProject, 2 * HOUR);
    await blob(strayUpload, 2 * HOUR);
    await blob(noProjectOld, 2 * HOUR);
    await blob(noProjectYoung, 60_000);

    const report = await sweep(HOUR);

    expect(report.removed.sort()).toEqual([strayInProject, strayUpload, noProjectOld].sort());
    for (const k of keys) expect(await t.deps.blobs.exists(k)).toBe(true);
    expect(await t.deps.blobs.exists(strayInProject)).toBe(false);
    expect(await t.deps.blobs.exists(noProjectOld)).toBe(false);
    expect(await t.deps.blobs.exists(noProjectYoung)).toBe(true);

    // The project still serves its files.
    const p = await t.app.inject({
      method: 'GET',
      url: `/api/projects/${projectId}`,
      headers: user.auth,
    });
    expect(p.statusCode).toBe(200);
    const models = (p.json() as { models: { filename: string }[] }).models;
    for (const m of models) {
      const f = await t.app.inject({
        method: 'GET',
        url: `/api/projects/${projectId}/files/${m.filename}`,
        headers: user.auth,
      });
      expect(f.statusCode).toBe(200);
    }

    // With no grace, the young orphan goes too; referenced blobs still stay.
    const again = await sweep(0);
    expect(again.removed).toEqual([noProjectYoung]);
    for (const k of keys) expect(await t.deps.blobs.exists(k)).toBe(true);
  });

  it("keeps every version's files and thumbnails, and removes a thumbnail no version has", async () => {
    const { projectId } = await createProject();
    const body = multipart([
      { name: 'versionData', value: JSON.stringify({ note: 'Shorter margin', keep: [] }) },
      { name: 'models', filename: 'c.stl', data: stl },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${projectId}/versions`,
      payload: body.payload,
      headers: { ...body.headers, ...user.auth, 'x-forwarded-for': freshIp() },
    });
    expect(res.statusCode, res.body).toBe(201);
    await blob(thumbnailBlobKey(projectId, 1), 2 * HOUR);
    await blob(thumbnailBlobKey(projectId, 2), 2 * HOUR);
    const noSuchVersion = thumbnailBlobKey(projectId, 3);
    await blob(noSuchVersion, 2 * HOUR);
    const keys: string[] = [];
    for await (const b of t.deps.blobs.list(`projects/${projectId}`)) keys.push(b.key);
    for (const k of keys) backdate(k, 2 * HOUR);

    const report = await sweep(HOUR);

    expect(report.removed).toEqual([noSuchVersion]);
    for (const k of keys.filter((k) => k !== noSuchVersion)) {
      expect(await t.deps.blobs.exists(k), k).toBe(true);
    }
  });

  // The file store's temp files; s3rver cannot list unfinished multipart uploads (the contract
  // suite checks that the S3 store's sweep copes with that).
  it.runIf(blobStore === 'fs')(
    'removes old unfinished temp files and keeps young ones',
    async () => {
      const tmp = join(blobRoot(), '.tmp');
      mkdirSync(tmp, { recursive: true });
      const old = join(tmp, `${randomUUID()}.part`);
      const young = join(tmp, `${randomUUID()}.part`);
      writeFileSync(old, 'half a blob');
      writeFileSync(young, 'half a blob');
      const when = new Date(Date.now() - 2 * HOUR);
      utimesSync(old, when, when);

      const report = await sweep(HOUR);

      expect(report.tempRemoved).toBe(1);
      expect(readdirSync(tmp).map((name) => join(tmp, name))).toEqual([young]);
    },
  );

  it('treats the blobs of a deleted project as unreferenced', async () => {
    const { projectId, keys } = await createProject();
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/projects/${projectId}`,
      headers: user.auth,
    });
    expect(del.statusCode).toBe(204);
    // A blob of that project that survived the delete (e.g. its removal failed) is swept.
    const survivor = keys[0]!;
    await blob(survivor, 2 * HOUR);
    const report = await sweep(HOUR);
    expect(report.removed).toContain(survivor);
    expect(await t.deps.blobs.exists(survivor)).toBe(false);
  });
});
