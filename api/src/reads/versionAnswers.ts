import {
  countOf,
  FILE_SHA256_FIELD,
  FILE_SIZE_FIELD,
  UPLOADED_SHA256_FIELD,
  isClearHash,
  TRIANGLES_FIELD,
} from '../domain/models.js';
import { hasCoarseLevel } from '../domain/viewLevels.js';
import type { ApprovedFile, ModelRecord } from '../domain/project.js';
import type { ProjectApproval, ProjectVersion } from '../contract/projects.js';
import type { ApprovalEntry, VersionEntry } from '../../../projections/src/versions/queries.js';
import type { ProjectModel as ModelDto } from '../contract/projects.js';

/** Opens one sealed field of the project (field name, sealed value). */
type Open = (field: string, sealed: string) => string;

const iso = (v: Date | string) => new Date(v).toISOString();

/**
 * `open`, each sealed text opened once: a kept model's names, size and triangle count are the
 * same sealed texts in every version that keeps it, and in the latest models beside them.
 */
export function openingOnce(open: Open): Open {
  const opened = new Map<string, string>();
  return (field, sealed) => {
    const key = `${field}\u0000${sealed}`;
    let plain = opened.get(key);
    if (plain === undefined) {
      plain = open(field, sealed);
      opened.set(key, plain);
    }
    return plain;
  };
}

/** A model's exact size and triangle count: clear in older events, else opened. */
export function modelFigures(
  m: { size: number | string; triangles: number | string },
  open: Open,
): { size: number; triangles: number } {
  return {
    size: countOf(m.size, (v) => open(FILE_SIZE_FIELD, v)),
    triangles: countOf(m.triangles, (v) => open(TRIANGLES_FIELD, v)),
  };
}

/** A model as answers show it; the fields a version's record and a read-model row share. */
export function modelAnswer(
  m: Pick<
    ModelRecord,
    'id' | 'filename' | 'originalName' | 'name' | 'groupedFrom' | 'groupSize'
  > & {
    type: string;
    material: string;
    size: number | string;
    triangles: number | string;
  },
  open: Open,
): ModelDto {
  const { size, triangles } = modelFigures(m, open);
  return {
    id: m.id,
    filename: m.filename,
    originalName: open('originalName', m.originalName),
    name: open('modelName', m.name),
    size,
    type: m.type,
    material: m.material,
    groupedFrom: m.groupedFrom,
    groupSize: m.groupSize,
    triangles,
    coarse: hasCoarseLevel(triangles),
  };
}

/**
 * The exact bytes a project stores: every version's files, each once, their sizes opened. The
 * read models keep only the sum of sizes rounded up to whole MiB (`storageMiB`).
 */
export function storedBytes(versions: readonly ProjectVersion[]): number {
  const sizes = new Map<string, number>();
  for (const v of versions) for (const m of v.models) sizes.set(m.id, m.size);
  let total = 0;
  for (const size of sizes.values()) total += size;
  return total;
}

/** A project's versions as readers see them, oldest first. */
export function versionAnswers(rows: readonly VersionEntry[], open: Open): ProjectVersion[] {
  return rows.map((v) => ({
    n: v.n,
    createdAt: iso(v.createdAt),
    note: v.note === null ? null : open('versionNote', v.note),
    models: v.models.map((m) => modelAnswer(m, open)),
  }));
}

/** A file hash as recorded: sealed, clear hex (events from before files were sealed), or none. */
function openHash(open: Open, field: string, recorded: string | null | undefined): string | null {
  if (recorded === null || recorded === undefined) return null;
  return isClearHash(recorded) ? recorded : open(field, recorded);
}

/**
 * The latest approval with each file's name (from the version it approved) and both hashes. An
 * approval recorded before versions existed was of version 1 and names v1's files without hashes;
 * one recorded before approvals carried the upload's hash takes it from the model (a model's file
 * never changes).
 */
export function approvalAnswer(
  row: ApprovalEntry | undefined,
  versions: readonly VersionEntry[],
  open: Open,
): ProjectApproval | null {
  if (!row) return null;
  const version = row.version ?? 1;
  const models = versions.find((v) => v.n === version)?.models ?? [];
  const files: readonly ApprovedFile[] =
    row.files ?? models.map((m) => ({ modelId: m.id, sha256: null }));
  return {
    version,
    by: row.approvedBy === null ? null : open('authorName', row.approvedBy),
    at: iso(row.approvedAt),
    files: files.map((f) => {
      const m = models.find((x) => x.id === f.modelId);
      const sha256 = openHash(open, FILE_SHA256_FIELD, f.sha256);
      return {
        modelId: f.modelId,
        name: m ? open('originalName', m.originalName) : '',
        sha256,
        uploadedSha256: openHash(
          open,
          UPLOADED_SHA256_FIELD,
          f.uploadedSha256 !== undefined || sha256 === null ? f.uploadedSha256 : m?.uploadedSha256,
        ),
      };
    }),
  };
}
