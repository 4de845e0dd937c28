import type { RecordedEvent } from '../../../api/src/store/eventStore.js';

/** One line of the admin audit view: who did what to which subject, when. */
export interface AuditRow {
  eventId: string;
  /** The store's opaque position; `tx` / `gp` are its two numbers, for ordering. */
  position: string;
  tx: bigint;
  gp: bigint;
  occurredAt: Date;
  /** `user:<id>`, `link:<id>`, `admin:<id>`, `anonymous`, `system`; 'unknown' when missing. */
  actor: string;
  /** The event type, e.g. `ProjectCreated`. */
  action: string;
  stream: string;
  revision: bigint;
  /** From the stream name `<kind>-<id>`: `project-<uuid>` → project / `<uuid>`. */
  subjectKind: string;
  subjectId: string | null;
  /** The project version the event is about (created = 1, a new version, an approval), else null. */
  version: number | null;
}

/** The version number of a project event that names one; never personal data. */
export function versionOf(type: string, data: unknown): number | null {
  if (type === 'ProjectCreated') return 1;
  if (type !== 'ProjectVersionAdded' && type !== 'ProjectApproved') return null;
  const v = (data as { version?: unknown } | null)?.version;
  return typeof v === 'number' && Number.isInteger(v) ? v : null;
}

/** `project-7f3c…` → { kind: 'project', id: '7f3c…' }; a name without a dash has no id. */
export function parseSubject(stream: string): { kind: string; id: string | null } {
  const dash = stream.indexOf('-');
  if (dash <= 0 || dash === stream.length - 1) return { kind: stream, id: null };
  return { kind: stream.slice(0, dash), id: stream.slice(dash + 1) };
}

function parsePosition(position: string): { tx: bigint; gp: bigint } {
  const m = /^(\d+):(\d+)$/.exec(position);
  if (!m) throw new TypeError(`unexpected event position: ${position}`);
  return { tx: BigInt(m[1]!), gp: BigInt(m[2]!) };
}

function occurredAt(at: unknown, fallback: Date): Date {
  if (typeof at !== 'string') return fallback;
  const d = new Date(at);
  return Number.isNaN(d.getTime()) ? fallback : d;
}

export function toAuditRow(event: RecordedEvent): AuditRow {
  const { tx, gp } = parsePosition(event.position);
  const subject = parseSubject(event.stream);
  const meta = (event.metadata ?? {}) as { actor?: unknown; at?: unknown };
  return {
    eventId: event.id,
    position: event.position,
    tx,
    gp,
    occurredAt: occurredAt(meta.at, event.createdAt),
    actor: typeof meta.actor === 'string' && meta.actor ? meta.actor : 'unknown',
    action: event.type,
    stream: event.stream,
    revision: event.revision,
    subjectKind: subject.kind,
    subjectId: subject.id,
    version: versionOf(event.type, event.data),
  };
}
