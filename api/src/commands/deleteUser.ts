import type { AppDeps } from '../deps.js';
import { UserRuleError, userSubject } from '../domain/user.js';
import { projectIdsOfUser } from '../../../projections/src/projects/queries.js';
import { deleteProject, isProjectGone } from './deleteProject.js';
import type { CommandContext } from './handleCommand.js';
import { accountLog, loadUser, runUserCommand, settle } from './userCommand.js';

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
  const { state } = await loadUser(deps, userId);
  if (state.status !== 'active') throw new UserRuleError('user_not_found', 'User not found');
  for (const projectId of await projectIdsOfUser(deps.db, userId)) {
    try {
      await deleteProject(deps, projectId, 'user_deleted', ctx);
    } catch (err) {
      if (!isProjectGone(err)) throw err;
    }
  }
  await deleteAccount(deps, userId, ctx);
  await deps.commentMails.forgetUser(userId);
}

/**
 * Deletes the account alone: `UserDeleted` (no personal data), every session, token and
 * credential row gone, and the data key destroyed so the sealed fields in past events become
 * unreadable. Projects of the user are the caller's business (`deleteUserCascade` deletes them
 * first).
 */
export async function deleteAccount(
  deps: Pick<
    AppDeps,
    'accounts' | 'db' | 'keys' | 'outbox' | 'store' | 'projections' | 'now' | 'answers' | 'log'
  >,
  userId: string,
  ctx: CommandContext,
): Promise<void> {
  const { accounts } = deps;
  const r = await runUserCommand(
    deps,
    userId,
    { type: 'DeleteUser', data: { userId, at: deps.now().toISOString() } },
    ctx.actor,
    ctx,
  );
  await deps.db.transaction(async (tx) => {
    await accounts.sessions.revokeAll(userId, tx);
    await accounts.verification.revokeAll(userId, tx);
    await accounts.resetTokens.revokeAll(userId, tx);
    await accounts.credentials.forget(userId, tx);
    await deps.keys.destroy(userSubject(userId), tx);
  });
  // Committed: now the key's bucket is rotated, and the user's mails in the local sink go.
  await deps.keys.completeShredding([userSubject(userId)]);
  await deps.outbox.forget(userSubject(userId));
  await settle(deps, r.position);
  accountLog(deps).info({ userId }, 'user deleted');
}
