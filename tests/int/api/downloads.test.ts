/**
 * Downloads of the files as the lab uploaded them, on both database drivers and both blob stores
 * (the file store and S3 on s3rver): each file byte for byte as uploaded (an STL whose header the
 * upload blanked, a PLY whose comments it dropped, a DCM it converted, and an STL it left as it
 * was), a version as a zip that unpacks to exactly those files with a SHA256SUMS that
 * `sha256sum -c` accepts, 404 for another user, the link's downloads refused until the owner
 * allows them (and behind its PIN), the stored copy named as such for a model stored before
 * uploads were kept, and nothing left of an upload that failed or of a deleted project.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadedBlobKey } from '../../../api/src/blobs/blobStore.js';
import { UPLOADED_SHA256_FIELD, type ModelRecord } from '../../../api/src/domain/models.js';
import { projectStream, projectSubject } from '../../../api/src/domain/project.js';
import { freshIp } from '../../support/accounts.js';
import { startTestApp, type TestApp } from '../../support/app.js';
import { testDrivers } from '../../support/db.js';
import {
  createProjectWith,
  fixture,
  multipart,
  plyFromObj,
  projectData,
  signUp,
  smallStl,
  type Part,
  type TestUser,
} from '../../support/projects.js';
import { startS3Server, type TestS3 } from '../../support/s3Server.js';

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

const molar = fixture('mesh', 'molar-crown-fdi16.stl');
const molarV2 = fixture('mesh', 'molar-crown-fdi16-v2.stl');
const dcm = fixture('dcm', 'example_ca.dcm');
const ply = plyFromObj('molar-crown-fdi16.obj');
/** The molar with its header already blank: the upload changes nothing of it. */
const blank = Buffer.from(molar).fill(0, 0, 80);

/** Every upload the tests make, as the lab's files: name → bytes. */
const FILES: { filename: string; data: Buffer }[] = [
  { filename: 'Jane upper.stl', data: molar },
  { filename: 'scan.ply', data: ply },
  { filename: 'example_ca.dcm', data: dcm },
  { filename: 'blank.stl', data: blank },
];

/** A binary STL whose triangles have no area (every vertex the same point). */
function degenerateStl(n: number): Buffer {
  const out = Buffer.alloc(84 + 50 * n);
  out.write('solid Patient Jane Q. Patientname', 0, 'latin1');
  out.writeUInt32LE(n, 80);
  for (let i = 0; i < n; i++) {
    for (let v = 0; v < 3; v++) {
      for (let k = 0; k < 3; k++) out.writeFloatLE(1.5, 84 + 50 * i + 12 + 12 * v + 4 * k);
    }
  }
  return out;
}

type Store = 'fs' | 's3';
const cases = testDrivers().flatMap((d) => (['fs', 's3'] as Store[]).map((s) => [d, s] as const));

describe.each(cases)('downloads of the files as uploaded (%s, %s store)', (driver, store) => {
  let s3: TestS3 | undefined;
  let t: TestApp;
  let lab: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    if (store === 's3') s3 = await startS3Server();
    t = await startTestApp(driver, { ...(s3?.env ?? {}), VIEW_PREBUILD: 'false' });
    lab = await signUp(t);
    other = await signUp(t);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { 'x-forwarded-for': freshIp(), ...headers } });
  const setLink = (projectId: string, body: Record<string, unknown>) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/projects/${projectId}/link`,
      headers: { ...lab.auth, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
  async function blobKeys(prefix?: string): Promise<string[]> {
    const keys: string[] = [];
    for await (const b of t.deps.blobs.list(prefix)) keys.push(b.key);
    return keys.sort();
  }
  /** The project's models as its creation recorded them, in upload order. */
  async function recorded(projectId: string): Promise<ModelRecord[]> {
    const [created] = await t.deps.store.readStream(projectStream(projectId));
    return (created!.data as { models: ModelRecord[] }).models;
  }
  async function create(files = FILES) {
    const { projectId, publicLink } = await createProjectWith(t, lab, files);
    return { projectId, token: publicLink.split('/').pop()!, models: await recorded(projectId) };
  }
  const unzip = (res: LightMyRequestResponse) => unzipSync(new Uint8Array(res.rawPayload));
  /** `sha256sum -c` run on the unpacked zip: the lab's own check. */
  function sha256sumCheck(files: Record<string, Uint8Array>): string {
    const dir = mkdtempSync(join(tmpdir(), 'cusp-zip-'));
    try {
      for (const [name, bytes] of Object.entries(files)) writeFileSync(join(dir, name), bytes);
      return execFileSync('sha256sum', ['-c', 'SHA256SUMS'], { cwd: dir, encoding: 'utf8' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it('serves each file exactly as uploaded, its SHA-256 the one recorded at upload', async () => {
    const p = await create();
    const kept = (await blobKeys(`projects/${p.projectId}`)).filter((k) => k.endsWith('-uploaded'));
    // Kept where the upload changed the file (header, comments, conversion); not for the blank STL.
    expect(kept).toEqual(
      p.models
        .slice(0, 3)
        .map((m) => uploadedBlobKey(m.blobKey))
        .sort(),
    );
    for (const [i, file] of FILES.entries()) {
      const m = p.models[i]!;
      const res = await get(`/api/projects/${p.projectId}/models/${m.id}/uploaded`, lab.auth);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['x-cusp-as-uploaded']).toBe('true');
      expect(res.headers['content-type']).toBe('application/octet-stream');
      expect(Number(res.headers['content-length'])).toBe(file.data.length);
      expect(res.headers['content-disposition']).toContain(
        `filename*=UTF-8''${encodeURIComponent(file.filename)}`,
      );
      expect(sha256(res.rawPayload)).toBe(sha256(file.data));
      const uploadedSha256 = await t.deps.keys.open(
        projectSubject(p.projectId),
        UPLOADED_SHA256_FIELD,
        m.uploadedSha256!,
      );
      expect(sha256(res.rawPayload)).toBe(uploadedSha256);
      // The viewer's copy is what the upload made of it: different but for the blank STL.
      const storedCopy = await get(`/api/projects/${p.projectId}/files/${m.filename}`, lab.auth);
      expect(storedCopy.rawPayload.equals(file.data)).toBe(i === 3);
    }
  });

  it('zips a version: the uploaded files under their names, each once, and a SHA256SUMS that sha256sum -c accepts', async () => {
    const p = await create();
    // Version 2 keeps every file and adds another "Jane upper.stl" (a revised crown).
    const body = multipart([
      {
        name: 'versionData',
        value: JSON.stringify({ note: 'Revised crown', keep: p.models.map((m) => m.id) }),
      },
      { name: 'models', filename: 'jane UPPER.stl', data: molarV2 },
    ]);
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${p.projectId}/versions`,
      payload: body.payload,
      headers: { ...body.headers, ...lab.auth, 'x-forwarded-for': freshIp() },
    });
    expect(added.statusCode, added.body).toBe(201);

    const v1 = await get(`/api/projects/${p.projectId}/versions/1/zip`, lab.auth);
    expect(v1.statusCode, v1.body).toBe(200);
    expect(v1.headers['content-type']).toBe('application/zip');
    expect(v1.headers['x-cusp-as-uploaded']).toBe('true');
    expect(v1.headers['content-disposition']).toContain('Upper crowns 16 v1.zip');
    const one = unzip(v1);
    expect(Object.keys(one)).toEqual([...FILES.map((f) => f.filename), 'SHA256SUMS']);
    for (const f of FILES) expect(sha256(one[f.filename]!), f.filename).toBe(sha256(f.data));
    expect(new TextDecoder().decode(one.SHA256SUMS)).toBe(
      FILES.map((f) => `${sha256(f.data)}  ${f.filename}\n`).join(''),
    );
    expect(sha256sumCheck(one)).toBe(FILES.map((f) => `${f.filename}: OK\n`).join(''));
    // Deflated: the meshes take well under their size.
    const total = FILES.reduce((n, f) => n + f.data.length, 0);
    expect(v1.rawPayload.length).toBeLessThan(total * 0.8);

    const v2 = await get(`/api/projects/${p.projectId}/versions/2/zip`, lab.auth);
    expect(v2.statusCode, v2.body).toBe(200);
    const two = unzip(v2);
    // The same name in another case is the same file on the lab's disk: numbered.
    expect(Object.keys(two)).toEqual([
      ...FILES.map((f) => f.filename),
      'jane UPPER (2).stl',
      'SHA256SUMS',
    ]);
    expect(sha256(two['jane UPPER (2).stl']!)).toBe(sha256(molarV2));
    expect(sha256sumCheck(two)).toContain('jane UPPER (2).stl: OK');
  });

  it("answers 404 for another user's project, a version or model it lacks, 401 without sign-in", async () => {
    const p = await create(FILES.slice(0, 1));
    const file = `/api/projects/${p.projectId}/models/${p.models[0]!.id}/uploaded`;
    const zip = `/api/projects/${p.projectId}/versions/1/zip`;
    for (const url of [file, zip]) {
      const res = await get(url, other.auth);
      expect(res.statusCode, url).toBe(404);
      expect(res.rawPayload.includes(molar.subarray(84, 184))).toBe(false);
      expect((await get(url)).statusCode).toBe(401);
    }
    const missingVersion = await get(`/api/projects/${p.projectId}/versions/2/zip`, lab.auth);
    expect(missingVersion.statusCode).toBe(404);
    expect(missingVersion.json()).toMatchObject({ code: 'version_not_found' });
    const missingModel = await get(
      `/api/projects/${p.projectId}/models/00000000-0000-4000-8000-000000000000/uploaded`,
      lab.auth,
    );
    expect(missingModel.statusCode).toBe(404);
  });

  it("through the link: 403 until the owner allows downloads, then the same files, behind the link's PIN; each download recorded", async () => {
    const p = await create(FILES.slice(0, 3));
    const base = `/api/public/projects/${p.token}`;
    const file = `${base}/models/${p.models[2]!.id}/uploaded`;
    const zip = `${base}/versions/1/zip`;
    for (const url of [file, zip]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toMatchObject({ code: 'downloads_not_allowed' });
    }
    expect((await get(base)).json()).toMatchObject({ downloadsAllowed: false });

    const on = await setLink(p.projectId, { expiresAt: null, downloadsAllowed: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ downloadsAllowed: true, pinSet: false });
    expect((await get(base)).json()).toMatchObject({ downloadsAllowed: true });
    const owned = await get(`/api/projects/${p.projectId}`, lab.auth);
    expect(owned.json()).toMatchObject({ link: { downloadsAllowed: true } });

    // A HEAD (a link preview, a checker) is answered with the headers alone: no download.
    for (const url of [file, zip]) {
      const head = await t.app.inject({ method: 'HEAD', url });
      expect(head.statusCode, url).toBe(200);
      expect(head.headers['x-cusp-as-uploaded']).toBe('true');
      expect(head.rawPayload.length).toBe(0);
    }
    const dcmDownload = await get(file);
    expect(dcmDownload.statusCode, dcmDownload.body).toBe(200);
    expect(sha256(dcmDownload.rawPayload)).toBe(sha256(dcm));
    expect(dcmDownload.headers['content-disposition']).toContain('example_ca.dcm');
    const zipped = unzip(await get(zip));
    expect(Object.keys(zipped)).toEqual([
      ...FILES.slice(0, 3).map((f) => f.filename),
      'SHA256SUMS',
    ]);
    for (const f of FILES.slice(0, 3)) expect(sha256(zipped[f.filename]!)).toBe(sha256(f.data));

    const downloads = (await t.deps.store.readStream(projectStream(p.projectId))).filter(
      (e) => e.type === 'LinkFilesDownloaded',
    );
    expect(downloads.map((e) => e.data)).toEqual([
      expect.objectContaining({ version: 1, modelId: p.models[2]!.id }),
      expect.objectContaining({ version: 1, modelId: null }),
    ]);
    for (const e of downloads) expect(e.metadata?.actor).toMatch(/^link:/);
    const history = await get(`/api/projects/${p.projectId}/history`, lab.auth);
    expect((history.json().items as { action: string }[]).map((i) => i.action)).toContain(
      'LinkFilesDownloaded',
    );

    // A PIN (downloads not named: they stay allowed): the grant cookie is needed.
    const pin = await setLink(p.projectId, { expiresAt: null, pin: '13572468' });
    expect(pin.json()).toMatchObject({ downloadsAllowed: true, pinSet: true });
    expect((await get(file)).json()).toMatchObject({ code: 'pin_required' });
    expect((await get(zip)).statusCode).toBe(401);
    const unlock = await t.app.inject({
      method: 'POST',
      url: `${base}/unlock`,
      headers: { 'content-type': 'application/json', 'x-forwarded-for': freshIp() },
      payload: JSON.stringify({ pin: '13572468' }),
    });
    expect(unlock.statusCode).toBe(200);
    const cookie = String(unlock.headers['set-cookie']).split(';')[0]!;
    const unlocked = await get(file, { cookie });
    expect(unlocked.statusCode).toBe(200);
    expect(sha256(unlocked.rawPayload)).toBe(sha256(dcm));

    // Off again: refused, with the cookie too.
    await setLink(p.projectId, { expiresAt: null, downloadsAllowed: false });
    expect((await get(file, { cookie })).json()).toMatchObject({ code: 'downloads_not_allowed' });
    expect((await get(zip, { cookie })).statusCode).toBe(403);
    expect((await get(base, { cookie })).json()).toMatchObject({ downloadsAllowed: false });

    // A withdrawn link answers as every closed link does.
    await setLink(p.projectId, { expiresAt: null, downloadsAllowed: true });
    const revoked = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${p.projectId}/link/revoke`,
      headers: lab.auth,
    });
    expect(revoked.statusCode).toBe(200);
    expect((await get(zip, { cookie })).json()).toMatchObject({ code: 'link_revoked' });
  });

  it('serves the stored copy, and says so, for models stored before uploads were kept', async () => {
    const p = await create([FILES[0]!, FILES[2]!, FILES[3]!]);
    // What an upload of before looks like: the stored copy only.
    for (const m of p.models) await t.deps.blobs.delete(uploadedBlobKey(m.blobKey));
    const stored = async (m: ModelRecord) =>
      (await get(`/api/projects/${p.projectId}/files/${m.filename}`, lab.auth)).rawPayload;

    const [stl, converted, unchanged] = p.models as [ModelRecord, ModelRecord, ModelRecord];
    const stlRes = await get(`/api/projects/${p.projectId}/models/${stl.id}/uploaded`, lab.auth);
    expect(stlRes.headers['x-cusp-as-uploaded']).toBe('false');
    expect(stlRes.rawPayload.equals(await stored(stl))).toBe(true);
    expect(stlRes.headers['content-disposition']).toContain('Jane%20upper.stl');
    // The converted DCM is an STL now, and named so.
    const dcmRes = await get(
      `/api/projects/${p.projectId}/models/${converted.id}/uploaded`,
      lab.auth,
    );
    expect(dcmRes.headers['x-cusp-as-uploaded']).toBe('false');
    expect(dcmRes.rawPayload.equals(await stored(converted))).toBe(true);
    expect(dcmRes.headers['content-disposition']).toContain("filename*=UTF-8''example_ca.stl");
    // Nothing changed on its way in: the stored copy is the upload.
    const same = await get(
      `/api/projects/${p.projectId}/models/${unchanged.id}/uploaded`,
      lab.auth,
    );
    expect(same.headers['x-cusp-as-uploaded']).toBe('true');
    expect(sha256(same.rawPayload)).toBe(sha256(blank));

    const zip = await get(`/api/projects/${p.projectId}/versions/1/zip`, lab.auth);
    expect(zip.headers['x-cusp-as-uploaded']).toBe('false');
    const files = unzip(zip);
    expect(Object.keys(files)).toEqual([
      'Jane upper.stl',
      'example_ca.stl',
      'blank.stl',
      'NOT-AS-UPLOADED.txt',
      'SHA256SUMS',
    ]);
    const note = new TextDecoder().decode(files['NOT-AS-UPLOADED.txt']);
    expect(note).toContain('  Jane upper.stl\n');
    expect(note).toContain('  example_ca.stl\n');
    expect(note).not.toContain('blank.stl');
    const { 'NOT-AS-UPLOADED.txt': _note, ...checked } = files;
    expect(sha256sumCheck(checked)).toBe('Jane upper.stl: OK\nexample_ca.stl: OK\nblank.stl: OK\n');
  });

  it('leaves nothing of an upload that failed, even a file kept whole before a later check refused it', async () => {
    const before = await blobKeys();
    const events = (await t.deps.store.readAll({ maxCount: 100_000 })).events.length;
    const attempt = async (parts: Part[], url = '/api/projects') => {
      const body = multipart(parts);
      return t.app.inject({
        method: 'POST',
        url,
        payload: body.payload,
        headers: { ...body.headers, ...lab.auth, 'x-forwarded-for': freshIp() },
      });
    };
    const data = { name: 'projectData', value: JSON.stringify(projectData()) };
    // A good file, then one refused only at its end (no surface: known once every triangle has
    // passed, when its copy as uploaded is already stored), streamed and whole.
    for (const bad of [degenerateStl(2_000), degenerateStl(20)]) {
      const res = await attempt([
        data,
        { name: 'models', filename: 'good.stl', data: smallStl(molar, 200) },
        { name: 'models', filename: 'flat.stl', data: bad },
      ]);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toMatchObject({ code: 'MESH_DEGENERATE' });
    }
    // A file refused at once (not a mesh), and a version whose file is refused.
    const png = Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), Buffer.alloc(70_000)]);
    expect(
      (await attempt([data, { name: 'models', filename: 'x.stl', data: png }])).statusCode,
    ).toBe(400);
    expect(await blobKeys()).toEqual(before);

    const p = await create(FILES.slice(0, 1));
    const withFiles = await blobKeys();
    const version = await attempt(
      [
        { name: 'versionData', value: JSON.stringify({ note: 'Flat', keep: [] }) },
        { name: 'models', filename: 'ok.stl', data: molarV2 },
        { name: 'models', filename: 'flat.stl', data: degenerateStl(2_000) },
      ],
      `/api/projects/${p.projectId}/versions`,
    );
    expect(version.statusCode, version.body).toBe(422);
    expect(await blobKeys()).toEqual(withFiles);
    const after = (await t.deps.store.readAll({ maxCount: 100_000 })).events;
    expect(after.slice(events).map((e) => e.type)).toEqual(['ProjectCreated']);
  });

  it('removes the files as uploaded with the project', async () => {
    const p = await create(FILES.slice(0, 3));
    const prefix = `projects/${p.projectId}`;
    expect((await blobKeys(prefix)).filter((k) => k.endsWith('-uploaded'))).toHaveLength(3);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/projects/${p.projectId}`,
      headers: lab.auth,
    });
    expect(del.statusCode).toBe(204);
    expect(await blobKeys(prefix)).toEqual([]);
    const gone = await get(`/api/projects/${p.projectId}/versions/1/zip`, lab.auth);
    expect(gone.statusCode).toBe(404);
  });
});
