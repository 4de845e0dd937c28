/**
 * A benchmark's client of a real Cusp process: a technician signed in through the real API (bot
 * check solved, verification link read from the embedded outbox) and projects created through it.
 */
import {
  encodeSolution,
  readOutboxDir,
  verificationToken,
  waitForMail,
} from '../../support/accounts.js';
import type { CuspProcess } from '../../support/process.js';

const PASSWORD = 'correct-otter-lamp-42';

/** A model file as uploaded: its name and bytes. */
export interface BenchModel {
  file: string;
  bytes: Uint8Array;
}

export async function ok(res: Response, what: string): Promise<Record<string, unknown>> {
  const text = await res.text();
  if (!res.ok) throw new Error(`${what}: ${res.status} ${text}`);
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

/** Registers with the real bot check, verifies by the mailed link, logs in. */
export async function signIn(
  cusp: CuspProcess,
  dataDir: string,
  email = 'bench@viewer-bench.test',
): Promise<string> {
  const ch = await ok(
    await fetch(`${cusp.baseUrl}/api/botcheck/challenge?purpose=register`),
    'challenge',
  );
  const turnstileToken = await encodeSolution(ch.challenge as Parameters<typeof encodeSolution>[0]);
  await ok(
    await fetch(`${cusp.baseUrl}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Bench Tech',
        email,
        companyName: 'Bench Lab',
        password: PASSWORD,
        turnstileToken,
      }),
    }),
    'register',
  );
  const mail = await waitForMail(
    () => readOutboxDir(dataDir),
    (m) => m.raw.includes(`To: ${email}`) && !!verificationToken(m),
    30_000,
  );
  await ok(
    await fetch(`${cusp.baseUrl}/api/verify-email/${verificationToken(mail)!}`, { method: 'POST' }),
    'verify',
  );
  const login = await ok(
    await fetch(`${cusp.baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    }),
    'login',
  );
  return login.token as string;
}

export async function createProject(
  cusp: CuspProcess,
  token: string,
  name: string,
  models: BenchModel[],
): Promise<{ viewerPath: string; modelIds: string[] }> {
  const form = new FormData();
  form.append(
    'projectData',
    JSON.stringify({ name, patientName: 'Bench Patient', laboratoryName: 'Bench Lab' }),
  );
  for (const m of models) form.append('models', new Blob([new Uint8Array(m.bytes)]), m.file);
  const body = await ok(
    await fetch(`${cusp.baseUrl}/api/projects`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    }),
    `create ${name}`,
  );
  const viewerPath = new URL(body.publicLink as string).pathname;
  const pub = viewerPath.split('/').pop()!;
  const project = await ok(
    await fetch(`${cusp.baseUrl}/api/public/projects/${pub}`),
    'public project',
  );
  const ids = (project.models as { id: string }[]).map((m) => m.id);
  return { viewerPath, modelIds: ids };
}
