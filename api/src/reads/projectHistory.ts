/**
 * A project's history as a record for its lab: the `audit_log` rows of the project (who, what,
 * when; no personal data there), each with what its event changed and the doctor who did it,
 * opened from the event's sealed fields with the project's key at read time. So nothing of a
 * deleted project is readable here any more than anywhere else: its key is destroyed, and its
 * lines keep only the actions, kinds of actor and times. Consecutive link openings fold into one
 * line.
 */
import { normaliseChecklist } from '../domain/checklist.js';
import {
  projectStream,
  projectSubject,
  type ModelRecord,
  type ProjectEvent,
} from '../domain/project.js';
import type { AppDeps } from '../deps.js';
import { NotFound } from '../errors.js';
import type { HistoryDetails, HistoryEntry, HistoryPage } from '../contract/audit.js';
import {
  projectAuditEntries,
  type AuditLogEntryRow,
} from '../../../projections/src/auditLog/queries.js';
import { actorUserId, projectNames, userNames } from './auditNames.js';

type StreamEvent = Awaited<ReturnType<AppDeps['store']['readStream']>>[number];

/** Who asks: the signed-in user and their role. */
export interface HistoryCaller {
  userId: string;
  role: string;
}

/** The most lines an export holds; a longer history is cut there, which the file says. */
export const HISTORY_EXPORT_MAX = 50_000;

function actorKind(actor: string): string {
  const i = actor.indexOf(':');
  return i < 0 ? actor : actor.slice(0, i);
}

/**
 * The project's stream, once the caller may read its history: its owner, or (unless
 * `ownerOnly`) an admin. Ownership comes from `ProjectCreated`, which carries no personal data,
 * so the history of a deleted project stays readable. Anyone else: 404.
 */
async function streamFor(
  deps: AppDeps,
  projectId: string,
  caller: HistoryCaller,
  ownerOnly: boolean,
): Promise<{ events: StreamEvent[]; isOwner: boolean }> {
  const events = await deps.store.readStream(projectStream(projectId));
  const created = events.find((e) => e.type === 'ProjectCreated');
  const ownerId = (created?.data as { userId?: string } | undefined)?.userId;
  const isOwner = ownerId !== undefined && ownerId === caller.userId;
  const allowed = isOwner || (!ownerOnly && caller.role === 'admin');
  if (!ownerId || !allowed) throw new NotFound('Project not found');
  return { events, isOwner };
}

interface EventFacts {
  details?: HistoryDetails;
  /** The doctor's name as given with a comment, a request for changes or an approval. */
  doctor?: string;
}

/** Drops the keys of `details` that say nothing; undefined when none is left. */
function compact(details: HistoryDetails): HistoryDetails | undefined {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(details)) {
    if (v === undefined || (Array.isArray(v) && v.length === 0) || v === '') continue;
    out[k] = v;
  }
  return Object.keys(out).length > 0 ? (out as HistoryDetails) : undefined;
}

/**
 * What each event in `wanted` changed and which doctor did it, from the stream: fields are
 * opened only for those events, while the whole stream is folded for what they refer to (the
 * files a version removed, the comment a request for changes names).
 */
async function eventFacts(
  deps: AppDeps,
  projectId: string,
  events: readonly StreamEvent[],
  wanted: ReadonlySet<string>,
): Promise<Map<string, EventFacts>> {
  const subject = projectSubject(projectId);
  const open = async (field: string, sealed: string | null | undefined) =>
    sealed ? deps.keys.open(subject, field, sealed).catch(() => null) : null;
  /** 'model-0.stl', or 'Crown 16 (model-0.stl)' where the layer was named apart from its file. */
  const fileName = async (m: ModelRecord | undefined): Promise<string | null> => {
    if (!m) return null;
    const [file, name] = await Promise.all([
      open('originalName', m.originalName),
      open('modelName', m.name),
    ]);
    if (file === null) return null;
    return name && name !== file.replace(/\.[^.]+$/, '') ? `${name} (${file})` : file;
  };
  const fileNames = async (records: readonly (ModelRecord | undefined)[]) =>
    (await Promise.all(records.map(fileName))).filter((n): n is string => n !== null);
  // The doctor of the event just read, for the status change their request records with it
  // (one command: the same actor and time).
  const just: { named: { actor: unknown; at: unknown; name: string } | null } = { named: null };
  const models = new Map<string, ModelRecord>();
  const comments = new Map<string, { name: string; body: string; doctor: boolean }>();
  const out = new Map<string, EventFacts>();
  const put = (id: string, facts: { details?: HistoryDetails; doctor?: string | null }) => {
    const details = facts.details ? compact(facts.details) : undefined;
    out.set(id, {
      ...(details ? { details } : {}),
      ...(facts.doctor ? { doctor: facts.doctor } : {}),
    });
  };

  for (const recorded of events) {
    const e = { type: recorded.type, data: recorded.data } as ProjectEvent;
    const need = wanted.has(recorded.id);
    const { actor, at } = recorded.metadata;
    const prev = just.named;
    const byDoctor = prev && prev.actor === actor && prev.at === at ? prev.name : null;
    just.named = null;
    const remember = (name: string) => {
      just.named = { actor, at, name };
    };
    switch (e.type) {
      case 'ProjectCreated':
        if (need) put(recorded.id, { details: { added: await fileNames(e.data.models) } });
        for (const m of e.data.models) models.set(m.id, m);
        break;
      case 'ProjectVersionAdded': {
        if (need) {
          const added = new Set(e.data.added);
          put(recorded.id, {
            details: {
              note: (await open('versionNote', e.data.note)) ?? undefined,
              added: await fileNames(e.data.models.filter((m) => added.has(m.id))),
              removed: await fileNames(e.data.removed.map((id) => models.get(id))),
            },
          });
        }
        for (const m of e.data.models) models.set(m.id, m);
        break;
      }
      case 'ProjectStatusChanged':
        if (need) {
          put(recorded.id, {
            doctor: byDoctor ? await open('authorName', byDoctor) : null,
            details: { from: e.data.previous, to: e.data.status },
          });
        }
        break;
      case 'ProjectApproved':
        if (e.data.approvedBy) remember(e.data.approvedBy);
        if (need) {
          put(recorded.id, {
            doctor: await open('authorName', e.data.approvedBy),
            details: {
              ...(e.data.checklist
                ? {
                    checklist: normaliseChecklist(e.data.checklist).map((c) => ({
                      item: c.item,
                      answer: c.answer,
                    })),
                  }
                : {}),
            },
          });
        }
        break;
      case 'CommentAdded': {
        const doctor = e.data.author.role === 'doctor';
        comments.set(e.data.commentId, { name: e.data.author.name, body: e.data.body, doctor });
        if (doctor) remember(e.data.author.name);
        if (need && doctor)
          put(recorded.id, { doctor: await open('authorName', e.data.author.name) });
        break;
      }
      case 'ChangesRequested': {
        const comment = comments.get(e.data.commentId);
        if (comment?.doctor) remember(comment.name);
        if (need && comment) {
          put(recorded.id, {
            doctor: comment.doctor ? await open('authorName', comment.name) : null,
            details: { note: (await open('message', comment.body)) ?? undefined },
          });
        }
        break;
      }
      case 'ProjectSentToDoctor':
        if (need) {
          const recipient = await open('doctorEmail', e.data.doctorEmail);
          put(recorded.id, { details: { recipient: recipient ?? undefined } });
        }
        break;
      case 'LinkSettingsChanged':
        if (need) {
          put(recorded.id, { details: { expiresAt: e.data.expiresAt, pin: e.data.pin } });
        }
        break;
      default:
        break;
    }
  }
  return out;
}

/** Runs of consecutive link openings as one line each: how many, the first's time, the last's. */
export function foldOpenings(lines: readonly HistoryEntry[]): HistoryEntry[] {
  const out: HistoryEntry[] = [];
  for (const line of lines) {
    const last = out[out.length - 1];
    if (line.action === 'LinkOpened' && last?.action === 'LinkOpened') {
      out[out.length - 1] = {
        ...line,
        count: (last.count ?? 1) + (line.count ?? 1),
        firstAt: last.firstAt ?? last.at,
      };
    } else {
      out.push(line);
    }
  }
  return out;
}

/** The rows as history lines, with names and what each event changed, openings folded. */
async function linesOf(
  deps: AppDeps,
  projectId: string,
  caller: HistoryCaller,
  events: readonly StreamEvent[],
  rows: readonly AuditLogEntryRow[],
): Promise<HistoryEntry[]> {
  const isAdmin = caller.role === 'admin';
  const actorIds = new Set(rows.map((r) => actorUserId(r.actor) ?? '').filter(Boolean));
  const [facts, actorNames] = await Promise.all([
    eventFacts(deps, projectId, events, new Set(rows.map((r) => r.eventId))),
    isAdmin ? userNames(deps, actorIds) : Promise.resolve(new Map<string, string>()),
  ]);
  const lines = rows.map((r): HistoryEntry => {
    const kind = actorKind(r.actor);
    const actorId = actorUserId(r.actor);
    const mine = actorId === caller.userId;
    const fact = facts.get(r.eventId);
    const actorName = (actorId ? actorNames.get(actorId) : undefined) ?? fact?.doctor;
    return {
      eventId: r.eventId,
      action: r.action,
      actorKind: kind,
      ...(isAdmin || mine ? { actor: r.actor } : {}),
      ...(actorName !== undefined ? { actorName } : {}),
      mine,
      at: r.at,
      ...(r.version !== null ? { version: r.version } : {}),
      ...(fact?.details ? { details: fact.details } : {}),
    };
  });
  return foldOpenings(lines);
}

/**
 * One page of a project's history for its owner (or an admin), oldest first, paged by the store
 * position of its last event. A run of link openings cut by the page's end continues on the next
 * page; the page folds only its own.
 */
export async function projectHistoryPage(
  deps: AppDeps,
  caller: HistoryCaller,
  projectId: string,
  q: { after?: string | undefined; limit: number },
): Promise<HistoryPage> {
  const { events, isOwner } = await streamFor(deps, projectId, caller, false);
  const rows = await projectAuditEntries(deps.db, projectId, q.after, q.limit + 1);
  const more = rows.length > q.limit;
  const page = more ? rows.slice(0, q.limit) : rows;
  const [items, projectName] = await Promise.all([
    linesOf(deps, projectId, caller, events, page),
    projectNames(deps, new Set([projectId])).then((m) => m.get(projectId) ?? null),
  ]);
  const last = page[page.length - 1];
  return {
    projectId,
    projectName,
    exportable: isOwner,
    items,
    nextCursor: more && last ? `${last.txText}:${last.gpText}` : null,
  };
}

/** The whole history as its owner exports it. */
export interface HistoryRecord {
  projectId: string;
  projectName: string | null;
  /** The owner's name (their own lines are theirs), null once the account is gone. */
  ownerName: string | null;
  generatedAt: string;
  lines: HistoryEntry[];
  /** The history has more than `HISTORY_EXPORT_MAX` events: the record holds the first ones. */
  truncated: boolean;
}

/** The whole history, oldest first, for the project's owner only (anyone else: 404). */
export async function projectHistoryRecord(
  deps: AppDeps,
  caller: HistoryCaller,
  projectId: string,
): Promise<HistoryRecord> {
  const { events } = await streamFor(deps, projectId, caller, true);
  const rows = await projectAuditEntries(deps.db, projectId, undefined, HISTORY_EXPORT_MAX + 1);
  const truncated = rows.length > HISTORY_EXPORT_MAX;
  const owner = { ...caller, role: 'user' };
  const [lines, projectName, ownerName] = await Promise.all([
    linesOf(deps, projectId, owner, events, truncated ? rows.slice(0, HISTORY_EXPORT_MAX) : rows),
    projectNames(deps, new Set([projectId])).then((m) => m.get(projectId) ?? null),
    userNames(deps, new Set([caller.userId])).then((m) => m.get(caller.userId) ?? null),
  ]);
  return {
    projectId,
    projectName,
    ownerName,
    generatedAt: deps.now().toISOString(),
    lines,
    truncated,
  };
}
