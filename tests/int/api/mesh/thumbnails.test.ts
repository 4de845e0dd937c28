/**
 * Project thumbnails end to end, on each driver: an upload of the real upper arch
 * gets a thumbnail built by the view worker, named in the list answer, served as a PNG of at
 * most 20 kB to the owner and an admin only, stored encrypted on disk, and gone with the project.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { thumbnailBlobKey } from '../../../../api/src/blobs/blobStore.js';
import { buildThumbnailLater } from '../../../../api/src/mesh/thumbnailStore.js';
import { startTestApp, type TestApp } from '../../../support/app.js';
import { testDrivers } from '../../../support/db.js';
import { decodePng } from '../../../support/png.js';
import { createProjectWith, fixture, signUp, type TestUser } from '../../../support/projects.js';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe.each(testDrivers())('project thumbnails on %s', (driver) => {
  let t: TestApp;
  let owner: TestUser;
  let stranger: TestUser;
  let admin: TestUser;
  let id: string;
  const adminEmail = `thumbs.admin.${driver}@example.com`;

  const get = (url: string, user: TestUser) =>
    t.app.inject({ method: 'GET', url, headers: user.auth });

  /** Polls until the background build has stored the thumbnail (or the build failed). */
  async function thumbnailWhenReady(): Promise<Buffer> {
    for (let i = 0; i < 600; i++) {
      const r = await get(`/api/projects/${id}/thumbnail`, owner);
      if (r.statusCode === 200) return r.rawPayload;
      expect(r.statusCode, r.body).toBe(404);
      expect(r.json<{ code: string }>().code).toBe('thumbnail_not_ready');
      await new Promise((res) => setTimeout(res, 100));
    }
    throw new Error('no thumbnail after 60 s');
  }

  beforeAll(async () => {
    t = await startTestApp(driver, { TRUST_PROXY: 'true', ADMIN_EMAILS: adminEmail });
    [owner, stranger, admin] = [await signUp(t), await signUp(t), await signUp(t, adminEmail)];
    id = (
      await createProjectWith(
        t,
        owner,
        [{ filename: 'Upper arch.stl', data: fixture('mesh', 'upper-arch-crowns.stl') }],
        [{ name: 'modelMaterials', value: JSON.stringify(['enamel']) }],
      )
    ).projectId;
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  it('builds a PNG of at most 20 kB, named in the list and served to the owner and admins', async () => {
    const png = await thumbnailWhenReady();
    expect(png.byteLength).toBeLessThanOrEqual(20 * 1024);
    const image = decodePng(png);
    expect([image.width, image.height]).toEqual([320, 240]);

    const list = await get('/api/projects', owner);
    const card = list
      .json<{ id: string; thumbnailUrl: string | null }[]>()
      .find((p) => p.id === id);
    expect(card?.thumbnailUrl).toBe(`/api/projects/${id}/thumbnail?v=1`);
    const cached = await get(card!.thumbnailUrl!, owner);
    expect(cached.statusCode).toBe(200);
    expect(cached.headers['content-type']).toBe('image/png');
    expect(cached.headers['cache-control']).toContain('immutable');
    expect(cached.rawPayload.equals(png)).toBe(true);

    const adminList = await get('/api/admin/projects', admin);
    const row = adminList
      .json<{ projects: { id: string; thumbnailUrl: string | null }[] }>()
      .projects.find((p) => p.id === id);
    expect(row?.thumbnailUrl).toBe(card!.thumbnailUrl);
    expect((await get(card!.thumbnailUrl!, admin)).statusCode).toBe(200);
    expect((await get(card!.thumbnailUrl!, stranger)).statusCode).toBe(404);
    const v2 = await get(`/api/projects/${id}/thumbnail?v=2`, owner);
    expect(v2.statusCode).toBe(404);
    expect(v2.json<{ code: string }>().code).toBe('thumbnail_not_ready');
  });

  it('stores it encrypted, and the project deletion removes it', async () => {
    const png = await thumbnailWhenReady();
    const onDisk = join(t.dataDir, 'blobs', ...thumbnailBlobKey(id, 1).split('/'));
    const stored = readFileSync(onDisk);
    expect(stored.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(false);
    expect(stored.includes(png.subarray(8, 40))).toBe(false);
    expect(stored.includes(Buffer.from('IHDR'))).toBe(false);

    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/projects/${id}`,
      headers: owner.auth,
    });
    expect(del.statusCode).toBe(204);
    expect(existsSync(onDisk)).toBe(false);
    const rows = await t.deps.db.query('SELECT 1 FROM project_thumbnails WHERE project_id = $1', [
      id,
    ]);
    expect(rows.rows).toEqual([]);
    expect((await get(`/api/projects/${id}/thumbnail`, owner)).statusCode).toBe(404);
  });

  it('leaves nothing of a project deleted while its views and thumbnail were being built', async () => {
    const late = (
      await createProjectWith(t, owner, [
        { filename: 'Crown.stl', data: fixture('mesh', 'molar-crown-fdi16.stl') },
      ])
    ).projectId;
    const project = await get(`/api/projects/${late}`, owner);
    const modelId = (project.json() as { models: { id: string }[] }).models[0]!.id;
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/projects/${late}`,
      headers: owner.auth,
    });
    expect(del.statusCode).toBe(204);
    // A build that was under way writes its file after the delete removed the project's files.
    const stray = `projects/${late}/${modelId}-view`;
    await t.deps.blobs.write(
      stray,
      (async function* () {
        yield new Uint8Array([1, 2, 3]);
      })(),
    );
    expect(await t.deps.blobs.exists(stray)).toBe(true);
    await buildThumbnailLater(t.deps, late, 1, []);
    expect(await t.deps.blobs.exists(stray)).toBe(false);
    const left = [];
    for await (const b of t.deps.blobs.list(`projects/${late}`)) left.push(b.key);
    expect(left).toEqual([]);
  });
});
