/**
 * A technician and a case for the review journeys: register (real bot check), verify through the
 * mail at the SMTP peer, log in, and upload the real upper arch with the molar crown.
 */
import { readFileSync } from 'node:fs';
import { freshClient } from './accounts';
import path from 'node:path';
import { expect } from '@playwright/test';
import { encodeSolution } from '../../support/accounts';
import { meshFixtures } from '../../support/fixturePaths';
import type { SmtpPeer } from '../../support/smtpPeer';
import type { CuspServer } from './cusp';

export const mailsTo = (smtp: SmtpPeer, to: string) =>
  smtp.mails.filter((m) =>
    new RegExp(`^To: ${to.replace(/[.+]/g, '\\$&')}\\r?$`, 'mi').test(m.raw),
  );

async function json(res: Response, what: string): Promise<Record<string, unknown>> {
  const text = await res.text();
  if (!res.ok) throw new Error(`${what}: ${res.status} ${text}`);
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

export interface Technician {
  name: string;
  email: string;
  password: string;
  token: string;
}

export async function registerTechnician(
  cusp: CuspServer,
  smtp: SmtpPeer,
  who: { name: string; email: string; password: string; companyName?: string },
): Promise<Technician> {
  const ch = await json(
    await fetch(`${cusp.baseURL}/api/botcheck/challenge?purpose=register`),
    'challenge',
  );
  const turnstileToken = await encodeSolution(ch.challenge as Parameters<typeof encodeSolution>[0]);
  await json(
    await fetch(`${cusp.baseURL}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...freshClient() },
      body: JSON.stringify({ companyName: 'Review Dental Lab', ...who, turnstileToken }),
    }),
    'register',
  );
  let token: string | undefined;
  await expect
    .poll(
      () => {
        for (const m of mailsTo(smtp, who.email)) {
          token ??= /verify-email\?token=([A-Za-z0-9_-]{43})/.exec(m.decoded)?.[1];
        }
        return token !== undefined;
      },
      { timeout: 30_000, message: 'verification mail at the SMTP peer' },
    )
    .toBe(true);
  await json(
    await fetch(`${cusp.baseURL}/api/verify-email/${token!}`, { method: 'POST' }),
    'verify',
  );
  const login = await json(
    await fetch(`${cusp.baseURL}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: who.email, password: who.password }),
    }),
    'login',
  );
  return { name: who.name, email: who.email, password: who.password, token: login.token as string };
}

export interface ReviewCase {
  id: string;
  /** `/viewer/pub_…` */
  linkPath: string;
  /** Model id by display name. */
  models: Record<string, string>;
}

export async function createCase(
  cusp: CuspServer,
  token: string,
  name: string,
  opts: { laboratoryName?: string } = {},
): Promise<ReviewCase> {
  const form = new FormData();
  form.append(
    'projectData',
    JSON.stringify({
      name,
      patientName: 'Jane Q. Patientname',
      laboratoryName: opts.laboratoryName ?? 'Review Dental Lab',
      comment: 'Please check the margins',
    }),
  );
  for (const file of ['upper-arch-crowns.stl', 'molar-crown-fdi16.stl']) {
    form.append('models', new Blob([readFileSync(path.join(meshFixtures, file))]), file);
  }
  form.append('modelCustomNames', JSON.stringify(['Upper arch', 'Molar crown 16']));
  form.append('modelMaterials', JSON.stringify(['gypsum', 'enamel']));
  form.append('modelTypes', JSON.stringify(['individual', 'individual']));
  const body = await json(
    await fetch(`${cusp.baseURL}/api/projects`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    }),
    'create project',
  );
  const id = (body.projectId ?? body.id) as string;
  const project = await json(
    await fetch(`${cusp.baseURL}/api/projects/${id}`, {
      headers: { authorization: `Bearer ${token}` },
    }),
    'project',
  );
  const models: Record<string, string> = {};
  for (const m of project.models as Array<{ id: string; name: string }>) models[m.name] = m.id;
  return { id, linkPath: new URL(body.publicLink as string).pathname, models };
}
