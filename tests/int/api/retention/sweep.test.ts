/**
 * Retention of anonymous projects: 365 days after creation a public project is
 * deleted through the same path as a user's delete. The sweep's clock is injected (`deps.now`);
 * projects are seeded back-dated through the real write side.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PUBLIC_USER_ID,
  projectStream,
  projectSubject,
} from '../../../../api/src/domain/project.js';
import { sweepExpiredPublicProjects } from '../../../../api/src/retention/sweep.js';
import { rebuildProjections } from '../../../../projections/src/rebuild.js';
import { allProjections } from '../../../../projections/src/registry.js';
import { bearer, seedProject, seedUser, type SeededProject } from '../../../support/adminSeed.js';
import { startTestApp, type TestApp } from '../../../support/app.js';
import { createPgDatabase, testDrivers } from '../../../support/db.js';
import { settle } from '../../../support/settle.js';

const DAY = 24 * 60 * 60_000;
const T0 = new Date('2024-02-29T12:00:00.000Z');
const after = (days: number, ms = 0) => new Date(T0.getTime() + days * DAY + ms);

/** Every table that holds a row per project (read models and the link). */
const PER_PROJECT_ROWS: [table: string, column: string][] = [
  ['projects', 'id'],
  ['project_models', 'project_id'],
  ['project_unread', 'project_id'],
  ['feedback', 'project_id'],
  ['user_stats_projects', 'project_id'],
  ['project_links', 'project_id'],
];

describe.each(testDrivers())('retention of anonymous projects (%s)', (driver) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(driver);
  });
  afterAll(async () => {
    await t?.close();
  });

  const sweep = (now: Date, dryRun = false) =>
    sweepExpiredPublicProjects({ ...t.deps, now: () => now }, { dryRun });
  const events = async (projectId: string) =>
    (await t.deps.store.readStream(projectStream(projectId))).map((e) => ({
      type: e.type,
      data: e.data as Record<string, unknown>,
      actor: (e.metadata as { actor?: string }).actor,
    }));
  const seedPublic = (name: string, createdAt = T0, files = 2) =>
    seedProject(t.deps, { userId: PUBLIC_USER_ID, name, createdAt, files });
  const viewer = (p: SeededProject) =>
    t.app.inject({ method: 'GET', url: `/api/public/projects/${p.publicToken}` });
  const blobsOf = async (projectId: string) => {
    const keys: string[] = [];
    for await (const b of t.deps.blobs.list(`projects/${projectId}`)) keys.push(b.key);
    return keys;
  };
  const rowsOf = async (projectId: string) => {
    const found: string[] = [];
    for (const [table, column] of PER_PROJECT_ROWS) {
      const r = await t.deps.db.query(`SELECT 1 FROM ${table} WHERE ${column} = $1`, [projectId]);
      if (r.rows.length > 0) found.push(table);
    }
    return found;
  };
  /** The project still stands, readable, with its files, link and events untouched. */
  async function expectIntact(p: SeededProject, eventCount: number) {
    expect((await viewer(p)).statusCode).toBe(200);
    expect(await blobsOf(p.id)).toEqual(expect.arrayContaining(p.blobKeys));
    const evs = await events(p.id);
    expect(evs).toHaveLength(eventCount);
    expect(evs.map((e) => e.type)).not.toContain('ProjectDeleted');
    const sealed = String(evs[0]!.data.patientName);
    expect(await t.deps.keys.open(projectSubject(p.id), 'patientName', sealed)).toBe(p.patientName);
  }

  it('keeps an anonymous project 364 days old and deletes it once 365 days have passed, like a user delete', async () => {
    const p = await seedPublic('Retained crowns');
    const fb = await t.app.inject({
      method: 'POST',
      url: `/api/public/projects/${p.publicToken}/feedback`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ message: 'Margins look fine.' }),
    });
    expect(fb.statusCode, fb.body).toBe(201);
    // The link's read model follows the events (the projection runner): wait for it.
    await settle(t);
    expect(await rowsOf(p.id)).toEqual(PER_PROJECT_ROWS.map(([table]) => table));

    for (const now of [after(364), after(365, -1)]) {
      const kept = await sweep(now);
      expect(kept.due.map((d) => d.projectId)).not.toContain(p.id);
      expect(kept.deleted).not.toContain(p.id);
      await expectIntact(p, 2);
    }

    const sealedPatient = String((await events(p.id))[0]!.data.patientName);
    const report = await sweep(after(365));
    expect(report.due).toContainEqual({ projectId: p.id, createdAt: T0.toISOString() });
    expect(report.deleted).toContain(p.id);
    expect(report.failed).toEqual([]);

    // The user-delete path: key destroyed, link, files and read-model rows gone.
    expect(await t.deps.keys.open(projectSubject(p.id), 'patientName', sealedPatient)).toBeNull();
    expect(await blobsOf(p.id)).toEqual([]);
    expect(await rowsOf(p.id)).toEqual([]);
    expect((await viewer(p)).statusCode).toBe(404);
    // One ProjectDeleted by the system, carrying no personal data.
    const evs = await events(p.id);
    const deleted = evs.filter((e) => e.type === 'ProjectDeleted');
    expect(deleted).toHaveLength(1);
    expect(deleted[0]!.actor).toBe('system');
    expect(deleted[0]!.data).toEqual({
      projectId: p.id,
      userId: PUBLIC_USER_ID,
      reason: 'retention',
      deletedAt: after(365).toISOString(),
    });
  });

  it("never deletes a signed-in user's project, however old", async () => {
    const tech = await seedUser(t.deps, {
      name: 'Olga Oldtimer',
      email: `olga.${driver}@lab.test`,
    });
    const own = await seedProject(t.deps, {
      userId: tech.id,
      name: 'Ten years of crowns',
      createdAt: after(-3650),
    });
    const anon = await seedPublic('Old quick upload', after(-3650));

    const report = await sweep(after(3650));

    expect(report.deleted).toContain(anon.id);
    expect(report.due.map((d) => d.projectId)).not.toContain(own.id);
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/projects/${own.id}`,
      headers: bearer(tech.token),
    });
    expect(mine.statusCode).toBe(200);
    expect(await blobsOf(own.id)).toEqual(own.blobKeys);
    expect((await events(own.id)).map((e) => e.type)).toEqual(['ProjectCreated']);
  });

  it('a dry run lists what is due (ids and creation times) and changes nothing', async () => {
    const older = await seedPublic('Dry run A', after(-2));
    const newer = await seedPublic('Dry run B', after(-1));
    const young = await seedPublic('Dry run young', after(300));
    const positionBefore = await t.deps.store.headPosition();

    const report = await sweep(after(365), true);

    expect(report.due).toEqual([
      { projectId: older.id, createdAt: after(-2).toISOString() },
      { projectId: newer.id, createdAt: after(-1).toISOString() },
    ]);
    expect(report.deleted).toEqual([]);
    expect(await t.deps.store.headPosition()).toEqual(positionBefore);
    for (const p of [older, newer, young]) {
      await expectIntact(p, 1);
      expect(await rowsOf(p.id)).toEqual(
        PER_PROJECT_ROWS.map(([table]) => table).filter(
          (table) => table !== 'project_unread' && table !== 'feedback',
        ),
      );
    }

    // The real run then takes exactly those two.
    const real = await sweep(after(365));
    expect(real.deleted).toEqual([older.id, newer.id]);
    await expectIntact(young, 1);
  });

  it('a second sweep at the same time deletes nothing and appends nothing', async () => {
    const p = await seedPublic('Swept once', after(-5));
    const first = await sweep(after(400));
    expect(first.deleted).toContain(p.id);
    const head = await t.deps.store.headPosition();

    const second = await sweep(after(400));

    expect(second).toMatchObject({ due: [], deleted: [], skipped: [], failed: [] });
    expect(await t.deps.store.headPosition()).toEqual(head);
    expect((await events(p.id)).filter((e) => e.type === 'ProjectDeleted')).toHaveLength(1);
  });

  it('two sweeps at once (two processes) delete each project exactly once', async () => {
    const ps = [
      await seedPublic('Race A', after(-9)),
      await seedPublic('Race B', after(-8)),
      await seedPublic('Race C', after(-7)),
    ];
    const [a, b] = await Promise.all([sweep(after(500)), sweep(after(500))]);
    expect([...a.failed, ...b.failed]).toEqual([]);
    expect([...a.deleted, ...b.deleted].sort()).toEqual(ps.map((p) => p.id).sort());
    for (const p of ps) {
      expect((await events(p.id)).filter((e) => e.type === 'ProjectDeleted')).toHaveLength(1);
    }
  });

  it('rebuilding every projection after the sweep resurrects nothing', async () => {
    const p = await seedPublic('Rebuilt away', after(-20));
    expect((await sweep(after(400))).deleted).toContain(p.id);

    await rebuildProjections({
      db: t.deps.db,
      store: t.deps.store,
      projections: allProjections(),
      name: 'all',
    });

    expect(await rowsOf(p.id)).toEqual([]);
    expect((await viewer(p)).statusCode).toBe(404);
    expect((await sweep(after(400), true)).due).toEqual([]);
  });
});

describe.each(testDrivers())('retention sweep at start-up (%s)', (driver) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cusp-retention-'));
  let pgDb: Awaited<ReturnType<typeof createPgDatabase>> | undefined;
  afterAll(async () => {
    await pgDb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a restart deletes the anonymous projects that became due while the server was down', async () => {
    pgDb = driver === 'pg' ? await createPgDatabase() : undefined;
    const data = { dataDir, ...(pgDb ? { databaseUrl: pgDb.url } : {}) };
    // Seeded by a process that runs no sweeper, so only the restart can delete.
    const first = await startTestApp(driver, {}, { data, compose: { sweepers: false } });
    const now = Date.now();
    const overdue = await seedProject(first.deps, {
      userId: PUBLIC_USER_ID,
      name: 'Overdue',
      createdAt: new Date(now - 365 * DAY - 60_000),
    });
    const recent = await seedProject(first.deps, {
      userId: PUBLIC_USER_ID,
      name: 'Recent',
      createdAt: new Date(now - 364 * DAY),
    });
    await first.close();

    const second = await startTestApp(driver, {}, { data });
    try {
      const types = async (id: string) =>
        (await second.deps.store.readStream(projectStream(id))).map((e) => e.type);
      const deadline = Date.now() + 30_000;
      while (!(await types(overdue.id)).includes('ProjectDeleted') && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
      }
      const gone = await second.deps.store.readStream(projectStream(overdue.id));
      expect(gone.map((e) => e.type)).toEqual(['ProjectCreated', 'ProjectDeleted']);
      expect((gone[1]!.metadata as { actor?: string }).actor).toBe('system');
      expect(await types(recent.id)).toEqual(['ProjectCreated']);
      const link = await second.app.inject({
        method: 'GET',
        url: `/api/public/projects/${recent.publicToken}`,
      });
      expect(link.statusCode).toBe(200);
    } finally {
      await second.close();
    }
  }, 180_000);
});
