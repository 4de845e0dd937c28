import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../support/app.js';
import {
  STRONG_PASSWORD,
  freshIp,
  mailedVerificationToken,
  solveBotCheck,
} from '../../../support/accounts.js';

const run = promisify(execFile);

// The CLI is a second process on the same database: only a PostgreSQL server allows that
// (embedded PGlite is owned by one process at a time).
describe.skipIf(!process.env.DATABASE_URL)('npm run admin (pg)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pg', { TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const cli = (...args: string[]) =>
    run(process.execPath, ['--import', 'tsx', 'api/src/cli/admin.ts', ...args], {
      env: {
        ...process.env,
        DATABASE_URL: t.deps.config.DATABASE_URL!,
        DATA_DIR: t.dataDir,
        PROJECTIONS: 'off',
        LOG_LEVEL: 'silent',
      },
    });

  it('grants and revokes admin by e-mail address; unknown addresses and bad usage fail', async () => {
    const email = 'cli.admin@example.com';
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { 'x-forwarded-for': freshIp() },
      payload: {
        name: 'Cli',
        email,
        companyName: 'Lab',
        password: STRONG_PASSWORD,
        turnstileToken: await solveBotCheck(t.app, 'register'),
      },
    });
    expect(reg.statusCode).toBe(201);
    const token = await mailedVerificationToken(t.dataDir, email);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/verify-email/${token}` })).statusCode,
    ).toBe(200);

    const granted = await cli('grant', 'CLI.Admin@example.com');
    expect(granted.stdout).toMatch(/granted admin to user [0-9a-f-]{36}/);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'x-forwarded-for': freshIp() },
      payload: { email, password: STRONG_PASSWORD },
    });
    expect(login.json().user.role).toBe('admin');

    const revoked = await cli('revoke', email);
    expect(revoked.stdout).toMatch(/now user/);
    await expect(cli('grant', 'nobody@example.com')).rejects.toMatchObject({ code: 1 });
    await expect(cli('promote', email)).rejects.toMatchObject({ code: 2 });
  });
});

describe('npm run admin with the embedded database in use', () => {
  it('prints the same friendly message as the projections CLI, not a stack trace', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cusp-cli-'));
    try {
      // The lock of a live process (this one) on the embedded database, as a running server holds.
      writeFileSync(join(dataDir, 'pg.lock'), String(process.pid));
      const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
      delete env.DATABASE_URL;
      const fail = (script: string, ...args: string[]) =>
        run(process.execPath, ['--import', 'tsx', script, ...args], { env }).then(
          () => {
            throw new Error(`${script} succeeded`);
          },
          (err: { code: number; stderr: string }) => err,
        );
      const admin = await fail('api/src/cli/admin.ts', 'grant', 'someone@example.com');
      const projections = await fail('projections/src/cli.ts', 'status');
      expect(admin.code).toBe(1);
      expect(admin.stderr).toContain(`is in use by process ${process.pid} (the Cusp server)`);
      expect(admin.stderr).not.toMatch(/^\s+at /m);
      expect(admin.stderr).toBe(projections.stderr);
      expect(projections.code).toBe(1);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
