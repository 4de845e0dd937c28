import { openWith } from '../crypto/keyRing.js';
import type { AppDeps } from '../deps.js';
import {
  COMMENT_PIN_FIELD,
  openedAnchor,
  openedToolState,
  TOOL_STATE_FIELD,
} from '../domain/comments.js';
import { projectSubject } from '../domain/project.js';
import { NotFound } from '../errors.js';
import { listThread } from '../../../projections/src/thread/queries.js';
import type { ThreadEntry as ThreadEntryDto } from '../contract/comments.js';

export type { ThreadEntry as ThreadEntryDto } from '../contract/comments.js';

/**
 * The project's thread, opened with its key (names, bodies, pins' places, saved views).
 * `withEmails`: the owner sees the e-mail a doctor left; the link does not show it (anyone
 * holding the link would otherwise read it).
 */
export async function loadThread(
  deps: Pick<AppDeps, 'db' | 'keys'>,
  projectId: string,
  opts: { withEmails: boolean },
): Promise<ThreadEntryDto[]> {
  const subject = projectSubject(projectId);
  const dk = await deps.keys.existingKey(subject);
  if (!dk) throw new NotFound('Project not found');
  const open = (field: string, sealed: string | null) =>
    sealed === null ? null : openWith(dk.key, subject, field, sealed);
  const opener = (field: string) => (sealed: string) => openWith(dk.key, subject, field, sealed);
  let pins = 0;
  return (await listThread(deps.db, projectId)).map((t) => ({
    id: t.id,
    kind: t.kind,
    parentId: t.parentId,
    author: t.authorRole
      ? {
          role: t.authorRole,
          name: open('authorName', t.authorName),
          ...(opts.withEmails ? { email: open('authorEmail', t.authorEmail) } : {}),
        }
      : null,
    body: open('message', t.body),
    // Pins and saved views are sealed (clear in comments recorded before they were).
    anchor: t.anchor === null ? null : openedAnchor(t.anchor, opener(COMMENT_PIN_FIELD)),
    toolState: t.toolState === null ? null : openedToolState(t.toolState, opener(TOOL_STATE_FIELD)),
    version: t.version,
    pin: t.anchor && t.parentId === null ? ++pins : null,
    status: t.status,
    changesRequested: t.changesRequested,
    checklist: t.checklist,
    createdAt: t.createdAt,
    resolvedAt: t.resolvedAt,
    resolvedBy: t.resolvedBy,
  }));
}
