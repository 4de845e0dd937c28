import { Readable } from 'node:stream';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putEncrypted } from '../../../api/src/blobs/encrypted.js';
import { projectStream, projectSubject } from '../../../api/src/domain/project.js';
import { readGlbJson } from '../../../api/src/mesh/viewDerivative.js';
import { viewBlobKey } from '../../../api/src/blobs/blobStore.js';
import { deleteProject } from '../../../api/src/commands/deleteProject.js';
import { VERSION_REQUIRED_MESSAGE } from '../../../api/src/contract/review.js';
import { linkActor } from '../../../api/src/routes/review.js';
import { mailTo, readOutboxDir, waitForMail } from '../../support/accounts.js';
import {
  bearer,
  seedProject,
  seedUser,
  type SeededProject,
  type SeededUser,
} from '../../support/adminSeed.js';
import { startTestApp, type TestApp } from '../../support/app.js';
import { testDrivers } from '../../support/db.js';
import { fixtureStl } from '../../support/meshFiles.js';

const json = { 'content-type': 'application/json' };

describe.each(testDrivers())('doctor review API (%s)', (driver) => {
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
  const feedback = (token: string, body: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/api/public/projects/${token}/feedback`,
      headers: json,
      payload: JSON.stringify(body),
    });
  const approve = (token: string, body: unknown = { version: 1 }) =>
    t.app.inject({
      method: 'POST',
      url: `/api/public/projects/${token}/approve`,
      headers: json,
      payload: JSON.stringify(body),
    });

  beforeAll(async () => {
    t = await startTestApp(driver);
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

  it('refuses blank, missing and over-long feedback', async () => {
    for (const body of [
      {},
      { message: '' },
      { message: '   \n\t ' },
      { message: 'x'.repeat(5001) },
      { message: 42 },
    ]) {
      const r = await feedback(p.publicToken, body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await events(p.id)).filter((e) => e.type === 'FeedbackGiven')).toHaveLength(0);
  });

  it('records doctor feedback sealed, as the link, and the owner sees it unread; the technician is mailed', async () => {
    const r = await feedback(p.publicToken, { message: '  Please shorten the margin on 16.  ' });
    expect(r.statusCode).toBe(201);
    expect(r.json().feedback).toMatchObject({
      type: 'doctor_feedback',
      message: 'Please shorten the margin on 16.',
      readAt: null,
    });

    const given = (await events(p.id)).filter((e) => e.type === 'FeedbackGiven');
    expect(given).toHaveLength(1);
    expect(given[0]!.data.feedbackType).toBe('doctor_feedback');
    expect(given[0]!.actor).toBe(linkActor(p.publicToken));
    expect(given[0]!.actor).not.toContain(p.publicToken.slice(4, 20));
    expect(String(given[0]!.data.message)).toMatch(/^v1:/);
    expect(
      await t.deps.keys.open(projectSubject(p.id), 'message', String(given[0]!.data.message)),
    ).toBe('Please shorten the margin on 16.');

    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/projects/${p.id}`,
      headers: bearer(tech.token),
    });
    const project = mine.json().project ?? mine.json();
    expect(project.unreadCount).toBe(1);
    expect(project.feedback.map((f: { message: string }) => f.message)).toEqual([
      'Please shorten the margin on 16.',
    ]);

    const mail = await waitForMail(() => readOutboxDir(t.dataDir), mailTo('tina@lab.test'));
    const subject = /^Subject: (.*)$/m.exec(mail.raw)?.[1] ?? '';
    expect(subject).toMatch(/feedback/i);
    expect(subject).not.toContain('Jane');
    expect(subject).not.toContain('Case 17');
    expect(mail.decoded).toContain('Please shorten the margin on 16.');
  });

  it('refuses an approval that does not name its version: 400 version_required, nothing recorded', async () => {
    const q = await seedProject(t.deps, { userId: tech.id, name: 'Unnamed version', files: 1 });
    for (const body of [{}, { authorName: 'Dr. Who' }]) {
      const r = await approve(q.publicToken, body);
      expect(r.statusCode).toBe(400);
      expect(r.json()).toEqual({ error: VERSION_REQUIRED_MESSAGE, code: 'version_required' });
    }
    const bare = await t.app.inject({
      method: 'POST',
      url: `/api/public/projects/${q.publicToken}/approve`,
    });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().code).toBe('version_required');
    expect((await events(q.id)).map((e) => e.type)).not.toContain('ProjectApproved');
    const pub = await t.app.inject({ method: 'GET', url: `/api/public/projects/${q.publicToken}` });
    expect(pub.json().status).not.toBe('approved');
  });

  it('approves once; a second approval is refused', async () => {
    const first = await approve(p.publicToken);
    expect(first.statusCode).toBe(200);
    const pub = await t.app.inject({ method: 'GET', url: `/api/public/projects/${p.publicToken}` });
    expect(pub.json().status).toBe('approved');
    const second = await approve(p.publicToken);
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toBe('Project is already approved');
    const approved = (await events(p.id)).filter((e) => e.type === 'ProjectApproved');
    expect(approved).toHaveLength(1);
    expect(approved[0]!.actor).toBe(linkActor(p.publicToken));
    await waitForMail(
      () => readOutboxDir(t.dataDir),
      (m) => mailTo('tina@lab.test')(m) && /approved/i.test(m.raw),
    );
  });

  it('two concurrent approvals append exactly one ProjectApproved', async () => {
    const q = await seedProject(t.deps, { userId: tech.id, name: 'Race', files: 1 });
    const answers = await Promise.all([approve(q.publicToken), approve(q.publicToken)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect((await events(q.id)).filter((e) => e.type === 'ProjectApproved')).toHaveLength(1);
  });

  it('lets the owner reply as technician_reply, and nobody else', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${p.id}/feedback`,
      headers: { ...json, ...bearer(tech.token) },
      payload: JSON.stringify({ feedback: 'Will do.' }),
    });
    expect(r.statusCode).toBe(201);
    expect(r.json().feedback.type).toBe('technician_reply');
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${p.id}/feedback`,
      headers: { ...json, ...bearer(other.token) },
      payload: JSON.stringify({ message: 'hi' }),
    });
    expect(foreign.statusCode).toBe(404);
    const anon = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${p.id}/feedback`,
      headers: json,
      payload: '{"message":"x"}',
    });
    expect(anon.statusCode).toBe(401);
  });

  it('serves the view derivative with Content-Encoding br, and inflated to clients without br', async () => {
    const q = await seedProject(t.deps, { userId: tech.id, name: 'Arch', files: 1 });
    const stl = fixtureStl('upper-arch-crowns.stl');
    const dk = await t.deps.keys.keyFor(projectSubject(q.id));
    await putEncrypted(t.deps.blobs, q.blobKeys[0]!, Readable.from([stl]), dk);
    const modelId = q.blobKeys[0]!.split('/').pop()!;
    const url = `/api/public/projects/${q.publicToken}/view/${modelId}`;
    const br = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('model/gltf-binary');
    expect(br.rawPayload.byteLength / stl.byteLength).toBeLessThanOrEqual(0.06);
    const glb = new Uint8Array(brotliDecompressSync(br.rawPayload));
    const { json: gltf } = readGlbJson(glb);
    expect(gltf.extensionsRequired).toEqual(['KHR_mesh_quantization', 'KHR_meshopt_compression']);
    expect(await t.deps.blobs.exists(viewBlobKey(q.blobKeys[0]!))).toBe(true);

    const plain = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(Buffer.compare(plain.rawPayload, Buffer.from(glb))).toBe(0);

    const owner = await t.app.inject({
      method: 'GET',
      url: `/api/projects/${q.id}/view/${modelId}`,
      headers: bearer(tech.token),
    });
    expect(owner.statusCode).toBe(200);
    const stranger = await t.app.inject({
      method: 'GET',
      url: `/api/projects/${q.id}/view/${modelId}`,
      headers: bearer(other.token),
    });
    expect(stranger.statusCode).toBe(404);
  });

  it('does not reach another project’s files or views through a link', async () => {
    const b = await seedProject(t.deps, { userId: other.id, name: 'B', files: 1 });
    const bModel = b.blobKeys[0]!.split('/').pop()!;
    const viaA = await t.app.inject({
      method: 'GET',
      url: `/api/public/projects/${p.publicToken}/view/${bModel}`,
    });
    expect(viaA.statusCode).toBe(404);
    const fileViaA = await t.app.inject({
      method: 'GET',
      url: `/api/public/projects/${p.publicToken}/files/${bModel}.stl`,
    });
    expect(fileViaA.statusCode).toBe(404);
  });

  it('answers 404 for every call through the link of a deleted project', async () => {
    const d = await seedProject(t.deps, { userId: tech.id, name: 'Gone', files: 1 });
    const modelId = d.blobKeys[0]!.split('/').pop()!;
    await deleteProject(t.deps, d.id, 'owner', { actor: `user:${tech.id}` });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/public/projects/${d.publicToken}` }))
        .statusCode,
    ).toBe(404);
    expect((await feedback(d.publicToken, { message: 'hello' })).statusCode).toBe(404);
    expect((await approve(d.publicToken)).statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/public/projects/${d.publicToken}/view/${modelId}`,
        })
      ).statusCode,
    ).toBe(404);
    const bogus = `pub_${'A'.repeat(43)}`;
    expect((await approve(bogus)).statusCode).toBe(404);
  });
});
