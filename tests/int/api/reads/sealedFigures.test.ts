/**
 * A model's exact size and triangle count, a pin's place and a saved view are sealed with the
 * project's key in events and read models; answers open them. Events written before they were
 * sealed keep them in clear and read as before, beside new sealed ones, also after `rebuild all`.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MIB, storageMiB } from '../../../../api/src/domain/models.js';
import { projectStream } from '../../../../api/src/domain/project.js';
import { rebuildProjections } from '../../../../projections/src/rebuild.js';
import { allProjections } from '../../../../projections/src/registry.js';
import { freshIp } from '../../../support/accounts.js';
import { startTestApp, type TestApp } from '../../../support/app.js';
import { testDrivers } from '../../../support/db.js';
import { appendOlderComment, appendOlderProject } from '../../../support/olderEvents.js';
import {
  fixture,
  multipart,
  projectData,
  signUp,
  smallStl,
  type Part,
  type TestUser,
} from '../../../support/projects.js';
import { settle } from '../../../support/settle.js';

const crown = fixture('mesh', 'molar-crown-fdi16.stl');
const crownV2 = fixture('mesh', 'molar-crown-fdi16-v2.stl');
const upper = fixture('mesh', 'upper-arch-crowns.stl');
const antagonist = smallStl(crown, 1237);
const trianglesOf = (stl: Buffer) => stl.readUInt32LE(80);
const json = { 'content-type': 'application/json' };

type Vec3 = [number, number, number];
interface ModelAnswer {
  id: string;
  filename: string;
  name: string;
  size: number;
  triangles: number;
  coarse: boolean;
}
interface ProjectAnswer {
  id: string;
  publicToken: string;
  storageBytes: number;
  models: ModelAnswer[];
  versions: { n: number; models: ModelAnswer[] }[];
}
interface ThreadLine {
  kind: string;
  body: string | null;
  anchor: { modelId: string; point: Vec3; normal: Vec3; camera: Record<string, Vec3> } | null;
  toolState: unknown;
}

const anchorOn = (modelId: string, point: Vec3, normal: Vec3) => ({
  modelId,
  point,
  normal,
  camera: {
    position: [3.75, -61.125, 44.5] as Vec3,
    target: [0.5, 1.5, 2.5] as Vec3,
    up: [0, 0, 1] as Vec3,
  },
});
const viewOn = (modelId: string, x: number) => ({
  version: 1 as const,
  camera: { position: [x, -33.5, 21.25] as Vec3, target: [1, 2, 3] as Vec3, up: [0, 0, 1] as Vec3 },
  measurements: [
    {
      id: 'm1',
      kind: 'distance' as const,
      points: [
        { modelId, point: [x, 0.125, 0] as Vec3 },
        { modelId, point: [6, 8, 0.375] as Vec3 },
      ],
    },
  ],
  section: { origin: [0, 0, x] as Vec3, normal: [0, 0.6, 0.8] as Vec3 },
});

/** The bare index and manifest the viewer page needs to list a link's models. */
function fakeWebRoot(): string {
  const root = mkdtempSync(join(tmpdir(), 'cusp-web-'));
  writeFileSync(
    join(root, 'index.html'),
    '<!doctype html><html><head><title>Cusp</title></head><body><div id="root"></div></body></html>',
  );
  mkdirSync(join(root, '.vite'));
  writeFileSync(join(root, '.vite', 'manifest.json'), '{}');
  return root;
}

describe.each(testDrivers())('sealed model figures, pins and saved views (%s)', (driver) => {
  let t: TestApp;
  let owner: TestUser;
  const webRoot = fakeWebRoot();

  beforeAll(async () => {
    t = await startTestApp(driver, { TRUST_PROXY: 'true', VIEW_PREBUILD: 'false' }, { webRoot });
  });
  // Each test its own owner, so the dashboard figures are each test's own.
  beforeEach(async () => {
    owner = await signUp(t);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  const get = async <T>(url: string, user: TestUser | null = owner): Promise<T> => {
    const r = await t.app.inject({ method: 'GET', url, headers: user ? user.auth : {} });
    expect(r.statusCode, `${url}: ${r.body}`).toBe(200);
    return r.json() as T;
  };
  const send = async (url: string, body: unknown, user: TestUser | null = null) => {
    const r = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...json, 'x-forwarded-for': freshIp(), ...(user ? user.auth : {}) },
      payload: JSON.stringify(body),
    });
    expect(r.statusCode, `${url}: ${r.body}`).toBe(201);
  };
  const upload = async (url: string, parts: Part[]) => {
    const body = multipart(parts);
    const r = await t.app.inject({
      method: 'POST',
      url,
      payload: body.payload,
      headers: { ...body.headers, ...owner.auth, 'x-forwarded-for': freshIp() },
    });
    expect(r.statusCode, r.body).toBe(201);
    return r.json() as { projectId?: string };
  };
  const contentLength = async (projectId: string, filename: string) => {
    const r = await t.app.inject({
      method: 'GET',
      url: `/api/projects/${projectId}/files/${filename}`,
      headers: owner.auth,
    });
    expect(r.statusCode).toBe(200);
    expect(r.rawPayload.length).toBe(Number(r.headers['content-length']));
    return Number(r.headers['content-length']);
  };
  const viewHints = async (token: string) => {
    const r = await t.app.inject({ method: 'GET', url: `/viewer/${token}` });
    expect(r.statusCode).toBe(200);
    const meta = /<meta name="cusp-views" content="([^"]*)">/.exec(r.body);
    return meta ? meta[1]!.split(' ') : [];
  };
  const figures = (models: ModelAnswer[]) => models.map((m) => [m.name, m.size, m.triangles]);
  const text = (v: unknown) =>
    JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? x.toString() : x));
  const eventText = async (projectId: string) =>
    text((await t.deps.store.readStream(projectStream(projectId))).map((e) => e.data));
  const rebuildAll = async () => {
    await rebuildProjections({
      db: t.deps.db,
      store: t.deps.store,
      projections: allProjections(),
      name: 'all',
    });
    t.deps.answers.clear();
    await settle(t);
  };

  it('answers exact sizes, triangle counts, pins and saved views that events and read models hold only sealed', async () => {
    const { projectId: id } = await upload('/api/projects', [
      { name: 'projectData', value: JSON.stringify(projectData({ name: 'Sealed figures' })) },
      { name: 'models', filename: 'Crown.stl', data: crown },
      { name: 'models', filename: 'Antagonist.stl', data: antagonist },
    ]);
    const v1 = await get<ProjectAnswer>(`/api/projects/${id}`);
    const antagonistId = v1.models[1]!.id;
    await upload(`/api/projects/${id}/versions`, [
      { name: 'versionData', value: JSON.stringify({ note: 'New crown', keep: [antagonistId] }) },
      { name: 'models', filename: 'Crown v2.stl', data: crownV2 },
    ]);
    const pin = anchorOn(antagonistId, [12.3456789, -7.654321, 3.1415927], [0.28, 0.96, 0]);
    const view = viewOn(antagonistId, 41.2468);
    await send(`/api/public/projects/${v1.publicToken}/comments`, {
      authorName: 'Dr Sealed',
      body: 'pinned',
      anchor: pin,
      toolState: view,
      version: 2,
    });
    const changes = anchorOn(antagonistId, [-5.8642097, 2.4681357, 11.1111119], [0, 0.6, 0.8]);
    await send(`/api/public/projects/${v1.publicToken}/request-changes`, {
      authorName: 'Dr Sealed',
      body: 'open the contact',
      anchor: changes,
    });
    await settle(t);

    const expectAnswers = async () => {
      const p = await get<ProjectAnswer>(`/api/projects/${id}`);
      const latest = [
        ['Antagonist', antagonist.length, trianglesOf(antagonist)],
        ['Crown v2', crownV2.length, trianglesOf(crownV2)],
      ];
      expect(figures(p.models)).toEqual(latest);
      expect(figures(p.versions[0]!.models)).toEqual([
        ['Crown', crown.length, trianglesOf(crown)],
        ['Antagonist', antagonist.length, trianglesOf(antagonist)],
      ]);
      expect(figures(p.versions[1]!.models)).toEqual(latest);
      // The project's own figure opens its files' sizes: every version's files, each once.
      expect(p.storageBytes).toBe(crown.length + antagonist.length + crownV2.length);
      const pub = await get<ProjectAnswer>(`/api/public/projects/${v1.publicToken}`, null);
      expect(figures(pub.models)).toEqual(latest);
      // Downloads say the exact length, also of a file only version 1 still shows.
      expect(await contentLength(id!, v1.models[0]!.filename)).toBe(crown.length);
      expect(await contentLength(id!, p.models[1]!.filename)).toBe(crownV2.length);
      // Stats sum the sizes rounded up to whole MiB: the only sizes the read models hold.
      const stats = await get<{ storageBytes: number; fileCount: number }>('/api/projects/stats');
      expect(stats).toMatchObject({ storageBytes: 3 * MIB, fileCount: 3 });
      for (const thread of [
        await get<{ comments: ThreadLine[] }>(`/api/projects/${id}/comments`),
        await get<{ comments: ThreadLine[] }>(
          `/api/public/projects/${v1.publicToken}/comments`,
          null,
        ),
      ]) {
        const lines = thread.comments.filter((c) => c.kind === 'comment');
        expect(lines.map((c) => [c.body, c.anchor, c.toolState])).toEqual([
          ['pinned', pin, view],
          ['open the contact', changes, null],
        ]);
      }
    };
    await expectAnswers();

    // In clear nowhere: not in the events, not in the read models.
    const events = await eventText(id!);
    const rows = text([
      (await t.deps.db.query('SELECT * FROM project_models WHERE project_id = $1', [id])).rows,
      (await t.deps.db.query('SELECT * FROM project_versions WHERE project_id = $1', [id])).rows,
      (await t.deps.db.query('SELECT * FROM thread_items WHERE project_id = $1', [id])).rows,
    ]);
    for (const stored of [events, rows]) {
      for (const n of [crown, antagonist, crownV2].flatMap((f) => [f.length, trianglesOf(f)])) {
        expect(stored).not.toMatch(new RegExp(`[:"]${n}[,}"]`));
      }
      for (const coordinate of ['12.3456789', '7.654321', '3.1415927', '5.8642097', '41.2468']) {
        expect(stored).not.toContain(coordinate);
      }
    }
    expect(events).toContain(`"storageMiB":${storageMiB(crown.length)}`);
    const model = (
      await t.deps.db.query<{ size: string; triangles: string }>(
        'SELECT size, triangles FROM project_models WHERE project_id = $1',
        [id],
      )
    ).rows[0]!;
    expect([model.size, model.triangles]).toEqual([
      expect.stringMatching(/^v1:/),
      expect.stringMatching(/^v1:/),
    ]);

    await rebuildAll();
    await expectAnswers();
  });

  it('reads events written before sealing: clear figures, pins and views answer as before, beside new sealed ones, also after rebuild all', async () => {
    const older = await appendOlderProject(t.deps, {
      userId: owner.userId,
      name: 'Older case',
      files: [
        { data: upper, name: 'Upper', triangles: trianglesOf(upper) },
        { data: crown, name: 'Crown', triangles: trianglesOf(crown) },
      ],
    });
    const [upperModel, crownModel] = older.models as [
      (typeof older.models)[0],
      (typeof older.models)[0],
    ];
    const oldPin = anchorOn(crownModel.id, [1.5, -2.25, 10], [0, 0.6, 0.8]);
    const oldView = viewOn(crownModel.id, 12.5);
    await appendOlderComment(t.deps, older.id, {
      body: 'older pin',
      anchor: oldPin,
      toolState: oldView,
    });
    await settle(t);
    // They are in clear in the stream, as they were written.
    const before = await eventText(older.id);
    expect(before).toContain(`"size":${upper.length}`);
    expect(before).toContain(`"point":[1.5,-2.25,10]`);

    const url = `/api/projects/${older.id}`;
    const olderFigures = [
      ['Upper', upper.length, trianglesOf(upper)],
      ['Crown', crown.length, trianglesOf(crown)],
    ];
    let p = await get<ProjectAnswer>(url);
    expect(figures(p.models)).toEqual(olderFigures);
    expect(p.models.map((m) => m.coarse)).toEqual([true, false]);
    expect(p.storageBytes).toBe(upper.length + crown.length);
    expect(await contentLength(older.id, upperModel.filename)).toBe(upper.length);
    // The viewer page hints the big model's coarse level from its clear triangle count.
    const base = `/api/public/projects/${older.publicToken}/view`;
    expect(await viewHints(older.publicToken)).toEqual([
      `${base}/${upperModel.id}?lod=coarse`,
      `${base}/${crownModel.id}`,
    ]);
    const storage = (storageMiB(upper.length) + storageMiB(crown.length)) * MIB;
    // The dashboard figure: each file's clear size rounded up to whole MiB, as new ones are.
    const stats = await get<{ storageBytes: number }>('/api/projects/stats');
    expect(stats.storageBytes).toBe(storage);

    // New writes on the older project: a version keeping the big model, a pinned comment.
    await upload(`${url}/versions`, [
      { name: 'versionData', value: JSON.stringify({ note: 'v2', keep: [upperModel.id] }) },
      { name: 'models', filename: 'Antagonist.stl', data: antagonist },
    ]);
    const newPin = anchorOn(upperModel.id, [9.8765431, 1.2345671, -4.4444441], [1, 0, 0]);
    await send(`${url}/comments`, { body: 'newer pin', anchor: newPin }, owner);
    await settle(t);
    // The kept model is copied as it was recorded; the new one is sealed.
    const version = (await t.deps.store.readStream(projectStream(older.id))).find(
      (e) => e.type === 'ProjectVersionAdded',
    )!.data as { models: { size: unknown; triangles: unknown }[] };
    expect(version.models.map((m) => [typeof m.size, typeof m.triangles])).toEqual([
      ['number', 'number'],
      ['string', 'string'],
    ]);

    const expectAnswers = async () => {
      p = await get<ProjectAnswer>(url);
      const latest = [
        ['Upper', upper.length, trianglesOf(upper)],
        ['Antagonist', antagonist.length, trianglesOf(antagonist)],
      ];
      expect(figures(p.versions[0]!.models)).toEqual(olderFigures);
      expect(figures(p.models)).toEqual(latest);
      expect(figures(p.versions[1]!.models)).toEqual(latest);
      expect(p.models.map((m) => m.coarse)).toEqual([true, false]);
      expect(p.storageBytes).toBe(upper.length + crown.length + antagonist.length);
      expect(await contentLength(older.id, p.models[1]!.filename)).toBe(antagonist.length);
      const after = await get<{ storageBytes: number }>('/api/projects/stats');
      expect(after.storageBytes).toBe(storage + MIB);
      const thread = await get<{ comments: ThreadLine[] }>(`${url}/comments`);
      expect(thread.comments.map((c) => [c.body, c.anchor, c.toolState])).toEqual([
        ['older pin', oldPin, oldView],
        ['newer pin', newPin, null],
      ]);
      expect(await viewHints(older.publicToken)).toEqual([
        `${base}/${upperModel.id}?lod=coarse`,
        `${base}/${p.models[1]!.id}`,
      ]);
    };
    await expectAnswers();
    await rebuildAll();
    await expectAnswers();
  });
});
