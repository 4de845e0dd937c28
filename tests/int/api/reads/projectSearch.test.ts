/**
 * Search, filters, sort and pages of the project lists over 5,000 seeded projects of
 * one technician, on each driver. Expected answers come from the seeds themselves (an
 * independent fold of case and accents), never from the code under test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_USER_ID } from '../../../../api/src/domain/project.js';
import {
  bearer,
  seedProject,
  seedUser,
  setStatus,
  type SeededUser,
} from '../../../support/adminSeed.js';
import { startTestApp, type TestApp } from '../../../support/app.js';
import { testDrivers } from '../../../support/db.js';
import {
  seedProjectRows,
  type ProjectRowSeed,
  type SeededRow,
} from '../../../support/projectRows.js';

const N = 5_000;
const HOUR = 3_600_000;
const STATUSES = ['pending', 'pending_review', 'pending_revision', 'approved'] as const;
const FIRST = ['Anna', 'Bruno', 'Chloé', 'Dmitri', 'Éva', 'Farid', 'Grace'];
const LAST = ['Moreau', 'Kowalski', 'Nguyễn', 'Schmidt', 'Rossi'];
const LABS = ['Dental Lab Nord', 'Zahntechnik Müller', 'Laboratoire Sud'];

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

interface ListItem {
  id: string;
  name: string;
  patientName: string;
  status: string;
  lastActivityAt: string;
  needsAnswer: boolean;
  thumbnailUrl: string | null;
}

describe.each(testDrivers())('project list search on %s', (driver) => {
  let t: TestApp;
  let tech: SeededUser;
  let other: SeededUser;
  let admin: SeededUser;
  let rows: SeededRow[];
  const start = Date.UTC(2026, 0, 1, 12);

  const get = (url: string, token: string) =>
    t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const list = async (query: string, token = tech.token) => {
    const res = await get(`/api/projects?${query}`, token);
    expect(res.statusCode, res.body).toBe(200);
    return { items: res.json<ListItem[]>(), total: res.headers['x-total-count'] };
  };
  /** The seeds newest first (the default order), filtered. */
  const expected = (keep: (r: SeededRow) => boolean) =>
    rows
      .filter((r) => r.userId === tech.id && keep(r))
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? -1 : 1))
      .map((r) => r.id);

  beforeAll(async () => {
    t = await startTestApp(driver);
    tech = await seedUser(t.deps, { name: 'Tess Tech', email: 'tess@lab.test' });
    other = await seedUser(t.deps, { name: 'Otto Other', email: 'otto@lab.test' });
    admin = await seedUser(t.deps, { name: 'Ada Admin', email: 'ada@cusp.test', role: 'admin' });
    const seeds: ProjectRowSeed[] = [];
    for (let i = 0; i < N; i++) {
      const created = new Date(start + i * HOUR);
      seeds.push({
        userId: tech.id,
        name: `Case ${i} ${i % 3 === 0 ? 'crown' : 'bridge'}`,
        patientName: `${FIRST[i % FIRST.length]} ${LAST[i % LAST.length]}`,
        laboratoryName: LABS[i % LABS.length]!,
        status: STATUSES[i % STATUSES.length]!,
        createdAt: created,
        // Activity order differs from creation order.
        lastActivityAt: new Date(created.getTime() + ((i * 7919) % 500) * HOUR),
        unreadCount: i % 11 === 0 ? 2 : 0,
      });
    }
    // Someone else's and anonymous projects with the same patient: never in Tess's answers.
    for (let i = 0; i < 50; i++) {
      seeds.push({
        ...seeds[i]!,
        userId: i % 2 ? other.id : PUBLIC_USER_ID,
        name: `Foreign ${i}`,
      });
    }
    rows = await seedProjectRows(t.deps, seeds);
  }, 300_000);

  afterAll(async () => {
    await t?.close();
  });

  it('finds projects by patient, case- and accent-insensitively, newest first', async () => {
    const { items } = await list('q=chloe%20MOREAU');
    const want = expected(
      (r) => fold(r.patientName).includes('chloe') && fold(r.patientName).includes('moreau'),
    );
    expect(want.length).toBeGreaterThan(50);
    expect(items.map((p) => p.id)).toEqual(want);
    expect(items.every((p) => p.patientName === 'Chloé Moreau')).toBe(true);
  });

  it('matches every word across name, patient and laboratory', async () => {
    const { items } = await list(`q=${encodeURIComponent('bridge müller nguyen')}`);
    const want = expected((r) => {
      const text = fold(`${r.name}\n${r.patientName}\n${r.laboratoryName}`);
      return ['bridge', 'muller', 'nguyen'].every((w) => text.includes(w));
    });
    expect(want.length).toBeGreaterThan(10);
    expect(items.map((p) => p.id)).toEqual(want);
  });

  it('filters by one status or several', async () => {
    const { items } = await list('status=approved,pending_revision&limit=100');
    const want = expected((r) => r.status === 'approved' || r.status === 'pending_revision');
    expect(items.map((p) => p.id)).toEqual(want.slice(0, 100));
    expect(items.every((p) => ['approved', 'pending_revision'].includes(p.status))).toBe(true);
  });

  it('filters what needs an answer: unread comments or changes requested', async () => {
    const { items, total } = await list('needs=answer&limit=50&offset=10');
    const want = expected((r) => r.unreadCount > 0 || r.status === 'pending_revision');
    expect(total).toBe(String(want.length));
    expect(items.map((p) => p.id)).toEqual(want.slice(10, 60));
    expect(items.every((p) => p.needsAnswer)).toBe(true);
  });

  it('filters by a last-activity range, a calendar day including the whole day', async () => {
    const { items } = await list('from=2026-02-01&to=2026-02-03');
    const lo = Date.UTC(2026, 1, 1);
    const hi = Date.UTC(2026, 1, 4);
    const want = expected(
      (r) => r.lastActivityAt.getTime() >= lo && r.lastActivityAt.getTime() < hi,
    );
    expect(want.length).toBeGreaterThan(50);
    expect(items.map((p) => p.id)).toEqual(want);
    const at = new Date(rows[17]!.lastActivityAt).toISOString();
    const exact = await list(`from=${at}&to=${at}`);
    expect(exact.items.map((p) => p.id)).toContain(rows[17]!.id);
  });

  it('sorts by last activity and by name, and pages with the whole count', async () => {
    const mine = rows.filter((r) => r.userId === tech.id);
    const byActivity = [...mine]
      .sort(
        (a, b) => b.lastActivityAt.getTime() - a.lastActivityAt.getTime() || (a.id < b.id ? -1 : 1),
      )
      .map((r) => r.id);
    const page = await list('sort=activity&limit=25&offset=100');
    expect(page.total).toBe(String(N));
    expect(page.items.map((p) => p.id)).toEqual(byActivity.slice(100, 125));
    expect(page.items[0]!.lastActivityAt).toBe(
      mine.find((r) => r.id === byActivity[100])!.lastActivityAt.toISOString(),
    );

    const byName = [...mine]
      .filter((r) => fold(r.name).includes('crown'))
      .sort((a, b) =>
        fold(a.name) < fold(b.name) ? -1 : fold(a.name) > fold(b.name) ? 1 : a.id < b.id ? -1 : 1,
      )
      .map((r) => r.id);
    const named = await list('q=crown&sort=name&limit=30&offset=30');
    expect(named.total).toBe(String(byName.length));
    expect(named.items.map((p) => p.id)).toEqual(byName.slice(30, 60));

    const past = await list('sort=activity&limit=10&offset=6000');
    expect(past.items).toEqual([]);
    expect(past.total).toBe(String(N));
  });

  it('answers the whole list without a query, and no X-Total-Count without a page', async () => {
    const { items, total } = await list('');
    expect(items).toHaveLength(N);
    expect(total).toBeUndefined();
  });

  it('searches the admin lists the same way, across owners', async () => {
    const res = await get('/api/admin/projects?q=chloe%20moreau&sort=created&limit=5', admin.token);
    expect(res.statusCode, res.body).toBe(200);
    const want = rows
      .filter((r) => r.userId !== PUBLIC_USER_ID && fold(r.patientName) === 'chloe moreau')
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? -1 : 1));
    expect(res.headers['x-total-count']).toBe(String(want.length));
    const body = res.json<{ projects: ListItem[] }>();
    expect(body.projects.map((p) => p.id)).toEqual(want.slice(0, 5).map((r) => r.id));
    const anon = await get('/api/admin/public-projects?q=foreign&limit=100', admin.token);
    expect(anon.json<{ projects: ListItem[] }>().projects).toHaveLength(25);
    const ofOther = await get(`/api/admin/projects?userId=${other.id}&q=foreign`, admin.token);
    expect(ofOther.json<{ projects: ListItem[] }>().projects).toHaveLength(25);
  });

  it('refuses a bad query with 400 invalid_query and a message', async () => {
    for (const q of [
      'status=lost',
      'limit=0',
      'limit=101',
      'sort=size',
      'colour=red',
      'from=yesterday',
      'from=2026-03-02&to=2026-03-01',
      `q=${'x'.repeat(101)}`,
    ]) {
      const res = await get(`/api/projects?${q}`, tech.token);
      expect(res.statusCode, q).toBe(400);
      const body = res.json<{ code: string; error: string }>();
      expect(body.code, q).toBe('invalid_query');
      expect(body.error, q).toMatch(/^Invalid search: /);
    }
    const admins = await get('/api/admin/projects?needs=maybe', admin.token);
    expect(admins.statusCode).toBe(400);
    expect(admins.json<{ code: string }>().code).toBe('invalid_query');
  });

  it("keeps activity from events and forgets a deleted project's search text", async () => {
    const p = await seedProject(t.deps, {
      userId: tech.id,
      name: 'Zygomatic implant',
      patientName: 'Quentin Zyx',
    });
    await setStatus(t.deps, p.id, 'pending_revision', `user:${tech.id}`);
    const { items } = await list('q=zyx');
    expect(items.map((x) => x.id)).toEqual([p.id]);
    const one = items[0]!;
    expect(one.needsAnswer).toBe(true);
    const [row] = (
      await t.deps.db.query<{ at: Date; created: Date }>(
        'SELECT last_activity_at AS at, created_at AS created FROM projects WHERE id = $1',
        [p.id],
      )
    ).rows;
    expect(new Date(row!.at).getTime()).toBeGreaterThanOrEqual(new Date(row!.created).getTime());
    expect(one.lastActivityAt).toBe(new Date(row!.at).toISOString());
    const revision = (
      await t.deps.db.query<{ r: string }>(
        'SELECT revision::text AS r FROM projects WHERE id = $1',
        [p.id],
      )
    ).rows[0]!.r;
    // The search opened it; the tail's own invalidation of these events may drop it once more,
    // after which the next search opens it again.
    await expect
      .poll(async () => {
        await list('q=zyx');
        return t.deps.searchTexts.get(p.id, revision);
      })
      .toBeDefined();

    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/projects/${p.id}`,
      headers: bearer(tech.token),
    });
    expect(del.statusCode).toBe(204);
    expect(t.deps.searchTexts.get(p.id, revision)).toBeUndefined();
    expect((await list('q=zyx')).items).toEqual([]);
  });
});
