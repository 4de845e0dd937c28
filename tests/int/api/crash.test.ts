/**
 * Crashes against the real process: `FAULT_AT` makes Cusp SIGKILL itself between
 * writing a project's files and appending its event (F3), or after the append but before
 * the answer (F4). After a restart on the same data dir: F3 leaves no project and its orphan
 * blobs are swept; a retry with the same Idempotency-Key then creates exactly one project; F4's
 * retry answers with the original project.
 */
import { once } from 'node:events';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Challenge } from 'altcha-lib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  STRONG_PASSWORD,
  encodeSolution,
  mailTo,
  readOutboxDir,
  verificationToken,
  waitForMail,
} from '../../support/accounts.js';
import { createPgDatabase, testDrivers } from '../../support/db.js';
import { startCuspProcess, type CuspProcess } from '../../support/process.js';
import {
  filesUnder,
  fixture,
  multipart,
  plyFromObj,
  projectData,
  smallStl,
} from '../../support/projects.js';

const stl = smallStl(fixture('mesh', 'molar-crown-fdi16.stl'), 200);
const ply = plyFromObj('molar-crown-fdi16.obj');
const KEY = 'crash-test-retry-0001';

describe.each(testDrivers())(
  'crash between storing files and appending the event (%s)',
  (driver) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cusp-crash-'));
    const env: Record<string, string> = { DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'warn' };
    let dropDb: (() => Promise<void>) | undefined;
    let cusp: CuspProcess | undefined;
    let token = '';

    beforeAll(async () => {
      env.DATABASE_URL = '';
      if (driver === 'pg') {
        const db = await createPgDatabase();
        env.DATABASE_URL = db.url;
        dropDb = db.drop;
      }
    });
    afterAll(async () => {
      await cusp?.stop();
      await dropDb?.();
      rmSync(dataDir, { recursive: true, force: true });
    });

    const blobFiles = () => {
      const dir = join(dataDir, 'blobs');
      return existsSync(dir) ? filesUnder(dir) : [];
    };
    const api = (path: string, init: RequestInit = {}) =>
      fetch(`${cusp!.baseUrl}${path}`, {
        ...init,
        headers: { authorization: `Bearer ${token}`, ...(init.headers ?? {}) },
      });
    const upload = () => {
      const body = multipart([
        { name: 'projectData', value: JSON.stringify(projectData({ name: 'Crash case' })) },
        { name: 'models', filename: 'upper.stl', data: stl },
        { name: 'models', filename: 'scan.ply', data: ply },
      ]);
      return api('/api/projects', {
        method: 'POST',
        body: new Uint8Array(body.payload),
        headers: { ...body.headers, 'idempotency-key': KEY },
      });
    };
    const projects = async () => {
      const res = await api('/api/projects');
      expect(res.status).toBe(200);
      return (await res.json()) as { id: string; name: string; models: { filename: string }[] }[];
    };
    /** The upload dies with the connection; the process is gone by SIGKILL. */
    async function uploadIntoCrash(): Promise<void> {
      const exited =
        cusp!.child.exitCode !== null || cusp!.child.signalCode !== null
          ? Promise.resolve()
          : once(cusp!.child, 'exit');
      await expect(upload()).rejects.toThrow();
      await exited;
      expect(cusp!.child.signalCode).toBe('SIGKILL');
    }

    /** A verified, signed-in user made through the real HTTP API (bot check, mailed link, login). */
    async function signUpOverHttp(): Promise<string> {
      const email = `crash.${driver}@example.com`;
      const ch = await fetch(`${cusp!.baseUrl}/api/botcheck/challenge?purpose=register`);
      const { challenge } = (await ch.json()) as { challenge: Challenge };
      const post = (path: string, body?: unknown) =>
        fetch(`${cusp!.baseUrl}${path}`, {
          method: 'POST',
          headers: body ? { 'content-type': 'application/json' } : {},
          body: body ? JSON.stringify(body) : undefined,
        });
      const reg = await post('/api/register', {
        name: 'Crash Tester',
        email,
        companyName: 'Crash Lab',
        password: STRONG_PASSWORD,
        turnstileToken: await encodeSolution(challenge),
      });
      expect(reg.status).toBe(201);
      const mail = await waitForMail(
        () => readOutboxDir(dataDir),
        (m) => mailTo(email)(m) && !!verificationToken(m),
        30_000,
      );
      expect((await post(`/api/verify-email/${verificationToken(mail)!}`)).status).toBe(200);
      const login = await post('/api/login', { email, password: STRONG_PASSWORD });
      expect(login.status).toBe(200);
      return ((await login.json()) as { token: string }).token;
    }

    it('F3: killed after the files are stored → no project; the orphans are swept; a retry makes one project', async () => {
      cusp = await startCuspProcess({ ...env, FAULT_AT: 'after-blob-fsync' });
      token = await signUpOverHttp();
      expect(await projects()).toEqual([]);

      await uploadIntoCrash();
      // Both files reached their final place (temp → fsync → rename) before the kill, each as
      // stored and as uploaded (the upload blanked the STL's header, dropped the PLY's comment) …
      const orphans = blobFiles();
      const stored = orphans.filter((f) => f.includes(`${join('blobs', 'projects')}`));
      expect(stored.filter((f) => !f.endsWith('-uploaded'))).toHaveLength(2);
      expect(stored.filter((f) => f.endsWith('-uploaded'))).toHaveLength(2);
      expect(orphans.filter((f) => f.endsWith('.part'))).toEqual([]);

      // … and the restart (no fault; no grace, so the start-up sweep takes them) removes them.
      cusp = await startCuspProcess({ ...env, BLOB_SWEEP_GRACE_SECONDS: '0' });
      expect(await projects()).toEqual([]);
      const stats = await api('/api/projects/stats');
      expect(((await stats.json()) as { total: number }).total).toBe(0);
      await expect.poll(blobFiles, { timeout: 30_000, interval: 200 }).toEqual([]);
      const unknown = await api(`/api/projects/${orphans[0]!.split(/[\\/]/).at(-2)}`);
      expect(unknown.status).toBe(404);

      // The client retries with the same Idempotency-Key: exactly one project, with both files.
      const retry = await upload();
      expect(retry.status).toBe(201);
      const { projectId } = (await retry.json()) as { projectId: string };
      const list = await projects();
      expect(list.map((p) => [p.id, p.name])).toEqual([[projectId, 'Crash case']]);
      expect(list[0]!.models).toHaveLength(2);
      for (const m of list[0]!.models) {
        const f = await api(`/api/projects/${projectId}/files/${m.filename}`);
        expect(f.status).toBe(200);
        expect((await f.arrayBuffer()).byteLength).toBeGreaterThan(1000);
      }
      // Every blob belongs to the project's event (each file as stored and as uploaded); nothing
      // else is left.
      expect(blobFiles()).toHaveLength(4);
    });

    it('F4: killed after the append → the retry answers with the original project, still one', async () => {
      await cusp!.stop();
      cusp = await startCuspProcess({ ...env, FAULT_AT: 'after-append' });
      const before = await projects();
      expect(before).toHaveLength(1);

      // A new request (another key) is appended, then the process dies before answering.
      const body = multipart([
        { name: 'projectData', value: JSON.stringify(projectData({ name: 'Second case' })) },
        { name: 'models', filename: 'upper.stl', data: stl },
      ]);
      const second = () =>
        api('/api/projects', {
          method: 'POST',
          body: new Uint8Array(body.payload),
          headers: { ...body.headers, 'idempotency-key': 'crash-test-second-0002' },
        });
      const exited = once(cusp.child, 'exit');
      await expect(second()).rejects.toThrow();
      await exited;

      cusp = await startCuspProcess({ ...env, BLOB_SWEEP_GRACE_SECONDS: '0' });
      // The appended project shows once the restarted projections have caught up.
      const after = await vi.waitFor(
        async () => {
          const list = await projects();
          expect(list.map((p) => p.name).sort()).toEqual(['Crash case', 'Second case']);
          return list;
        },
        { timeout: 10_000, interval: 100 },
      );
      const secondId = after.find((p) => p.name === 'Second case')!.id;

      const retry = await second();
      expect(retry.status).toBe(200);
      expect(((await retry.json()) as { projectId: string }).projectId).toBe(secondId);
      expect(await projects()).toHaveLength(2);
      // The start-up sweep kept every referenced blob: 2 + 1 files, each as stored and as
      // uploaded, all readable.
      expect(blobFiles()).toHaveLength(6);
      const f = await api(
        `/api/projects/${secondId}/files/${after.find((p) => p.id === secondId)!.models[0]!.filename}`,
      );
      expect(f.status).toBe(200);
    });
  },
);
