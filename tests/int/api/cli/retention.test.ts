import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { PUBLIC_USER_ID, projectStream } from '../../../../api/src/domain/project.js';
import { dataDirInUseMessage, DataDirInUse } from '../../../../api/src/db/pglite.js';
import { seedProject, seedUser } from '../../../support/adminSeed.js';
import { startTestApp } from '../../../support/app.js';
import { createPgDatabase, testDrivers, type DriverName } from '../../../support/db.js';

const run = promisify(execFile);
const DAY = 24 * 60 * 60_000;

/** `npm run retention`, as a process of its own on the given data. */
const cli = (env: Record<string, string>, ...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', 'api/src/cli/retention.ts', ...args], {
    env: { ...process.env, LOG_LEVEL: 'silent', npm_config_dry_run: '', ...env },
  });

describe.each(testDrivers())('npm run retention (%s)', (driver: DriverName) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cusp-retention-cli-'));
  let pgDb: Awaited<ReturnType<typeof createPgDatabase>> | undefined;
  afterAll(async () => {
    await pgDb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('--dry-run lists the due anonymous projects without personal data and changes nothing; a real run deletes them', async () => {
    pgDb = driver === 'pg' ? await createPgDatabase() : undefined;
    const data = { dataDir, ...(pgDb ? { databaseUrl: pgDb.url } : {}) };
    const env = { DATA_DIR: dataDir, DATABASE_URL: pgDb?.url ?? '' };
    // The data is written by an app that runs no sweeper and is stopped before the CLI runs
    // (PGlite has one owner at a time).
    const open = () => startTestApp(driver, {}, { data, compose: { sweepers: false } });
    const now = Date.now();
    let t = await open();
    const due = await seedProject(t.deps, {
      userId: PUBLIC_USER_ID,
      name: 'Due quick upload',
      patientName: 'Ursula Uniquepatient',
      createdAt: new Date(now - 400 * DAY),
    });
    const young = await seedProject(t.deps, {
      userId: PUBLIC_USER_ID,
      name: 'Young quick upload',
      createdAt: new Date(now - 30 * DAY),
    });
    const tech = await seedUser(t.deps, { name: 'Tom Tech', email: `tom.${driver}@lab.test` });
    const own = await seedProject(t.deps, {
      userId: tech.id,
      name: 'Old signed-in project',
      createdAt: new Date(now - 4000 * DAY),
    });
    const typesOf = async (id: string) =>
      (await t.deps.store.readStream(projectStream(id))).map((e) => e.type);
    await t.close();

    const dry = await cli(env, '--dry-run');
    expect(dry.stdout).toContain('dry run: 1 project(s) would be deleted, nothing changed');
    expect(dry.stdout).toContain(`${due.id}  created ${new Date(now - 400 * DAY).toISOString()}`);
    for (const absent of [young.id, own.id, 'Ursula', 'Due quick upload', 'Seed Lab']) {
      expect(dry.stdout).not.toContain(absent);
    }

    // `npm run retention --dry-run` without `--`: npm keeps the flag and sets npm_config_dry_run.
    const viaNpm = await cli({ ...env, npm_config_dry_run: 'true' });
    expect(viaNpm.stdout).toContain('dry run: 1 project(s) would be deleted, nothing changed');

    t = await open();
    expect(await typesOf(due.id)).toEqual(['ProjectCreated']);
    const link = await t.app.inject({
      method: 'GET',
      url: `/api/public/projects/${due.publicToken}`,
    });
    expect(link.statusCode).toBe(200);
    for (const key of due.blobKeys) expect(await t.deps.blobs.exists(key)).toBe(true);
    await t.close();

    const real = await cli(env);
    expect(real.stdout).toContain('deleted 1 project(s)');
    expect(real.stdout).toContain(due.id);
    expect(real.stdout).not.toContain('Ursula');

    t = await open();
    try {
      const events = await t.deps.store.readStream(projectStream(due.id));
      expect(events.map((e) => e.type)).toEqual(['ProjectCreated', 'ProjectDeleted']);
      expect(events[1]!.metadata).toMatchObject({ actor: 'system' });
      expect(events[1]!.data).toMatchObject({ reason: 'retention' });
      for (const key of due.blobKeys) expect(await t.deps.blobs.exists(key)).toBe(false);
      expect(await typesOf(young.id)).toEqual(['ProjectCreated']);
      expect(await typesOf(own.id)).toEqual(['ProjectCreated']);
    } finally {
      await t.close();
    }
  }, 300_000);
});

describe('npm run retention beside a running server', () => {
  it('with the embedded database in use prints the projections CLI message, no stack trace', async () => {
    const t = await startTestApp('pglite');
    try {
      const failure = await cli({ DATA_DIR: t.dataDir, DATABASE_URL: '' }).then(
        () => undefined,
        (err: { code: number; stdout: string; stderr: string }) => err,
      );
      expect(failure?.code).toBe(1);
      expect(failure?.stderr.trim()).toBe(
        dataDirInUseMessage(new DataDirInUse(join(t.dataDir, 'pg'), process.pid)),
      );
    } finally {
      await t.close();
    }
  }, 180_000);

  it('refuses unknown arguments with its usage', async () => {
    await expect(cli({}, '--dryrun')).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('usage: npm run retention [-- --dry-run]'),
    });
  });
});
