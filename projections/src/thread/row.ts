import type {
  AuthorRole,
  RecordedAnchor,
  RecordedToolState,
} from '../../../api/src/domain/comments.js';
import type { ChecklistAnswer } from '../../../api/src/domain/checklist.js';
import type { ProjectEvent } from '../../../api/src/domain/project.js';

/**
 * One line of a project's conversation: a comment or reply (also feedback given through the old
 * call), a status change or an approval. Personal fields stay sealed with the project's key.
 */
export interface ThreadItem {
  id: string;
  projectId: string;
  kind: 'comment' | 'status' | 'approval';
  parentId: string | null;
  authorRole: AuthorRole | null;
  /** Sealed `authorName`; null for feedback given before names were asked. */
  authorName: string | null;
  /** Sealed `authorEmail`. */
  authorEmail: string | null;
  /** Sealed `message`. */
  body: string | null;
  /** The pin: its place sealed (`commentPin`), clear in comments recorded before. */
  anchor: RecordedAnchor | null;
  /** The doctor's saved view (camera, measurements, section): sealed, clear in older comments. */
  toolState: RecordedToolState | null;
  /** The version a comment was made on, or an approval was for; null for status changes. */
  version: number | null;
  /** The new status of a status line. */
  status: string | null;
  /** The comment asked for changes. */
  changesRequested: boolean;
  /** The checklist answered with an approval or a change request. */
  checklist: ChecklistAnswer[] | null;
  createdAt: string;
  resolvedAt: string | null;
  resolvedBy: AuthorRole | null;
  /** Stream revision that created the line (its place in the thread). */
  createdRevision: bigint;
  /** Last stream revision applied: a replayed event changes nothing. */
  revision: bigint;
}

/** The event types the thread reads. */
export const THREAD_EVENT_TYPES = [
  'CommentAdded',
  'CommentResolved',
  'CommentReopened',
  'ChangesRequested',
  'FeedbackGiven',
  'ProjectStatusChanged',
  'ProjectApproved',
  'ProjectDeleted',
  'ProjectVersionAdded',
] as const;

/** An event with the store's identity of it, as the thread needs it. */
export interface ThreadEvent {
  id: string;
  revision: bigint;
  event: ProjectEvent;
}

/** The line an event touches (status lines are keyed by their event's id); null: none. */
export function threadItemId(e: ThreadEvent): string | null {
  const { event } = e;
  switch (event.type) {
    case 'CommentAdded':
    case 'CommentResolved':
    case 'CommentReopened':
    case 'ChangesRequested':
      return event.data.commentId;
    case 'FeedbackGiven':
      return event.data.feedbackId;
    case 'ProjectStatusChanged':
    case 'ProjectApproved':
      return e.id;
    default:
      return null;
  }
}

const blank = (
  e: ThreadEvent,
  projectId: string,
  kind: ThreadItem['kind'],
  createdAt: string,
): ThreadItem => ({
  id: threadItemId(e)!,
  projectId,
  kind,
  parentId: null,
  authorRole: null,
  authorName: null,
  authorEmail: null,
  body: null,
  anchor: null,
  toolState: null,
  version: null,
  status: null,
  changesRequested: false,
  checklist: null,
  createdAt,
  resolvedAt: null,
  resolvedBy: null,
  createdRevision: e.revision,
  revision: e.revision,
});

/**
 * Pure: the line after one event. A line already at or past the event's revision is returned
 * unchanged (replays and rebuilds); an event about a line that does not exist yet changes nothing.
 * `latestVersion`: the project's version when the event was recorded, for comments recorded
 * before they named their version.
 */
export function evolveThreadItem(
  row: ThreadItem | null,
  e: ThreadEvent,
  latestVersion = 1,
): ThreadItem | null {
  if (row && row.revision >= e.revision) return row;
  const { event } = e;
  switch (event.type) {
    case 'CommentAdded': {
      if (row) return row;
      const d = event.data;
      return {
        ...blank(e, d.projectId, 'comment', d.createdAt),
        parentId: d.parentId,
        authorRole: d.author.role,
        authorName: d.author.name,
        authorEmail: d.author.email,
        body: d.body,
        anchor: d.anchor,
        toolState: d.toolState ?? null,
        version: d.version ?? latestVersion,
      };
    }
    case 'FeedbackGiven': {
      if (row) return row;
      const d = event.data;
      return {
        ...blank(e, d.projectId, 'comment', d.createdAt),
        authorRole: d.feedbackType === 'doctor_feedback' ? 'doctor' : 'technician',
        body: d.message,
        version: latestVersion,
      };
    }
    case 'CommentResolved':
      return (
        row && {
          ...row,
          resolvedAt: event.data.resolvedAt,
          resolvedBy: event.data.by,
          revision: e.revision,
        }
      );
    case 'CommentReopened':
      return row && { ...row, resolvedAt: null, resolvedBy: null, revision: e.revision };
    case 'ChangesRequested':
      return (
        row && {
          ...row,
          changesRequested: true,
          checklist: event.data.checklist ?? null,
          revision: e.revision,
        }
      );
    case 'ProjectStatusChanged':
      if (row) return row;
      return {
        ...blank(e, event.data.projectId, 'status', event.data.changedAt),
        status: event.data.status,
      };
    case 'ProjectApproved':
      if (row) return row;
      return {
        ...blank(e, event.data.projectId, 'approval', event.data.approvedAt),
        status: 'approved',
        authorRole: 'doctor',
        authorName: event.data.approvedBy ?? null,
        version: event.data.version ?? latestVersion,
        checklist: event.data.checklist ?? null,
      };
    default:
      return row;
  }
}
