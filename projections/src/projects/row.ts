import { coarseStorageBytes } from '../../../api/src/domain/models.js';
import type {
  ProjectCreated,
  ProjectEvent,
  ProjectVersionAdded,
} from '../../../api/src/domain/project.js';

/** A row of `projects`: one live project, personal fields sealed with the project's key. */
export interface ProjectRow {
  id: string;
  user_id: string;
  name: string;
  patient_name: string;
  laboratory_name: string;
  comment: string | null;
  status: string;
  created_at: Date | string;
  updated_at: Date | string;
  file_count: number;
  /** Every version's files, each counted as its size rounded up to whole MiB (`storageMiB`). */
  storage_bytes: string;
  unread_count: number;
  /** The latest of: created, new version, comment or reply, status change, approval. */
  last_activity_at: Date | string;
  revision: string;
}

/** A row of `project_models`: one model file of a live project, in layer order. */
export interface ProjectModelRow {
  project_id: string;
  id: string;
  position: number;
  filename: string;
  original_name: string;
  name: string;
  /** Sealed `fileSize`, or the clear size (decimal text) an older event recorded. */
  size: string;
  type: string;
  material: string;
  grouped_from: string | null;
  group_size: number | null;
  blob_key: string;
  /** Sealed `triangleCount`, or the clear count (decimal text) an older event recorded. */
  triangles: string;
}

/** The later of two instants, as the ISO text of the later one. */
function latest(a: Date | string, b: string): string {
  const x = new Date(a);
  return x.getTime() >= new Date(b).getTime() ? x.toISOString() : b;
}

/**
 * Pure: a project's row after one event at stream `revision`; null means no row. A replayed
 * `ProjectCreated` keeps the row there; a status change older than the row's revision changes
 * nothing. Feedback events leave the row as it is: `unread_count` is derived from the unread ids
 * (`project_unread`) when they change.
 */
export function evolveProjectRow(
  row: ProjectRow | null,
  event: ProjectEvent,
  revision: bigint,
): ProjectRow | null {
  switch (event.type) {
    case 'ProjectCreated': {
      if (row) return row;
      const d = event.data;
      return {
        id: d.projectId,
        user_id: d.userId,
        name: d.name,
        patient_name: d.patientName,
        laboratory_name: d.laboratoryName,
        comment: d.comment,
        status: d.status,
        created_at: d.createdAt,
        updated_at: d.createdAt,
        file_count: d.models.length,
        storage_bytes: String(coarseStorageBytes(d.models)),
        unread_count: 0,
        last_activity_at: d.createdAt,
        revision: revision.toString(),
      };
    }
    case 'ProjectStatusChanged':
    case 'ProjectApproved': {
      if (!row || BigInt(row.revision) >= revision) return row;
      const approved = event.type === 'ProjectApproved';
      const at = approved ? event.data.approvedAt : event.data.changedAt;
      return {
        ...row,
        status: approved ? 'approved' : event.data.status,
        updated_at: at,
        last_activity_at: latest(row.last_activity_at, at),
        revision: revision.toString(),
      };
    }
    case 'ProjectVersionAdded': {
      // Every version's files stay stored: storage grows by the new files only.
      if (!row || BigInt(row.revision) >= revision) return row;
      const d = event.data;
      const added = new Set(d.added);
      const grown = coarseStorageBytes(d.models.filter((m) => added.has(m.id)));
      return {
        ...row,
        file_count: d.models.length,
        storage_bytes: String(BigInt(row.storage_bytes) + BigInt(grown)),
        updated_at: d.createdAt,
        last_activity_at: latest(row.last_activity_at, d.createdAt),
        revision: revision.toString(),
      };
    }
    case 'ProjectDeleted':
      return null;
    default:
      return row;
  }
}

/** Pure: the model rows a `ProjectCreated` (or the latest version) brings, in layer order. */
export function modelRowsOf(event: ProjectCreated | ProjectVersionAdded): ProjectModelRow[] {
  const d = event.data;
  return d.models.map((m, i) => ({
    project_id: d.projectId,
    id: m.id,
    position: i,
    filename: m.filename,
    original_name: m.originalName,
    name: m.name,
    size: String(m.size),
    type: m.type,
    material: m.material,
    grouped_from: m.groupedFrom,
    group_size: m.groupSize,
    blob_key: m.blobKey,
    triangles: String(m.triangles),
  }));
}
