import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../api/src/db/db.js';
import { migrate } from '../../../api/src/db/migrate.js';
import { openPg } from '../../../api/src/db/pg.js';
import { PostgresEventStore } from '../../../api/src/store/postgres.js';
import { createPgDatabase } from '../../support/db.js';

/** A separate projection worker process (scaled deployment) needs a database server. */
describe.runIf(Boolean(process.env.DATABASE_URL))('npm run projections -- run (pg)', () => {
  let url: string;
  let drop: () => Promise<void>;
  let db: Db;

  beforeAll(async () => {
    ({ url, drop } = await createPgDatabase());
    db = await openPg(url);
    await migrate(db);
  });
  afterAll(async () => {
    await db.close();
    await drop();
  });

  it('keeps the read models up to date from another process and stops cleanly on SIGTERM', async () => {
    const worker = spawn(process.execPath, ['--import', 'tsx', 'projections/src/cli.ts', 'run'], {
      env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    worker.stdout.on('data', (d: Buffer) => (out += d.toString()));
    worker.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const exited = new Promise<number | null>((r) => worker.once('exit', (code) => r(code)));

    const store = await PostgresEventStore.open(db);
    const id = randomUUID();
    await store.append(
      `project-${id}`,
      [
        {
          id: randomUUID(),
          type: 'ProjectStatusChanged',
          data: { projectId: id, status: 'approved' },
          metadata: { actor: 'system', at: new Date().toISOString() },
        },
      ],
      { expectedVersion: 'any' },
    );
    let rows = 0;
    for (let i = 0; i < 150 && rows === 0; i++) {
      const r = await db
        .query<{ n: string }>('SELECT count(*) AS n FROM audit_log WHERE subject_id = $1', [id])
        .catch(() => ({ rows: [{ n: '0' }] }));
      rows = Number(r.rows[0]?.n ?? 0);
      if (rows === 0) await new Promise((r) => setTimeout(r, 200));
    }
    expect(rows, out).toBe(1);
    worker.kill('SIGTERM');
    expect(await exited, out).toBe(0);
    await store.close();
  });
});
