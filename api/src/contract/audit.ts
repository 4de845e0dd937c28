import { z } from 'zod';
import { CHECKLIST_ANSWERS, CHECKLIST_ITEMS } from '../domain/checklist.js';
import { isoInstant } from './common.js';

/** Audit answers: the admin audit view (filtered, CSV export) and one project's history. */

export const AUDIT_PAGE_MAX = 200;

const iso = z.iso.datetime({ offset: true }).or(z.iso.date());
const INT8_MAX = 2n ** 63n - 1n;
/** A row's store position `tx:gp`: two integers within PostgreSQL's bigint. */
export const auditCursor = z.string().refine((c) => {
  const m = /^(\d{1,19}):(\d{1,19})$/.exec(c);
  return m !== null && BigInt(m[1]!) <= INT8_MAX && BigInt(m[2]!) <= INT8_MAX;
}, 'invalid cursor');
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;

export const auditQuery = z.strictObject({
  actor: z
    .string()
    .max(200)
    .refine((s) => !CONTROL_CHARS.test(s), 'invalid characters')
    .optional(),
  projectId: z.uuid().optional().or(z.literal('')),
  userId: z.uuid().optional().or(z.literal('')),
  type: z
    .string()
    .regex(/^[A-Za-z]{1,80}$/)
    .optional()
    .or(z.literal('')),
  from: iso.optional().or(z.literal('')),
  to: iso.optional().or(z.literal('')),
  before: auditCursor.optional(),
  limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(50),
  format: z.enum(['json', 'csv']).default('json'),
});
export type AuditQuery = z.infer<typeof auditQuery>;

/** The filters of the admin audit view (the query without paging and format). */
export type AuditFilters = Partial<
  Pick<z.input<typeof auditQuery>, 'actor' | 'projectId' | 'type' | 'from' | 'to'>
>;

/** One line of the admin audit view: who did what to which subject, when. */
export const auditEntry = z.strictObject({
  /** The store position `tx:gp`; also the paging cursor. */
  seq: z.string(),
  eventId: z.uuid(),
  /** The event type, e.g. `ProjectDeleted`. */
  action: z.string(),
  /** `user:<id>`, `admin:<id>`, `link:<id>`, `anonymous`, `system`. */
  actor: z.string(),
  actorKind: z.string(),
  /** `project-<id>` or `user-<id>`. */
  stream: z.string(),
  subjectType: z.string(),
  subjectId: z.string().nullable(),
  at: isoInstant,
  /** The acting user's name, while that account exists. */
  actorName: z.string().optional(),
  /** The project's or user's name, while it exists (deleted subjects are shredded). */
  subjectName: z.string().optional(),
  /** The project version the event is about (created, new version, approval). */
  version: z.number().int().optional(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditPage = z.strictObject({
  items: z.array(auditEntry),
  /** Pass as `before` to get the next (older) page; null at the end. */
  nextCursor: z.string().nullable(),
});
export type AuditPage = z.infer<typeof auditPage>;

export const historyParams = z.strictObject({ id: z.uuid() });

export const historyQuery = z.strictObject({
  after: auditCursor.optional(),
  limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(AUDIT_PAGE_MAX),
});

/**
 * What an event changed, its sealed fields opened with the project's key (absent once the
 * project is deleted): only the keys that apply to the event are present.
 */
export const historyDetails = z.strictObject({
  /** A new version's note, or what the doctor asked for with a request for changes. */
  note: z.string().optional(),
  /** Files by name: those the project was created with or a version added, those it removed. */
  added: z.array(z.string()).optional(),
  removed: z.array(z.string()).optional(),
  /** A status change: the stored status before and after. */
  from: z.string().optional(),
  to: z.string().optional(),
  /** An approval's clinical checklist as answered, in item order. */
  checklist: z
    .array(z.strictObject({ item: z.enum(CHECKLIST_ITEMS), answer: z.enum(CHECKLIST_ANSWERS) }))
    .optional(),
  /** The address the link was sent to. */
  recipient: z.string().optional(),
  /** Link settings: the expiry set (null: none) and what became of the PIN. */
  expiresAt: isoInstant.nullable().optional(),
  pin: z.enum(['set', 'cleared', 'unchanged']).optional(),
});
export type HistoryDetails = z.infer<typeof historyDetails>;

/** One line of a project's history, as its owner (or an admin) sees it. */
export const historyEntry = z.strictObject({
  /** The event's id; of a line of folded link openings, the last opening's. */
  eventId: z.uuid(),
  action: z.string(),
  actorKind: z.string(),
  /** The actor id: for admins always, for the owner only their own actions. */
  actor: z.string().optional(),
  /**
   * Who acted, by name: a doctor (public link) as they named themselves when commenting,
   * requesting changes or approving; for admins the acting user, while that account exists.
   */
  actorName: z.string().optional(),
  /** True when the caller did it ('You'). */
  mine: z.boolean(),
  /** When it happened; of folded link openings, the last one. */
  at: isoInstant,
  /** The project version the event is about (created, new version, approval). */
  version: z.number().int().optional(),
  /** Consecutive openings of the link folded into this line: how many, and the first's time. */
  count: z.number().int().min(2).optional(),
  firstAt: isoInstant.optional(),
  details: historyDetails.optional(),
});
export type HistoryEntry = z.infer<typeof historyEntry>;

export const historyPage = z.strictObject({
  projectId: z.uuid(),
  /** The project's name; null once the project was deleted (its key is destroyed). */
  projectName: z.string().nullable(),
  /** The caller owns the project: the CSV and PDF exports of the history are theirs to take. */
  exportable: z.boolean(),
  items: z.array(historyEntry),
  /** Pass as `after` to get the next (newer) page; null at the end. */
  nextCursor: z.string().nullable(),
});
export type HistoryPage = z.infer<typeof historyPage>;

/** The exports' file names: the project's id, never its name (often a patient's). */
export const historyExportName = (projectId: string, ext: 'csv' | 'pdf'): string =>
  `cusp-history-${projectId}.${ext}`;
