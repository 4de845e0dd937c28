/**
 * A deleted project against disk forensics. Two projects (and a third, deleted
 * first, so the survivor's wrapped key is re-written) share one keyring bucket; the deleted one
 * carries marker text in every personal field, a mail to a doctor, doctor feedback, pinned
 * comments with a saved view, a second version and a distinctive mesh (its size and triangle
 * count unlikely anywhere else), kept as uploaded too (its STL header carries a marker). Every copy of its wrapped key the database ever held is
 * captured. After the deletion, a CHECKPOINT and a full stop of the app, every file under the
 * data directory, the keyring and (PostgreSQL) the cluster's data directory and WAL is scanned —
 * again after a rebuild of every projection — and the other project must still open with its
 * files. A fourth project, written as events were before sizes and pins were sealed, stays: the
 * scan finds its clear numbers, so it would find the deleted project's.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../api/src/app.js';
import { createDeps } from '../../../api/src/compose.js';
import { loadConfig } from '../../../api/src/config.js';
import { unwrapDataKey, unwrapLegacyDataKey } from '../../../api/src/crypto/wrap.js';
import { openDb } from '../../../api/src/db/open.js';
import { createLogger } from '../../../api/src/logger.js';
import { projectSubject } from '../../../api/src/domain/project.js';
import { openEventStore } from '../../../api/src/store/open.js';
import { rebuildProjections } from '../../../projections/src/rebuild.js';
import { allProjections } from '../../../projections/src/registry.js';
import { freshIp, mailTo, readOutboxDir, waitForMail } from '../../support/accounts.js';
import type { TestApp } from '../../support/app.js';
import { createPgDatabase, testDrivers, type DriverName } from '../../support/db.js';
import {
  numberNeedles,
  scanFiles,
  scanText,
  textNeedles,
  type Needle,
} from '../../support/diskScan.js';
import { appendOlderComment, appendOlderProject } from '../../support/olderEvents.js';
import { filesUnder, fixture, multipart, signUp, smallStl } from '../../support/projects.js';

const upper = fixture('mesh', 'upper-arch-crowns.stl');
const molar = fixture('mesh', 'molar-crown-fdi16.stl');

interface WrappedCopy {
  wrapped: Buffer;
  bucket: number;
  epoch: number;
}

interface Running extends TestApp {
  logs(): string;
}

/** The production composition (compose.ts) on a data dir and database that outlive it. */
async function startApp(
  driver: DriverName,
  env: Record<string, string>,
  dataDir: string,
): Promise<Running> {
  const lines: string[] = [];
  // The production logger (redaction included), writing where the test can read it.
  const log = createLogger(
    'info',
    new Writable({
      write(chunk: Buffer, _enc, cb) {
        lines.push(chunk.toString());
        cb();
      },
    }),
  );
  const config = loadConfig(env);
  const { deps, close } = await createDeps(config, log);
  const app = await buildApp(deps, { loggerInstance: log });
  await app.ready();
  return {
    app,
    deps,
    dataDir,
    driver,
    logs: () => lines.join(''),
    async close() {
      await app.close();
      await close();
    },
  };
}

async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Every 32-byte key in the keyring (epoch keys and secrets), read as an attacker would. */
const keyringKeys = (dir: string): Buffer[] =>
  readdirSync(dir).map((f) => readFileSync(join(dir, f)));

function unwrapsUnder(keys: Buffer[], subject: string, copy: WrappedCopy): boolean {
  return keys.some((k) => {
    for (const attempt of [
      () => unwrapDataKey(k, copy.wrapped, subject, copy),
      () => unwrapLegacyDataKey(k, copy.wrapped, subject),
    ]) {
      try {
        attempt();
        return true;
      } catch {
        // not this key
      }
    }
    return false;
  });
}

describe.each(testDrivers())('deletion against disk forensics (%s)', (driver) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('leaves no marker text, file size, triangle count, pin coordinate, mesh bytes, data key or openable wrapped key of a deleted project on disk, also after a rebuild; its bucket neighbour still opens', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cusp-forensic-'));
    const keyringDir = mkdtempSync(join(tmpdir(), 'cusp-forensic-keyring-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    cleanups.push(() => rmSync(keyringDir, { recursive: true, force: true }));
    const database = driver === 'pg' ? await createPgDatabase() : undefined;
    if (database) cleanups.push(() => database.drop());
    const env = {
      DATA_DIR: dataDir,
      KEYRING_DIR: keyringDir,
      // One bucket: every project shares it, so each deletion re-wraps the neighbours' keys.
      KEYRING_BUCKETS: '1',
      PUBLIC_BASE_URL: 'http://cusp.test',
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      TRUST_PROXY: 'true',
      ...(database ? { DATABASE_URL: database.url } : {}),
    };
    const pgAdmin = async (sql: string) => {
      if (!database) return [];
      const c = new pg.Client({ connectionString: database.url });
      await c.connect();
      try {
        return (await c.query(sql)).rows as Record<string, string>[];
      } finally {
        await c.end();
      }
    };
    const clusterDir = database ? (await pgAdmin('SHOW data_directory'))[0]!.data_directory! : '';
    if (clusterDir) {
      // The scan reads the server's files: the PostgreSQL of DATABASE_URL must run on this machine.
      expect(
        existsSync(join(clusterDir, 'pg_wal')),
        `${clusterDir}/pg_wal is not readable here`,
      ).toBe(true);
    }
    const roots = [dataDir, keyringDir, ...(clusterDir ? [clusterDir] : [])];

    // ------------------------------------------------------------------ the projects
    const tag = randomBytes(6).toString('hex');
    const mark = (field: string, p: string) => `${p}${field}${tag}`;
    const fields = (p: string) => ({
      name: mark('name', p),
      patientName: mark('patient', p),
      laboratoryName: mark('lab', p),
      comment: mark('notes', p),
    });
    const a = fields('zqa');
    const aDoctor = `${mark('doctor', 'zqa')}@clinic.example`;
    const aFeedback = mark('feedback', 'zqa');
    const aModelName = mark('model', 'zqa');
    // 4409 triangles, 220534 bytes: numbers no other file of the test (or cluster) should have.
    const aTriangles = 4409;
    const aStl = smallStl(upper, aTriangles, `solid ${mark('header', 'zqa')}`);
    expect(aStl.length).toBe(220_534);
    const aMesh = aStl.subarray(84 + 50 * 200, 84 + 50 * 206);
    const bFields = fields('zqb');
    const bStl = smallStl(molar, 300);
    expect(bStl.includes(aMesh)).toBe(false);

    let s = await startApp(driver, env, dataDir);
    const user = await signUp(s);
    const create = async (data: Record<string, string>, stl: Buffer, modelName: string) => {
      const body = multipart([
        { name: 'projectData', value: JSON.stringify(data) },
        { name: 'models', filename: `${modelName}.stl`, data: stl },
        { name: 'modelCustomNames', value: JSON.stringify([modelName]) },
      ]);
      const r = await s.app.inject({
        method: 'POST',
        url: '/api/projects',
        payload: body.payload,
        headers: { ...body.headers, ...user.auth, 'x-forwarded-for': freshIp() },
      });
      expect(r.statusCode, r.body).toBe(201);
      const { projectId, publicLink } = r.json() as { projectId: string; publicLink: string };
      return { id: projectId, token: publicLink.split('/').pop()! };
    };
    const pa = await create(a, aStl, aModelName);
    const pb = await create(bFields, bStl, mark('model', 'zqb'));
    const pc = await create(fields('zqc'), smallStl(molar, 50), 'c');
    const json = { 'content-type': 'application/json', 'x-forwarded-for': freshIp() };
    const aModelId = (
      await s.app.inject({ method: 'GET', url: `/api/projects/${pa.id}`, headers: user.auth })
    ).json<{ models: { id: string }[] }>().models[0]!.id;
    const sent = await s.app.inject({
      method: 'POST',
      url: `/api/projects/${pa.id}/send-email`,
      headers: { ...user.auth, ...json },
      payload: { doctorEmail: aDoctor },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const feedback = await s.app.inject({
      method: 'POST',
      url: `/api/public/projects/${pa.token}/feedback`,
      headers: json,
      payload: { message: aFeedback },
    });
    expect(feedback.statusCode, feedback.body).toBe(201);
    // Pins and a saved view: distinctive coordinates, on a comment and a request for changes.
    const camera = {
      position: [47.1234567, -35.2468013, 61.3579246],
      target: [1, 2, 3],
      up: [0, 0, 1],
    };
    const pinned = {
      anchor: {
        modelId: aModelId,
        point: [13.5792468, -24.6813579, 35.7913579],
        normal: [0, 0.6, 0.8],
        camera,
      },
      toolState: {
        version: 1,
        camera,
        measurements: [
          {
            id: 'm1',
            kind: 'distance',
            points: [
              { modelId: aModelId, point: [58.2468013, 1.25, 2.5] },
              { modelId: aModelId, point: [3.5, 4.75, 5.125] },
            ],
          },
        ],
        section: { origin: [0.5, 69.1357902, 0.25], normal: [0, 0, 1] },
      },
    };
    const coordinates = [
      '13.5792468',
      '-24.6813579',
      '35.7913579',
      '47.1234567',
      '58.2468013',
      '69.1357902',
      '-18.9753108',
    ];
    const aComment = mark('comment', 'zqa');
    for (const [route, body] of [
      ['comments', { body: aComment, ...pinned }],
      [
        'request-changes',
        {
          body: mark('changes', 'zqa'),
          anchor: { ...pinned.anchor, point: [-18.9753108, 2.5, 3.75] },
        },
      ],
    ] as const) {
      const r = await s.app.inject({
        method: 'POST',
        url: `/api/public/projects/${pa.token}/${route}`,
        headers: { ...json, 'x-forwarded-for': freshIp() },
        payload: { authorName: mark('author', 'zqa'), ...body },
      });
      expect(r.statusCode, r.body).toBe(201);
    }
    // A second version keeps the file: its record is copied into ProjectVersionAdded.
    const version = multipart([
      {
        name: 'versionData',
        value: JSON.stringify({ note: mark('note', 'zqa'), keep: [aModelId] }),
      },
      { name: 'models', filename: 'second.stl', data: smallStl(molar, 21) },
    ]);
    const versioned = await s.app.inject({
      method: 'POST',
      url: `/api/projects/${pa.id}/versions`,
      payload: version.payload,
      headers: { ...version.headers, ...user.auth, 'x-forwarded-for': freshIp() },
    });
    expect(versioned.statusCode, versioned.body).toBe(201);
    const approved = await s.app.inject({
      method: 'POST',
      url: `/api/public/projects/${pa.token}/approve`,
      headers: { ...json, 'x-forwarded-for': freshIp() },
      payload: { version: 2 },
    });
    expect(approved.statusCode, approved.body).toBe(200);

    // The control: a project written as events were before sizes and pins were sealed.
    const controlStl = smallStl(molar, 777);
    const control = await appendOlderProject(s.deps, {
      userId: user.userId,
      name: mark('control', 'zqd'),
      files: [{ data: controlStl, name: 'control', triangles: 777 }],
    });
    // Its own numbers: none of the deleted project's may be in it.
    const controlCamera = {
      position: [71.5, -12.25, 30] as [number, number, number],
      target: [0, 0, 0] as [number, number, number],
      up: [0, 0, 1] as [number, number, number],
    };
    await appendOlderComment(s.deps, control.id, {
      body: mark('controlcomment', 'zqd'),
      anchor: {
        modelId: control.models[0]!.id,
        point: [16.2483579, 1.5, 2.5],
        normal: [0, 0.6, 0.8],
        camera: controlCamera,
      },
      toolState: { version: 1, camera: controlCamera, measurements: [], section: null },
    });
    const controlNeedles: Needle[] = [
      ...numberNeedles('control size', String(controlStl.length), 'size'),
      ...numberNeedles('control triangles', '777', 'triangles'),
      ...numberNeedles('control pin', '16.2483579'),
    ];
    // The file's hashes (as uploaded, as stored): a clear copy would confirm, to anyone holding
    // the file and a disk image, that it was in this project. The approval still shows both,
    // opened with the project's key.
    const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
    const owned = (
      await s.app.inject({ method: 'GET', url: `/api/projects/${pa.id}`, headers: user.auth })
    ).json<{
      models: { id: string; filename: string }[];
      approval: { files: { sha256: string | null; uploadedSha256: string | null }[] };
    }>();
    // The file as uploaded is kept too (its header, with the marker, is what the upload blanked).
    const asUploaded = await s.app.inject({
      method: 'GET',
      url: `/api/projects/${pa.id}/models/${owned.models[0]!.id}/uploaded`,
      headers: user.auth,
    });
    expect(asUploaded.rawPayload.equals(aStl)).toBe(true);
    const download = await s.app.inject({
      method: 'GET',
      url: `/api/projects/${pa.id}/files/${owned.models[0]!.filename}`,
      headers: user.auth,
    });
    const storedHash = sha256(download.rawPayload);
    const uploadedHash = sha256(aStl);
    expect(owned.approval.files[0]!.sha256).toBe(storedHash);
    expect(owned.approval.files[0]!.uploadedSha256).toBe(uploadedHash);

    // The mails are out (the embedded sink writes .eml files) and the view derivatives built.
    await waitForMail(() => readOutboxDir(dataDir), mailTo(aDoctor), 60_000);
    await waitForMail(
      () => readOutboxDir(dataDir),
      (m) => m.decoded.includes(aFeedback),
      60_000,
    );
    for (const p of [pa, pb]) {
      await until('a view derivative', () =>
        filesUnder(join(dataDir, 'blobs', 'projects', p.id)).some((f) => f.endsWith('-view'))
          ? true
          : undefined,
      );
    }

    const needles: Needle[] = [
      ...Object.entries(a).flatMap(([k, v]) => textNeedles(k, v)),
      ...textNeedles('doctor e-mail', aDoctor),
      ...textNeedles('feedback', aFeedback),
      ...textNeedles('model name', aModelName),
      ...textNeedles('STL header', mark('header', 'zqa')),
      ...textNeedles('public token', pa.token),
      { label: 'mesh bytes', bytes: aMesh },
      ...textNeedles('stored file SHA-256', storedHash),
      ...textNeedles('uploaded file SHA-256', uploadedHash),
      ...textNeedles('comment', aComment),
      // The file's exact size and triangle count, and the pins' and the view's coordinates, as
      // an event would hold them: JSON text, and numbers inside a stored jsonb value.
      ...numberNeedles('file size', String(aStl.length), 'size'),
      ...numberNeedles('triangle count', String(aTriangles), 'triangles'),
      ...coordinates.flatMap((c) => numberNeedles(`coordinate ${c}`, c)),
    ];
    // The scanner finds what is there: the doctor's mail holds the markers before the deletion.
    const before = scanFiles(roots, needles);
    expect(before.hits.some((h) => h.file.startsWith(join(dataDir, 'outbox')))).toBe(true);

    // ------------------------------------------------------------------ capture, delete
    const subjectA = projectSubject(pa.id);
    const copies: WrappedCopy[] = [];
    const capture = async () => {
      const r = await s.deps.db.query<{ wrapped: Uint8Array; bucket: number; epoch: number }>(
        'SELECT wrapped, bucket, epoch FROM data_keys WHERE subject_id = $1',
        [subjectA],
      );
      const row = r.rows[0]!;
      copies.push({ wrapped: Buffer.from(row.wrapped), bucket: row.bucket, epoch: row.epoch });
    };
    const epochKeysSeen: Buffer[] = [];
    const captureEpochKeys = () =>
      epochKeysSeen.push(
        ...readdirSync(keyringDir)
          .filter((f) => f.startsWith('epoch-'))
          .map((f) => readFileSync(join(keyringDir, f))),
      );
    await capture();
    captureEpochKeys();
    const dataKeyA = Buffer.from((await s.deps.keys.existingKey(subjectA))!.key);
    // Today each copy opens under a key on disk: that is what the deletion must end.
    expect(unwrapsUnder(keyringKeys(keyringDir), subjectA, copies[0]!)).toBe(true);

    // A client retries a 503 (Retry-After): under a full suite on two cores the PostgreSQL pool's
    // 5 s connect wait can run out once (seen once in a CI-equivalent run).
    const del = async (id: string) => {
      for (let attempt = 1; ; attempt++) {
        const r = await s.app.inject({
          method: 'DELETE',
          url: `/api/projects/${id}`,
          headers: user.auth,
        });
        if (r.statusCode !== 503 || attempt === 3) return r;
        await new Promise((done) => setTimeout(done, 1_000));
      }
    };
    expect((await del(pc.id)).statusCode).toBe(204);
    await capture();
    captureEpochKeys();
    expect(copies[1]!.epoch).toBe(copies[0]!.epoch + 1);
    expect(copies[1]!.wrapped.equals(copies[0]!.wrapped)).toBe(false);

    const mailIds = (
      await s.deps.db.query<{ id: string }>('SELECT id FROM outbox WHERE subject_id = $1', [
        subjectA,
      ])
    ).rows.map((r) => r.id);
    // The doctor's link, the technician's notices of the feedback, the request for changes and
    // the approval, and the doctor's mail of the second version.
    expect(mailIds.length).toBe(5);
    expect((await del(pa.id)).statusCode).toBe(204);
    // 404 at once, on every route.
    expect(
      (await s.app.inject({ method: 'GET', url: `/api/projects/${pa.id}`, headers: user.auth }))
        .statusCode,
    ).toBe(404);
    expect(
      (await s.app.inject({ method: 'GET', url: `/api/public/projects/${pa.token}` })).statusCode,
    ).toBe(404);
    await s.deps.db.query('CHECKPOINT');
    const logs = s.logs();
    await s.close();
    await pgAdmin('CHECKPOINT');

    // ------------------------------------------------------------------ the image
    const inspect = (when: string) => {
      const keys = keyringKeys(keyringDir);
      for (const copy of copies) {
        expect(unwrapsUnder(keys, subjectA, copy), `${when}: a wrapped copy opens`).toBe(false);
      }
      expect(existsSync(join(dataDir, 'kek')), `${when}: a legacy KEK is on disk`).toBe(false);
      for (const id of mailIds) {
        expect(existsSync(join(dataDir, 'outbox', `${id}.eml`)), `${when}: mail ${id}`).toBe(false);
      }
      const scan = scanFiles(roots, [
        ...needles,
        { label: 'data key', bytes: dataKeyA },
        ...epochKeysSeen.map((bytes, i) => ({ label: `old epoch key ${i}`, bytes })),
        ...controlNeedles,
      ]);
      expect(scan.files).toBeGreaterThan(10);
      const controlFound = new Set(
        scan.hits.filter((h) => h.needle.startsWith('control')).map((h) => h.needle),
      );
      expect(
        scan.hits.filter((h) => !h.needle.startsWith('control')),
        `${when}: found on disk`,
      ).toEqual([]);
      // The live project written before sealing: its numbers are on disk, in its events.
      for (const n of controlNeedles.filter((x) => x.label.endsWith('(jsonb numeric)'))) {
        expect(controlFound.has(n.label), `${when}: ${n.label} not found`).toBe(true);
      }
      return scan;
    };
    const first = inspect('after the deletion');
    // The old wrapped copies do linger (heap dead tuples, WAL): they just open under no key.
    const lingering = scanFiles(
      roots,
      copies.map((c, i) => ({ label: `wrapped copy ${i}`, bytes: c.wrapped })),
    ).hits;
    expect(lingering.length).toBeGreaterThan(0);
    expect(scanText('log', logs, needles), 'the log').toEqual([]);
    expect(logs).toContain('project deleted');
    console.log(
      `forensic scan (${driver}): ${first.files} files, ${(first.bytes / 2 ** 20).toFixed(1)} MiB ` +
        `under ${roots.join(', ')}; ${needles.length + 1 + epochKeysSeen.length} needles, no hits; ` +
        `the deleted project's wrapped key lingers in ${lingering.map((h) => h.file).join(', ')}`,
    );

    // ------------------------------------------------------------------ rebuild, again
    const db = await openDb({ databaseUrl: database?.url, dataDir });
    try {
      const store = await openEventStore({ kind: 'postgres', db, esdbUrl: undefined });
      try {
        await rebuildProjections({ db, store, projections: allProjections(), name: 'all' });
      } finally {
        await store.close();
      }
      await db.query('CHECKPOINT');
    } finally {
      await db.close();
    }
    await pgAdmin('CHECKPOINT');
    inspect('after rebuild all');

    // ------------------------------------------------------------------ the neighbour
    s = await startApp(driver, env, dataDir);
    try {
      const own = await s.app.inject({
        method: 'GET',
        url: `/api/projects/${pb.id}`,
        headers: user.auth,
      });
      expect(own.statusCode).toBe(200);
      expect(own.json()).toMatchObject(bFields);
      const pub = await s.app.inject({ method: 'GET', url: `/api/public/projects/${pb.token}` });
      expect(pub.statusCode).toBe(200);
      const filename = (own.json().models as { filename: string }[])[0]!.filename;
      for (const url of [
        `/api/projects/${pb.id}/files/${filename}`,
        `/api/public/projects/${pb.token}/files/${filename}`,
      ]) {
        const file = await s.app.inject({ method: 'GET', url, headers: user.auth });
        expect(file.statusCode, url).toBe(200);
        expect(file.rawPayload.subarray(84).equals(bStl.subarray(84))).toBe(true);
      }
      expect(
        (await s.app.inject({ method: 'GET', url: `/api/projects/${pa.id}`, headers: user.auth }))
          .statusCode,
      ).toBe(404);
    } finally {
      await s.close();
    }
  }, 900_000);
});
