import type { AppDeps } from '../deps.js';
import { UserRuleError } from '../domain/user.js';
import { projectIdsOfUser } from '../../../projections/src/projects/queries.js';
import { deleteProject, isProjectGone } from './deleteProject.js';
import type { CommandContext } from './handleCommand.js';

/**
 * Deletes an account with everything it owns: every project is crypto-shredded first (a project
 * deleted meanwhile is skipped), then the account, its secrets and its key. Refused with
 * `user_not_found` when there is no live account.
 */
export async function deleteUserCascade(
  deps: AppDeps,
  userId: string,
  ctx: CommandContext,
): Promise<void> {
  const { state } = await deps.accounts.loadUser(userId);
  if (state.status !== 'active') throw new UserRuleError('user_not_found', 'User not found');
  for (const projectId of await projectIdsOfUser(deps.db, userId)) {
    try {
      await deleteProject(deps, projectId, 'user_deleted', ctx);
    } catch (err) {
      if (!isProjectGone(err)) throw err;
    }
  }
  await deps.accounts.deleteUser(userId, ctx.actor, ctx);
  await deps.commentMails.forgetUser(userId);
}
