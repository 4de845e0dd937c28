import type { PublicUser } from '../auth/accountTypes.js';
import { canonicalEmail } from '../auth/email.js';
import type { AppDeps } from '../deps.js';
import type { Role } from '../domain/user.js';
import { AppError } from '../errors.js';
import { toPublicUser } from '../reads/users.js';
import { runUserCommand, settle } from './userCommand.js';

/** For the operator CLI: grant or revoke a role by e-mail address. */
export async function setRole(
  deps: Pick<AppDeps, 'accounts' | 'keys' | 'store' | 'projections' | 'now' | 'answers'>,
  input: { email: string; role: Role; grant: boolean },
  actor = 'system',
): Promise<PublicUser> {
  const { email, role, grant } = input;
  const canonical = canonicalEmail(email);
  const userId = canonical ? await deps.accounts.userIdByEmail(canonical) : undefined;
  if (!userId) throw new AppError(404, 'user_not_found', 'No account with this email address');
  const at = deps.now().toISOString();
  const r = await runUserCommand(
    deps,
    userId,
    grant
      ? { type: 'GrantRole', data: { userId, role, reason: 'cli', at } }
      : { type: 'RevokeRole', data: { userId, role, at } },
    actor,
  );
  await settle(deps, r.position);
  if (r.state.status !== 'active') throw new AppError(404, 'user_not_found', 'User not found');
  return toPublicUser(deps, r.state);
}
