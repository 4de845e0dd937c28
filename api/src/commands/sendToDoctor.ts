import type { AppDeps } from '../deps.js';
import { projectSubject } from '../domain/project.js';
import { NotFound } from '../errors.js';
import { publicLinkFor } from '../links/projectLinks.js';
import { ensurePublicToken } from './publicLink.js';
import { doctorMail } from '../mail/projectMails.js';
import { loadProjects } from '../reads/projects.js';
import { publicUser } from '../reads/users.js';
import type { CommandContext } from './handleCommand.js';
import { runProjectCommand } from './projectCommand.js';

/**
 * Sends a project's link to a doctor: the mail (naming the owner who shares the case) goes to the
 * outbox first, then `ProjectSentToDoctor` records it with the address sealed. A crash between the
 * two leaves a sent mail, never a claimed one.
 */
export async function sendToDoctor(
  deps: AppDeps,
  input: { projectId: string; ownerId: string; to: string },
  ctx: CommandContext,
): Promise<void> {
  const { projectId, ownerId, to } = input;
  const [project] = await loadProjects(deps, { ids: [projectId] }, { includeOwner: false });
  if (!project) throw new NotFound('Project not found');
  const token = project.publicToken ?? (await ensurePublicToken(deps, projectId));
  const owner = await publicUser(deps, ownerId);
  const subject = projectSubject(projectId);
  const mailId = await deps.outbox.enqueue({
    kind: 'doctor',
    subjectId: subject,
    message: doctorMail(to, project.name, publicLinkFor(deps, token), owner),
  });
  const sealed = await deps.keys.seal(subject, 'doctorEmail', to);
  await runProjectCommand(
    deps,
    projectId,
    {
      type: 'SendProjectToDoctor',
      data: { projectId, doctorEmail: sealed, mailId, now: deps.now().toISOString() },
    },
    ctx,
  );
}
