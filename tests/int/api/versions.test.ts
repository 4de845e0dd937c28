import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOADED_SHA256_FIELD } from '../../../api/src/domain/models.js';
import { projectStream, projectSubject } from '../../../api/src/domain/project.js';
import { APPROVAL_OUTDATED } from '../../../api/src/domain/versions.js';
import { startTestApp, type TestApp } from '../../support/app.js';
import { freshIp } from '../../support/accounts.js';
import { testDrivers } from '../../support/db.js';
import {
  filesUnder,
  fixture,
  multipart,
  projectData,
  signUp,
  smallStl,
  type Part,
  type TestUser,
} from '../../support/projects.js';

const crownV1 = fixture('mesh', 'molar-crown-fdi16.stl');
const crownV2 = fixture('mesh', 'molar-crown-fdi16-v2.stl');
const antagonist = smallStl(crownV1, 40);
const sha = (b: Buffer | Uint8Array) => createHash('sha256').update(b).digest('hex');
const json = { 'content-type': 'application/json' };

interface Model {
  id: string;
  filename: string;
  originalName: string;
  name: string;
}
interface Project {
  id: string;
  status: string;
  publicToken: string;
  fileCount: number;
  models: Model[];
  versions: { n: number; createdAt: string; note: string | null; models: Model[] }[];
  approval: {
    version: number;
    by: string | null;
    at: string;
    files: {
      modelId: string;
      name: string;
      sha256: string | null;
      uploadedSha256: string | null;
    }[];
  } | null;
}

describe.each(testDrivers())('project versions API (%s)', (driver) => {
  let t: TestApp;
  let owner: TestUser;
  let stranger: TestUser;
  let admin: TestUser;
  let id: string;
  let v1: Project;

  const adminEmail = `versions.admin.${driver}@example.com`;
  beforeAll(async () => {
    t = await startTestApp(driver, {
      VIEW_PREBUILD: 'false',
      TRUST_PROXY: 'true',
      ADMIN_EMAILS: adminEmail,
    });
    [owner, stranger, admin] = [await signUp(t), await signUp(t), await signUp(t, adminEmail)];
    const body = multipart([
      { name: 'projectData', value: JSON.stringify(projectData()) },
      { name: 'models', filename: 'Crown 16.stl', data: crownV1 },
      { name: 'models', filename: 'Antagonist.stl', data: antagonist },
      { name: 'modelMaterials', value: JSON.stringify(['enamel', 'gypsum']) },
    ]);
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/projects',
      payload: body.payload,
      headers: { ...body.headers, ...owner.auth, 'x-forwarded-for': freshIp() },
    });
    expect(r.statusCode, r.body).toBe(201);
    id = r.json().projectId;
    v1 = await project();
  });
  afterAll(async () => t?.close());

  async function project(user: TestUser = owner): Promise<Project> {
    const r = await t.app.inject({ method: 'GET', url: `/api/projects/${id}`, headers: user.auth });
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as Project;
  }
  const addVersion = (parts: Part[], user: TestUser | null = owner) => {
    const body = multipart(parts);
    return t.app.inject({
      method: 'POST',
      url: `/api/projects/${id}/versions`,
      payload: body.payload,
      headers: { ...body.headers, ...(user ? user.auth : {}), 'x-forwarded-for': freshIp() },
    });
  };
  const versionData = (note: string, keep: string[]): Part => ({
    name: 'versionData',
    value: JSON.stringify({ note, keep }),
  });
  const approve = (body: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/api/public/projects/${v1.publicToken}/approve`,
      headers: { ...json, 'x-forwarded-for': freshIp() },
      payload: JSON.stringify(body),
    });
  const blobCount = () => filesUnder(join(t.dataDir, 'blobs', 'projects', id)).length;
  const byName = (p: { models: Model[] }, name: string) =>
    p.models.find((m) => m.originalName === name)!;

  it('lists version 1 (the upload, no note) beside the latest models', async () => {
    expect(v1.versions).toHaveLength(1);
    expect(v1.versions[0]).toMatchObject({ n: 1, note: null });
    expect(v1.versions[0]!.models).toEqual(v1.models);
    expect(v1.approval).toBeNull();
  });

  it('refuses a version without a note, with an unknown kept file, or from another user, and stores nothing', async () => {
    const before = blobCount();
    const crown = byName(v1, 'Crown 16.stl');
    const cases: [Part[], TestUser | null, number, string | undefined][] = [
      [
        [versionData('   ', [crown.id]), { name: 'models', filename: 'c.stl', data: crownV2 }],
        owner,
        400,
        'validation_failed',
      ],
      [
        [
          versionData('New crown', ['00000000-0000-4000-8000-000000000000']),
          { name: 'models', filename: 'c.stl', data: crownV2 },
        ],
        owner,
        400,
        'model_not_found',
      ],
      [
        [
          versionData(
            'Nothing',
            v1.models.map((m) => m.id),
          ),
        ],
        owner,
        400,
        'no_changes',
      ],
      [
        [{ name: 'models', filename: 'c.stl', data: crownV2 }, versionData('Late', [])],
        owner,
        400,
        'VERSION_DATA_FIRST',
      ],
      [
        [versionData('x', []), { name: 'models', filename: 'c.stl', data: crownV2 }],
        stranger,
        404,
        undefined,
      ],
      [
        [versionData('x', []), { name: 'models', filename: 'c.stl', data: crownV2 }],
        null,
        401,
        undefined,
      ],
    ];
    for (const [parts, user, status, code] of cases) {
      const r = await addVersion(parts, user);
      expect(r.statusCode, r.body).toBe(status);
      if (code) expect(r.json().code).toBe(code);
    }
    expect(blobCount()).toBe(before);
    const events = await t.deps.store.readStream(projectStream(id));
    expect(events.map((e) => e.type)).not.toContain('ProjectVersionAdded');
  });

  it('adds version 2 replacing the crown: the link stays, the latest models change, v1 stays', async () => {
    const antagonistModel = byName(v1, 'Antagonist.stl');
    const r = await addVersion([
      versionData('Distal contour moved out by 0.1 mm', [antagonistModel.id]),
      { name: 'models', filename: 'Crown 16.stl', data: crownV2 },
      { name: 'modelMaterials', value: JSON.stringify(['enamel']) },
    ]);
    expect(r.statusCode, r.body).toBe(201);
    // Nobody was sent the link and nobody commented: no doctor to tell.
    expect(r.json()).toEqual({ projectId: id, version: 2, doctorsNotified: 0 });

    const p = await project();
    expect(p.publicToken).toBe(v1.publicToken);
    expect(p.status).toBe('pending');
    expect(p.models.map((m) => m.originalName)).toEqual(['Antagonist.stl', 'Crown 16.stl']);
    expect(p.fileCount).toBe(2);
    expect(p.versions.map((v) => [v.n, v.note])).toEqual([
      [1, null],
      [2, 'Distal contour moved out by 0.1 mm'],
    ]);
    expect(p.versions[0]!.models).toEqual(v1.models);
    expect(p.versions[1]!.models).toEqual(p.models);

    // The doctor's answer lists the same versions.
    const pub = await t.app.inject({ url: `/api/public/projects/${v1.publicToken}` });
    expect(pub.statusCode).toBe(200);
    expect((pub.json() as Project).versions.map((v) => v.n)).toEqual([1, 2]);

    // v1's crown (no longer in the latest version) is still served, as file and as view.
    const oldCrown = byName(v1, 'Crown 16.stl');
    const file = await t.app.inject({
      url: `/api/public/projects/${v1.publicToken}/files/${oldCrown.filename}`,
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(84)).toEqual(crownV1.subarray(84));
    const view = await t.app.inject({
      url: `/api/projects/${id}/view/${oldCrown.id}`,
      headers: owner.auth,
    });
    expect(view.statusCode).toBe(200);
  });

  it("counts every version's stored files, for the owner's stats and the admin overview alike", async () => {
    // v1: crown and antagonist; v2 keeps the antagonist and adds a new crown: three stored files.
    const stats = await t.app.inject({ url: '/api/projects/stats', headers: owner.auth });
    expect(stats.json()).toMatchObject({ fileCount: 3 });
    const overview = await t.app.inject({ url: '/api/admin/stats', headers: admin.auth });
    expect(overview.statusCode, overview.body).toBe(200);
    expect(overview.json()).toMatchObject({ totalProjects: 1, totalFiles: 3 });
  });

  it('refuses to approve version 1 once version 2 exists, then approves v2 with each file hash', async () => {
    const old = await approve({ version: 1, authorName: 'Dr Rivera' });
    expect(old.statusCode).toBe(409);
    expect(old.json()).toMatchObject({
      code: 'version_superseded',
      error: APPROVAL_OUTDATED(1, 2),
      latestVersion: 2,
    });
    expect((await approve({ version: 7 })).statusCode).toBe(404);
    expect((await approve({ version: 'two' })).statusCode).toBe(400);
    expect((await project()).status).toBe('pending');

    const ok = await approve({ version: 2, authorName: 'Dr Rivera' });
    expect(ok.statusCode, ok.body).toBe(200);
    const p = await project();
    expect(p.status).toBe('approved');
    expect(p.approval).toMatchObject({ version: 2, by: 'Dr Rivera' });
    expect(p.approval!.files.map((f) => f.name)).toEqual(['Antagonist.stl', 'Crown 16.stl']);
    // Each hash is the one of the file a technician downloads.
    for (const f of p.approval!.files) {
      const m = p.models.find((x) => x.id === f.modelId)!;
      const dl = await t.app.inject({
        url: `/api/projects/${id}/files/${m.filename}`,
        headers: owner.auth,
      });
      expect(f.sha256).toBe(sha(dl.rawPayload));
    }
    // The crown v2 fixture's header is blanked on upload: its stored hash differs from the upload's,
    // and the approval carries both.
    const crownFile = p.approval!.files.find((f) => f.name === 'Crown 16.stl')!;
    expect(crownFile.uploadedSha256).toBe(sha(crownV2));
    expect(crownFile.sha256).not.toBe(crownFile.uploadedSha256);
    // Both are sealed with the project's key in the events (nothing identifying outlives a delete).
    const stored = (await t.deps.store.readStream(projectStream(id))).find(
      (e) => e.type === 'ProjectVersionAdded',
    )!.data as { models: { originalName: string; sha256: string; uploadedSha256: string }[] };
    expect(stored.models.some((m) => m.uploadedSha256 === sha(crownV2))).toBe(false);
    const opened = await Promise.all(
      stored.models.map((m) =>
        t.deps.keys.open(projectSubject(id), UPLOADED_SHA256_FIELD, m.uploadedSha256),
      ),
    );
    expect(opened).toContain(sha(crownV2));
    const approved = (await t.deps.store.readStream(projectStream(id))).find(
      (e) => e.type === 'ProjectApproved',
    )!.data as { files: { sha256: string; uploadedSha256: string }[] };
    expect(JSON.stringify(approved.files)).not.toContain(sha(crownV2));
    expect(JSON.stringify(approved.files)).not.toContain(crownFile.sha256!);
  });

  it('a new version after the approval sets pending review and keeps the approval of v2', async () => {
    const p2 = await project();
    const crown = byName(p2, 'Crown 16.stl');
    const r = await addVersion([versionData('Antagonist removed', [crown.id])]);
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json().version).toBe(3);
    const p = await project();
    expect(p.status).toBe('pending_review');
    expect(p.approval).toMatchObject({ version: 2, by: 'Dr Rivera' });
    expect(p.models.map((m) => m.originalName)).toEqual(['Crown 16.stl']);
    expect((await approve({ version: 2 })).json().code).toBe('version_superseded');
  });

  it('shows versions in the history and the audit CSV', async () => {
    const h = await t.app.inject({ url: `/api/projects/${id}/history`, headers: owner.auth });
    const items = (h.json() as { items: { action: string; version?: number }[] }).items;
    expect(items.filter((i) => i.version !== undefined).map((i) => [i.action, i.version])).toEqual([
      ['ProjectCreated', 1],
      ['ProjectVersionAdded', 2],
      ['ProjectApproved', 2],
      ['ProjectVersionAdded', 3],
    ]);
    const csv = await t.app.inject({
      url: `/api/admin/audit?format=csv&projectId=${id}&type=ProjectVersionAdded`,
      headers: admin.auth,
    });
    expect(csv.statusCode, csv.body).toBe(200);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]!.split(',').at(-1)).toBe('version');
    expect(
      lines
        .slice(1)
        .map((l) => l.split(',').at(-1))
        .sort(),
    ).toEqual(['2', '3']);
  });

  it('deleting the project removes every version: files, versions and approval', async () => {
    expect(blobCount()).toBeGreaterThanOrEqual(3);
    const r = await t.app.inject({
      method: 'DELETE',
      url: `/api/projects/${id}`,
      headers: owner.auth,
    });
    expect(r.statusCode).toBe(204);
    const dir = join(t.dataDir, 'blobs', 'projects', id);
    expect(existsSync(dir) ? filesUnder(dir) : []).toEqual([]);
    const rows = await t.deps.db.query('SELECT 1 FROM project_versions WHERE project_id = $1', [
      id,
    ]);
    const approvals = await t.deps.db.query(
      'SELECT 1 FROM project_approvals WHERE project_id = $1',
      [id],
    );
    expect([rows.rows.length, approvals.rows.length]).toEqual([0, 0]);
    const old = byName(v1, 'Crown 16.stl');
    const file = await t.app.inject({
      url: `/api/public/projects/${v1.publicToken}/files/${old.filename}`,
    });
    expect(file.statusCode).toBe(404);
  });
});
