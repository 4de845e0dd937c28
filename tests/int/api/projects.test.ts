import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIB } from '../../../api/src/domain/models.js';
import { projectStream, projectSubject } from '../../../api/src/domain/project.js';
import { rebuildProjections } from '../../../projections/src/rebuild.js';
import { allProjections } from '../../../projections/src/registry.js';
import { startTestApp, type TestApp } from '../../support/app.js';
import {
  freshIp,
  mailTo,
  readOutboxDir,
  solveBotCheck,
  waitForMail,
} from '../../support/accounts.js';
import { testDrivers } from '../../support/db.js';
import {
  filesUnder,
  fixture,
  multipart,
  plyFromObj,
  projectData,
  signUp,
  smallStl,
  type Part,
  type TestUser,
} from '../../support/projects.js';

const molar = fixture('mesh', 'molar-crown-fdi16.stl');
const ply = plyFromObj('molar-crown-fdi16.obj');
const tiny = smallStl(molar, 40);
const dcm = fixture('dcm', 'example_ca.dcm');

describe.each(testDrivers())('projects API (%s)', (driver) => {
  let t: TestApp;
  let a: TestUser;
  let b: TestUser;
  let boss: TestUser;

  beforeAll(async () => {
    t = await startTestApp(driver, {
      // These tests count the files under blobs/; derivatives built in the background after an
      // upload would race with them (the review tests cover derivatives).
      VIEW_PREBUILD: 'false',
      TRUST_PROXY: 'true',
      ADMIN_EMAILS: `boss.${driver}@example.com`,
    });
    [a, b, boss] = [
      await signUp(t),
      await signUp(t),
      await signUp(t, `boss.${driver}@example.com`),
    ];
  });
  afterAll(async () => {
    await t?.close();
  });

  const create = (user: TestUser | null, parts: Part[], headers: Record<string, string> = {}) => {
    const body = multipart(parts);
    return t.app.inject({
      method: 'POST',
      url: user ? '/api/projects' : '/api/public/projects',
      payload: body.payload,
      headers: {
        ...body.headers,
        ...(user ? user.auth : {}),
        'x-forwarded-for': freshIp(),
        ...headers,
      },
    });
  };
  const get = (url: string, user?: TestUser) =>
    t.app.inject({ method: 'GET', url, headers: user ? user.auth : {} });
  const standard = (over: Record<string, unknown> = {}): Part[] => [
    { name: 'projectData', value: JSON.stringify(projectData(over)) },
    { name: 'models', filename: 'Jane upper.stl', data: molar },
    { name: 'models', filename: 'small.stl', data: tiny },
    { name: 'models', filename: 'scan.ply', data: ply },
    { name: 'models', filename: 'example_ca.dcm', data: dcm },
    { name: 'modelMaterials', value: JSON.stringify(['gingiva', '', 'texture', '']) },
    { name: 'modelCustomNames', value: JSON.stringify(['Upper arch.stl', '', '', 'Abutment']) },
    { name: 'modelTypes', value: JSON.stringify(['teeth', 'teeth', 'individual', 'individual']) },
  ];
  const eventsOf = async (projectId: string) => t.deps.store.readStream(projectStream(projectId));

  it('GET /api/materials lists the nine materials', async () => {
    const r = await get('/api/materials');
    expect(r.statusCode, r.body).toBe(200);
    expect(Object.keys(r.json()).sort()).toEqual([
      'default',
      'enamel',
      'gingiva',
      'gypsum',
      'metal',
      'preop',
      'teeth',
      'texture',
      'tissue',
    ]);
    expect(r.json().enamel).toMatchObject({ name: 'Enamel', color: expect.stringMatching(/^#/) });
  });

  it('creates a project from STL (streamed and small), PLY and DCM; a GET right after sees it', async () => {
    const res = await create(a, standard());
    expect(res.statusCode, res.body).toBe(201);
    const { projectId, publicLink } = res.json() as { projectId: string; publicLink: string };
    expect(publicLink).toMatch(/^http:\/\/cusp\.test\/viewer\/pub_[A-Za-z0-9_-]{43}$/);

    const got = await get(`/api/projects/${projectId}`, a);
    expect(got.statusCode).toBe(200);
    const p = got.json();
    expect(p).toMatchObject({
      id: projectId,
      name: 'Upper crowns 16',
      patientName: 'Jane Q. Patientname',
      laboratoryName: 'Smile Lab Ltd',
      comment: 'Check the margins',
      status: 'pending',
      publicLink,
      fileCount: 4,
      unreadCount: 0,
      userId: a.userId,
    });
    const models = p.models as Record<string, unknown>[];
    expect(models.map((m) => [m.name, m.type, m.material, m.groupedFrom, m.groupSize])).toEqual([
      ['Upper arch', 'stl', 'gingiva', 'Teeth', 2],
      ['small', 'stl', 'default', 'Teeth', 2],
      ['scan', 'ply', 'texture', null, null],
      ['Abutment', 'stl', 'default', null, null],
    ]);
    expect(models[0]).toMatchObject({
      originalName: 'Jane upper.stl',
      size: molar.length,
      triangles: molar.readUInt32LE(80),
    });
    expect(models[3]!.triangles).toBe(15510);
    expect(p.storageBytes).toBe(models.reduce((s, m) => s + (m.size as number), 0));

    // Event data holds no personal text in clear.
    const events = await eventsOf(projectId);
    expect(events.map((e) => e.type)).toEqual(['ProjectCreated']);
    const json = JSON.stringify(events[0]!.data);
    for (const secret of [
      'Patientname',
      'Smile Lab',
      'Check the margins',
      'Upper crowns',
      'Jane upper',
    ]) {
      expect(json).not.toContain(secret);
    }
    // Nor a file's exact size or triangle count: sealed, with the size in whole MiB in clear.
    for (const m of (events[0]!.data as { models: Record<string, unknown>[] }).models) {
      expect(m).toMatchObject({ size: expect.stringMatching(/^v1:/), storageMiB: 1 });
      expect(m.triangles).toMatch(/^v1:/);
    }
    expect(json).not.toContain(`:${molar.length}`);
  });

  it('serves files decrypted and sanitised with the file headers, to the owner, an admin and the link', async () => {
    const res = await create(a, standard());
    const { projectId, publicLink } = res.json() as { projectId: string; publicLink: string };
    const p = (await get(`/api/projects/${projectId}`, a)).json();
    const [big, small, plyModel] = p.models as { filename: string }[];
    const file = await get(`/api/projects/${projectId}/files/${big!.filename}`, a);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(84).equals(molar.subarray(84))).toBe(true);
    expect(file.rawPayload.subarray(0, 80).every((x) => x === 0)).toBe(true);
    expect(file.headers).toMatchObject({
      'content-type': 'application/octet-stream',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'cross-origin-resource-policy': 'same-origin',
      'cache-control': 'private, no-store',
    });
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="Upper arch.stl"; filename*=UTF-8''Upper%20arch.stl`,
    );
    expect(Number(file.headers['content-length'])).toBe(molar.length);

    const smallFile = await get(`/api/projects/${projectId}/files/${small!.filename}`, a);
    expect(smallFile.rawPayload.includes(Buffer.from('Patientname'))).toBe(false);
    const plyFile = await get(`/api/projects/${projectId}/files/${plyModel!.filename}`, a);
    expect(plyFile.statusCode).toBe(200);
    expect(plyFile.rawPayload.toString('latin1')).not.toContain('Patientname');

    expect((await get(`/api/projects/${projectId}/files/${big!.filename}`, boss)).statusCode).toBe(
      200,
    );
    expect((await get(`/api/projects/${projectId}/files/${big!.filename}`, b)).statusCode).toBe(
      404,
    );
    expect((await get(`/api/projects/${projectId}/files/${big!.filename}`)).statusCode).toBe(401);

    const token = publicLink.split('/').pop()!;
    const pub = await get(`/api/public/projects/${token}`);
    expect(pub.statusCode).toBe(200);
    expect(pub.json()).toMatchObject({ id: projectId, patientName: 'Jane Q. Patientname' });
    expect(pub.json().userId).toBeUndefined();
    expect(pub.headers['x-robots-tag']).toBe('noindex, nofollow, noarchive');
    const pubFile = await get(`/api/public/projects/${token}/files/${big!.filename}`);
    expect(pubFile.statusCode).toBe(200);
    expect(pubFile.rawPayload.equals(file.rawPayload)).toBe(true);
    // Tampered tokens: flipped character, case change, LIKE characters, truncation.
    const flipped = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    for (const bad of [
      flipped,
      token.toUpperCase(),
      'pub_%',
      `pub_${'_'.repeat(43)}`,
      token.slice(0, -2),
    ]) {
      expect((await get(`/api/public/projects/${encodeURIComponent(bad)}`)).statusCode).toBe(404);
    }
  });

  it('keeps no plaintext mesh or patient text anywhere under the data dir', async () => {
    await create(a, standard());
    const needles = [
      Buffer.from('Jane Q. Patientname'),
      Buffer.from('Smile Lab Ltd'),
      molar.subarray(100_000, 100_064),
      tiny.subarray(84 + 50 * 20, 84 + 50 * 21),
    ];
    for (const f of filesUnder(t.dataDir)) {
      if (f.includes(`${join(t.dataDir, 'outbox')}`)) continue;
      const bytes = readFileSync(f);
      for (const n of needles) expect(bytes.includes(n), `${f} holds plaintext`).toBe(false);
    }
  });

  it('lists own projects newest first and reports the stats', async () => {
    const user = await signUp(t);
    const ids: string[] = [];
    for (const name of ['First', 'Second']) {
      const r = await create(user, [
        { name: 'projectData', value: JSON.stringify(projectData({ name })) },
        { name: 'models', filename: 'a.stl', data: tiny },
      ]);
      ids.push(r.json().projectId);
    }
    await t.app.inject({
      method: 'PUT',
      url: `/api/projects/${ids[0]}/status`,
      headers: user.auth,
      payload: { status: 'pending_review' },
    });
    const list = await get('/api/projects', user);
    expect(list.json().map((p: { name: string }) => p.name)).toEqual(['Second', 'First']);
    const stats = (await get('/api/projects/stats', user)).json();
    // Both wait for the doctor: one `pending_review`, one new (`pending`); `api/src/domain/projectStatus.ts`.
    expect(stats).toEqual({
      total: 2,
      approved: 0,
      pending: 2,
      changesRequested: 0,
      newComments: 0,
      // Each file counted as its size rounded up to whole MiB (exact sizes are sealed).
      storageBytes: 2 * MIB,
      fileCount: 2,
    });
    // An admin may read another user's list; others may not ask for it.
    expect((await get(`/api/projects?userId=${user.userId}`, boss)).json()).toHaveLength(2);
    expect((await get(`/api/projects?userId=${user.userId}`, a)).statusCode).toBe(400);
  });

  it('creates exactly one project for a repeated Idempotency-Key, also when the retries race', async () => {
    const key = `idem-${randomUUID()}`;
    const first = await create(a, standard(), { 'idempotency-key': key });
    const again = await create(a, standard(), { 'idempotency-key': key });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const race = `race-${randomUUID()}`;
    const answers = await Promise.all(
      [1, 2, 3].map(() => create(a, standard(), { 'idempotency-key': race })),
    );
    expect(
      answers.map((r) => r.statusCode + r.body.slice(0, 80)).filter((s) => !/^20[01]/.test(s)),
    ).toEqual([]);
    const ids = new Set(answers.map((r) => r.json().projectId));
    expect(ids.size).toBe(1);
    const [id] = [...ids];
    expect((await eventsOf(id!)).map((e) => [e.type, e.metadata.requestId])).toHaveLength(1);
    const blobs = filesUnder(join(t.dataDir, 'blobs', 'projects', id!));
    // The winner's four files, each as stored and as uploaded (the upload changed every one).
    expect(blobs.filter((f) => !f.endsWith('-uploaded'))).toHaveLength(4);
    expect(blobs.filter((f) => f.endsWith('-uploaded'))).toHaveLength(4);
    // The same key of another user is another project.
    const other = await create(b, standard(), { 'idempotency-key': key });
    expect(other.statusCode).toBe(201);
    expect(other.json().projectId).not.toBe(first.json().projectId);
    expect((await create(a, standard(), { 'idempotency-key': 'short' })).statusCode).toBe(400);
  });

  it("answers 404 for another user's project on every id route, 401 anonymous, and lets owners act", async () => {
    const { projectId } = (await create(a, standard())).json();
    const routes: [string, string, unknown?][] = [
      ['GET', `/api/projects/${projectId}`],
      ['PUT', `/api/projects/${projectId}/status`, { status: 'approved' }],
      ['DELETE', `/api/projects/${projectId}`],
      ['POST', `/api/projects/${projectId}/send-email`, { doctorEmail: 'doc@example.com' }],
      ['PUT', `/api/projects/${projectId}/feedback/${randomUUID()}/read`],
    ];
    for (const [method, url, payload] of routes) {
      const asB = await t.app.inject({
        method: method as 'GET',
        url,
        headers: b.auth,
        ...(payload ? { payload: payload as object } : {}),
      });
      expect(asB.statusCode, `${method} ${url}`).toBe(404);
      const anon = await t.app.inject({
        method: method as 'GET',
        url,
        ...(payload ? { payload: payload as object } : {}),
      });
      expect(anon.statusCode).toBe(401);
      const missing = await t.app.inject({
        method: method as 'GET',
        url: url.replace(projectId, randomUUID()),
        headers: a.auth,
        ...(payload ? { payload: payload as object } : {}),
      });
      expect(missing.statusCode).toBe(404);
      expect(asB.json()).toEqual(missing.json());
    }
    expect((await get(`/api/projects/${projectId}`, a)).statusCode).toBe(200);
    expect((await get(`/api/projects/${projectId}`, boss)).statusCode).toBe(200);
    expect((await get('/api/projects')).statusCode).toBe(401);
  });

  it('changes the status to the four documented values only', async () => {
    const { projectId } = (await create(a, standard())).json();
    for (const status of ['pending_review', 'pending_revision', 'approved', 'pending']) {
      const r = await t.app.inject({
        method: 'PUT',
        url: `/api/projects/${projectId}/status`,
        headers: a.auth,
        payload: { status },
      });
      expect(r.statusCode).toBe(200);
      expect((await get(`/api/projects/${projectId}`, a)).json().status).toBe(status);
    }
    for (const payload of [{ status: 'rejected' }, { status: 'approved', ownerId: b.userId }, {}]) {
      const r = await t.app.inject({
        method: 'PUT',
        url: `/api/projects/${projectId}/status`,
        headers: a.auth,
        payload,
      });
      expect(r.statusCode).toBe(400);
    }
    const plain = await t.app.inject({
      method: 'PUT',
      url: `/api/projects/${projectId}/status`,
      headers: { ...a.auth, 'content-type': 'text/plain' },
      payload: '{"status":"approved"}',
    });
    expect(plain.statusCode).toBe(415);
  });

  it('marks doctor feedback read and keeps the unread counts right', async () => {
    const { projectId } = (await create(a, standard())).json();
    const feedbackId = randomUUID();
    const message = await t.deps.keys.seal(
      projectSubject(projectId),
      'message',
      'Please shorten the margin',
    );
    const r = await t.deps.store.append(projectStream(projectId), [
      {
        id: randomUUID(),
        type: 'FeedbackGiven',
        data: {
          projectId,
          feedbackId,
          feedbackType: 'doctor_feedback',
          message,
          createdAt: new Date().toISOString(),
        },
        metadata: { actor: 'link:test', at: new Date().toISOString() },
      },
    ]);
    await t.deps.projections.waitFor(r.position, 2000);
    let p = (await get(`/api/projects/${projectId}`, a)).json();
    expect(p.unreadCount).toBe(1);
    expect(p.feedback).toMatchObject([
      {
        id: feedbackId,
        type: 'doctor_feedback',
        message: 'Please shorten the margin',
        readAt: null,
      },
    ]);
    const before = (await get('/api/projects/stats', a)).json().newComments;
    const read = await t.app.inject({
      method: 'PUT',
      url: `/api/projects/${projectId}/feedback/${feedbackId}/read`,
      headers: a.auth,
    });
    expect(read.statusCode).toBe(204);
    p = (await get(`/api/projects/${projectId}`, a)).json();
    expect(p.unreadCount).toBe(0);
    expect(p.feedback[0].readAt).not.toBeNull();
    expect((await get('/api/projects/stats', a)).json().newComments).toBe(before - 1);
    // A feedback id of another project is 404 here.
    const other = (await create(a, standard())).json().projectId;
    const cross = await t.app.inject({
      method: 'PUT',
      url: `/api/projects/${other}/feedback/${feedbackId}/read`,
      headers: a.auth,
    });
    expect(cross.statusCode).toBe(404);
  });

  it('sends the link to a doctor through the outbox, refusing header tricks', async () => {
    const { projectId, publicLink } = (await create(a, standard())).json();
    const send = (doctorEmail: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/projects/${projectId}/send-email`,
        headers: a.auth,
        payload: { doctorEmail },
      });
    expect((await send('  ')).json().error).toBe("Please enter doctor's email address");
    for (const bad of [
      'doc@x.com\r\nBcc: victim@y.com',
      '"admin@lab.com" <evil@x.com>',
      'a@x.com, b@y.com',
    ]) {
      const r = await send(bad);
      expect(r.statusCode).toBe(400);
      expect(r.json().code).toBe('INVALID_EMAIL');
    }
    const ok = await send('Doctor@Clinic.example');
    expect(ok.statusCode).toBe(200);
    const outbox = await t.deps.db.query<{ subject_id: string; kind: string; message: string }>(
      "SELECT subject_id, kind, message FROM outbox WHERE kind = 'doctor' AND subject_id = $1",
      [projectSubject(projectId)],
    );
    expect(outbox.rows).toHaveLength(1);
    // Delivered by the outbox sender (the embedded transport writes .eml files).
    const mail = await waitForMail(() => readOutboxDir(t.dataDir), mailTo('doctor@clinic.example'));
    expect(mail.decoded).toContain(publicLink);
    expect(mail.decoded).not.toContain('Patientname');
    const events = await eventsOf(projectId);
    expect(events.map((e) => e.type)).toEqual(['ProjectCreated', 'ProjectSentToDoctor']);
    expect(JSON.stringify(events[1]!.data)).not.toContain('clinic');
  });

  it('crypto-shreds on delete: nothing readable, and a rebuild of all projections resurrects nothing', async () => {
    const { projectId, publicLink } = (await create(a, standard())).json();
    const p = (await get(`/api/projects/${projectId}`, a)).json();
    const token = publicLink.split('/').pop();
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/projects/${projectId}`,
      headers: a.auth,
    });
    expect(del.statusCode).toBe(204);
    expect((await get(`/api/projects/${projectId}`, a)).statusCode).toBe(404);
    expect((await get(`/api/public/projects/${token}`)).statusCode).toBe(404);
    expect(
      (await get(`/api/projects/${projectId}/files/${p.models[0].filename}`, a)).statusCode,
    ).toBe(404);
    expect(existsSync(join(t.dataDir, 'blobs', 'projects', projectId))).toBe(false);
    expect(
      (
        await t.deps.db.query('SELECT 1 FROM data_keys WHERE subject_id = $1', [
          projectSubject(projectId),
        ])
      ).rows,
    ).toHaveLength(0);
    const events = await eventsOf(projectId);
    expect(events.at(-1)!.type).toBe('ProjectDeleted');
    expect(JSON.stringify(events.at(-1)!.data)).not.toMatch(/v1:/);
    // Sealed fields in the old event no longer open.
    const sealed = (events[0]!.data as { patientName: string }).patientName;
    expect(await t.deps.keys.open(projectSubject(projectId), 'patientName', sealed)).toBeNull();

    await rebuildProjections({
      db: t.deps.db,
      store: t.deps.store,
      projections: allProjections(),
      name: 'all',
    });
    for (const table of ['projects', 'project_models', 'feedback', 'user_stats_projects']) {
      const col = table === 'projects' ? 'id' : 'project_id';
      const r = await t.deps.db.query(`SELECT 1 FROM ${table} WHERE ${col} = $1`, [projectId]);
      expect(r.rows, table).toHaveLength(0);
    }
    expect((await get(`/api/projects/${projectId}`, a)).statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/projects/${projectId}`,
          headers: a.auth,
        })
      ).statusCode,
    ).toBe(404);
  });

  describe('upload bad inputs', () => {
    const one = (filename: string, data: Buffer, over: Record<string, unknown> = {}): Part[] => [
      { name: 'projectData', value: JSON.stringify(projectData(over)) },
      { name: 'models', filename, data },
    ];
    async function expectRefused(
      res: Awaited<ReturnType<typeof create>>,
      status: number,
      code?: string,
    ) {
      expect(res.statusCode, res.body).toBe(status);
      if (code) expect(res.json().code).toBe(code);
      expect(res.body).not.toMatch(/at .*\.ts:\d+/);
    }
    async function state() {
      const ev = await t.deps.db.query<{ n: string }>(
        "SELECT count(*)::text AS n FROM events WHERE type = 'ProjectCreated'",
      );
      return { events: ev.rows[0]!.n, blobs: filesUnder(join(t.dataDir, 'blobs')).length };
    }

    it('rows 34, 35, 37, 40, 42: refused before anything is stored', async () => {
      const before = await state();
      await expectRefused(
        await create(a, one('x.stl', molar), { 'content-encoding': 'gzip' }),
        415,
      );
      const png = Buffer.concat([
        Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'),
        Buffer.alloc(70_000, 7),
      ]);
      await expectRefused(await create(a, one('x.stl', png)), 400, 'CONTENT_MISMATCH');
      await expectRefused(await create(a, one('x.ply', molar)), 400, 'CONTENT_MISMATCH');
      await expectRefused(
        await create(a, one('x.stl', Buffer.from('%PDF-1.7 hello'))),
        400,
        'CONTENT_MISMATCH',
      );
      await expectRefused(await create(a, one('x.obj', tiny)), 400, 'UNSUPPORTED_FILE_TYPE');
      await expectRefused(await create(a, one('x.stl', Buffer.alloc(0))), 400, 'EMPTY_FILE');
      const truncated = Buffer.from(molar.subarray(0, molar.length - 70_000));
      await expectRefused(await create(a, one('x.stl', truncated)), 400, 'STL_TRUNCATED');
      const nan = Buffer.from(molar);
      nan.writeUInt32LE(0x7fc00000, 84 + 50 * 3000 + 12);
      await expectRefused(await create(a, one('x.stl', nan)), 400, 'NON_FINITE_COORDINATE');
      const many: Part[] = [{ name: 'projectData', value: JSON.stringify(projectData()) }];
      for (let i = 0; i < 60; i++) many.push({ name: 'models', filename: `m${i}.stl`, data: tiny });
      const tooMany = await create(a, many);
      expect(tooMany.statusCode).toBe(413);
      await expectRefused(
        await create(a, [{ name: '__proto__', value: '{"isAdmin":true}' }, ...one('x.stl', tiny)]),
        400,
      );
      await expectRefused(
        await create(a, [
          {
            name: 'projectData',
            value:
              '{"__proto__":{"isAdmin":true},"name":"a","patientName":"b","laboratoryName":"c"}',
          },
          { name: 'models', filename: 'x.stl', data: tiny },
        ]),
        400,
      );
      expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
      await expectRefused(
        await create(a, [
          { name: 'models', filename: 'x.stl', data: tiny },
          { name: 'projectData', value: JSON.stringify(projectData()) },
        ]),
        400,
        'PROJECT_DATA_FIRST',
      );
      await expectRefused(
        await create(a, [{ name: 'projectData', value: JSON.stringify(projectData()) }]),
        400,
        'NO_FILES',
      );
      await expectRefused(await create(a, one('x.stl', tiny, { patientName: '' })), 400);
      expect((await create(a, one('x.stl', tiny, { patientName: '' }))).json().error).toBe(
        'Please fill in all required fields',
      );
      expect(await state()).toEqual(before);
      expect(filesUnder(join(t.dataDir, 'blobs')).filter((f) => f.includes('.tmp'))).toEqual([]);
      expect((await get('/api/health')).statusCode).toBe(200);
    });

    it('rows 41, 46, 49–52: names stored under generated ids; text literal, controls refused', async () => {
      const weird = '..\\..\\scan\u202Eltsmp4.stl';
      const r = await create(
        a,
        one(weird, tiny, {
          patientName: "Robert'); DROP TABLE projects;--",
          name: '<img src=x onerror=alert(1)>{{7*7}}',
        }),
      );
      expect(r.statusCode, r.body).toBe(201);
      const p = (await get(`/api/projects/${r.json().projectId}`, a)).json();
      expect(p.patientName).toBe("Robert'); DROP TABLE projects;--");
      expect(p.name).toBe('<img src=x onerror=alert(1)>{{7*7}}');
      expect(p.models[0].filename).toMatch(/^[0-9a-f-]{36}\.stl$/);
      expect(p.models[0].originalName).toBe('scanltsmp4.stl');
      await expectRefused(
        await create(a, one('x.stl', tiny, { patientName: 'a\u0000b' })),
        400,
        'invalid_text',
      );
      await expectRefused(
        await create(a, one('x.stl', tiny, { name: 'bad \uD800 name' })),
        400,
        'invalid_text',
      );
      await expectRefused(await create(a, one('x.stl', tiny, { ownerId: b.userId })), 400);
      await expectRefused(
        await create(a, one('x.stl', tiny, { name: 'x'.repeat(201) })),
        400,
        'TOO_LONG',
      );
    });

    it('rows 45, 48: ids are validated; the nil UUID is 404', async () => {
      for (const id of ['not-a-uuid', "'%20OR%201=1--", '{00000000-0000-0000-0000-000000000000}']) {
        expect((await get(`/api/projects/${id}`, a)).statusCode).toBe(400);
      }
      expect((await get('/api/projects/00000000-0000-0000-0000-000000000000', a)).statusCode).toBe(
        404,
      );
      expect(
        (await get(`/api/projects?userId=${a.userId}&userId=${b.userId}`, boss)).statusCode,
      ).toBe(400);
    });

    it('materials follow the per-file rules', async () => {
      const plyAsEnamel = [
        { name: 'projectData', value: JSON.stringify(projectData()) },
        { name: 'models', filename: 's.ply', data: ply },
        { name: 'modelMaterials', value: 'enamel' },
      ];
      await expectRefused(await create(a, plyAsEnamel), 400, 'INVALID_MATERIAL');
      const stlTexture = [...one('x.stl', tiny), { name: 'modelMaterials', value: 'texture' }];
      await expectRefused(await create(a, stlTexture), 400, 'INVALID_MATERIAL');
    });
  });

  describe('quick public upload', () => {
    const publicParts = async (
      over: Record<string, unknown> = {},
      file: Part = { name: 'models', filename: 'q.stl', data: molar },
    ) => [
      {
        name: 'projectData',
        value: JSON.stringify(
          projectData({
            terms: true,
            turnstileToken: await solveBotCheck(t.app, 'public-upload'),
            ...over,
          }),
        ),
      },
      file,
    ];

    it('creates an anonymous project behind a working link, default material enamel', async () => {
      const r = await create(null, await publicParts());
      expect(r.statusCode, r.body).toBe(201);
      const token = (r.json().publicLink as string).split('/').pop();
      const p = (await get(`/api/public/projects/${token}`)).json();
      expect(p.userId).toBe('public');
      expect(p.models[0].material).toBe('enamel');
    });

    it('requires the terms (JSON true) and the bot check (not replayable, right purpose)', async () => {
      for (const terms of [undefined, 'false', 1, 'true']) {
        const r = await create(null, await publicParts({ terms }));
        expect(r.statusCode).toBe(400);
        expect(r.json()).toMatchObject({
          code: 'TERMS_REQUIRED',
          error: 'Please agree to the terms and conditions',
        });
      }
      const missing = await create(null, await publicParts({ turnstileToken: undefined }));
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error).toBe('Please complete the security verification');
      const wrongPurpose = await create(
        null,
        await publicParts({ turnstileToken: await solveBotCheck(t.app, 'login') }),
      );
      expect(wrongPurpose.statusCode).toBe(403);
      const payload = await solveBotCheck(t.app, 'public-upload');
      expect((await create(null, await publicParts({ turnstileToken: payload }))).statusCode).toBe(
        201,
      );
      expect((await create(null, await publicParts({ turnstileToken: payload }))).statusCode).toBe(
        400,
      );
    });

    it('refuses a 50 MB + 1 byte file mid-stream with the spec message; nothing is left behind', async () => {
      const before = filesUnder(join(t.dataDir, 'blobs')).length;
      const n = Math.ceil((50 * 1024 * 1024 - 84) / 50);
      const big = Buffer.alloc(50 * 1024 * 1024 + 1);
      big.writeUInt32LE(n, 80);
      const r = await create(
        null,
        await publicParts({}, { name: 'models', filename: 'huge.stl', data: big }),
      );
      expect(r.statusCode).toBe(413);
      expect(r.json()).toMatchObject({
        code: 'FILE_TOO_LARGE',
        error: 'huge.stl exceeds 50MB limit',
      });
      expect(filesUnder(join(t.dataDir, 'blobs')).length).toBe(before);
    });
  });
});
