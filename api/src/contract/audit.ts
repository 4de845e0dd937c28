import { z } from 'zod';
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

/** One line of a project's history, as its owner (or an admin) sees it. */
export const historyEntry = z.strictObject({
  eventId: z.uuid(),
  action: z.string(),
  actorKind: z.string(),
  /** The actor id: for admins always, for the owner only their own actions. */
  actor: z.string().optional(),
  /** The acting user's name, for admins, while that account exists. */
  actorName: z.string().optional(),
  /** True when the caller did it ('You'). */
  mine: z.boolean(),
  at: isoInstant,
  /** The project version the event is about (created, new version, approval). */
  version: z.number().int().optional(),
});
export type HistoryEntry = z.infer<typeof historyEntry>;

export const historyPage = z.strictObject({
  projectId: z.uuid(),
  /** The project's name; null once the project was deleted (its key is destroyed). */
  projectName: z.string().nullable(),
  items: z.array(historyEntry),
  /** Pass as `after` to get the next (newer) page; null at the end. */
  nextCursor: z.string().nullable(),
});
export type HistoryPage = z.infer<typeof historyPage>;
