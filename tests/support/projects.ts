/**
 * Helpers for project tests: signed-in users made through the real accounts API (register, the
 * mailed verification link, login), multipart bodies built by hand (so tests control every byte
 * and header), and mesh files from `tests/fixtures`.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { TestApp } from './app.js';
import { STRONG_PASSWORD, freshIp, mailedVerificationToken, solveBotCheck } from './accounts.js';
import { dcmFixtures, meshFixtures } from './fixturePaths.js';
import { readObj } from './meshFiles.js';

export { dcmFixtures } from './fixturePaths.js';
export const fixture = (dir: 'mesh' | 'dcm', name: string): Buffer =>
  readFileSync(join(dir === 'mesh' ? meshFixtures : dcmFixtures, name));

let counter = 0;

export interface TestUser {
  email: string;
  token: string;
  userId: string;
  auth: { authorization: string };
}

async function post(t: TestApp, url: string, payload: unknown) {
  return t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: { 'x-forwarded-for': freshIp() },
  });
}

/** Registers, verifies (through the mailed link) and logs in a user. */
export async function signUp(
  t: TestApp,
  email = `tech${++counter}.${t.driver}@example.com`,
): Promise<TestUser> {
  const reg = await post(t, '/api/register', {
    name: 'Tess Technician',
    email,
    companyName: 'Tess Dental Lab',
    password: STRONG_PASSWORD,
    turnstileToken: await solveBotCheck(t.app, 'register'),
  });
  if (reg.statusCode !== 201) throw new Error(`register: ${reg.statusCode} ${reg.body}`);
  const token = await mailedVerificationToken(t.dataDir, email);
  const verify = await post(t, `/api/verify-email/${token}`, undefined);
  if (verify.statusCode !== 200) throw new Error(`verify: ${verify.statusCode} ${verify.body}`);
  const login = await post(t, '/api/login', { email, password: STRONG_PASSWORD });
  if (login.statusCode !== 200) throw new Error(`login: ${login.statusCode} ${login.body}`);
  const body = login.json() as { token: string; user: { id: string } };
  return {
    email,
    token: body.token,
    userId: body.user.id,
    auth: { authorization: `Bearer ${body.token}` },
  };
}

export type Part =
  | { name: string; value: string }
  | { name: string; filename: string; data: Buffer | Uint8Array; contentType?: string };

/** A multipart/form-data body, byte for byte. */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----cusp${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('filename' in p) {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\n` +
            `Content-Type: ${p.contentType ?? 'application/octet-stream'}\r\n\r\n`,
        ),
      );
      chunks.push(Buffer.from(p.data));
    } else {
      chunks.push(
        Buffer.from(`Content-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}`),
      );
    }
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export const projectData = (over: Record<string, unknown> = {}) => ({
  name: 'Upper crowns 16',
  patientName: 'Jane Q. Patientname',
  laboratoryName: 'Smile Lab Ltd',
  comment: 'Check the margins',
  ...over,
});

/** An ASCII PLY (with a comment that must not survive) from an OBJ fixture. */
export function plyFromObj(
  objName: string,
  comment = 'comment Patient: Jane Q. Patientname',
): Buffer {
  const { positions, indices } = readObj(readFileSync(join(meshFixtures, objName), 'utf8'));
  const nv = positions.length / 3;
  const nf = indices.length / 3;
  const lines = [
    'ply',
    'format ascii 1.0',
    comment,
    `element vertex ${nv}`,
    'property float x',
    'property float y',
    'property float z',
    `element face ${nf}`,
    'property list uchar int vertex_indices',
    'end_header',
  ];
  for (let i = 0; i < nv; i++)
    lines.push(`${positions[i * 3]} ${positions[i * 3 + 1]} ${positions[i * 3 + 2]}`);
  for (let i = 0; i < nf; i++)
    lines.push(`3 ${indices[i * 3]} ${indices[i * 3 + 1]} ${indices[i * 3 + 2]}`);
  return Buffer.from(lines.join('\n') + '\n');
}

/** The first `n` triangles of a binary STL, with the given header text. */
export function smallStl(
  source: Buffer,
  n: number,
  header = 'solid Patient Jane Q. Patientname',
): Buffer {
  const out = Buffer.alloc(84 + 50 * n);
  out.write(header.padEnd(80, ' ').slice(0, 80), 0, 'latin1');
  out.writeUInt32LE(n, 80);
  source.copy(out, 84, 84, 84 + 50 * n);
  return out;
}

/** Every file under `dir`, recursively. */
export function filesUnder(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      const s = statSync(p);
      if (s.isDirectory()) walk(p);
      else if (s.isFile()) out.push(p);
    }
  };
  walk(dir);
  return out;
}

/**
 * `POST /api/projects` as `user` with these model files (and any other parts, e.g.
 * `modelMaterials`), from an address of its own; fails unless the project was created.
 */
export async function createProjectWith(
  t: TestApp,
  user: TestUser,
  models: { filename: string; data: Buffer }[],
  more: Part[] = [],
): Promise<{ projectId: string; publicLink: string }> {
  const body = multipart([
    { name: 'projectData', value: JSON.stringify(projectData()) },
    ...models.map((m) => ({ name: 'models', ...m })),
    ...more,
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/projects',
    payload: body.payload,
    headers: { ...body.headers, ...user.auth, 'x-forwarded-for': freshIp() },
  });
  if (res.statusCode !== 201) throw new Error(`create project: ${res.statusCode} ${res.body}`);
  return res.json<{ projectId: string; publicLink: string }>();
}
