/**
 * Shapes of the audit answers (the admin audit view and a project's history). Types only, with no
 * runtime imports: the server (audit.ts) and the web app (admin panel, history page) import them.
 */

/** One line of the admin audit view: who did what to which subject, when. */
export interface AuditEntry {
  /** The store position `tx:gp`; also the paging cursor. */
  seq: string;
  eventId: string;
  /** The event type, e.g. `ProjectDeleted`. */
  action: string;
  /** `user:<id>`, `admin:<id>`, `link:<id>`, `anonymous`, `system`. */
  actor: string;
  actorKind: string;
  /** `project-<id>` or `user-<id>`. */
  stream: string;
  subjectType: string;
  subjectId: string | null;
  /** ISO-8601 UTC. */
  at: string;
  /** The acting user's name, while that account exists. */
  actorName?: string;
  /** The project's or user's name, while it exists (deleted subjects are shredded). */
  subjectName?: string;
  /** The project version the event is about (created, new version, approval). */
  version?: number;
}

export interface AuditPage {
  items: AuditEntry[];
  /** Pass as `before` to get the next (older) page; null at the end. */
  nextCursor: string | null;
}

/** One line of a project's history, as its owner (or an admin) sees it. */
export interface HistoryEntry {
  eventId: string;
  action: string;
  actorKind: string;
  /** The actor id: for admins always, for the owner only their own actions. */
  actor?: string;
  /** The acting user's name, for admins, while that account exists. */
  actorName?: string;
  /** True when the caller did it ('You'). */
  mine: boolean;
  /** ISO-8601 UTC. */
  at: string;
  /** The project version the event is about (created, new version, approval). */
  version?: number;
}

export interface HistoryPage {
  projectId: string;
  /** The project's name; null once the project was deleted (its key is destroyed). */
  projectName: string | null;
  items: HistoryEntry[];
  /** Pass as `after` to get the next (newer) page; null at the end. */
  nextCursor: string | null;
}
