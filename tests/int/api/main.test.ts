import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Challenge } from 'altcha-lib';
import {
  encodeSolution,
  mailTo,
  readOutboxDir,
  STRONG_PASSWORD,
  verificationToken,
  waitForMail,
} from '../../support/accounts.js';
import { startCuspProcess } from '../../support/process.js';

async function solve(baseUrl: string, purpose: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/botcheck/challenge?purpose=${purpose}`);
  const { challenge } = (await res.json()) as { challenge: Challenge };
  return encodeSolution(challenge);
}

const post = (url: string, body: unknown) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('the Cusp process', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cusp-main-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('starts on embedded defaults with no database server and keeps its data across a restart', async () => {
    const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
    const first = await startCuspProcess(env);
    const health = await (await fetch(`${first.baseUrl}/api/health`)).json();
    expect(health.db.driver).toBe('pglite');
    const email = 'restart@example.com';
    const registered = await post(`${first.baseUrl}/api/register`, {
      name: 'Restart Tester',
      email,
      companyName: 'Lab',
      password: STRONG_PASSWORD,
      turnstileToken: await solve(first.baseUrl, 'register'),
    });
    expect(registered.status).toBe(201);
    const mail = await waitForMail(() => readOutboxDir(dataDir), mailTo(email));
    const token = verificationToken(mail);
    expect(token).toBeDefined();
    expect(await first.stop()).toBe(0);
    expect(existsSync(join(dataDir, 'pg'))).toBe(true);
    // The keys live in the keyring (default DATA_DIR/keyring), owner-only; no KEK file is made.
    const keyring = join(dataDir, 'keyring');
    expect(existsSync(join(dataDir, 'kek'))).toBe(false);
    expect(statSync(keyring).mode & 0o777).toBe(0o700);
    const keyFiles = readdirSync(keyring);
    expect(keyFiles).toContain('secret-email-lookup.key');
    expect(keyFiles.some((f) => /^epoch-\d+-1\.key$/.test(f))).toBe(true);
    for (const f of keyFiles) expect(statSync(join(keyring, f)).mode & 0o777).toBe(0o600);
    const lookupKey = readFileSync(join(keyring, 'secret-email-lookup.key'));

    const second = await startCuspProcess(env);
    expect((await fetch(`${second.baseUrl}/api/health`)).status).toBe(200);
    expect(readFileSync(join(keyring, 'secret-email-lookup.key')).equals(lookupKey)).toBe(true);
    // The account and its verification token were written before the restart.
    expect((await post(`${second.baseUrl}/api/verify-email/${token}`, {})).status).toBe(200);
    const login = await post(`${second.baseUrl}/api/login`, { email, password: STRONG_PASSWORD });
    expect(login.status).toBe(200);
    expect((await login.json()).user.name).toBe('Restart Tester');
    expect(await second.stop()).toBe(0);
    expect(second.output()).toContain('shutting down');
  }, 300_000);

  it('refuses to start with a bad setting and names the variable', async () => {
    await expect(startCuspProcess({ DATA_DIR: dataDir, PORT: 'eighty' })).rejects.toThrow(/PORT/);
  });
});
