import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKLIST_ITEMS } from '../../../api/src/domain/checklist.js';
import { projectStream } from '../../../api/src/domain/project.js';
import { freshIp } from '../../support/accounts.js';
import {
  bearer,
  seedProject,
  seedUser,
  type SeededProject,
  type SeededUser,
} from '../../support/adminSeed.js';
import { startTestApp, type TestApp } from '../../support/app.js';
import { testDrivers } from '../../support/db.js';

const json = { 'content-type': 'application/json' };
const modelOf = (p: SeededProject) => p.blobKeys[0]!.split('/').pop()!;
const anchorOn = (modelId: string) => ({
  modelId,
  point: [1.5, -2.25, 10],
  normal: [0, 0.6, 0.8],
  camera: { position: [0, -40, 60], target: [0, 0, 0], up: [0, 0, 1] },
});

describe.each(testDrivers())('clinical checklist (%s)', (driver) => {
  let t: TestApp;
  let tech: SeededUser;
  let other: SeededUser;

  const send = (method: 'POST' | 'PUT', url: string, body: unknown, headers = {}) =>
    t.app.inject({
      method,
      url,
      headers: { ...json, 'x-forwarded-for': freshIp(), ...headers },
      payload: JSON.stringify(body),
    });
  const events = async (id: string) =>
    (await t.deps.store.readStream(projectStream(id))).map((e) => ({
      type: e.type,
      data: e.data as Record<string, unknown>,
    }));
  const publicProject = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/public/projects/${token}` })).json();
  const thread = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/public/projects/${token}/comments` })).json()
      .comments as Array<Record<string, unknown>>;

  beforeAll(async () => {
    t = await startTestApp(driver, { TRUST_PROXY: 'true' });
    tech = await seedUser(t.deps, { name: 'Tina Tech', email: `tina.${driver}@lab.test` });
    other = await seedUser(t.deps, { name: 'Olga Other', email: `olga.${driver}@lab.test` });
  });
  afterAll(async () => t?.close());

  it('asks every item until the lab chooses, then the items chosen, in list order', async () => {
    const p = await seedProject(t.deps, { userId: tech.id, name: 'Choose' });
    expect((await publicProject(p.publicToken)).checklist).toEqual([...CHECKLIST_ITEMS]);
    const url = `/api/projects/${p.id}/checklist`;
    const r = await send('PUT', url, { items: ['occlusion', 'margins'] }, bearer(tech.token));
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({ checklist: ['margins', 'occlusion'] });
    expect((await publicProject(p.publicToken)).checklist).toEqual(['margins', 'occlusion']);
    // The same choice again records nothing.
    await send('PUT', url, { items: ['margins', 'occlusion'] }, bearer(tech.token));
    expect((await events(p.id)).filter((e) => e.type === 'ChecklistChosen')).toHaveLength(1);

    expect((await send('PUT', url, { items: ['teeth'] }, bearer(tech.token))).statusCode).toBe(400);
    expect((await send('PUT', url, { items: [] }, bearer(other.token))).statusCode).toBe(404);
    expect((await send('PUT', url, { items: [] })).statusCode).toBe(401);
    const none = await send('PUT', url, { items: [] }, bearer(tech.token));
    expect(none.json()).toEqual({ checklist: [] });
  });

  it('records the answers with the approval, in the event and in the thread', async () => {
    const p = await seedProject(t.deps, { userId: tech.id, name: 'Approve' });
    const pinned = await send('POST', `/api/public/projects/${p.publicToken}/comments`, {
      authorName: 'Dr Rivera',
      body: '16 distal margin: fine but check',
      anchor: anchorOn(modelOf(p)),
    });
    expect(pinned.statusCode, pinned.body).toBe(201);
    const commentId = pinned.json().comment.id as string;
    const checklist = [
      { item: 'occlusion', answer: 'not_assessed' },
      { item: 'margins', answer: 'acceptable', commentId },
    ];
    const r = await send('POST', `/api/public/projects/${p.publicToken}/approve`, {
      version: 1,
      authorName: 'Dr Rivera',
      checklist,
    });
    expect(r.statusCode, r.body).toBe(200);
    const approved = (await events(p.id)).find((e) => e.type === 'ProjectApproved')!;
    expect(approved.data.checklist).toEqual([
      { item: 'margins', answer: 'acceptable', commentId },
      { item: 'occlusion', answer: 'not_assessed' },
    ]);
    const line = (await thread(p.publicToken)).find((e) => e.kind === 'approval')!;
    expect(line.checklist).toEqual(approved.data.checklist);
  });

  it('records the answers with a change request on its comment', async () => {
    const p = await seedProject(t.deps, { userId: tech.id, name: 'Changes' });
    const r = await send('POST', `/api/public/projects/${p.publicToken}/request-changes`, {
      authorName: 'Dr Chen',
      body: 'Contact too tight on 15',
      checklist: [{ item: 'proximal_contacts', answer: 'needs_change' }],
    });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json().comment.checklist).toEqual([
      { item: 'proximal_contacts', answer: 'needs_change' },
    ]);
    const asked = (await events(p.id)).find((e) => e.type === 'ChangesRequested')!;
    expect(asked.data.checklist).toEqual([{ item: 'proximal_contacts', answer: 'needs_change' }]);
    const line = (await thread(p.publicToken)).find((e) => e.changesRequested === true)!;
    expect(line.checklist).toEqual(asked.data.checklist);
  });

  it('refuses an item not asked, a twice-answered item or an unknown comment, recording nothing', async () => {
    const p = await seedProject(t.deps, { userId: tech.id, name: 'Refuse' });
    await send(
      'PUT',
      `/api/projects/${p.id}/checklist`,
      { items: ['margins'] },
      bearer(tech.token),
    );
    const approve = (checklist: unknown) =>
      send('POST', `/api/public/projects/${p.publicToken}/approve`, { version: 1, checklist });
    const notAsked = await approve([{ item: 'occlusion', answer: 'acceptable' }]);
    expect(notAsked.statusCode).toBe(400);
    expect(notAsked.json()).toMatchObject({
      code: 'invalid_checklist',
      error: 'This project does not ask about Occlusion',
    });
    const twice = await approve([
      { item: 'margins', answer: 'acceptable' },
      { item: 'margins', answer: 'needs_change' },
    ]);
    expect(twice.statusCode).toBe(400);
    const ghost = await approve([
      { item: 'margins', answer: 'acceptable', commentId: '00000000-0000-4000-8000-000000000000' },
    ]);
    expect(ghost.json().code).toBe('invalid_checklist');
    const bad = await approve([{ item: 'margins', answer: 'maybe' }]);
    expect(bad.statusCode).toBe(400);
    const changes = await send('POST', `/api/public/projects/${p.publicToken}/request-changes`, {
      authorName: 'Dr Chen',
      body: 'x',
      checklist: [{ item: 'shade_material', answer: 'needs_change' }],
    });
    expect(changes.json().code).toBe('invalid_checklist');
    const recorded = (await events(p.id)).map((e) => e.type);
    expect(recorded).not.toContain('ProjectApproved');
    expect(recorded).not.toContain('CommentAdded');
  });
});
