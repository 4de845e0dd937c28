import type { ProjectEvent } from '../../../api/src/domain/project.js';
import { coarseStorageBytes } from '../../../api/src/domain/models.js';

/** A row of `user_stats` as queried: one user's dashboard figures, from its per-project rows. */
export interface UserStatsRow {
  userId: string;
  total: number;
  /** Live projects per stored status, e.g. `{ "pending": 2, "approved": 1 }`. */
  byStatus: Record<string, number>;
  newComments: number;
  storageBytes: string;
  fileCount: number;
}

/** A row of `user_stats_projects`: what one live project adds to its owner's figures. */
export interface UserStatsProjectRow {
  project_id: string;
  user_id: string;
  status: string;
  /**
   * Bytes of every file the project stores (all its versions', each file once), each counted as
   * its size rounded up to whole MiB: the exact sizes are sealed with the project's key.
   */
  storage_bytes: string;
  /** Files the project stores across all its versions (a file kept by a new version counts once). */
  file_count: number;
  /** Ids of those files. */
  model_ids: string[];
  /** Ids of the doctor's feedback not yet read. */
  unread: string[];
}

/**
 * Pure: a project's contribution after one event; null means none (never created, or deleted).
 * Unread ids are a set: a repeated `FeedbackGiven` or `FeedbackRead` changes nothing.
 */
export function evolveUserStatsProjectRow(
  row: UserStatsProjectRow | null,
  event: ProjectEvent,
): UserStatsProjectRow | null {
  switch (event.type) {
    case 'ProjectCreated': {
      if (row) return row;
      const d = event.data;
      return {
        project_id: d.projectId,
        user_id: d.userId,
        status: d.status,
        storage_bytes: String(coarseStorageBytes(d.models)),
        file_count: d.models.length,
        model_ids: d.models.map((m) => m.id),
        unread: [],
      };
    }
    case 'ProjectVersionAdded': {
      // Earlier versions keep their files stored: only files not seen yet add to the figures.
      if (!row) return row;
      const known = new Set(row.model_ids);
      const fresh = event.data.models.filter((m) => !known.has(m.id));
      if (fresh.length === 0) return row;
      return {
        ...row,
        storage_bytes: String(BigInt(row.storage_bytes) + BigInt(coarseStorageBytes(fresh))),
        file_count: row.file_count + fresh.length,
        model_ids: [...row.model_ids, ...fresh.map((m) => m.id)],
      };
    }
    case 'ProjectStatusChanged':
      return row && { ...row, status: event.data.status };
    case 'ProjectApproved':
      return row && { ...row, status: 'approved' };
    case 'FeedbackGiven':
      if (!row || event.data.feedbackType !== 'doctor_feedback') return row;
      return row.unread.includes(event.data.feedbackId)
        ? row
        : { ...row, unread: [...row.unread, event.data.feedbackId] };
    case 'FeedbackRead':
      return row && row.unread.includes(event.data.feedbackId)
        ? { ...row, unread: row.unread.filter((id) => id !== event.data.feedbackId) }
        : row;
    case 'ProjectDeleted':
      return null;
    default:
      return row;
  }
}
