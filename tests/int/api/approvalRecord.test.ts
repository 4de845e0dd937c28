import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApprovalRecord } from '../../../api/src/contract/approvalRecord.js';
import { freshIp } from '../../support/accounts.js';
import { startTestApp, type TestApp } from '../../support/app.js';
import { testDrivers } from '../../support/db.js';
import { pdfPages } from '../../support/pdfText.js';
import {
  fixture,
  multipart,
  plyFromObj,
  projectData,
  signUp,
  smallStl,
  type TestUser,
} from '../../support/projects.js';

/**
 * The approval record: the owner's and the doctor's download of the current approval, as JSON and
 * as a PDF read back with PDF.js. Hashes are checked against the fixture bytes as uploaded and
 * against the files as downloaded; the digest is recomputed from the JSON here, independently.
 */

const sha = (b: Uint8Array | string) => createHash('sha256').update(b).digest('hex');
const json = { 'content-type': 'application/json' };

/** Canonical JSON written independently of the server's: keys sorted at every level. */
function sorted(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sorted);
  if (v === null || typeof v !== 'object') return v;
  return Object.fromEntries(
    Object.keys(v)
      .sort()
      .map((k) => [k, sorted((v as Record<string, unknown>)[k])]),
  );
}
const recomputedDigest = (r: ApprovalRecord) => {
  const { digest: _digest, ...content } = r;
  return sha(JSON.stringify(sorted(content)));
};

// Three files whose stored copy differs from the upload: a header blanked, a PLY comment dropped.
const crown = fixture('mesh', 'molar-crown-fdi16-v2.stl');
const antagonist = smallStl(fixture('mesh', 'molar-crown-fdi16.stl'), 40);
const arch = plyFromObj('lower-arch-crowns.obj');
const UPLOADS = [
  { filename: 'Crown 16.stl', data: crown },
  { filename: 'Antagonist.stl', data: antagonist },
  { filename: 'Lower arch.ply', data: arch },
];
const DOCTOR = 'Dr Amélie Rivera';
const COMMENTS = 25;

interface Model {
  id: string;
  filename: string;
  originalName: string;
  name: string;
  size: number;
}
interface Project {
  id: string;
  status: string;
  publicToken: string;
  models: Model[];
  versions: { n: number; createdAt: string }[];
  approval: {
    version: number;
    files: { modelId: string; sha256: string | null; uploadedSha256: string | null }[];
  } | null;
}

describe.each(testDrivers())('approval record (%s)', (driver) => {
  let t: TestApp;
  let owner: TestUser;
  let stranger: TestUser;
  let id: string;
  let p: Project;

  beforeAll(async () => {
    t = await startTestApp(driver, { VIEW_PREBUILD: 'false', TRUST_PROXY: 'true' });
    [owner, stranger] = [await signUp(t), await signUp(t)];
    const body = multipart([
      { name: 'projectData', value: JSON.stringify(projectData({ name: 'Crown 16 zirconia' })) },
      ...UPLOADS.map((u) => ({ name: 'models', ...u })),
      { name: 'modelMaterials', value: JSON.stringify(['enamel', 'gypsum', 'texture']) },
    ]);
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/projects',
      payload: body.payload,
      headers: { ...body.headers, ...owner.auth, 'x-forwarded-for': freshIp() },
    });
    expect(r.statusCode, r.body).toBe(201);
    id = r.json().projectId;
    p = await project();
  }, 60_000);
  afterAll(async () => t?.close());

  async function project(): Promise<Project> {
    const r = await t.app.inject({ url: `/api/projects/${id}`, headers: owner.auth });
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as Project;
  }
  const ownerRecord = (format?: 'json' | 'pdf', user: TestUser | null = owner) =>
    t.app.inject({
      url: `/api/projects/${id}/approval-record${format ? `?format=${format}` : ''}`,
      headers: user ? user.auth : {},
    });
  const linkRecord = (format?: 'json', cookie?: string) =>
    t.app.inject({
      url: `/api/public/projects/${p.publicToken}/approval-record${format ? `?format=${format}` : ''}`,
      headers: { 'x-forwarded-for': freshIp(), ...(cookie ? { cookie } : {}) },
    });
  const model = (name: string) => p.models.find((m) => m.originalName === name)!;
  const download = async (m: Model) =>
    (await t.app.inject({ url: `/api/projects/${id}/files/${m.filename}`, headers: owner.auth }))
      .rawPayload;

  it('answers 404 not_approved before the approval, to the owner and through the link', async () => {
    for (const r of [await ownerRecord('json'), await ownerRecord(), await linkRecord()]) {
      expect(r.statusCode, r.body).toBe(404);
      expect(r.json().code).toBe('not_approved');
    }
  });

  it("answers 404 for another user's project, 401 without a sign-in", async () => {
    const other = await ownerRecord('json', stranger);
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe('not_found');
    expect((await ownerRecord('json', null)).statusCode).toBe(401);
  });

  it('records the conversation and the approval with its checklist', async () => {
    const crownModel = model('Crown 16.stl');
    let first = '';
    for (let i = 1; i <= COMMENTS; i++) {
      const c = await t.app.inject({
        method: 'POST',
        url: `/api/public/projects/${p.publicToken}/comments`,
        headers: { ...json, 'x-forwarded-for': freshIp() },
        payload: JSON.stringify({
          authorName: DOCTOR,
          body: `Comment ${i}: check the contact on the mesial side.`,
          ...(i === 1
            ? {
                anchor: {
                  modelId: crownModel.id,
                  point: [1, 2, 3],
                  normal: [0, 0, 1],
                  camera: { position: [0, -40, 60], target: [0, 0, 0], up: [0, 0, 1] },
                },
              }
            : {}),
        }),
      });
      expect(c.statusCode, c.body).toBe(201);
      if (i === 1) first = c.json().comment.id;
    }
    const reply = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${id}/comments`,
      headers: { ...json, ...owner.auth },
      payload: JSON.stringify({ body: 'Contact opened by 0.05 mm.', parentId: first }),
    });
    expect(reply.statusCode, reply.body).toBe(201);
    const resolve = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${id}/comments/${first}/resolve`,
      headers: owner.auth,
    });
    expect(resolve.statusCode, resolve.body).toBe(200);

    // The doctor approves through the link with the checklist, margins pointing to pin 1.
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/public/projects/${p.publicToken}/approve`,
      headers: { ...json, 'x-forwarded-for': freshIp() },
      payload: JSON.stringify({
        version: 1,
        authorName: DOCTOR,
        checklist: [
          { item: 'occlusion', answer: 'needs_change' },
          { item: 'margins', answer: 'acceptable', commentId: first },
          { item: 'shade_material', answer: 'not_assessed' },
        ],
      }),
    });
    expect(approved.statusCode, approved.body).toBe(200);
    p = await project();
    expect(p.status).toBe('approved');
  });

  it("the owner's answer carries both hashes of each approved file", async () => {
    expect(p.approval!.files).toHaveLength(3);
    for (const u of UPLOADS) {
      const m = model(u.filename);
      const f = p.approval!.files.find((x) => x.modelId === m.id)!;
      expect(f.uploadedSha256).toBe(sha(u.data));
      expect(f.sha256).toBe(sha(await download(m)));
      expect(f.sha256).not.toBe(f.uploadedSha256);
    }
  });

  it('the JSON record holds the case, the people, the files with both hashes, the checklist and the thread', async () => {
    const r = await ownerRecord('json');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['cache-control']).toBe('private, no-store');
    const rec = r.json() as ApprovalRecord;
    expect(rec.project).toMatchObject({
      id,
      name: 'Crown 16 zirconia',
      patientName: 'Jane Q. Patientname',
      laboratoryName: 'Smile Lab Ltd',
      notes: 'Check the margins',
    });
    expect(rec.technician).toEqual({
      name: 'Tess Technician',
      email: owner.email,
      companyName: 'Tess Dental Lab',
    });
    expect(rec.version).toEqual({ number: 1, note: null, uploadedAt: p.versions[0]!.createdAt });
    expect(rec.approval).toMatchObject({ approvedBy: DOCTOR, timeZone: 'UTC' });

    expect(rec.files.map((f) => f.name)).toEqual(UPLOADS.map((u) => u.filename));
    for (const [i, f] of rec.files.entries()) {
      const m = model(UPLOADS[i]!.filename);
      expect(f.size).toBe(m.size);
      expect(f.sha256Uploaded).toBe(sha(UPLOADS[i]!.data));
      expect(f.sha256Stored).toBe(sha(await download(m)));
    }

    expect(rec.checklist).toEqual([
      {
        item: 'margins',
        label: 'Margins',
        answer: 'acceptable',
        answerLabel: 'Acceptable',
        pinnedOn: `Pin 1 · ${model('Crown 16.stl').name}`,
      },
      {
        item: 'occlusion',
        label: 'Occlusion',
        answer: 'needs_change',
        answerLabel: 'Needs change',
        pinnedOn: null,
      },
      {
        item: 'shade_material',
        label: 'Shade and material',
        answer: 'not_assessed',
        answerLabel: 'Not assessed',
        pinnedOn: null,
      },
    ]);

    const comments = rec.thread.filter((l) => l.kind === 'comment' && l.parentId === null);
    expect(comments).toHaveLength(COMMENTS);
    expect(comments[0]).toMatchObject({
      author: { role: 'doctor', name: DOCTOR },
      text: 'Comment 1: check the contact on the mesial side.',
      pin: { number: 1, modelId: model('Crown 16.stl').id, modelName: model('Crown 16.stl').name },
      state: 'resolved',
    });
    expect(comments[1]).toMatchObject({ pin: null, state: 'open' });
    expect(rec.thread.find((l) => l.parentId === comments[0]!.id)).toMatchObject({
      author: { role: 'technician', name: 'Tess Technician' },
      text: 'Contact opened by 0.05 mm.',
      state: null,
    });
    // No doctor's e-mail in a record that also leaves through the link.
    expect(JSON.stringify(rec.thread)).not.toMatch(/email/);

    // The picture is the version's thumbnail, built on the first request.
    const thumb = await t.app.inject({
      url: `/api/projects/${id}/thumbnail?v=1`,
      headers: owner.auth,
    });
    expect(thumb.statusCode).toBe(200);
    expect(rec.image).toEqual({
      version: 1,
      mediaType: 'image/png',
      sha256: sha(thumb.rawPayload),
    });

    expect(rec.digest.value).toBe(recomputedDigest(rec));
    // Asked again, the same record: the same digest.
    expect(((await ownerRecord('json')).json() as ApprovalRecord).digest.value).toBe(
      rec.digest.value,
    );
  });

  it('the PDF says the same: case, doctor, version, both hashes of every file, the digest on every page', async () => {
    const rec = (await ownerRecord('json')).json() as ApprovalRecord;
    const r = await ownerRecord();
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    expect(r.headers['content-disposition']).toBe(
      'attachment; filename="cusp-approval-record-crown-16-zirconia-v1.pdf"',
    );
    const pages = await pdfPages(r.rawPayload);
    // The long thread flows onto further pages.
    expect(pages.length).toBeGreaterThanOrEqual(3);
    const text = pages.map((pg) => pg.text).join(' ');
    for (const s of [
      'Crown 16 zirconia',
      'Jane Q. Patientname',
      `Version 1 approved by ${DOCTOR}`,
      'Tess Technician',
      owner.email,
      'Needs change',
      'Pinned on',
      `Comment ${COMMENTS}: check the contact`,
      'Contact opened by 0.05 mm.',
    ]) {
      expect(text).toContain(s);
    }
    for (const f of rec.files) {
      expect(text).toContain(f.name);
      expect(text).toContain(f.sha256Uploaded);
      expect(text).toContain(f.sha256Stored);
    }
    for (const [i, pg] of pages.entries()) {
      const footer = /Record digest \(SHA-256\) ?([0-9a-f]{64})/.exec(pg.text);
      expect(footer?.[1], `page ${i + 1}`).toBe(recomputedDigest(rec));
      expect(pg.text).toContain(`Page ${i + 1} of ${pages.length}`);
      // A4, and nothing runs past the side margins (hashes and long names wrap).
      expect([Math.round(pg.width), Math.round(pg.height)]).toEqual([595, 842]);
      for (const run of pg.runs.filter((x) => x.str.trim() !== '')) {
        expect(run.x, run.str).toBeGreaterThanOrEqual(55);
        expect(run.x + run.width, run.str).toBeLessThanOrEqual(pg.width - 55);
      }
    }
  });

  it('the doctor downloads the same record through the link, also behind a PIN once unlocked', async () => {
    const own = (await ownerRecord('json')).json() as ApprovalRecord;
    const pub = await linkRecord('json');
    expect(pub.statusCode, pub.body).toBe(200);
    expect(pub.json()).toEqual(own);
    const pdf = await linkRecord();
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');

    const set = await t.app.inject({
      method: 'PUT',
      url: `/api/projects/${id}/link`,
      headers: { ...json, ...owner.auth },
      payload: JSON.stringify({ expiresAt: null, pin: '24681357' }),
    });
    expect(set.statusCode, set.body).toBe(200);
    const locked = await linkRecord('json');
    expect(locked.statusCode).toBe(401);
    expect(locked.json().code).toBe('pin_required');
    const unlock = await t.app.inject({
      method: 'POST',
      url: `/api/public/projects/${p.publicToken}/unlock`,
      headers: { ...json, 'x-forwarded-for': freshIp() },
      payload: JSON.stringify({ pin: '24681357' }),
    });
    expect(unlock.statusCode, unlock.body).toBe(200);
    const cookie = String(unlock.headers['set-cookie']).split(';')[0]!;
    const opened = await linkRecord('json', cookie);
    expect(opened.statusCode).toBe(200);
    expect((opened.json() as ApprovalRecord).digest.value).toBe(own.digest.value);
  });

  it('a new version ends the record until it is approved, its record without a checklist; a status change ends it', async () => {
    const body = multipart([
      {
        name: 'versionData',
        value: JSON.stringify({
          note: 'Mesial contact opened',
          keep: p.models.filter((m) => m.originalName !== 'Crown 16.stl').map((m) => m.id),
        }),
      },
      { name: 'models', filename: 'Crown 16.stl', data: fixture('mesh', 'molar-crown-fdi16.stl') },
    ]);
    const v = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${id}/versions`,
      payload: body.payload,
      headers: { ...body.headers, ...owner.auth, 'x-forwarded-for': freshIp() },
    });
    expect(v.statusCode, v.body).toBe(201);
    expect((await ownerRecord('json')).json().code).toBe('not_approved');

    const cookie = String(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/public/projects/${p.publicToken}/unlock`,
          headers: { ...json, 'x-forwarded-for': freshIp() },
          payload: JSON.stringify({ pin: '24681357' }),
        })
      ).headers['set-cookie'],
    ).split(';')[0]!;
    const approve = await t.app.inject({
      method: 'POST',
      url: `/api/public/projects/${p.publicToken}/approve`,
      headers: { ...json, cookie, 'x-forwarded-for': freshIp() },
      payload: JSON.stringify({ version: 2, authorName: 'Dr Rivera' }),
    });
    expect(approve.statusCode, approve.body).toBe(200);
    const rec = (await ownerRecord('json')).json() as ApprovalRecord;
    expect(rec.version).toMatchObject({ number: 2, note: 'Mesial contact opened' });
    expect(rec.approval.approvedBy).toBe('Dr Rivera');
    expect(rec.checklist).toBeNull();
    expect(rec.files.map((f) => f.name).sort()).toEqual(UPLOADS.map((u) => u.filename).sort());
    const newCrown = rec.files.find((f) => f.name === 'Crown 16.stl')!;
    expect(newCrown.sha256Uploaded).toBe(sha(fixture('mesh', 'molar-crown-fdi16.stl')));
    const text = (await pdfPages((await ownerRecord()).rawPayload)).map((pg) => pg.text).join(' ');
    expect(text).toContain('No checklist was asked.');
    expect(text).toContain('Mesial contact opened');

    // The owner setting the status back ends it too: the record is of an approval that stands.
    const status = await t.app.inject({
      method: 'PUT',
      url: `/api/projects/${id}/status`,
      headers: { ...json, ...owner.auth },
      payload: JSON.stringify({ status: 'pending_review' }),
    });
    expect(status.statusCode, status.body).toBe(200);
    expect((await ownerRecord('json')).json().code).toBe('not_approved');
  });
});
