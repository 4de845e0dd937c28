/**
 * The project answers name their owner
 * (the viewer's Technician row), the dashboard and the admin count statuses with the one shared
 * definition, and model file names (over-long, dotted display names) are taken as the spec says.
 */
import { MIB } from '../../../api/src/domain/models.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/app.js';
import { freshIp, solveBotCheck } from '../../support/accounts.js';
import { testDrivers } from '../../support/db.js';
import {
  fixture,
  multipart,
  projectData,
  signUp,
  smallStl,
  type Part,
  type TestUser,
} from '../../support/projects.js';

const tiny = smallStl(fixture('mesh', 'molar-crown-fdi16.stl'), 40);

describe.each(testDrivers())('project owners, status counts and file names (%s)', (driver) => {
  let t: TestApp;
  let tess: TestUser;
  let boss: TestUser;

  beforeAll(async () => {
    t = await startTestApp(driver, {
      VIEW_PREBUILD: 'false',
      TRUST_PROXY: 'true',
      ADMIN_EMAILS: `boss.names.${driver}@example.com`,
    });
    tess = await signUp(t);
    boss = await signUp(t, `boss.names.${driver}@example.com`);
  });
  afterAll(async () => {
    await t?.close();
  });

  const create = async (user: TestUser | null, parts: Part[]) => {
    const body = multipart(parts);
    return t.app.inject({
      method: 'POST',
      url: user ? '/api/projects' : '/api/public/projects',
      payload: body.payload,
      headers: { ...body.headers, ...(user ? user.auth : {}), 'x-forwarded-for': freshIp() },
    });
  };
  const get = (url: string, user?: TestUser) =>
    t.app.inject({ method: 'GET', url, headers: user ? user.auth : {} });
  const oneFile = (over: Record<string, unknown> = {}, filename = 'scan.stl'): Part[] => [
    { name: 'projectData', value: JSON.stringify(projectData(over)) },
    { name: 'models', filename, data: tiny },
  ];
  const tokenOf = (publicLink: string) => new URL(publicLink).pathname.split('/').pop()!;

  it('names the owner in the public and the owner answers; an anonymous upload names none', async () => {
    const made = await create(tess, oneFile());
    expect(made.statusCode).toBe(201);
    const { projectId, publicLink } = made.json() as { projectId: string; publicLink: string };
    const owner = { name: 'Tess Technician', companyName: 'Tess Dental Lab' };

    const pub = await get(`/api/public/projects/${tokenOf(publicLink)}`);
    expect(pub.statusCode).toBe(200);
    expect(pub.json().user).toEqual(owner);
    expect(pub.json().userId).toBeUndefined();
    expect((await get(`/api/projects/${projectId}`, tess)).json().user).toEqual(owner);
    expect((await get('/api/projects', tess)).json()[0].user).toEqual(owner);

    const anon = await create(null, [
      {
        name: 'projectData',
        value: JSON.stringify(
          projectData({ turnstileToken: await solveBotCheck(t.app, 'public-upload'), terms: true }),
        ),
      },
      { name: 'models', filename: 'scan.stl', data: tiny },
    ]);
    expect(anon.statusCode).toBe(201);
    const anonAnswer = (
      await get(`/api/public/projects/${tokenOf(anon.json().publicLink as string)}`)
    ).json();
    expect(anonAnswer.user).toBeNull();
    expect(anonAnswer.userId).toBe('public');
  });

  it('counts pending + pending_review as Pending and pending_revision as Changes Requested, for the owner and the admin alike', async () => {
    const user = await signUp(t);
    const adminBefore = (await get('/api/admin/stats', boss)).json();
    const statuses = [
      'pending',
      'pending_review',
      'pending_review',
      'pending_revision',
      'approved',
    ];
    for (const status of statuses) {
      const r = await create(user, oneFile({ name: status }));
      const id = r.json().projectId as string;
      if (status === 'pending') continue;
      const put = await t.app.inject({
        method: 'PUT',
        url: `/api/projects/${id}/status`,
        headers: user.auth,
        payload: { status },
      });
      expect(put.statusCode).toBe(200);
    }
    expect((await get('/api/projects/stats', user)).json()).toEqual({
      total: 5,
      approved: 1,
      pending: 3,
      changesRequested: 1,
      newComments: 0,
      storageBytes: 5 * MIB,
      fileCount: 5,
    });
    const adminAfter = (await get('/api/admin/stats', boss)).json();
    expect(adminAfter.pendingProjects - adminBefore.pendingProjects).toBe(3);
    expect(adminAfter.rejectedProjects - adminBefore.rejectedProjects).toBe(1);
    expect(adminAfter.approvedProjects - adminBefore.approvedProjects).toBe(1);
  });

  it('takes a file name over 255 bytes, shortened before its .stl', async () => {
    const long = `${'é'.repeat(100)}${'a'.repeat(96)}.stl`; // 296 bytes
    const r = await create(tess, oneFile({ name: 'long file name' }, long));
    expect(r.statusCode, r.body).toBe(201);
    const project = (await get(`/api/projects/${r.json().projectId}`, tess)).json();
    const [model] = project.models as { originalName: string; name: string }[];
    expect(model!.originalName.endsWith('.stl')).toBe(true);
    expect(Buffer.byteLength(model!.originalName, 'utf8')).toBeLessThanOrEqual(255);
    expect(long.startsWith(model!.originalName.slice(0, -4))).toBe(true);
    // Its display name is the file name without .stl, cut to the 200-character name limit.
    expect(model!.name).toBe(model!.originalName.slice(0, -4).slice(0, 200));
  });

  it('strips only a real model extension from a display name', async () => {
    const r = await create(tess, [
      ...oneFile({ name: 'dotted names' }),
      { name: 'models', filename: 'b.stl', data: tiny },
      { name: 'models', filename: 'c.stl', data: tiny },
      {
        name: 'modelCustomNames',
        value: JSON.stringify(['Upper scan 2.5mm offset', 'Crown 16.STL', 'Crown v1.2']),
      },
    ]);
    expect(r.statusCode, r.body).toBe(201);
    const project = (await get(`/api/projects/${r.json().projectId}`, tess)).json();
    expect((project.models as { name: string }[]).map((m) => m.name)).toEqual([
      'Upper scan 2.5mm offset',
      'Crown 16',
      'Crown v1.2',
    ]);
  });
});
