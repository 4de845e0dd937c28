import { canonicalEmail } from '../auth/email.js';
import { compareSearch } from '../contract/viewerAddress.js';
import type { AppDeps } from '../deps.js';
import { projectStream, projectSubject } from '../domain/project.js';
import { linkStateOf } from '../links/access.js';
import { hashPublicToken, publicLinkFor, publicTokenOf } from '../links/projectLinks.js';
import { newVersionMail } from '../mail/projectMails.js';
import { linkRowOf } from '../../../projections/src/projectLinks/queries.js';

/** A doctor to tell: the address (as first given) and the name they commented under, if any. */
export interface VersionRecipient {
  email: string;
  name: string;
}

interface StreamFacts {
  projectName: string;
  laboratory: string;
  recipients: VersionRecipient[];
}

type Open = (field: string, sealed: string | null | undefined) => Promise<string | null>;

/**
 * The doctors of a project as its stream records them: every address it was sent to
 * (`ProjectSentToDoctor`) and every commenter's address (`CommentAdded`), each once whatever
 * its case; the name comes from the first comment under that address. Only those since the
 * link's last rotation: a new link cuts off whoever had the old one, and the mail carries the
 * new link.
 */
async function readStream(deps: AppDeps, projectId: string, open: Open): Promise<StreamFacts> {
  const facts: StreamFacts = { projectName: '', laboratory: '', recipients: [] };
  const byKey = new Map<string, VersionRecipient>();
  const add = (email: string | null, name: string | null) => {
    if (!email) return;
    const key = canonicalEmail(email) ?? email.trim().toLowerCase();
    const known = byKey.get(key);
    if (!known) byKey.set(key, { email: email.trim(), name: name ?? '' });
    else if (!known.name && name) known.name = name;
  };
  for (const e of await deps.store.readStream(projectStream(projectId))) {
    const data = e.data as Record<string, unknown>;
    if (e.type === 'ProjectCreated') {
      facts.projectName = (await open('name', data.name as string)) ?? '';
      facts.laboratory = (await open('laboratoryName', data.laboratoryName as string)) ?? '';
    } else if (e.type === 'LinkRotated') {
      byKey.clear();
    } else if (e.type === 'ProjectSentToDoctor') {
      add(await open('doctorEmail', data.doctorEmail as string), null);
    } else if (e.type === 'CommentAdded') {
      const author = data.author as { role: string; name: string; email: string | null };
      if (author.role !== 'doctor' || !author.email) continue;
      add(await open('authorEmail', author.email), await open('authorName', author.name));
    }
  }
  facts.recipients = [...byKey.values()];
  return facts;
}

/**
 * Tells the project's doctors of a new version: one mail per address through the outbox, with
 * the lab's note and the link that opens the version beside the previous one. Nothing is sent
 * while the project has no link, or its link is withdrawn or past its expiry. Answers how many
 * mails were queued; never fails the version, which is already recorded.
 */
export async function notifyNewVersion(
  deps: AppDeps,
  projectId: string,
  version: number,
  note: string,
): Promise<number> {
  let queued = 0;
  try {
    const token = await publicTokenOf(deps, projectId);
    if (!token) return 0;
    const row = await linkRowOf(deps.db, projectId);
    if (linkStateOf(row, hashPublicToken(token), deps.now()) !== 'active') return 0;
    const subject = projectSubject(projectId);
    const open: Open = async (field, sealed) =>
      sealed ? deps.keys.open(subject, field, sealed) : null;
    const facts = await readStream(deps, projectId, open);
    const link = `${publicLinkFor(deps, token)}${compareSearch(version, version - 1)}`;
    for (const r of facts.recipients) {
      await deps.outbox.enqueue({
        kind: 'version-notice',
        subjectId: subject,
        message: newVersionMail(r.email, r.name, {
          projectName: facts.projectName,
          laboratory: facts.laboratory,
          version,
          previous: version - 1,
          note,
          link,
        }),
      });
      queued += 1;
    }
    if (queued > 0) deps.log.info({ projectId, version, mails: queued }, 'version notices queued');
  } catch (err) {
    deps.log.error({ err, projectId }, 'version notification failed');
  }
  return queued;
}
