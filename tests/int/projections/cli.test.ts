import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../../api/src/db/migrate.js';
import { openPg } from '../../../api/src/db/pg.js';
import { openPglite } from '../../../api/src/db/pglite.js';
import { PostgresEventStore } from '../../../api/src/store/postgres.js';
import { allProjections } from '../../../projections/src/registry.js';
import { createPgDatabase } from '../../support/db.js';
import { event } from './support.js';

const run = promisify(execFile);

// One child process on whichever database this run has: the output does not depend on it.
describe('npm run projections -- rebuild, output not a terminal', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cusp-cli-'));
  let pgDb: Awaited<ReturnType<typeof createPgDatabase>> | undefined;

  beforeAll(async () => {
    pgDb = process.env.DATABASE_URL ? await createPgDatabase() : undefined;
    const db = pgDb ? await openPg(pgDb.url) : await openPglite(join(dataDir, 'pg'));
    try {
      await migrate(db);
      const store = await PostgresEventStore.open(db);
      for (let i = 0; i < 3; i++)
        await store.append(`probe-${randomUUID()}`, [event('ProbeRecorded')]);
      await store.close();
    } finally {
      await db.close();
    }
  });

  afterAll(async () => {
    await pgDb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("prints each projection's progress bar once, when it is done", async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
    if (pgDb) env.DATABASE_URL = pgDb.url;
    else delete env.DATABASE_URL;
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', 'projections/src/cli.ts', 'rebuild', 'all'],
      { env, timeout: 120_000 },
    );
    expect(stderr).not.toContain('\r');
    const bars = stderr.split('\n').filter((l) => /\[[#-]+\]/.test(l));
    expect(bars.map((l) => l.split(' ')[0])).toEqual(allProjections().map((p) => p.name));
    expect(bars.every((l) => l.includes('100%  3/3 events'))).toBe(true);
    expect(stdout.match(/^rebuilt /gm)).toHaveLength(allProjections().length);
  });
});
