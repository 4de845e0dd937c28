import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMENT_PIN_FIELD, TOOL_STATE_FIELD } from '../../../api/src/domain/comments.js';
import { projectStream, projectSubject } from '../../../api/src/domain/project.js';
import { deleteProject } from '../../../api/src/commands/deleteProject.js';
import { runProjectCommand } from '../../../api/src/commands/projectCommand.js';
import { linkActor } from '../../../api/src/routes/review.js';
import { freshIp, mailTo, readOutboxDir, waitForMail } from '../../support/accounts.js';
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
const savedView = (modelId: string, over: Record<string, unknown> = {}) => ({
  version: 1,
  camera: { position: [12.5, -30, 22], target: [1, 2, 3], up: [0, 0, 1] },
  measurements: [
    {
      id: 'm1',
      kind: 'distance',
      points: [
        { modelId, point: [0, 0, 0] },
        { modelId, point: [6, 8, 0] },
      ],
    },
  ],
  section: { origin: [0, 0, 1.25], normal: [0, 0.6, 0.8] },
  ...over,
});
const anchorOn = (modelId: string, over: Record<string, unknown> = {}) => ({
  modelId,
  point: [1.5, -2.25, 10],
  normal: [0, 0.6, 0.8],
  camera: { position: [0, -40, 60], target: [0, 0, 0], up: [0, 0, 1] },
  ...over,
});

describe.each(testDrivers())('review conversation API (%s)', (driver) => {
  let t: TestApp;
  let tech: SeededUser;
  let other: SeededUser;
  let p: SeededProject;

  const events = async (projectId: string) =>
    (await t.deps.store.readStream(projectStream(projectId))).map((e) => ({
      type: e.type,
      data: e.data as Record<string, unknown>,
      actor: (e.metadata as { actor?: string }).actor,
    }));
  const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...json, 'x-forwarded-for': freshIp(), ...headers },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const doctorComment = (token: string, body: unknown) =>
    post(`/api/public/projects/${token}/comments`, body);
  const ownerComment = (id: string, body: unknown, user = tech) =>
    post(`/api/projects/${id}/comments`, body, bearer(user.token));
  const publicThread = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/public/projects/${token}/comments` })).json()
      .comments as Array<Record<string, unknown>>;
  const ownerThread = async (id: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/projects/${id}/comments`,
        headers: bearer(tech.token),
      })
    ).json().comments as Array<Record<string, unknown>>;

  beforeAll(async () => {
    t = await startTestApp(driver, { TRUST_PROXY: 'true' });
    tech = await seedUser(t.deps, { name: 'Tina Tech', email: 'tina@lab.test' });
    other = await seedUser(t.deps, { name: 'Otto Other', email: 'otto@lab.test' });
    p = await seedProject(t.deps, {
      userId: tech.id,
      name: 'Case 17',
      patientName: 'Jane Patient',
      files: 2,
    });
  });
  afterAll(async () => t?.close());

  it('records a named doctor’s pinned comment sealed; the link shows it without the e-mail, the owner with it', async () => {
    const anchor = anchorOn(modelOf(p));
    const r = await doctorComment(p.publicToken, {
      authorName: ' Dr. Ada Molar ',
      authorEmail: 'Ada@Clinic.test',
      body: '16 distal margin open',
      anchor,
    });
    expect(r.statusCode).toBe(201);
    const c = r.json().comment;
    expect(c).toMatchObject({
      kind: 'comment',
      parentId: null,
      author: { role: 'doctor', name: 'Dr. Ada Molar' },
      body: '16 distal margin open',
      anchor,
      pin: 1,
      resolvedAt: null,
    });
    expect(c.author.email).toBeUndefined();

    const added = (await events(p.id)).filter((e) => e.type === 'CommentAdded');
    expect(added).toHaveLength(1);
    expect(added[0]!.actor).toBe(linkActor(p.publicToken));
    const author = added[0]!.data.author as { name: string; email: string };
    for (const sealed of [author.name, author.email, added[0]!.data.body as string]) {
      expect(sealed).toMatch(/^v1:/);
    }
    expect(await t.deps.keys.open(projectSubject(p.id), 'authorEmail', author.email)).toBe(
      'ada@clinic.test',
    );
    // The pin's model stays clear; its point, normal and camera are sealed with the key.
    const pin = added[0]!.data.anchor as { modelId: string; place: string };
    expect(Object.keys(pin).sort()).toEqual(['modelId', 'place']);
    expect(pin.modelId).toBe(anchor.modelId);
    expect(JSON.stringify(added[0]!.data)).not.toContain('-2.25');
    const { modelId: _m, ...place } = anchor;
    expect(
      JSON.parse((await t.deps.keys.open(projectSubject(p.id), COMMENT_PIN_FIELD, pin.place))!),
    ).toEqual(place);

    const pub = await publicThread(p.publicToken);
    expect(pub).toHaveLength(1);
    expect((pub[0]!.author as Record<string, unknown>).email).toBeUndefined();
    const own = await ownerThread(p.id);
    expect(own[0]!.author).toEqual({
      role: 'doctor',
      name: 'Dr. Ada Molar',
      email: 'ada@clinic.test',
    });

    const project = (
      await t.app.inject({
        method: 'GET',
        url: `/api/projects/${p.id}`,
        headers: bearer(tech.token),
      })
    ).json();
    expect(project.unreadCount).toBe(1);
    expect(project.openComments).toBe(1);
    await waitForMail(
      () => readOutboxDir(t.dataDir),
      (m) => mailTo('tina@lab.test')(m) && m.decoded.includes('16 distal margin open'),
    );
  });

  it('refuses a missing name, a blank or over-long body, a bad e-mail and extra fields, leaving nothing', async () => {
    const before = (await events(p.id)).length;
    for (const body of [
      { body: 'no name' },
      { authorName: '   ', body: 'blank name' },
      { authorName: 'Dr A', body: '  \n ' },
      { authorName: 'Dr A', body: 'x'.repeat(5001) },
      { authorName: 'x'.repeat(101), body: 'long name' },
      { authorName: 'Dr\nA', body: 'two-line name' },
      { authorName: 'Dr A', body: 'scan\u202Eltsexe' },
      { authorName: 'Dr A', authorEmail: 'not-an-address', body: 'hi' },
      { authorName: 'Dr A', body: 'hi', role: 'technician' },
    ]) {
      const r = await doctorComment(p.publicToken, body);
      expect(r.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(r.json()).toMatchObject({ error: expect.any(String), code: expect.any(String) });
    }
    // A body far over any comment's size is refused before it is parsed.
    const huge = await post(`/api/public/projects/${p.publicToken}/comments`, {
      authorName: 'Dr A',
      body: 'x'.repeat(70 * 1024),
    });
    expect(huge.statusCode).toBe(413);
    const text = await post(`/api/public/projects/${p.publicToken}/comments`, 'x', {
      'content-type': 'text/plain',
    });
    expect(text.statusCode).toBe(415);
    expect((await events(p.id)).length).toBe(before);
  });

  it('refuses bad anchors: another project’s model, non-finite or non-numeric values, a non-unit normal', async () => {
    const b = await seedProject(t.deps, { userId: other.id, name: 'B', files: 1 });
    const before = (await events(p.id)).length;
    const mine = modelOf(p);
    const cases: Array<[unknown, string]> = [
      [anchorOn(modelOf(b)), 'invalid_anchor'],
      [anchorOn('not-a-model'), 'invalid_anchor'],
      [anchorOn(mine, { normal: [0, 0, 2] }), 'invalid_anchor'],
      [anchorOn(mine, { normal: [0, 0, 0] }), 'invalid_anchor'],
      [anchorOn(mine, { point: ['1', 2, 3] }), 'validation_failed'],
      [anchorOn(mine, { point: [1, 2] }), 'validation_failed'],
      [
        anchorOn(mine, { camera: { position: [0, 0, 1], target: [0, 0, 1], up: [0, 1, 0] } }),
        'invalid_anchor',
      ],
      [{ ...anchorOn(mine), extra: 1 }, 'validation_failed'],
    ];
    for (const [anchor, code] of cases) {
      const r = await doctorComment(p.publicToken, { authorName: 'Dr A', body: 'pin', anchor });
      expect(r.statusCode, JSON.stringify(anchor)).toBe(400);
      expect(r.json().code).toBe(code);
    }
    // JSON's 1e999 parses to Infinity.
    const raw = JSON.stringify({ authorName: 'Dr A', body: 'pin', anchor: anchorOn(mine) }).replace(
      '1.5',
      '1e999',
    );
    const inf = await post(`/api/public/projects/${p.publicToken}/comments`, raw);
    expect(inf.statusCode).toBe(400);
    expect((await events(p.id)).length).toBe(before);
  });

  it('stores and returns markup as text', async () => {
    const xss = '<img src=x onerror="alert(1)"><script>alert(2)</script> & "quotes"';
    const r = await doctorComment(p.publicToken, { authorName: '<b>Dr</b>', body: xss });
    expect(r.statusCode).toBe(201);
    expect(r.headers['content-type']).toMatch(/^application\/json/);
    const line = (await publicThread(p.publicToken)).find((c) => c.id === r.json().comment.id)!;
    expect(line.body).toBe(xss);
    expect((line.author as { name: string }).name).toBe('<b>Dr</b>');
  });

  it('lets the owner reply under a comment, named from the account; the doctor who left an e-mail is mailed', async () => {
    const root = (await publicThread(p.publicToken)).find((c) => c.pin === 1)!;
    const r = await ownerComment(p.id, {
      body: 'Margin extended, please check.',
      parentId: root.id,
    });
    expect(r.statusCode).toBe(201);
    expect(r.json().comment).toMatchObject({
      parentId: root.id,
      author: { role: 'technician', name: 'Tina Tech' },
      pin: null,
    });
    const pub = await publicThread(p.publicToken);
    expect(pub.find((c) => c.id === r.json().comment.id)?.body).toBe(
      'Margin extended, please check.',
    );
    const mail = await waitForMail(() => readOutboxDir(t.dataDir), mailTo('ada@clinic.test'));
    const subject = /^Subject: (.*)$/m.exec(mail.raw)?.[1] ?? '';
    expect(subject).toBe('The lab answered your comment on Cusp');
    expect(mail.raw).not.toContain('Jane');
    expect(mail.decoded).toContain('Margin extended, please check.');
    expect(mail.decoded).toContain(`/viewer/${p.publicToken}`);

    // A reply to a reply, a reply with a pin, a missing parent; other users; no session.
    const reply = r.json().comment.id as string;
    expect((await ownerComment(p.id, { body: 'x', parentId: reply })).json().code).toBe(
      'reply_to_reply',
    );
    expect(
      (
        await ownerComment(p.id, { body: 'x', parentId: root.id, anchor: anchorOn(modelOf(p)) })
      ).json().code,
    ).toBe('reply_with_anchor');
    const missing = await ownerComment(p.id, {
      body: 'x',
      parentId: '00000000-0000-4000-8000-000000000000',
    });
    expect(missing.statusCode).toBe(404);
    expect((await ownerComment(p.id, { body: 'x' }, other)).statusCode).toBe(404);
    expect((await post(`/api/projects/${p.id}/comments`, { body: 'x' })).statusCode).toBe(401);
  });

  it('shows feedback given through the old call in the thread', async () => {
    const r = await post(`/api/public/projects/${p.publicToken}/feedback`, {
      message: 'Old-style note',
    });
    expect(r.statusCode).toBe(201);
    const line = (await publicThread(p.publicToken)).find((c) => c.body === 'Old-style note');
    expect(line).toMatchObject({
      kind: 'comment',
      author: { role: 'doctor', name: null },
      anchor: null,
    });
  });

  it('resolves and reopens from both sides; a second resolve changes nothing', async () => {
    const root = (await ownerThread(p.id)).find((c) => c.pin === 1)!;
    const resolve = await post(
      `/api/projects/${p.id}/comments/${root.id}/resolve`,
      {},
      bearer(tech.token),
    );
    expect(resolve.statusCode).toBe(200);
    expect(resolve.json().comment).toMatchObject({
      resolvedBy: 'technician',
      resolvedAt: expect.any(String),
    });
    const again = await post(
      `/api/public/projects/${p.publicToken}/comments/${root.id}/resolve`,
      {},
    );
    expect(again.statusCode).toBe(200);
    expect(again.json().comment.resolvedBy).toBe('technician');
    expect((await events(p.id)).filter((e) => e.type === 'CommentResolved')).toHaveLength(1);
    const project = (
      await t.app.inject({
        method: 'GET',
        url: `/api/projects/${p.id}`,
        headers: bearer(tech.token),
      })
    ).json();
    // The pinned comment is resolved; the markup comment and the old-style note are open.
    expect(project.openComments).toBe(2);

    const reopen = await post(
      `/api/public/projects/${p.publicToken}/comments/${root.id}/reopen`,
      {},
    );
    expect(reopen.json().comment).toMatchObject({ resolvedAt: null, resolvedBy: null });
    const reply = (await ownerThread(p.id)).find((c) => c.parentId === root.id)!;
    const onReply = await post(
      `/api/projects/${p.id}/comments/${reply.id}/resolve`,
      {},
      bearer(tech.token),
    );
    expect(onReply.statusCode).toBe(400);
    expect(onReply.json().code).toBe('resolve_reply');
    const unknown = await post(`/api/public/projects/${p.publicToken}/comments/nope/resolve`, {});
    expect(unknown.statusCode).toBe(404);
    const foreign = await post(
      `/api/projects/${p.id}/comments/${root.id}/resolve`,
      {},
      bearer(other.token),
    );
    expect(foreign.statusCode).toBe(404);
  });

  it('two concurrent resolves both answer 200 and record one event', async () => {
    const q = await seedProject(t.deps, { userId: tech.id, name: 'Race', files: 1 });
    const c = (
      await doctorComment(q.publicToken, { authorName: 'Dr B', body: 'contact too tight' })
    ).json().comment;
    const answers = await Promise.all([
      post(`/api/projects/${q.id}/comments/${c.id}/resolve`, {}, bearer(tech.token)),
      post(`/api/public/projects/${q.publicToken}/comments/${c.id}/resolve`, {}),
      post(`/api/projects/${q.id}/comments/${c.id}/resolve`, {}, bearer(tech.token)),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect((await events(q.id)).filter((e) => e.type === 'CommentResolved')).toHaveLength(1);
  });

  it('requests changes with a comment: status Changes Requested, the technician told; refused without one or after approval', async () => {
    const q = await seedProject(t.deps, { userId: tech.id, name: 'Revise', files: 1 });
    const url = `/api/public/projects/${q.publicToken}/request-changes`;
    const empty = await post(url, { authorName: 'Dr C', body: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toContain('Please say what should change');
    expect((await post(url, { body: 'no name' })).statusCode).toBe(400);
    expect((await events(q.id)).filter((e) => e.type !== 'ProjectCreated')).toHaveLength(0);

    const r = await post(url, {
      authorName: 'Dr C',
      body: '24 occlusal contact too heavy',
      anchor: anchorOn(modelOf(q)),
    });
    expect(r.statusCode).toBe(201);
    expect(r.json()).toMatchObject({
      status: 'pending_revision',
      comment: { changesRequested: true, pin: 1 },
    });
    const types = (await events(q.id)).map((e) => e.type);
    expect(types.slice(-3)).toEqual(['CommentAdded', 'ChangesRequested', 'ProjectStatusChanged']);
    const pub = (
      await t.app.inject({ method: 'GET', url: `/api/public/projects/${q.publicToken}` })
    ).json();
    expect(pub.status).toBe('pending_revision');
    const thread = await publicThread(q.publicToken);
    expect(thread.map((c) => c.kind)).toEqual(['comment', 'status']);
    expect(thread[1]).toMatchObject({ status: 'pending_revision', author: null });
    await waitForMail(
      () => readOutboxDir(t.dataDir),
      (m) =>
        mailTo('tina@lab.test')(m) &&
        /requested changes/i.test(m.raw) &&
        m.decoded.includes('24 occlusal'),
    );

    // The technician sets it back to review when the revision is ready; the doctor approves.
    const back = await t.app.inject({
      method: 'PUT',
      url: `/api/projects/${q.id}/status`,
      headers: { ...json, ...bearer(tech.token) },
      payload: JSON.stringify({ status: 'pending_review' }),
    });
    expect(back.statusCode).toBe(200);
    const approved = await post(`/api/public/projects/${q.publicToken}/approve`, {
      version: 1,
      authorName: 'Dr C',
    });
    expect(approved.statusCode).toBe(200);
    const approvedBy = (await events(q.id)).find((e) => e.type === 'ProjectApproved')!.data
      .approvedBy as string;
    expect(approvedBy).toMatch(/^v1:/);
    const late = await post(url, { authorName: 'Dr C', body: 'one more thing' });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('already_approved');
    const lines = await publicThread(q.publicToken);
    expect(lines.map((c) => c.kind)).toEqual(['comment', 'status', 'status', 'approval']);
    expect(lines[3]!.author).toEqual({ role: 'doctor', name: 'Dr C' });

    const history = await t.app.inject({
      method: 'GET',
      url: `/api/projects/${q.id}/history`,
      headers: bearer(tech.token),
    });
    const actions = (history.json().items as Array<{ action: string; actorKind: string }>).map(
      (i) => `${i.action}:${i.actorKind}`,
    );
    expect(actions).toEqual(
      expect.arrayContaining([
        'CommentAdded:link',
        'ChangesRequested:link',
        'ProjectApproved:link',
      ]),
    );
  });

  it('answers 404 on every comment route of a deleted project', async () => {
    const d = await seedProject(t.deps, { userId: tech.id, name: 'Gone', files: 1 });
    const c = (await doctorComment(d.publicToken, { authorName: 'Dr D', body: 'hello' })).json()
      .comment;
    await deleteProject(t.deps, d.id, 'owner', { actor: `user:${tech.id}` });
    const calls = [
      t.app.inject({ method: 'GET', url: `/api/public/projects/${d.publicToken}/comments` }),
      doctorComment(d.publicToken, { authorName: 'Dr D', body: 'hello' }),
      post(`/api/public/projects/${d.publicToken}/request-changes`, {
        authorName: 'Dr D',
        body: 'x',
      }),
      post(`/api/public/projects/${d.publicToken}/comments/${c.id}/resolve`, {}),
      t.app.inject({
        method: 'GET',
        url: `/api/projects/${d.id}/comments`,
        headers: bearer(tech.token),
      }),
      ownerComment(d.id, { body: 'x' }),
      post(`/api/projects/${d.id}/comments/${c.id}/reopen`, {}, bearer(tech.token)),
    ];
    for (const r of await Promise.all(calls)) expect(r.statusCode).toBe(404);
  });

  it('limits doctor writes per link and address (shared with feedback and approval)', async () => {
    const q = await seedProject(t.deps, { userId: tech.id, name: 'Busy', files: 1 });
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/public/projects/${q.publicToken}/comments`,
        headers: { ...json, 'x-forwarded-for': '203.0.113.77' },
        payload: JSON.stringify({ authorName: 'Dr E', body: 'again' }),
      });
    for (let i = 0; i < 30; i++) expect((await send()).statusCode).toBe(201);
    expect((await send()).statusCode).toBe(429);
  });

  describe('saved view and version', () => {
    let v: SeededProject;
    let kept: string;
    let removed: string;
    beforeAll(async () => {
      v = await seedProject(t.deps, { userId: tech.id, name: 'Versions', files: 2 });
      removed = v.blobKeys[0]!.split('/').pop()!;
      kept = v.blobKeys[1]!.split('/').pop()!;
    });
    /** v2 keeps the second model and drops the first. */
    const addV2 = async () =>
      runProjectCommand(
        t.deps,
        v.id,
        {
          type: 'AddProjectVersion',
          data: {
            projectId: v.id,
            keep: [kept],
            added: [],
            note: await t.deps.keys.seal(projectSubject(v.id), 'versionNote', 'second model only'),
            now: new Date().toISOString(),
          },
        },
        { actor: `user:${tech.id}` },
      );

    it('records a doctor’s comment and a request for changes with the saved view; both threads return it with the version', async () => {
      const view = savedView(removed);
      const r = await doctorComment(v.publicToken, {
        authorName: 'Dr V',
        body: 'margin 10 mm',
        toolState: view,
      });
      expect(r.statusCode).toBe(201);
      expect(r.json().comment).toMatchObject({ toolState: view, version: 1 });
      const rc = await post(`/api/public/projects/${v.publicToken}/request-changes`, {
        authorName: 'Dr V',
        body: 'open the contact',
        toolState: view,
        version: 1,
      });
      expect(rc.statusCode).toBe(201);
      expect(rc.json().comment).toMatchObject({ toolState: view, version: 1 });
      for (const thread of [await publicThread(v.publicToken), await ownerThread(v.id)]) {
        const lines = thread.filter((c) => c.kind === 'comment');
        expect(lines.map((c) => [c.toolState, c.version])).toEqual([
          [view, 1],
          [view, 1],
        ]);
      }
      // Recorded sealed with the project's key.
      const stored = (await events(v.id)).filter((e) => e.type === 'CommentAdded');
      expect(stored.map((e) => e.data.version)).toEqual([1, 1]);
      for (const e of stored) {
        const sealed = e.data.toolState as string;
        expect(sealed).toMatch(/^v1:/);
        const opened = await t.deps.keys.open(projectSubject(v.id), TOOL_STATE_FIELD, sealed);
        expect(JSON.parse(opened!)).toEqual(view);
      }
    });

    it('lets the technician attach a view; a reply carrying one is refused', async () => {
      const view = savedView(removed, { measurements: [], section: null });
      const r = await ownerComment(v.id, { body: 'see this side', toolState: view });
      expect(r.statusCode).toBe(201);
      expect(r.json().comment).toMatchObject({ toolState: view, version: 1 });
      const before = (await events(v.id)).length;
      const reply = await ownerComment(v.id, {
        body: 'and here',
        parentId: r.json().comment.id,
        toolState: view,
      });
      expect(reply.statusCode).toBe(400);
      expect(reply.json().code).toBe('reply_with_tool_state');
      expect((await events(v.id)).length).toBe(before);
    });

    it('refuses an invalid saved view with invalid_tool_state and a message, leaving nothing', async () => {
      const before = (await events(v.id)).length;
      const many = Array.from({ length: 51 }, (_, i) => ({
        ...savedView(removed).measurements[0]!,
        id: `m${i + 1}`,
      }));
      const cases: unknown[] = [
        'a view',
        savedView(removed, { version: 2 }),
        savedView(removed, { camera: { position: [1, 1, 1], target: [1, 1, 1], up: [0, 0, 1] } }),
        savedView(removed, { section: { origin: [0, 0, 0], normal: [0, 0, 0] } }),
        savedView(removed, { measurements: many }),
        { ...savedView(removed), extra: true },
        savedView('not-a-model-of-this-project'),
      ];
      for (const toolState of cases) {
        const r = await doctorComment(v.publicToken, { authorName: 'Dr V', body: 'x', toolState });
        expect(r.statusCode, JSON.stringify(toolState).slice(0, 80)).toBe(400);
        expect(r.json().code).toBe('invalid_tool_state');
        expect(r.json().error).toMatch(/^The saved view cannot be attached: .{4,}|^A measurement/);
      }
      expect((await events(v.id)).length).toBe(before);
    });

    it('after v2: comments default to v2, name v1 on v1’s models, and a version the project lacks is 404', async () => {
      await addV2();
      const latest = await doctorComment(v.publicToken, { authorName: 'Dr V', body: 'on v2' });
      expect(latest.json().comment.version).toBe(2);
      const onV1 = await doctorComment(v.publicToken, {
        authorName: 'Dr V',
        body: 'still on v1',
        version: 1,
        anchor: anchorOn(removed),
        toolState: savedView(removed),
      });
      expect(onV1.statusCode).toBe(201);
      expect(onV1.json().comment).toMatchObject({ version: 1, pin: 1 });
      // The first model is not in v2.
      const wrong = await doctorComment(v.publicToken, {
        authorName: 'Dr V',
        body: 'x',
        version: 2,
        toolState: savedView(removed),
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().code).toBe('invalid_tool_state');
      const before = (await events(v.id)).length;
      const missing = await doctorComment(v.publicToken, {
        authorName: 'Dr V',
        body: 'x',
        version: 3,
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().code).toBe('version_not_found');
      expect((await events(v.id)).length).toBe(before);
      const thread = await publicThread(v.publicToken);
      expect(thread.filter((c) => c.kind === 'comment').map((c) => [c.body, c.version])).toEqual([
        ['margin 10 mm', 1],
        ['open the contact', 1],
        ['see this side', 1],
        ['on v2', 2],
        ['still on v1', 1],
      ]);
    });
  });
});
