import { canonicalEmail } from '../auth/email.js';
import type { AppDeps } from '../deps.js';
import { projectSubject } from '../domain/project.js';
import { NotFound, ValidationError } from '../errors.js';
import { doctorMail } from '../routes/projects.js';
import { runProjectCommand } from '../commands/projectCommand.js';
import type { CommandContext } from '../commands/handleCommand.js';
import { loadProjects } from '../routes/projectService.js';
import { publicLinkFor } from './projectLinks.js';

/**
 * Mails a project's (new) link to a doctor the way "Send to doctor" does: the outbox first, then
 * `ProjectSentToDoctor` (a crash in between leaves a sent mail, never a claimed one).
 */
export async function mailLinkToDoctor(
  deps: AppDeps,
  projectId: string,
  ownerId: string,
  token: string,
  doctorEmail: string,
  ctx: CommandContext,
): Promise<string> {
  const to = canonicalEmail(doctorEmail);
  if (!to) throw new ValidationError('Please enter a valid email address', 'INVALID_EMAIL');
  const [project] = await loadProjects(deps, { ids: [projectId] }, { includeOwner: false });
  if (!project) throw new NotFound('Project not found');
  const owner = await deps.accounts.publicUser(ownerId);
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
  return to;
}
