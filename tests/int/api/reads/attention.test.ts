/**
 * "Needs attention", on each driver, driven through the API as the doctor and the
 * technician would: new comments, changes requested, a link closing within 7 days, approvals
 * since the last visit — only the caller's own projects.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AttentionAnswer } from '../../../../api/src/contract/dashboard.js';
import {
  bearer,
  seedProject,
  seedUser,
  type SeededProject,
  type SeededUser,
} from '../../../support/adminSeed.js';
import { startTestApp, type TestApp } from '../../../support/app.js';
import { testDrivers } from '../../../support/db.js';

const DAY = 86_400_000;

describe.each(testDrivers())('needs attention on %s', (driver) => {
  let t: TestApp;
  let tech: SeededUser;
  let other: SeededUser;
  let commented: SeededProject;
  let changes: SeededProject;
  let closing: SeededProject;
  let later: SeededProject;
  let approved: SeededProject;
  let quiet: SeededProject;
  let before: string;

  const post = async (url: string, payload: unknown, token?: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      headers: token ? bearer(token) : {},
    });
    expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(300);
    return res;
  };
  const setLink = async (p: SeededProject, expiresAt: Date) => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/projects/${p.id}/link`,
      payload: { expiresAt: expiresAt.toISOString() },
      headers: bearer(tech.token),
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const attention = async (query = '', token = tech.token) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/projects/attention${query}`,
      headers: bearer(token),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<AttentionAnswer>().items;
  };
  const doctor = { authorName: 'Dr. Dana' };

  beforeAll(async () => {
    t = await startTestApp(driver);
    tech = await seedUser(t.deps, { name: 'Tess Tech', email: 'tess@lab.test' });
    other = await seedUser(t.deps, { name: 'Otto Other', email: 'otto@lab.test' });
    const mk = (name: string, userId = tech.id) => seedProject(t.deps, { userId, name });
    [commented, changes, closing, later, approved, quiet] = await Promise.all([
      mk('Commented crown'),
      mk('Changes bridge'),
      mk('Closing veneer'),
      mk('Later inlay'),
      mk('Approved implant'),
      mk('Quiet onlay'),
    ]);
    const foreign = await mk('Foreign case', other.id);
    before = new Date().toISOString();
    for (const body of ['Margin looks short', 'Please check the contact'])
      await post(`/api/public/projects/${commented.publicToken}/comments`, { ...doctor, body });
    await post(`/api/public/projects/${foreign.publicToken}/comments`, { ...doctor, body: 'Hi' });
    await post(`/api/public/projects/${changes.publicToken}/request-changes`, {
      ...doctor,
      body: 'Shorten the pontic',
    });
    await setLink(closing, new Date(Date.now() + 3 * DAY));
    await setLink(later, new Date(Date.now() + 10 * DAY));
    await post(`/api/public/projects/${approved.publicToken}/approve`, { ...doctor, version: 1 });
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  it('lists new comments, changes requested, closing links and approvals since the visit', async () => {
    const items = await attention(`?since=${encodeURIComponent(before)}`);
    const of = (id: string) => items.filter((i) => i.projectId === id).map((i) => i.kind);
    expect(of(commented.id)).toEqual(['new_comments']);
    expect(items.find((i) => i.projectId === commented.id)).toMatchObject({
      count: 2,
      projectName: 'Commented crown',
    });
    // Request-changes is a comment too: it waits to be read as well.
    expect(of(changes.id)).toContain('changes_requested');
    expect(of(closing.id)).toEqual(['link_expiring']);
    const link = items.find((i) => i.projectId === closing.id)!;
    expect(Date.parse(link.at)).toBeGreaterThan(Date.now() + 2 * DAY);
    expect(of(approved.id)).toEqual(['approved']);
    expect(of(later.id)).toEqual([]);
    expect(of(quiet.id)).toEqual([]);
    expect(items.every((i) => i.projectName !== 'Foreign case')).toBe(true);
  });

  it('leaves out approvals older than the last visit, and what was read', async () => {
    const after = new Date(Date.now() + 1000).toISOString();
    const items = await attention(`?since=${encodeURIComponent(after)}`);
    expect(items.filter((i) => i.kind === 'approved')).toEqual([]);

    const list = await t.app.inject({
      method: 'GET',
      url: `/api/projects/${commented.id}`,
      headers: bearer(tech.token),
    });
    for (const f of list.json<{ feedback: { id: string }[] }>().feedback) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/projects/${commented.id}/feedback/${f.id}/read`,
        headers: bearer(tech.token),
      });
      expect(res.statusCode).toBe(204);
    }
    const now = await attention();
    expect(now.filter((i) => i.projectId === commented.id)).toEqual([]);
  });

  it("counts a technician reply as the project's last activity", async () => {
    const one = async () => {
      const r = await t.app.inject({
        method: 'GET',
        url: `/api/projects/${quiet.id}`,
        headers: bearer(tech.token),
      });
      return r.json<{ lastActivityAt: string; needsAnswer: boolean }>();
    };
    const earlier = (await one()).lastActivityAt;
    await new Promise((r) => setTimeout(r, 5));
    const reply = await post(`/api/projects/${quiet.id}/comments`, { body: 'Note' }, tech.token);
    const at = reply.json<{ comment: { createdAt: string } }>().comment.createdAt;
    const now = await one();
    expect(Date.parse(now.lastActivityAt)).toBeGreaterThan(Date.parse(earlier));
    expect(now.lastActivityAt).toBe(at);
    expect(now.needsAnswer).toBe(false);
  });

  it('shows the other technician only their own project', async () => {
    const items = await attention('', other.token);
    expect(items.map((i) => [i.kind, i.projectName])).toEqual([['new_comments', 'Foreign case']]);
  });

  it('refuses a since that is not an instant', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/projects/attention?since=yesterday',
      headers: bearer(tech.token),
    });
    expect(res.statusCode).toBe(400);
  });
});
