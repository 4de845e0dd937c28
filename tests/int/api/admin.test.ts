import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectBlobPrefix } from '../../../api/src/blobs/blobStore.js';
import { MIB, storageMiBOf, type ModelRecord } from '../../../api/src/domain/models.js';
import { PUBLIC_USER_ID, projectStream, projectSubject } from '../../../api/src/domain/project.js';
import { userStream, userSubject } from '../../../api/src/domain/user.js';
import type { RecordedEvent } from '../../../api/src/store/eventStore.js';
import { allProjections } from '../../../projections/src/registry.js';
import { rebuildProjections } from '../../../projections/src/rebuild.js';
import {
  bearer,
  seedProject,
  seedUser,
  setStatus,
  type SeededProject,
  type SeededUser,
} from '../../support/adminSeed.js';
import { startTestApp, type TestApp } from '../../support/app.js';
import { testDrivers } from '../../support/db.js';

const DAY = 86_400_000;

async function allEvents(t: TestApp): Promise<RecordedEvent[]> {
  const out: RecordedEvent[] = [];
  let after: RecordedEvent['position'] | undefined;
  for (;;) {
    const page = await t.deps.store.readAll({ ...(after ? { after } : {}), maxCount: 1000 });
    out.push(...page.events);
    if (!page.last || page.events.length === 0) return out;
    after = page.last;
  }
}

async function blobCount(t: TestApp, projectId: string): Promise<number> {
  let n = 0;
  for await (const _ of t.deps.blobs.list(projectBlobPrefix(projectId))) n++;
  return n;
}

/** Overview numbers counted straight from the events, independent of every read model. */
function countFromEvents(events: RecordedEvent[]) {
  const users = new Set<string>();
  const projects = new Map<
    string,
    { owner: string; files: number; bytes: number; status: string }
  >();
  for (const e of events) {
    const d = e.data as Record<string, unknown>;
    switch (e.type) {
      case 'UserRegistered':
        users.add(d.userId as string);
        break;
      case 'UserDeleted':
        users.delete(d.userId as string);
        break;
      case 'ProjectCreated': {
        // Exact sizes are sealed: the figures sum each file's size rounded up to whole MiB.
        const models = d.models as ModelRecord[];
        projects.set(d.projectId as string, {
          owner: d.userId as string,
          files: models.length,
          bytes: models.reduce((s, m) => s + storageMiBOf(m) * MIB, 0),
          status: d.status as string,
        });
        break;
      }
      case 'ProjectStatusChanged':
      case 'ProjectApproved': {
        const p = projects.get(d.projectId as string);
        if (p) p.status = e.type === 'ProjectApproved' ? 'approved' : (d.status as string);
        break;
      }
      case 'ProjectDeleted':
        projects.delete(d.projectId as string);
        break;
    }
  }
  const live = [...projects.values()];
  return {
    totalUsers: users.size,
    usersWithProjects: new Set(live.filter((p) => users.has(p.owner)).map((p) => p.owner)).size,
    totalProjects: live.length,
    totalFiles: live.reduce((s, p) => s + p.files, 0),
    approvedProjects: live.filter((p) => p.status === 'approved').length,
    pendingProjects: live.filter((p) => p.status === 'pending' || p.status === 'pending_review')
      .length,
    rejectedProjects: live.filter((p) => p.status === 'pending_revision').length,
    totalStorage: live.reduce((s, p) => s + p.bytes, 0),
    publicProjects: live.filter((p) => p.owner === PUBLIC_USER_ID).length,
  };
}

describe.each(testDrivers())('admin API on %s', (driver) => {
  let t: TestApp;
  let admin: SeededUser;
  let alice: SeededUser;
  let bob: SeededUser;
  let aliceProjects: SeededProject[];
  let bobProjects: SeededProject[];
  let publicProject: SeededProject;
  /** Between Alice's and Bob's registration (audit times are the commands' times). */
  let midpoint: Date;

  const get = (url: string, token?: string) =>
    t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

  beforeAll(async () => {
    t = await startTestApp(driver);
    const now = t.deps.now().getTime();
    admin = await seedUser(t.deps, { name: 'Ada Admin', email: 'ada@cusp.test', role: 'admin' });
    alice = await seedUser(t.deps, {
      name: 'Alice Moreau',
      email: 'alice@lab.test',
      companyName: 'Moreau Dental',
      at: new Date(now - 40 * DAY),
    });
    await new Promise((r) => setTimeout(r, 20));
    midpoint = new Date();
    await new Promise((r) => setTimeout(r, 20));
    bob = await seedUser(t.deps, { name: 'Bob Kowalski', email: 'bob@lab.test' });
    aliceProjects = [
      await seedProject(t.deps, {
        userId: alice.id,
        name: 'Crown 11',
        patientName: 'Zoe Patient',
        files: 2,
        createdAt: new Date(now - 45 * DAY),
      }),
      await seedProject(t.deps, { userId: alice.id, name: 'Bridge 3-5', status: 'approved' }),
      await seedProject(t.deps, { userId: alice.id, name: 'Inlay 26', status: 'pending_revision' }),
    ];
    bobProjects = [
      await seedProject(t.deps, { userId: bob.id, name: 'Bob Veneer', patientName: 'Quentin Q' }),
      await seedProject(t.deps, { userId: bob.id, name: 'Bob Implant', files: 3 }),
    ];
    publicProject = await seedProject(t.deps, {
      userId: PUBLIC_USER_ID,
      name: 'Quick upload',
      laboratoryName: 'Anon Lab',
      status: 'pending_review',
    });
    // Every read model (audit_log included) has applied the seed before any test reads it: on a
    // loaded machine the projections may trail the writes by more than a seed step waits.
    const last = (await allEvents(t)).at(-1)!.position;
    expect(await t.deps.projections.waitFor(last, 30_000)).toBe(true);
  });

  afterAll(async () => {
    await t?.close();
  });

  describe('access', () => {
    const routes = (): { method: 'GET' | 'DELETE' | 'POST'; url: string; payload?: unknown }[] => [
      { method: 'GET', url: '/api/admin/stats' },
      { method: 'GET', url: '/api/admin/users' },
      { method: 'GET', url: '/api/admin/projects' },
      { method: 'GET', url: '/api/admin/public-projects' },
      { method: 'GET', url: `/api/admin/users/${alice.id}` },
      { method: 'GET', url: `/api/admin/users/${alice.id}/projects` },
      { method: 'GET', url: '/api/admin/audit' },
      { method: 'DELETE', url: `/api/admin/users/${alice.id}` },
      { method: 'DELETE', url: `/api/admin/projects/${aliceProjects[0]!.id}` },
      {
        method: 'POST',
        url: '/api/admin/projects/bulk-delete',
        payload: { ids: [aliceProjects[0]!.id, aliceProjects[1]!.id] },
      },
    ];

    it('answers 401 to anonymous callers and 403 to signed-in non-admins, changing nothing', async () => {
      const before = (await allEvents(t)).length;
      for (const r of routes()) {
        const anon = await t.app.inject({
          method: r.method,
          url: r.url,
          payload: r.payload as object,
        });
        expect(anon.statusCode, `${r.method} ${r.url} anonymous`).toBe(401);
        const user = await t.app.inject({
          method: r.method,
          url: r.url,
          headers: bearer(alice.token),
          payload: r.payload as object,
        });
        expect(user.statusCode, `${r.method} ${r.url} as user`).toBe(403);
        expect(user.json()).toMatchObject({ error: 'Access denied. Admin privileges required.' });
      }
      expect((await allEvents(t)).length).toBe(before);
      expect(await blobCount(t, aliceProjects[0]!.id)).toBe(2);
    });

    it('answers 401 to a forged token', async () => {
      expect((await get('/api/admin/stats', 'x'.repeat(43))).statusCode).toBe(401);
    });
  });

  describe('reads', () => {
    it('GET /api/admin/stats counts users, projects, files, statuses and storage', async () => {
      const res = await get('/api/admin/stats', admin.token);
      expect(res.statusCode).toBe(200);
      // Each file counted as its size rounded up to whole MiB (the seeded files are small).
      const bytes =
        [...aliceProjects, ...bobProjects, publicProject].flatMap((p) => p.sizes).length * MIB;
      expect(res.json()).toEqual({
        totalUsers: 3,
        usersWithProjects: 2,
        totalProjects: 6,
        totalFiles: 2 + 1 + 1 + 1 + 3 + 1,
        approvedProjects: 1,
        pendingProjects: 4,
        rejectedProjects: 1,
        totalStorage: bytes,
        publicProjects: 1,
      });
    });

    it('GET /api/admin/users lists users with decrypted fields, counts and storage', async () => {
      const res = await get('/api/admin/users', admin.token);
      expect(res.statusCode).toBe(200);
      const users = (res.json() as { users: Record<string, unknown>[] }).users;
      expect(users).toHaveLength(3);
      const a = users.find((u) => u.id === alice.id)!;
      expect(a).toEqual({
        id: alice.id,
        name: 'Alice Moreau',
        email: 'alice@lab.test',
        companyName: 'Moreau Dental',
        role: 'user',
        emailVerified: true,
        projectCount: 3,
        totalStorage: aliceProjects.flatMap((p) => p.sizes).length * MIB,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      });
      expect(Date.parse(a.createdAt as string)).toBeLessThan(Date.now() - 39 * DAY);
      expect(users.find((u) => u.id === admin.id)).toMatchObject({
        role: 'admin',
        projectCount: 0,
      });
      // Newest first.
      expect(users.at(-1)!.id).toBe(alice.id);
    });

    it('GET /api/admin/projects lists signed-in users’ projects only, newest first', async () => {
      // Nothing opened before (the admin panel asks for all lists at once, projects may come
      // first): the owners' names must be opened along with the projects'.
      t.deps.keys.opened.clear();
      const res = await get('/api/admin/projects', admin.token);
      expect(res.statusCode).toBe(200);
      const projects = (res.json() as { projects: Record<string, unknown>[] }).projects;
      expect(projects.map((p) => p.id).sort()).toEqual(
        [...aliceProjects, ...bobProjects].map((p) => p.id).sort(),
      );
      expect(projects.some((p) => p.userId === PUBLIC_USER_ID)).toBe(false);
      expect(projects.at(-1)!.id).toBe(aliceProjects[0]!.id);
      const crown = projects.find((p) => p.id === aliceProjects[0]!.id)!;
      expect(crown).toMatchObject({
        name: 'Crown 11',
        patientName: 'Zoe Patient',
        laboratoryName: 'Seed Lab',
        status: 'pending',
        fileCount: 2,
        userId: alice.id,
        userName: 'Alice Moreau',
        userCompany: 'Moreau Dental',
        user: { name: 'Alice Moreau', companyName: 'Moreau Dental' },
        publicToken: aliceProjects[0]!.publicToken,
      });
    });

    it('GET /api/admin/public-projects lists anonymous uploads only', async () => {
      const res = await get('/api/admin/public-projects', admin.token);
      expect(res.statusCode).toBe(200);
      const projects = (res.json() as { projects: Record<string, unknown>[] }).projects;
      expect(projects).toHaveLength(1);
      expect(projects[0]).toMatchObject({
        id: publicProject.id,
        name: 'Quick upload',
        laboratoryName: 'Anon Lab',
        status: 'pending_review',
        userId: 'public',
        user: null,
        publicToken: publicProject.publicToken,
      });
    });

    it('GET /api/admin/users/{id} and /projects answer one user and their projects', async () => {
      const one = await get(`/api/admin/users/${bob.id}`, admin.token);
      expect(one.statusCode).toBe(200);
      expect(one.json()).toMatchObject({
        user: { id: bob.id, name: 'Bob Kowalski', projectCount: 2 },
      });
      const list = await get(`/api/admin/users/${bob.id}/projects`, admin.token);
      expect(list.statusCode).toBe(200);
      const projects = list.json() as { id: string; models: unknown[]; name: string }[];
      expect(projects.map((p) => p.id).sort()).toEqual(bobProjects.map((p) => p.id).sort());
      expect(projects.find((p) => p.name === 'Bob Implant')!.models).toHaveLength(3);
      expect((await get(`/api/admin/users/${randomUUID()}`, admin.token)).statusCode).toBe(404);
      expect((await get(`/api/admin/users/${randomUUID()}/projects`, admin.token)).statusCode).toBe(
        404,
      );
      expect((await get('/api/admin/users/not-a-uuid', admin.token)).statusCode).toBe(400);
    });
  });

  describe('audit history', () => {
    it('GET /api/admin/audit pages newest first and filters by actor, project, type and time', async () => {
      const first = await get('/api/admin/audit?limit=3', admin.token);
      expect(first.statusCode).toBe(200);
      const page1 = first.json() as { items: { seq: string; at: string }[]; nextCursor: string };
      expect(page1.items).toHaveLength(3);
      expect(page1.nextCursor).toBe(page1.items[2]!.seq);
      const second = (
        await get(`/api/admin/audit?limit=3&before=${page1.nextCursor}`, admin.token)
      ).json() as { items: { seq: string }[] };
      const seqs = [...page1.items, ...second.items].map((i) => i.seq);
      const ordered = [...seqs].sort((a, b) => {
        const [ta, ga] = a.split(':').map(BigInt);
        const [tb, gb] = b.split(':').map(BigInt);
        return ta! === tb! ? (gb! > ga! ? 1 : -1) : tb! > ta! ? 1 : -1;
      });
      expect(seqs).toEqual(ordered);
      expect(new Set(seqs).size).toBe(6);

      const byProject = (
        await get(`/api/admin/audit?projectId=${aliceProjects[1]!.id}`, admin.token)
      ).json() as { items: { action: string; actorKind: string }[] };
      expect(byProject.items.map((i) => i.action)).toEqual([
        'ProjectStatusChanged',
        'ProjectCreated',
      ]);
      expect(byProject.items.every((i) => i.actorKind === 'user')).toBe(true);

      const byType = (await get('/api/admin/audit?type=UserRegistered', admin.token)).json() as {
        items: { action: string; actor: string }[];
      };
      expect(byType.items).toHaveLength(3);
      expect(
        byType.items.every((i) => i.action === 'UserRegistered' && i.actor === 'anonymous'),
      ).toBe(true);

      const byActor = (await get(`/api/admin/audit?actor=user:${bob.id}`, admin.token)).json() as {
        items: { actor: string }[];
      };
      expect(byActor.items.length).toBeGreaterThan(0);
      expect(byActor.items.every((i) => i.actor === `user:${bob.id}`)).toBe(true);

      const kind = (await get('/api/admin/audit?actor=system', admin.token)).json() as {
        items: { action: string }[];
      };
      expect(kind.items.map((i) => i.action)).toEqual(['RoleGranted']);

      const mid = midpoint.toISOString();
      const before = (
        await get(`/api/admin/audit?type=UserRegistered&to=${mid}`, admin.token)
      ).json() as { items: { subjectId: string }[] };
      expect(before.items.map((i) => i.subjectId)).toEqual([alice.id, admin.id]);
      const after = (
        await get(`/api/admin/audit?type=UserRegistered&from=${mid}`, admin.token)
      ).json() as { items: { subjectId: string }[] };
      expect(after.items.map((i) => i.subjectId)).toEqual([bob.id]);
      const day = new Date(Date.now() + DAY).toISOString().slice(0, 10);
      const future = (await get(`/api/admin/audit?from=${day}`, admin.token)).json() as {
        items: unknown[];
      };
      expect(future.items).toEqual([]);

      expect((await get('/api/admin/audit?before=nonsense', admin.token)).statusCode).toBe(400);
      expect((await get('/api/admin/audit?limit=5000', admin.token)).statusCode).toBe(400);
      expect((await get('/api/admin/audit?evil=1', admin.token)).statusCode).toBe(400);
    });

    it('exports the filtered log as CSV', async () => {
      const res = await get('/api/admin/audit?format=csv&type=UserRegistered', admin.token);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.headers['content-disposition']).toMatch(/attachment/);
      const lines = res.body.trim().split('\r\n');
      expect(lines[0]).toBe(
        'time_utc,action,actor,actor_kind,subject_type,subject_id,event_id,position,version',
      );
      expect(lines).toHaveLength(4);
      expect(lines.slice(1).every((l) => l.split(',')[1] === 'UserRegistered')).toBe(true);
    });

    it('GET /api/projects/{id}/history shows the owner the timeline, 404 to others', async () => {
      const id = aliceProjects[2]!.id;
      const own = await get(`/api/projects/${id}/history`, alice.token);
      expect(own.statusCode).toBe(200);
      const body = own.json() as {
        items: { action: string; actorKind: string; actor?: string; at: string }[];
      };
      expect(body.items.map((i) => i.action)).toEqual(['ProjectCreated', 'ProjectStatusChanged']);
      expect(body.items[0]).toMatchObject({ actorKind: 'user', actor: `user:${alice.id}` });
      expect(body.items[0]!.at).toMatch(/Z$/);
      expect((await get(`/api/projects/${id}/history`, bob.token)).statusCode).toBe(404);
      expect((await get(`/api/projects/${id}/history`)).statusCode).toBe(401);
      expect((await get(`/api/projects/${id}/history`, admin.token)).statusCode).toBe(200);
      expect((await get(`/api/projects/${randomUUID()}/history`, alice.token)).statusCode).toBe(
        404,
      );
    });
  });

  describe('deletions', () => {
    it('DELETE /api/admin/projects/{id} crypto-shreds one project, as an admin event', async () => {
      const p = aliceProjects[2]!;
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/admin/projects/${p.id}`,
        headers: bearer(admin.token),
      });
      expect(res.statusCode).toBe(204);
      const events = await t.deps.store.readStream(projectStream(p.id));
      const deleted = events.at(-1)!;
      expect(deleted.type).toBe('ProjectDeleted');
      expect(deleted.metadata.actor).toBe(`admin:${admin.id}`);
      expect(deleted.data).toMatchObject({ reason: 'admin' });
      expect(await t.deps.keys.existingKey(projectSubject(p.id))).toBeUndefined();
      expect(await blobCount(t, p.id)).toBe(0);
      const again = await t.app.inject({
        method: 'DELETE',
        url: `/api/admin/projects/${p.id}`,
        headers: bearer(admin.token),
      });
      expect(again.statusCode).toBe(404);

      // The owner still sees the end of the story, with the actor kind only.
      const history = (await get(`/api/projects/${p.id}/history`, alice.token)).json() as {
        items: { action: string; actorKind: string; actor?: string }[];
      };
      expect(history.items.at(-1)).toEqual(
        expect.objectContaining({ action: 'ProjectDeleted', actorKind: 'admin' }),
      );
      expect(history.items.at(-1)!.actor).toBeUndefined();
    });

    it('bulk delete with one invalid id answers 400 listing it and changes nothing', async () => {
      const before = (await allEvents(t)).length;
      const unknown = randomUUID();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/projects/bulk-delete',
        headers: bearer(admin.token),
        payload: { ids: [aliceProjects[0]!.id, unknown, 'nope'] },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'invalid_ids', invalidIds: [unknown, 'nope'] });
      expect((await allEvents(t)).length).toBe(before);
      expect(await blobCount(t, aliceProjects[0]!.id)).toBe(2);
      expect(await t.deps.keys.existingKey(projectSubject(aliceProjects[0]!.id))).toBeDefined();

      const tooMany = await t.app.inject({
        method: 'POST',
        url: '/api/admin/projects/bulk-delete',
        headers: bearer(admin.token),
        payload: { ids: Array.from({ length: 501 }, () => randomUUID()) },
      });
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json()).toMatchObject({ code: 'too_many_ids' });
      for (const payload of [
        { ids: [] },
        {},
        { ids: 'x' },
        { ids: [aliceProjects[0]!.id], role: 'admin' },
      ]) {
        const bad = await t.app.inject({
          method: 'POST',
          url: '/api/admin/projects/bulk-delete',
          headers: bearer(admin.token),
          payload,
        });
        expect(bad.statusCode).toBe(400);
      }
      expect((await allEvents(t)).length).toBe(before);
    });

    it('bulk delete removes every listed project, one admin event each', async () => {
      const ids = [aliceProjects[0]!.id, aliceProjects[1]!.id];
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/projects/bulk-delete',
        headers: bearer(admin.token),
        payload: { ids },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ deleted: 2 });
      for (const id of ids) {
        const last = (await t.deps.store.readStream(projectStream(id))).at(-1)!;
        expect(last.type).toBe('ProjectDeleted');
        expect(last.metadata.actor).toBe(`admin:${admin.id}`);
        expect(await blobCount(t, id)).toBe(0);
      }
      const list = (await get('/api/admin/projects', admin.token)).json() as {
        projects: { id: string }[];
      };
      expect(list.projects.map((p) => p.id).sort()).toEqual(bobProjects.map((p) => p.id).sort());
    });

    it('an admin cannot delete their own account', async () => {
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/admin/users/${admin.id}`,
        headers: bearer(admin.token),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'cannot_delete_self' });
    });

    it('DELETE /api/admin/users/{id} cascades: projects shredded, files gone, sessions revoked, key destroyed', async () => {
      // Warm the admin lists so Bob's plaintexts sit in the process memo first.
      await get('/api/admin/users', admin.token);
      await get('/api/admin/projects', admin.token);
      expect((await get('/api/me', bob.token)).statusCode).toBe(200);

      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/admin/users/${bob.id}`,
        headers: bearer(admin.token),
      });
      expect(res.statusCode).toBe(204);

      // Sessions revoked.
      expect((await get('/api/me', bob.token)).statusCode).toBe(401);
      // Keys destroyed: the user's and every project's.
      expect(await t.deps.keys.existingKey(userSubject(bob.id))).toBeUndefined();
      for (const p of bobProjects) {
        expect(await t.deps.keys.existingKey(projectSubject(p.id))).toBeUndefined();
        expect(await blobCount(t, p.id)).toBe(0);
        const last = (await t.deps.store.readStream(projectStream(p.id))).at(-1)!;
        expect(last).toMatchObject({ type: 'ProjectDeleted', data: { reason: 'user_deleted' } });
        expect(last.metadata.actor).toBe(`admin:${admin.id}`);
      }
      const userEvents = await t.deps.store.readStream(userStream(bob.id));
      expect(userEvents.at(-1)).toMatchObject({ type: 'UserDeleted' });
      expect(userEvents.at(-1)!.metadata.actor).toBe(`admin:${admin.id}`);

      // No readable personal data: sealed fields in the events no longer open...
      const registered = userEvents[0]!.data as { name: string; email: string };
      expect(await t.deps.keys.open(userSubject(bob.id), 'name', registered.name)).toBeNull();
      const created = (await t.deps.store.readStream(projectStream(bobProjects[0]!.id)))[0]!
        .data as { patientName: string };
      expect(
        await t.deps.keys.open(
          projectSubject(bobProjects[0]!.id),
          'patientName',
          created.patientName,
        ),
      ).toBeNull();
      // ...and no plaintext exists anywhere in the database.
      const dump = await t.deps.db.query<{ hit: number }>(
        `SELECT count(*)::int AS hit FROM (
           SELECT data::text || metadata::text AS t FROM events
           UNION ALL SELECT row_to_json(a)::text FROM audit_log a
           UNION ALL SELECT row_to_json(u)::text FROM users u
           UNION ALL SELECT row_to_json(p)::text FROM projects p) x
         WHERE t ILIKE ANY(ARRAY['%Bob Kowalski%', '%bob@lab.test%', '%Quentin Q%', '%Bob Veneer%'])`,
      );
      expect(dump.rows[0]!.hit).toBe(0);
      // The admin answers and the audit view show nothing of Bob.
      for (const url of [
        '/api/admin/users',
        '/api/admin/projects',
        '/api/admin/public-projects',
        '/api/admin/audit?limit=200',
        '/api/admin/audit?format=csv',
      ]) {
        const body = (await get(url, admin.token)).body;
        for (const secret of ['Bob Kowalski', 'bob@lab.test', 'Quentin Q', 'Bob Veneer']) {
          expect(body, `${url} leaks ${secret}`).not.toContain(secret);
        }
      }
      expect((await get(`/api/admin/users/${bob.id}`, admin.token)).statusCode).toBe(404);
      const again = await t.app.inject({
        method: 'DELETE',
        url: `/api/admin/users/${bob.id}`,
        headers: bearer(admin.token),
      });
      expect(again.statusCode).toBe(404);
    });
  });

  it('every Overview number equals a direct count over the events, after a rebuild', async () => {
    // Some more history first: a late status change and an approval-like change.
    const extra = await seedProject(t.deps, { userId: alice.id, name: 'Late', files: 2 });
    await setStatus(t.deps, extra.id, 'approved', `user:${alice.id}`);
    await rebuildProjections({
      db: t.deps.db,
      store: t.deps.store,
      projections: allProjections(),
      name: 'all',
    });
    const res = await get('/api/admin/stats', admin.token);
    expect(res.statusCode).toBe(200);
    const expected = countFromEvents(await allEvents(t));
    expect(res.json()).toEqual(expected);
    expect(expected.totalUsers).toBe(2);
    expect(expected.totalProjects).toBe(2);
  });
});
