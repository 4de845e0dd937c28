import type { ProjectEvent } from '../../../api/src/domain/project.js';

/** A row of `feedback`: one comment or reply of a live project, the message sealed. */
export interface FeedbackRow {
  id: string;
  project_id: string;
  type: string;
  message: string;
  created_at: Date | string;
  read_at: Date | string | null;
}

/**
 * Pure: a feedback row after one event; null means no row. A second `FeedbackGiven` for the same
 * id keeps the first; a read mark keeps its first time; `ProjectDeleted` ends every row of it.
 */
export function evolveFeedbackRow(
  row: FeedbackRow | null,
  event: ProjectEvent,
): FeedbackRow | null {
  switch (event.type) {
    case 'FeedbackGiven': {
      if (row) return row;
      const d = event.data;
      return {
        id: d.feedbackId,
        project_id: d.projectId,
        type: d.feedbackType,
        message: d.message,
        created_at: d.createdAt,
        read_at: null,
      };
    }
    case 'FeedbackRead':
      return row && row.read_at === null ? { ...row, read_at: event.data.readAt } : row;
    case 'ProjectDeleted':
      return null;
    default:
      return row;
  }
}
