/**
 * Cusp on more than one machine: two API processes (PROJECTIONS=off) and one projection worker on
 * one PostgreSQL database, one S3-protocol store (s3rver) and one keyring directory, talked to over
 * real HTTP. Reads through one process see writes made through the other; a deletion is 404
 * everywhere within a second; a SIGKILLed API process does not disturb the other; a SIGKILLed
 * projection worker, restarted, loses and duplicates nothing.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPg } from '../../../api/src/db/pg.js';
import type { Db } from '../../../api/src/db/db.js';
import { STRONG_PASSWORD, freshIp } from '../../support/accounts.js';
import { createPgDatabase } from '../../support/db.js';
import { meshFixtures, repoRoot } from '../../support/fixturePaths.js';
import { startCuspProcess, type CuspProcess } from '../../support/process.js';
import { startS3Server, type TestS3 } from '../../support/s3Server.js';
import { startSmtpPeer, type SmtpPeer } from '../../support/smtpPeer.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Worker {
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
}

function startWorker(env: Record<string, string>): Worker {
  const child = spawn(process.execPath, ['--import', 'tsx', 'projections/src/cli.ts', 'run'], {
    cwd: repoRoot,
    env: { ...process.env, ...env, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return { child, output: () => out, exited };
}

async function json(res: Response): Promise<Record<string, unknown>> {
  const text = await res.text();
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new Error(`${res.status}: ${text}`);
  }
}

async function botCheck(baseUrl: string, ip: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/botcheck/challenge?purpose=register`, {
    headers: { 'x-forwarded-for': ip },
  });
  const { challenge } = (await res.json()) as { challenge: Challenge };
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(
    JSON.stringify({
      challenge: { parameters: challenge.parameters, signature: challenge.signature },
      solution,
    }),
  ).toString('base64');
}

describe.runIf(Boolean(process.env.DATABASE_URL))(
  'two API processes and a projection worker on one database and one S3 store (pg)',
  () => {
    let url: string;
    let dropDb: () => Promise<void>;
    let db: Db;
    let s3: TestS3;
    let smtp: SmtpPeer;
    let shared: string;
    let env: Record<string, string>;
    let a: CuspProcess;
    let b: CuspProcess;
    let worker: Worker;
    let bearer: string;

    beforeAll(async () => {
      ({ url, drop: dropDb } = await createPgDatabase());
      s3 = await startS3Server();
      smtp = await startSmtpPeer();
      shared = mkdtempSync(join(tmpdir(), 'cusp-scale-'));
      env = {
        DATABASE_URL: url,
        KEYRING_DIR: join(shared, 'keyring'),
        SMTP_URL: smtp.url,
        BLOB_STORE: 's3',
        ...s3.env,
        PROJECTIONS: 'off',
        TRUST_PROXY: 'true',
        LOAD_GUARD_MAX_DELAY_MS: '0',
      };
      // The worker migrates nothing: the first API process does, under its advisory lock.
      a = await startCuspProcess({ ...env, DATA_DIR: join(shared, 'a') });
      b = await startCuspProcess({ ...env, DATA_DIR: join(shared, 'b') });
      worker = startWorker({ ...env, DATA_DIR: join(shared, 'worker') });
      db = await openPg(url);

      // A technician registered through A, verified through B, signed in through A.
      const email = `scale.${Date.now()}@example.com`;
      const ip = freshIp();
      const reg = await fetch(`${a.baseUrl}/api/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
        body: JSON.stringify({
          name: 'Sam Scale',
          email,
          companyName: 'Scale Lab',
          password: STRONG_PASSWORD,
          turnstileToken: await botCheck(a.baseUrl, ip),
        }),
      });
      expect(reg.status, await reg.clone().text()).toBe(201);
      let token: string | undefined;
      for (let i = 0; i < 150 && !token; i++) {
        const mail = smtp.mails.find((m) => m.decoded.includes(email));
        token = mail && /verify-email\?token=([A-Za-z0-9_-]{43})/.exec(mail.decoded)?.[1];
        if (!token) await sleep(100);
      }
      expect(token, 'verification mail').toBeDefined();
      const verify = await fetch(`${b.baseUrl}/api/verify-email/${token}`, {
        method: 'POST',
        headers: { 'x-forwarded-for': ip },
      });
      expect(verify.status).toBe(200);
      const login = await fetch(`${a.baseUrl}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
        body: JSON.stringify({ email, password: STRONG_PASSWORD }),
      });
      expect(login.status).toBe(200);
      bearer = `Bearer ${(await json(login)).token as string}`;
    }, 240_000);

    afterAll(async () => {
      await Promise.all([a?.stop(), b?.stop()]);
      if (worker && worker.child.exitCode === null) {
        worker.child.kill('SIGTERM');
        await worker.exited;
      }
      await db?.close();
      await dropDb?.();
      await s3?.close();
      await smtp?.close();
      if (shared) rmSync(shared, { recursive: true, force: true });
    }, 60_000);

    async function createProject(via: CuspProcess, name: string) {
      const form = new FormData();
      form.append(
        'projectData',
        JSON.stringify({
          name,
          patientName: 'Pat Scale',
          laboratoryName: 'Scale Lab',
          comment: '',
        }),
      );
      form.append(
        'models',
        new Blob([readFileSync(join(meshFixtures, 'molar-crown-fdi16.stl'))]),
        'crown.stl',
      );
      form.append('modelCustomNames', JSON.stringify(['Crown 16']));
      form.append('modelTypes', JSON.stringify(['individual']));
      const res = await fetch(`${via.baseUrl}/api/projects`, {
        method: 'POST',
        headers: { authorization: bearer, 'x-forwarded-for': freshIp() },
        body: form,
      });
      const body = await json(res);
      expect(res.status, JSON.stringify(body)).toBe(201);
      return body as { projectId: string; publicLink: string };
    }

    const publicToken = (link: string) => link.split('/').pop()!;

    it('reads through one process what was written through the other, at once', async () => {
      const p = await createProject(a, 'Written via A');
      const owner = await fetch(`${b.baseUrl}/api/projects/${p.projectId}`, {
        headers: { authorization: bearer },
      });
      expect(owner.status).toBe(200);
      const project = (await json(owner)) as { name: string; models: { filename: string }[] };
      expect(project.name).toBe('Written via A');

      const pub = await fetch(`${b.baseUrl}/api/public/projects/${publicToken(p.publicLink)}`, {
        headers: { 'x-forwarded-for': freshIp() },
      });
      expect(pub.status).toBe(200);
      // The file written to S3 through A downloads through B.
      const filename = project.models[0]!.filename;
      const file = await fetch(
        `${b.baseUrl}/api/public/projects/${publicToken(p.publicLink)}/files/${filename}`,
        { headers: { 'x-forwarded-for': freshIp() } },
      );
      expect(file.status).toBe(200);
      // The same triangles (the upload blanks the STL's free-text header).
      const stored = Buffer.from(await file.arrayBuffer());
      const original = readFileSync(join(meshFixtures, 'molar-crown-fdi16.stl'));
      expect(stored.length).toBe(original.length);
      expect(stored.subarray(80).equals(original.subarray(80))).toBe(true);
    });

    it('a deletion through one process is 404 on the other within a second', async () => {
      const p = await createProject(b, 'Deleted via A');
      const del = await fetch(`${a.baseUrl}/api/projects/${p.projectId}`, {
        method: 'DELETE',
        headers: { authorization: bearer },
      });
      expect(del.status).toBe(204);
      const deadline = Date.now() + 1000;
      let status: number;
      let pubStatus: number;
      do {
        status = (
          await fetch(`${b.baseUrl}/api/projects/${p.projectId}`, {
            headers: { authorization: bearer },
          })
        ).status;
        pubStatus = (
          await fetch(`${b.baseUrl}/api/public/projects/${publicToken(p.publicLink)}`, {
            headers: { 'x-forwarded-for': freshIp() },
          })
        ).status;
      } while ((status !== 404 || pubStatus !== 404) && Date.now() < deadline);
      expect([status, pubStatus]).toEqual([404, 404]);
    });

    it('killing one API process under load leaves the other serving without errors', async () => {
      const p = await createProject(a, 'Under load');
      const path = `/api/public/projects/${publicToken(p.publicLink)}`;
      let n = 0;
      const run = (target: CuspProcess) =>
        autocannon({
          url: `${target.baseUrl}${path}`,
          connections: 8,
          duration: 4,
          // Each request from its own client address, as a crowd of doctors would be.
          requests: [
            {
              setupRequest: (req) => ({
                ...req,
                headers: { 'x-forwarded-for': `10.200.${(++n >> 8) & 255}.${n & 255}` },
              }),
            },
          ],
        });
      const onB = run(b);
      const onA = run(a);
      await sleep(1500);
      a.child.kill('SIGKILL');
      const [rb] = await Promise.all([onB, onA.catch(() => null)]);
      expect(rb.requests.total).toBeGreaterThan(0);
      expect(rb.errors, 'connection errors on the surviving process').toBe(0);
      expect(rb.non2xx, 'non-2xx answers on the surviving process').toBe(0);
      expect(rb.timeouts).toBe(0);
      // The surviving process still writes.
      await createProject(b, 'After the kill');
    }, 60_000);

    it('a killed and restarted projection worker loses and duplicates nothing', async () => {
      const p = await createProject(b, 'Worker restart');
      const token = publicToken(p.publicLink);
      // Feedback keeps arriving while the worker is killed and started again. A request whose
      // projection wait outlives the dead worker may time out; its event is still appended.
      const sends: Promise<number>[] = [];
      for (let i = 0; i < 12; i++) {
        sends.push(
          fetch(`${b.baseUrl}/api/public/projects/${token}/feedback`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': freshIp() },
            body: JSON.stringify({ message: `note ${i}`, doctorEmail: '' }),
          }).then((r) => r.status),
        );
        if (i === 4) {
          worker.child.kill('SIGKILL');
          await worker.exited;
        }
        if (i === 8) worker = startWorker({ ...env, DATA_DIR: join(shared, 'worker') });
        await sleep(100);
      }
      const statuses = await Promise.all(sends);
      expect(
        statuses.every((s) => s < 500 || s === 503),
        statuses.join(','),
      ).toBe(true);

      const appended = async () =>
        Number(
          (
            await db.query<{ n: string }>(
              `SELECT count(*) AS n FROM events WHERE stream = $1 AND type = 'FeedbackGiven'`,
              [`project-${p.projectId}`],
            )
          ).rows[0]!.n,
        );
      const audited = async () =>
        Number(
          (
            await db.query<{ n: string }>(
              `SELECT count(*) AS n FROM audit_log WHERE subject_kind = 'project' AND subject_id = $1 AND action = 'FeedbackGiven'`,
              [p.projectId],
            )
          ).rows[0]!.n,
        );
      const events = await appended();
      expect(events).toBeGreaterThan(0);
      let inAudit = -1;
      let inProject = -1;
      for (let i = 0; i < 100; i++) {
        inAudit = await audited();
        const res = await fetch(`${b.baseUrl}/api/projects/${p.projectId}`, {
          headers: { authorization: bearer },
        });
        inProject = ((await json(res)) as { feedback: unknown[] }).feedback.length;
        if (inAudit === events && inProject === events) break;
        await sleep(200);
      }
      expect({ inAudit, inProject }, worker.output()).toEqual({
        inAudit: events,
        inProject: events,
      });
    }, 120_000);
  },
);
