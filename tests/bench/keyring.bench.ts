/**
 * Deleting a subject with the keyring: the time of one deletion — shred record, new
 * epoch key written and fsynced, the bucket's other keys re-wrapped in one transaction, old epoch
 * key overwritten, fsynced and unlinked — with 10,000 live projects, in the default layout (256
 * buckets, so ~39 keys per rotation) and in the worst layout (1 bucket: all 10,000 re-wrapped).
 * Baselines measured in the same run, alternating with the deletions: a plain key delete (the
 * pre-keyring deletion: record + DELETE, no rotation) and the creation of one key (what a project
 * create adds to the key ring). Figures are medians; the load average is printed (2 shared cores).
 *
 * `npm run bench -- keyring`; PGlite always, PostgreSQL too when DATABASE_URL is set.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileKeyVault } from '../../api/src/crypto/fileKeyVault.js';
import { KeyRing } from '../../api/src/crypto/keyRing.js';
import type { Db } from '../../api/src/db/db.js';
import { migrate } from '../../api/src/db/migrate.js';
import { projectSubject } from '../../api/src/domain/project.js';
import { median, runOnDrivers } from './support/dbBench.js';

const LIVE = Number(process.env.BENCH_LIVE ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const ms = (x: number) => `${x.toFixed(1)} ms`;

async function time(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

async function layout(db: Db, buckets: number): Promise<Record<string, number>> {
  const dir = mkdtempSync(join(tmpdir(), 'cusp-bench-keyring-'));
  try {
    const ring = new KeyRing({ db, vault: new FileKeyVault(dir), buckets });
    const live = Array.from({ length: LIVE }, () => projectSubject(randomUUID()));
    const seeded = await time(() => ring.createKeys(live));
    const spare = Array.from({ length: ROUNDS }, () => projectSubject(randomUUID()));
    await ring.createKeys(spare);
    const perBucket = await db.query<{ n: string }>(
      'SELECT count(*)::text AS n FROM data_keys WHERE bucket = (SELECT bucket FROM data_keys WHERE subject_id = $1)',
      [live[0]],
    );
    const deletion: number[] = [];
    const plain: number[] = [];
    const create: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      // Baseline 1: the deletion as it was before the keyring (no rotation).
      plain.push(
        await time(async () => {
          await db.query('INSERT INTO shredded_subjects (subject_id) VALUES ($1)', [spare[i]]);
          await db.query('DELETE FROM data_keys WHERE subject_id = $1', [spare[i]]);
        }),
      );
      // Baseline 2: the key of a new project.
      create.push(await time(() => ring.keyFor(projectSubject(randomUUID()))));
      // The deletion of one live project: its bucket rotated.
      deletion.push(await time(() => ring.destroy(live[i * 7]!)));
    }
    return {
      buckets,
      keysInBucket: Number(perBucket.rows[0]!.n),
      seedMs: seeded,
      deletionMs: median(deletion),
      deletionMaxMs: Math.max(...deletion),
      plainDeleteMs: median(plain),
      createKeyMs: median(create),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await runOnDrivers(async (label, db) => {
  await migrate(db);
  console.log(
    `\ndriver: ${label} — ${LIVE.toLocaleString('en-US')} live projects, ${ROUNDS} deletions each`,
  );
  for (const buckets of [256, 1]) {
    const before = load();
    const r = await layout(db, buckets);
    console.log(
      `  ${buckets} bucket${buckets > 1 ? 's' : ''} (${r.keysInBucket!.toLocaleString('en-US')} keys in the deleted project's bucket): ` +
        `one deletion ${ms(r.deletionMs!)} median (max ${ms(r.deletionMaxMs!)}); ` +
        `plain key delete ${ms(r.plainDeleteMs!)} → ×${(r.deletionMs! / r.plainDeleteMs!).toFixed(1)}; ` +
        `one key creation ${ms(r.createKeyMs!)} → ×${(r.deletionMs! / r.createKeyMs!).toFixed(1)}; ` +
        `seeding ${LIVE.toLocaleString('en-US')} keys ${ms(r.seedMs!)} [load ${before} → ${load()}]`,
    );
    await db.query('TRUNCATE data_keys, shredded_subjects, keyring_buckets');
  }
  return true;
});
