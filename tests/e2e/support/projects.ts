import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { meshFixtures } from '../../support/fixturePaths';
import { E2E_PASSWORD, verifiedAccount } from './accounts';
import { expect, type CuspServer } from './cusp';

/** A real signed-in technician: the bearer token and the user the login answered. */
export interface Technician {
  token: string;
  user: { id: string; name: string; email: string; companyName: string };
}

/** Registers and verifies through the real API, then logs in. */
export async function technician(cusp: CuspServer, email: string, name: string) {
  await verifiedAccount(cusp, email, name);
  const res = await fetch(`${cusp.baseURL}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: E2E_PASSWORD }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Technician;
}

/** The browser starts signed in as `tech` (token and userData in localStorage). */
export async function signInBrowser(page: Page, tech: Technician): Promise<void> {
  await page.addInitScript(
    ([token, user]) => {
      localStorage.setItem('token', token);
      localStorage.setItem('userData', user);
    },
    [tech.token, JSON.stringify(tech.user)] as const,
  );
}

export const MOLAR_STL = path.join(meshFixtures, 'molar-crown-fdi16.stl');

export interface NewProject {
  name: string;
  /** Display names of the models; each is a copy of the molar crown. */
  models?: string[];
  /** Layer types per model ('teeth' groups them); default all 'individual'. */
  types?: ('teeth' | 'individual')[];
  /** Default 'Jane Q. Patient'. */
  patientName?: string;
  /** Signed-in owner; anonymous uploads are made through the quick upload page instead. */
  token: string;
}

/** POST /api/projects with copies of the molar crown; returns the create answer. */
export async function createProject(
  cusp: CuspServer,
  p: NewProject,
): Promise<{ projectId: string; publicLink: string }> {
  const models = p.models ?? ['Molar crown 16'];
  const form = new FormData();
  form.append(
    'projectData',
    JSON.stringify({
      name: p.name,
      patientName: p.patientName ?? 'Jane Q. Patient',
      laboratoryName: 'Smile Lab Ltd',
      comment: '',
    }),
  );
  const stl = readFileSync(MOLAR_STL);
  for (const [i] of models.entries()) form.append('models', new Blob([stl]), `model-${i}.stl`);
  form.append('modelCustomNames', JSON.stringify(models));
  form.append('modelTypes', JSON.stringify(p.types ?? models.map(() => 'individual')));
  const res = await fetch(`${cusp.baseURL}/api/projects`, {
    method: 'POST',
    headers: { authorization: `Bearer ${p.token}` },
    body: form,
  });
  const text = await res.text();
  expect(res.status, text).toBe(201);
  return JSON.parse(text) as { projectId: string; publicLink: string };
}

/** PUT /api/projects/{id}/status as the owner. */
export async function setStatus(
  cusp: CuspServer,
  token: string,
  projectId: string,
  status: string,
): Promise<void> {
  const res = await fetch(`${cusp.baseURL}/api/projects/${projectId}/status`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ status }),
  });
  expect(res.status, await res.text()).toBe(200);
}

/**
 * POST /api/projects/{id}/versions as the owner: keeps the models named in `keep`, adds `files`
 * (path and display name). Returns the new version's number.
 */
export async function addVersion(
  cusp: CuspServer,
  token: string,
  projectId: string,
  v: { note: string; keep: string[]; files: { path: string; name: string }[] },
): Promise<number> {
  const auth = { authorization: `Bearer ${token}` };
  const project = (await (
    await fetch(`${cusp.baseURL}/api/projects/${projectId}`, { headers: auth })
  ).json()) as { models: { id: string; name: string; originalName: string }[] };
  const keep = project.models
    .filter((m) => v.keep.includes(m.name) || v.keep.includes(m.originalName))
    .map((m) => m.id);
  expect(keep, 'every kept model found').toHaveLength(v.keep.length);
  const form = new FormData();
  form.append('versionData', JSON.stringify({ note: v.note, keep }));
  for (const f of v.files) {
    form.append('models', new Blob([readFileSync(f.path)]), path.basename(f.path));
  }
  form.append('modelCustomNames', JSON.stringify(v.files.map((f) => f.name)));
  const res = await fetch(`${cusp.baseURL}/api/projects/${projectId}/versions`, {
    method: 'POST',
    headers: auth,
    body: form,
  });
  const text = await res.text();
  expect(res.status, text).toBe(201);
  return (JSON.parse(text) as { version: number }).version;
}
