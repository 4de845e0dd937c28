import { openWith } from '../crypto/keyRing.js';
import type { AppDeps } from '../deps.js';
import { projectSubject } from '../domain/project.js';
import { NotFound } from '../errors.js';
import { listThread } from '../../../projections/src/thread/queries.js';
import type { ThreadEntry as ThreadEntryDto } from '../contract/comments.js';

export type { ThreadEntry as ThreadEntryDto } from '../contract/comments.js';

/**
 * The project's thread, opened with its key. `withEmails`: the owner sees the e-mail a doctor
 * left; the link does not show it (anyone holding the link would otherwise read it).
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
    anchor: t.anchor,
    toolState: t.toolState,
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
