/**
 * Meshes without surface are refused at upload on every upload route — a
 * signed-in create, a new version, the anonymous quick upload — with 422 `MESH_DEGENERATE` and a
 * sentence, and nothing stored: before, such a file was accepted and its view answered 500 on
 * every request. The meshes are made here: binary STLs of zero-area triangles (small, checked by
 * the wasm module; large, checked while streamed), an ASCII STL and a PLY of collinear points.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  projectBlobKey,
  unavailableViewBlobKey,
  viewBlobKey,
} from '../../../api/src/blobs/blobStore.js';
import { putEncrypted } from '../../../api/src/blobs/encrypted.js';
import { projectSubject } from '../../../api/src/domain/project.js';
import { startTestApp, type TestApp } from '../../support/app.js';
import { freshIp, solveBotCheck } from '../../support/accounts.js';
import { testDrivers } from '../../support/db.js';
import {
  createProjectWith,
  filesUnder,
  fixture,
  multipart,
  projectData,
  signUp,
  type Part,
  type TestUser,
} from '../../support/projects.js';

const molar = fixture('mesh', 'molar-crown-fdi16.stl');

/** A binary STL of `n` zero-area triangles: each one's corners on a line (or one point). */
function zeroAreaStl(n: number, onePoint = false): Buffer {
  const out = Buffer.alloc(84 + 50 * n);
  out.writeUInt32LE(n, 80);
  for (let i = 0; i < n; i++) {
    const o = 84 + 50 * i + 12;
    const a = [i % 97, (i * 7) % 13, i % 5];
    const d = onePoint || i % 3 === 0 ? [0, 0, 0] : [1, 2, 0.5];
    for (let k = 0; k < 3; k++)
      for (let c = 0; c < 3; c++) out.writeFloatLE(a[c]! + k * d[c]!, o + 4 * (3 * k + c));
  }
  return out;
}

function collinearAsciiStl(): Buffer {
  const facets = [0, 1, 2, 3]
    .map(
      (i) =>
        `facet normal 0 0 0\n outer loop\n  vertex ${i} ${2 * i} 0\n  vertex ${i + 1} ${2 * i + 2} 0\n` +
        `  vertex ${i + 2} ${2 * i + 4} 0\n endloop\nendfacet\n`,
    )
    .join('');
  return Buffer.from(`solid line\n${facets}endsolid line\n`);
}

function collinearPly(): Buffer {
  const vertices = [0, 1, 2, 3, 4].map((i) => `${i} ${i * 0.5} ${i * 0.25}`);
  const faces = ['3 0 1 2', '3 1 2 3', '3 2 3 4', '3 0 2 4'];
  return Buffer.from(
    [
      'ply',
      'format ascii 1.0',
      `element vertex ${vertices.length}`,
      'property float x',
      'property float y',
      'property float z',
      `element face ${faces.length}`,
      'property list uchar int vertex_indices',
      'end_header',
      ...vertices,
      ...faces,
      '',
    ].join('\n'),
  );
}

const degenerate: [string, () => Buffer][] = [
  ['small.stl', () => zeroAreaStl(40)],
  ['large.stl', () => zeroAreaStl(20_000)],
  ['line.stl', collinearAsciiStl],
  ['line.ply', collinearPly],
];

describe.each(testDrivers())('meshes without surface (%s)', (driver) => {
  let t: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    t = await startTestApp(driver, { TRUST_PROXY: 'true', VIEW_PREBUILD: 'false' });
    user = await signUp(t);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const post = (url: string, parts: Part[], auth = true) => {
    const body = multipart(parts);
    return t.app.inject({
      method: 'POST',
      url,
      payload: body.payload,
      headers: { ...body.headers, ...(auth ? user.auth : {}), 'x-forwarded-for': freshIp() },
    });
  };
  const blobs = () => {
    const dir = join(t.dataDir, 'blobs');
    return existsSync(dir) ? filesUnder(dir).length : 0;
  };
  const createdEvents = async () =>
    (await t.deps.store.readAll({ maxCount: 100_000 })).events.filter(
      (e) => e.type === 'ProjectCreated' || e.type === 'ProjectVersionAdded',
    ).length;
  const expectRefused = (res: { statusCode: number; body: string }, name: string) => {
    expect(res.statusCode, res.body).toBe(422);
    expect(JSON.parse(res.body)).toMatchObject({
      code: 'MESH_DEGENERATE',
      error: expect.stringContaining(`${name}: The mesh has no surface`),
    });
  };

  it.each(degenerate)('refuses %s on a signed-in create, storing nothing', async (name, make) => {
    const [files, events] = [blobs(), await createdEvents()];
    const res = await post('/api/projects', [
      { name: 'projectData', value: JSON.stringify(projectData()) },
      { name: 'models', filename: 'good.stl', data: molar },
      { name: 'models', filename: name, data: make() },
    ]);
    expectRefused(res, name);
    expect(blobs()).toBe(files);
    expect(await createdEvents()).toBe(events);
  });

  it('refuses a new version with a mesh without surface, storing nothing', async () => {
    const { projectId } = await createProjectWith(t, user, [{ filename: 'a.stl', data: molar }]);
    const [files, events] = [blobs(), await createdEvents()];
    const res = await post(`/api/projects/${projectId}/versions`, [
      { name: 'versionData', value: JSON.stringify({ note: 'New margin', keep: [] }) },
      { name: 'models', filename: 'large.stl', data: zeroAreaStl(20_000) },
    ]);
    expectRefused(res, 'large.stl');
    expect(blobs()).toBe(files);
    expect(await createdEvents()).toBe(events);
  });

  it('refuses a quick upload of a mesh without surface, storing nothing', async () => {
    const [files, events] = [blobs(), await createdEvents()];
    const res = await post(
      '/api/public/projects',
      [
        {
          name: 'projectData',
          value: JSON.stringify(
            projectData({
              terms: true,
              turnstileToken: await solveBotCheck(t.app, 'public-upload'),
            }),
          ),
        },
        { name: 'models', filename: 'line.ply', data: collinearPly() },
      ],
      false,
    );
    expectRefused(res, 'line.ply');
    expect(blobs()).toBe(files);
    expect(await createdEvents()).toBe(events);
  });

  it('answers 422 view_unavailable, built once, for a stored mesh that cannot make a view', async () => {
    const { projectId } = await createProjectWith(t, user, [{ filename: 'a.stl', data: molar }]);
    const model = (
      await t.app.inject({ method: 'GET', url: `/api/projects/${projectId}`, headers: user.auth })
    ).json<{ models: { id: string }[] }>().models[0]!;
    // A file stored before uploads were checked for surface (every triangle one point: the
    // view's weld leaves nothing): the model's blob replaced in place.
    const blobKey = projectBlobKey(projectId, model.id);
    const dataKey = await t.deps.keys.keyFor(projectSubject(projectId));
    await t.deps.blobs.delete(viewBlobKey(blobKey));
    await putEncrypted(t.deps.blobs, blobKey, Readable.from([zeroAreaStl(40, true)]), dataKey);
    const view = () =>
      t.app.inject({
        method: 'GET',
        url: `/api/projects/${projectId}/view/${model.id}`,
        headers: user.auth,
      });
    const first = await view();
    expect(first.statusCode, first.body).toBe(422);
    expect(first.json()).toMatchObject({ code: 'view_unavailable' });
    expect(await t.deps.blobs.exists(unavailableViewBlobKey(blobKey))).toBe(true);
    const second = await view();
    expect(second.statusCode).toBe(422);
    expect(second.json()).toMatchObject({ code: 'view_unavailable' });
  });

  it('marks a model whose view cannot be built in the owner and doctor answers, not the others', async () => {
    const { projectId, publicLink } = await createProjectWith(t, user, [
      { filename: 'a.stl', data: molar },
      { filename: 'b.stl', data: molar },
    ]);
    const answer = async () =>
      (
        await t.app.inject({ method: 'GET', url: `/api/projects/${projectId}`, headers: user.auth })
      ).json<{ models: { id: string; viewUnavailable?: boolean }[] }>().models;
    const [broken, fine] = await answer();
    expect(broken!.viewUnavailable).toBeUndefined();
    const blobKey = projectBlobKey(projectId, broken!.id);
    await t.deps.blobs.delete(viewBlobKey(blobKey));
    await putEncrypted(
      t.deps.blobs,
      blobKey,
      Readable.from([zeroAreaStl(40, true)]),
      await t.deps.keys.keyFor(projectSubject(projectId)),
    );
    const view = await t.app.inject({
      method: 'GET',
      url: `/api/projects/${projectId}/view/${broken!.id}`,
      headers: user.auth,
    });
    expect(view.statusCode).toBe(422);
    // The kept answer was dropped: the next one marks the model, and only it.
    const after = await answer();
    expect(after.find((m) => m.id === broken!.id)?.viewUnavailable).toBe(true);
    expect(after.find((m) => m.id === fine!.id)?.viewUnavailable).toBeUndefined();
    const token = new URL(publicLink).pathname.split('/').pop()!;
    const doctor = await t.app.inject({ method: 'GET', url: `/api/public/projects/${token}` });
    expect(doctor.statusCode).toBe(200);
    const models = doctor.json<{ models: { id: string; viewUnavailable?: boolean }[] }>().models;
    expect(models.find((m) => m.id === broken!.id)?.viewUnavailable).toBe(true);
  });
});
