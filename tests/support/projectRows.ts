/**
 * Seeds many projects straight into the `projects` read model (no events), every personal field
 * sealed with its project's key as in production: thousands in seconds, for the list search's
 * scale test and benchmark. Rows only: a projection rebuild drops them.
 */
import { randomUUID } from 'node:crypto';
import { sealWith } from '../../api/src/crypto/keyRing.js';
import type { AppDeps } from '../../api/src/deps.js';
import { projectSubject, type ProjectStatus } from '../../api/src/domain/project.js';

export interface ProjectRowSeed {
  userId: string;
  name: string;
  patientName: string;
  laboratoryName: string;
  status: ProjectStatus;
  createdAt: Date;
  lastActivityAt: Date;
  unreadCount: number;
}

export type SeededRow = ProjectRowSeed & { id: string };

const BATCH = 2000;

export async function seedProjectRows(
  deps: AppDeps,
  seeds: readonly ProjectRowSeed[],
): Promise<SeededRow[]> {
  const rows = seeds.map((s) => ({ ...s, id: randomUUID() }));
  const keys = await deps.keys.createKeys(rows.map((r) => projectSubject(r.id)));
  const records = rows.map((r) => {
    const subject = projectSubject(r.id);
    const key = keys.get(subject)!.key;
    const seal = (field: string, v: string) => sealWith(key, 1, subject, field, v);
    return {
      id: r.id,
      user_id: r.userId,
      name: seal('name', r.name),
      patient_name: seal('patientName', r.patientName),
      laboratory_name: seal('laboratoryName', r.laboratoryName),
      status: r.status,
      created_at: r.createdAt.toISOString(),
      last_activity_at: r.lastActivityAt.toISOString(),
      unread_count: r.unreadCount,
    };
  });
  for (let i = 0; i < records.length; i += BATCH) {
    await deps.db.query(
      `INSERT INTO projects (id, user_id, name, patient_name, laboratory_name, comment, status,
         created_at, updated_at, file_count, storage_bytes, unread_count, last_activity_at, revision)
       SELECT id, user_id, name, patient_name, laboratory_name, NULL, status, created_at,
              last_activity_at, 1, 1000, unread_count, last_activity_at, 0
         FROM jsonb_to_recordset($1::jsonb) AS r(id uuid, user_id text, name text,
           patient_name text, laboratory_name text, status text, created_at timestamptz,
           last_activity_at timestamptz, unread_count int)`,
      [JSON.stringify(records.slice(i, i + BATCH))],
    );
  }
  await deps.db.query('ANALYZE projects');
  return rows;
}
