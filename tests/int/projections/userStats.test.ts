import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIB } from '../../../api/src/domain/models.js';
import type { Position, RecordedEvent } from '../../../api/src/store/eventStore.js';
import { rebuildProjections } from '../../../projections/src/rebuild.js';
import { allProjections } from '../../../projections/src/registry.js';
import { userStatsProjection } from '../../../projections/src/userStats/index.js';
import {
  bearer,
  seedProject,
  seedUser,
  seedVersion,
  type SeededUser,
} from '../../support/adminSeed.js';
import { startTestApp, type TestApp } from '../../support/app.js';
import { testDrivers } from '../../support/db.js';
import { settle } from '../../support/settle.js';

describe.each(testDrivers())('user_stats read model on %s', (driver) => {
  let t: TestApp;
  let admin: SeededUser;

  const rowsOf = async (table: string, userId: string) =>
    (await t.deps.db.query(`SELECT * FROM ${table} WHERE user_id = $1`, [userId])).rows;

  beforeAll(async () => {
    t = await startTestApp(driver);
    admin = await seedUser(t.deps, { name: 'Ada Admin', email: 'ada@stats.test', role: 'admin' });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('leaves no row for a deleted user, not after a late event of theirs nor after a rebuild', async () => {
    const gone = await seedUser(t.deps, { name: 'Gone Soon', email: 'gone@stats.test' });
    await seedProject(t.deps, { userId: gone.id, name: 'One', files: 2 });
    await seedProject(t.deps, { userId: gone.id, name: 'Two' });
    await settle(t);
    expect(await rowsOf('user_stats', gone.id)).toMatchObject([{ total: 2, file_count: 3 }]);

    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${gone.id}`,
      headers: bearer(admin.token),
    });
    expect(res.statusCode).toBe(204);
    await settle(t);
    expect(await rowsOf('user_stats', gone.id)).toEqual([]);
    expect(await rowsOf('user_stats_projects', gone.id)).toEqual([]);

    // A project of theirs created while the deletion ran, delivered after it.
    const late: RecordedEvent = {
      id: randomUUID(),
      type: 'ProjectCreated',
      data: { projectId: randomUUID(), userId: gone.id, status: 'pending', models: [] },
      metadata: { actor: `user:${gone.id}`, at: new Date().toISOString() },
      stream: `project-${randomUUID()}`,
      revision: 0n,
      position: '1:1' as Position,
      createdAt: new Date(),
    };
    await t.deps.db.transaction((tx) => userStatsProjection.apply({ tx, table: (n) => n }, late));
    expect(await rowsOf('user_stats', gone.id)).toEqual([]);

    await rebuildProjections({
      db: t.deps.db,
      store: t.deps.store,
      projections: allProjections(),
      name: 'user_stats',
    });
    expect(await rowsOf('user_stats', gone.id)).toEqual([]);
    // Live users keep theirs.
    const stays = await seedUser(t.deps, { name: 'Stays', email: 'stays@stats.test' });
    await seedProject(t.deps, { userId: stays.id, name: 'Kept' });
    await settle(t);
    expect(await rowsOf('user_stats', stays.id)).toMatchObject([{ total: 1 }]);
  });

  it('counts the files and bytes of every version, each file once, also after a rebuild', async () => {
    const lab = await seedUser(t.deps, { name: 'Vera Versions', email: 'vera@stats.test' });
    const p = await seedProject(t.deps, {
      userId: lab.id,
      name: 'Crown',
      files: 2,
      fileBytes: 1000,
    });
    // v2 keeps the first file and replaces the second; v3 only drops the first.
    const [replacement] = await seedVersion(t.deps, p, {
      keep: [p.modelIds[0]!],
      addedSizes: [2500],
    });
    await seedVersion(t.deps, p, { keep: [replacement!.id], addedSizes: [] });
    await settle(t);
    // Exact sizes are sealed: each file counts as its size rounded up to whole MiB.
    const expected = { file_count: 3, storage_bytes: String(3 * MIB) };
    expect(await rowsOf('user_stats', lab.id)).toMatchObject([expected]);
    const stats = await t.app.inject({
      method: 'GET',
      url: '/api/projects/stats',
      headers: bearer(lab.token),
    });
    expect(stats.json()).toMatchObject({ fileCount: 3, storageBytes: 3 * MIB, total: 1 });

    await rebuildProjections({
      db: t.deps.db,
      store: t.deps.store,
      projections: allProjections(),
      name: 'user_stats',
    });
    expect(await rowsOf('user_stats', lab.id)).toMatchObject([expected]);
  });
});
