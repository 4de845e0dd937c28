import type { SqlExecutor } from '../../../api/src/db/db.js';
import type { ModelRecord } from '../../../api/src/domain/project.js';
import type { ChecklistAnswer } from '../../../api/src/domain/checklist.js';
import type { ApprovalFileRow } from './row.js';

/** One version of a project (personal fields still sealed). */
export interface VersionEntry {
  projectId: string;
  n: number;
  createdAt: Date | string;
  /** Sealed `versionNote`; null for version 1. */
  note: string | null;
  models: ModelRecord[];
}

/** The latest approval of a project. */
export interface ApprovalEntry {
  projectId: string;
  /** Null for an approval recorded before versions existed (it was of version 1). */
  version: number | null;
  approvedAt: Date | string;
  /** Sealed `authorName`, or null when the doctor gave no name. */
  approvedBy: string | null;
  files: ApprovalFileRow[] | null;
  /** The clinical checklist as answered (pins sealed); null when none was asked. */
  checklist: ChecklistAnswer[] | null;
}

/** Every version of the given projects, oldest first within a project. */
export async function versionsOf(db: SqlExecutor, ids: string[]): Promise<VersionEntry[]> {
  if (ids.length === 0) return [];
  const r = await db.query<VersionEntry>(
    `SELECT project_id::text AS "projectId", n, created_at AS "createdAt", note, models
       FROM project_versions
     WHERE project_id = ANY($1::uuid[]) ORDER BY project_id, n`,
    [ids],
  );
  return r.rows;
}

/** The latest approval of each of the given projects that has one. */
export async function approvalsOf(
  db: SqlExecutor,
  ids: string[],
): Promise<Map<string, ApprovalEntry>> {
  if (ids.length === 0) return new Map();
  const r = await db.query<ApprovalEntry>(
    `SELECT project_id::text AS "projectId", version, approved_at AS "approvedAt",
            approved_by AS "approvedBy", files, checklist
     FROM project_approvals WHERE project_id = ANY($1::uuid[])`,
    [ids],
  );
  return new Map(r.rows.map((row) => [row.projectId, row]));
}

/**
 * A model of any version of a project, by its server file name or its id: what the download and
 * view routes serve for a version other than the latest.
 */
export async function modelOfAnyVersion(
  db: SqlExecutor,
  projectId: string,
  by: { filename: string } | { id: string },
): Promise<ModelRecord | undefined> {
  const [field, value] = 'filename' in by ? ['filename', by.filename] : ['id', by.id];
  const r = await db.query<{ m: ModelRecord }>(
    `SELECT m FROM project_versions v, jsonb_array_elements(v.models) AS m
     WHERE v.project_id = $1 AND m->>'${field}' = $2 ORDER BY v.n DESC LIMIT 1`,
    [projectId, value],
  );
  const m = r.rows[0]?.m;
  return typeof m === 'string' ? (JSON.parse(m) as ModelRecord) : m;
}
