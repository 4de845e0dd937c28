/**
 * The doctor's and the owner's project answers come from a per-process cache of prepared answers:
 * an ETag with 304 for a client that holds the answer, and every change (feedback, status,
 * deletion) shows at once in the process that made it and within a second in any other process.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteProject } from '../../../api/src/commands/deleteProject.js';
import { bearer, seedProject, seedUser, type SeededUser } from '../../support/adminSeed.js';
import { startTestApp, type TestApp } from '../../support/app.js';
import { createPgDatabase, testDrivers } from '../../support/db.js';

const json = { 'content-type': 'application/json' };

/** Polls `read` until it returns true, for at most `ms`; returns the time it took. */
async function within(ms: number, read: () => Promise<boolean>): Promise<number> {
  const t0 = Date.now();
  for (;;) {
    if (await read()) return Date.now() - t0;
    if (Date.now() - t0 > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe.each(testDrivers())('prepared project answers (%s)', (driver) => {
  let t: TestApp;
  let tech: SeededUser;

  beforeAll(async () => {
    t = await startTestApp(driver);
    tech = await seedUser(t.deps, { name: 'Tina Tech', email: 'tina@answers.test' });
  });
  afterAll(async () => t?.close());

  it('answers 304 to a client holding the current answer, 200 with a new tag after a change', async () => {
    const p = await seedProject(t.deps, { userId: tech.id, name: 'Etag case' });
    const url = `/api/public/projects/${p.publicToken}`;
    const first = await t.app.inject({ url });
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(first.json()).toMatchObject({ name: 'Etag case' });

    const again = await t.app.inject({ url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const fb = await t.app.inject({
      method: 'POST',
      url: `${url}/feedback`,
      headers: json,
      payload: JSON.stringify({ message: 'Margin on 16 is short' }),
    });
    expect(fb.statusCode).toBe(201);
    const after = await t.app.inject({ url, headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(after.json().feedback).toHaveLength(1);

    const owner = await t.app.inject({ url: `/api/projects/${p.id}`, headers: bearer(tech.token) });
    expect(owner.statusCode).toBe(200);
    const ownerAgain = await t.app.inject({
      url: `/api/projects/${p.id}`,
      headers: { ...bearer(tech.token), 'if-none-match': owner.headers.etag as string },
    });
    expect(ownerAgain.statusCode).toBe(304);
  });

  it('a deleted project is 404 at once, though its answer was prepared', async () => {
    const p = await seedProject(t.deps, { userId: tech.id, name: 'Doomed case' });
    const url = `/api/public/projects/${p.publicToken}`;
    expect((await t.app.inject({ url })).statusCode).toBe(200);
    expect(
      (await t.app.inject({ url: `/api/projects/${p.id}`, headers: bearer(tech.token) }))
        .statusCode,
    ).toBe(200);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/projects/${p.id}`,
      headers: bearer(tech.token),
    });
    expect(del.statusCode).toBe(204);
    expect((await t.app.inject({ url })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ url: `/api/projects/${p.id}`, headers: bearer(tech.token) }))
        .statusCode,
    ).toBe(404);
  });

  it('the health check reads the database at most once a second under load', async () => {
    let queries = 0;
    const db = t.deps.db;
    const original = db.query.bind(db);
    db.query = ((...args: Parameters<typeof db.query>) => {
      queries++;
      return original(...args);
    }) as typeof db.query;
    try {
      const answers = await Promise.all(
        Array.from({ length: 50 }, () => t.app.inject({ url: '/api/health' })),
      );
      expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    } finally {
      db.query = original;
    }
    // One probe: SELECT 1 plus the checkpoint read behind the lag (and its per-projection counts).
    expect(queries).toBeLessThanOrEqual(12);
  });
});

describe.runIf(Boolean(process.env.DATABASE_URL))(
  'prepared answers in two processes on one database (pg)',
  () => {
    let a: TestApp;
    let b: TestApp;
    let tech: SeededUser;
    let dropDb: () => Promise<void>;
    let dirs: string[];

    beforeAll(async () => {
      const { url, drop } = await createPgDatabase();
      dropDb = drop;
      const keyring = mkdtempSync(join(tmpdir(), 'cusp-keyring-'));
      dirs = [
        keyring,
        mkdtempSync(join(tmpdir(), 'cusp-a-')),
        mkdtempSync(join(tmpdir(), 'cusp-b-')),
      ];
      const env = { KEYRING_DIR: keyring };
      a = await startTestApp('pg', env, { data: { dataDir: dirs[1]!, databaseUrl: url } });
      b = await startTestApp('pg', env, { data: { dataDir: dirs[2]!, databaseUrl: url } });
      tech = await seedUser(a.deps, { name: 'Tina Tech', email: 'tina@two.test' });
    });
    afterAll(async () => {
      await a?.close();
      await b?.close();
      await dropDb?.();
      for (const d of dirs ?? []) rmSync(d, { recursive: true, force: true });
    });

    it("shows another process's feedback, status change and deletion within a second", async () => {
      const p = await seedProject(a.deps, { userId: tech.id, name: 'Shared case' });
      const url = `/api/public/projects/${p.publicToken}`;
      // B prepares the answer; A changes the project.
      expect((await b.app.inject({ url })).json().feedback).toHaveLength(0);
      const fb = await a.app.inject({
        method: 'POST',
        url: `${url}/feedback`,
        headers: json,
        payload: JSON.stringify({ message: 'Contact too tight' }),
      });
      expect(fb.statusCode).toBe(201);
      await within(1000, async () => (await b.app.inject({ url })).json().feedback.length === 1);

      const status = await a.app.inject({
        method: 'PUT',
        url: `/api/projects/${p.id}/status`,
        headers: { ...bearer(tech.token), ...json },
        payload: JSON.stringify({ status: 'pending_revision' }),
      });
      expect(status.statusCode).toBe(200);
      await within(
        1000,
        async () => (await b.app.inject({ url })).json().status === 'pending_revision',
      );

      await deleteProject(a.deps, p.id, 'owner', { actor: `user:${tech.id}`, requestId: 'test' });
      await within(1000, async () => (await b.app.inject({ url })).statusCode === 404);
    });
  },
);
