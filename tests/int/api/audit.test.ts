import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../api/src/db/db.js';
import { projectStream } from '../../../api/src/domain/project.js';
import { userStream } from '../../../api/src/domain/user.js';
import type { AuditPage, HistoryPage } from '../../../api/src/contract/audit.js';
import type { Position, RecordedEvent } from '../../../api/src/store/eventStore.js';
import { auditLogProjection } from '../../../projections/src/auditLog/index.js';
import {
  bearer,
  seedProject,
  seedUser,
  type SeededProject,
  type SeededUser,
} from '../../support/adminSeed.js';
import { startTestApp, type TestApp } from '../../support/app.js';
import { signUp } from '../../support/projects.js';
import { testDrivers } from '../../support/db.js';
import { calmEventLoop } from '../../support/eventLoop.js';
import { settle } from '../../support/settle.js';

/**
 * The audit list, its CSV and a project's history are ordered by the store position (tx, gp) as
 * numbers. Ordered as text, "988" sorts after "1031" (newest first) once transaction ids pass 999,
 * and cursor paging (which compares numbers) then skips entries.
 */

/** Where text order and number order part: 999|1000, 9,999|10,000, 2^31 (and 2^32, xid8 epochs). */
const BOUNDARIES = [1_000n, 10_000n, 2n ** 31n, 2n ** 32n];
const nearBoundary = fc
  .constantFrom(...BOUNDARIES)
  .chain((b) => fc.bigInt({ min: b - 25n, max: b + 25n }));
const positionNumber = fc.oneof(
  { weight: 4, arbitrary: nearBoundary },
  { weight: 1, arbitrary: fc.bigInt({ min: 1n, max: 2n ** 62n }) },
);
/** Distinct store positions `[tx, gp]`, as many as a few pages hold. */
const positions = fc.uniqueArray(fc.tuple(positionNumber, positionNumber), {
  minLength: 1,
  maxLength: 60,
  selector: ([tx, gp]) => `${tx}:${gp}`,
});
const pageSize = fc.integer({ min: 1, max: 25 });

function comparePositions(a: string, b: string): number {
  const [ta = 0n, ga = 0n] = a.split(':').map(BigInt);
  const [tb = 0n, gb = 0n] = b.split(':').map(BigInt);
  if (ta !== tb) return ta < tb ? -1 : 1;
  return ga === gb ? 0 : ga < gb ? -1 : 1;
}

/** Events at the given positions, as the store would record them, on one stream. */
function eventsAt(stream: string, type: string, actor: string, pairs: [bigint, bigint][]) {
  return pairs.map(([tx, gp], i): RecordedEvent => ({
    id: randomUUID(),
    type,
    data: {},
    metadata: { actor, at: new Date().toISOString() },
    stream,
    revision: BigInt(i + 1),
    position: `${tx}:${gp}` as Position,
    createdAt: new Date(),
  }));
}

/** The global position the next appended event gets (the identity column has no gaps here). */
async function nextGlobalPosition(db: Db): Promise<bigint> {
  const r = await db.query<{ gp: string }>(
    'SELECT (coalesce(max(global_position), 0) + 1)::text AS gp FROM events',
  );
  return BigInt(r.rows[0]!.gp);
}

describe.each(testDrivers())('audit history order and paging on %s', (driver) => {
  let t: TestApp;
  let admin: SeededUser;
  let tech: SeededUser;
  let project: SeededProject;

  const get = async (url: string, token: string) => {
    await calmEventLoop(t.app);
    return t.app.inject({ method: 'GET', url, headers: bearer(token) });
  };

  /** Every item of the admin list under `query`, page by page, `limit` per page. */
  async function pageAuditList(query: string, limit: number): Promise<AuditPage['items']> {
    const seen: AuditPage['items'] = [];
    let before: string | null = null;
    for (let pages = 0; pages < 500; pages++) {
      const cursor: string = before ? `&before=${before}` : '';
      const res = await get(`/api/admin/audit?${query}&limit=${limit}${cursor}`, admin.token);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json() as AuditPage;
      seen.push(...page.items);
      if (!page.nextCursor) return seen;
      before = page.nextCursor;
    }
    throw new Error('the audit list did not end');
  }

  /** Every item of a project's history, page by page, `limit` per page. */
  async function pageHistory(projectId: string, limit: number, token: string) {
    const seen: HistoryPage['items'] = [];
    let after: string | null = null;
    for (let pages = 0; pages < 500; pages++) {
      const cursor: string = after ? `&after=${after}` : '';
      const res = await get(`/api/projects/${projectId}/history?limit=${limit}${cursor}`, token);
      expect(res.statusCode).toBe(200);
      const page = res.json() as HistoryPage;
      seen.push(...page.items);
      if (!page.nextCursor) return seen;
      after = page.nextCursor;
    }
    throw new Error('the history did not end');
  }

  function csvColumn(body: string, column: string): string[] {
    const [header = '', ...lines] = body.trim().split('\r\n');
    const i = header.split(',').indexOf(column);
    return lines.map((l) => l.split(',')[i] ?? '');
  }

  beforeAll(async () => {
    t = await startTestApp(driver, { ADMIN_EMAILS: `boss.${driver}@audit.test` });
    admin = await seedUser(t.deps, { name: 'Ada Admin', email: 'ada@audit.test', role: 'admin' });
    tech = await seedUser(t.deps, { name: 'Tess Technician', email: 'tess@audit.test' });
    project = await seedProject(t.deps, { userId: tech.id, name: 'Crown 21' });
    await settle(t);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('orders real events numerically when their global positions pass 99 and 999 within one append', async () => {
    const p = await seedProject(t.deps, { userId: tech.id, name: 'Many changes' });
    const stream = projectStream(p.id);
    const filler = `probe-${randomUUID()}`;
    const statuses = ['pending_review', 'pending_revision'] as const;
    let previous = 'pending';
    for (const boundary of [100n, 1_000n]) {
      // Unrelated events up to just below the boundary, then five changes in one transaction.
      for (let gap = boundary - 2n - (await nextGlobalPosition(t.deps.db)); gap > 0n;) {
        const n = gap < 250n ? Number(gap) : 250;
        const at = new Date().toISOString();
        await t.deps.store.append(
          filler,
          Array.from({ length: n }, () => ({
            id: randomUUID(),
            type: 'ProbeRecorded',
            data: {},
            metadata: { actor: 'system', at },
          })),
          { expectedVersion: 'any' },
        );
        gap -= BigInt(n);
      }
      const changes = Array.from({ length: 5 }, (_, i) => {
        const status = statuses[i % 2]!;
        const data = { projectId: p.id, status, previous, changedAt: new Date().toISOString() };
        previous = status;
        return {
          id: randomUUID(),
          type: 'ProjectStatusChanged',
          data,
          metadata: { actor: `user:${tech.id}`, at: data.changedAt },
        };
      });
      await t.deps.store.append(stream, changes, { expectedVersion: 'any' });
    }
    await settle(t);

    const events = await t.deps.store.readStream(stream);
    for (const boundary of [100n, 1_000n]) {
      const straddling = events.filter((e) => {
        const gp = BigInt(e.position.split(':')[1]!);
        return gp >= boundary - 2n && gp <= boundary + 2n;
      });
      expect(straddling, `five events at ${boundary - 2n}…${boundary + 2n}`).toHaveLength(5);
      expect(new Set(straddling.map((e) => e.position.split(':')[0])).size).toBe(1);
    }
    const oldestFirst = events.map((e) => e.id);
    const newestFirst = [...oldestFirst].reverse();
    const list = await pageAuditList(`projectId=${p.id}`, 2);
    expect(list.map((e) => e.eventId)).toEqual(newestFirst);
    const csv = await get(`/api/admin/audit?format=csv&projectId=${p.id}`, admin.token);
    expect(csvColumn(csv.body, 'event_id')).toEqual(newestFirst);
    const history = await pageHistory(p.id, 2, tech.token);
    expect(history.map((e) => e.eventId)).toEqual(oldestFirst);
  });

  it('pages the admin list newest first and the CSV in the same order, every entry exactly once, across 999, 9,999 and 2^31', async () => {
    await fc.assert(
      fc.asyncProperty(positions, pageSize, async (pairs, limit) => {
        const subjectId = randomUUID();
        const events = eventsAt(`user-${subjectId}`, 'EmailVerified', 'system', pairs);
        await auditLogProjection.applyBatch!({ tx: t.deps.db, table: (n) => n }, events);
        try {
          const expected = events.map((e) => e.position as string).sort(comparePositions);
          expected.reverse();
          const list = await pageAuditList(`userId=${subjectId}`, limit);
          expect(list.map((e) => e.seq)).toEqual(expected);
          const csv = await get(`/api/admin/audit?format=csv&userId=${subjectId}`, admin.token);
          expect(csvColumn(csv.body, 'position')).toEqual(expected);
        } finally {
          await t.deps.db.query('DELETE FROM audit_log WHERE event_id = ANY($1::uuid[])', [
            events.map((e) => e.id),
          ]);
        }
      }),
      { numRuns: 25 },
    );
  });

  it('pages a project history oldest first, every entry exactly once, across the same boundaries', async () => {
    const real = new Map(
      (await t.deps.store.readStream(projectStream(project.id))).map((e) => [
        e.position as string,
        e.id,
      ]),
    );
    await fc.assert(
      fc.asyncProperty(positions, pageSize, fc.boolean(), async (pairs, limit, asAdmin) => {
        const fresh = pairs.filter(([tx, gp]) => !real.has(`${tx}:${gp}`));
        const stream = projectStream(project.id);
        const events = eventsAt(stream, 'ProjectStatusChanged', `user:${tech.id}`, fresh);
        await auditLogProjection.applyBatch!({ tx: t.deps.db, table: (n) => n }, events);
        try {
          const all = new Map([
            ...real,
            ...events.map((e) => [e.position as string, e.id] as const),
          ]);
          const expected = [...all.keys()].sort(comparePositions).map((p) => all.get(p));
          const items = await pageHistory(project.id, limit, (asAdmin ? admin : tech).token);
          expect(items.map((e) => e.eventId)).toEqual(expected);
        } finally {
          await t.deps.db.query('DELETE FROM audit_log WHERE event_id = ANY($1::uuid[])', [
            events.map((e) => e.id),
          ]);
        }
      }),
      { numRuns: 25 },
    );
  });

  it('names the project, and for an admin the acting technician instead of "You"', async () => {
    const url = `/api/projects/${project.id}/history`;
    const asAdmin = (await get(url, admin.token)).json() as HistoryPage;
    expect(asAdmin.projectName).toBe('Crown 21');
    expect(asAdmin.items[0]).toMatchObject({
      action: 'ProjectCreated',
      actorKind: 'user',
      actor: `user:${tech.id}`,
      actorName: 'Tess Technician',
      mine: false,
    });
    const asOwner = (await get(url, tech.token)).json() as HistoryPage;
    expect(asOwner.projectName).toBe('Crown 21');
    expect(asOwner.items[0]).toMatchObject({ actor: `user:${tech.id}`, mine: true });
    expect(asOwner.items[0]!.actorName).toBeUndefined();
  });

  it('shows admins the names of the acting user and of the subject beside the ids, none once deleted', async () => {
    const p = await seedProject(t.deps, { userId: tech.id, name: 'Veneer 12' });
    await settle(t);
    const list = (await get(`/api/admin/audit?projectId=${p.id}`, admin.token)).json() as AuditPage;
    expect(list.items[0]).toMatchObject({
      action: 'ProjectCreated',
      subjectId: p.id,
      subjectName: 'Veneer 12',
      actor: `user:${tech.id}`,
      actorName: 'Tess Technician',
    });
    const aboutTech = (
      await get(`/api/admin/audit?userId=${tech.id}`, admin.token)
    ).json() as AuditPage;
    expect(aboutTech.items.length).toBeGreaterThan(0);
    expect(aboutTech.items.every((e) => e.subjectName === 'Tess Technician')).toBe(true);
    const csv = await get(`/api/admin/audit?format=csv&projectId=${p.id}`, admin.token);
    expect(csv.body).not.toContain('Veneer 12');
    expect(csv.body).not.toContain('Tess Technician');

    await calmEventLoop(t.app);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/projects/${p.id}`,
      headers: bearer(admin.token),
    });
    expect(deleted.statusCode).toBe(204);
    await settle(t);
    const res = await get(`/api/admin/audit?projectId=${p.id}`, admin.token);
    expect(res.body).not.toContain('Veneer 12');
    const after = res.json() as AuditPage;
    expect(after.items.map((e) => e.action)).toEqual(['ProjectDeleted', 'ProjectCreated']);
    expect(after.items[0]).toMatchObject({ actor: `admin:${admin.id}`, actorName: 'Ada Admin' });
    expect(after.items.every((e) => e.subjectName === undefined && e.subjectId === p.id)).toBe(
      true,
    );
    const history = (await get(`/api/projects/${p.id}/history`, tech.token)).json() as HistoryPage;
    expect(history.projectName).toBeNull();
  });

  it('records a role granted through ADMIN_EMAILS as done by the system, not by the registrant', async () => {
    const boss = await signUp(t, `boss.${driver}@audit.test`);
    const events = await t.deps.store.readStream(userStream(boss.userId));
    expect(events.map((e) => [e.type, e.metadata.actor])).toEqual([
      ['UserRegistered', 'anonymous'],
      ['RoleGranted', 'system'],
      ['EmailVerified', `user:${boss.userId}`],
    ]);
    await settle(t);
    const url = `/api/admin/audit?userId=${boss.userId}&type=RoleGranted`;
    const granted = (await get(url, admin.token)).json() as AuditPage;
    expect(granted.items).toMatchObject([{ actor: 'system', actorKind: 'system' }]);
  });

  it('refuses cursors that are not two 64-bit positions with 400', async () => {
    for (const before of ['nonsense', '1:2:3', '9223372036854775808:1', '1:99999999999999999999']) {
      const res = await get(`/api/admin/audit?before=${before}`, admin.token);
      expect(res.statusCode, before).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed' });
      const history = await get(`/api/projects/${project.id}/history?after=${before}`, tech.token);
      expect(history.statusCode, before).toBe(400);
    }
    const max = await get(
      '/api/admin/audit?before=9223372036854775807:9223372036854775807',
      admin.token,
    );
    expect(max.statusCode).toBe(200);
  });
});
