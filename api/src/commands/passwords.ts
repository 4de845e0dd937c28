import type { RequestContext } from '../auth/accountTypes.js';
import { canonicalEmail } from '../auth/email.js';
import { userSubject } from '../domain/user.js';
import { AppError, Gone } from '../errors.js';
import { passwordChangedMail, passwordResetMail } from '../mail/templates.js';
import { toPublicUser } from '../reads/users.js';
import { HOUR_MS } from './register.js';
import {
  accountLink,
  accountLog,
  loadUser,
  runUserCommand,
  type AccountMailDeps,
} from './userCommand.js';

/*
 * Forgot password (OWASP Forgot Password cheat sheet): a request mails a single-use link valid for
 * one hour and answers the same, at once, whatever the address; the link's page checks it (a
 * read) and then sets a new password under the policy, which ends every session of the user.
 * Both steps are recorded as user events without the address or the token.
 */

/** The one answer of a reset request, whether or not the address has an account. */
export const FORGOT_PASSWORD_MESSAGE =
  'If an account with this email address exists, we have sent it a link to choose a new password. The link is valid for 1 hour.';
export const RESET_LINK_INVALID_MESSAGE =
  'This password reset link is invalid, has expired or was already used.';
export const PASSWORD_CHANGED_MESSAGE =
  'Your password has been changed. Please sign in with your new password.';

/** Reset mails per account per hour (like resend). Over it: same answer, no mail. */
const RESET_MAILS_PER_HOUR = 3;

type Deps = AccountMailDeps;

const invalidLink = () => new Gone(RESET_LINK_INVALID_MESSAGE, 'reset_link_invalid');

/**
 * Answers at once, the same for every well-formed address; the lookup and the mail (to an
 * existing account, 3 an hour) happen after the answer, so its timing tells nothing either
 * (OWASP Forgot Password cheat sheet: "consistent amount of time … asynchronous calls").
 */
export function requestPasswordReset(
  deps: Deps,
  email: string,
  ctx: RequestContext,
): { message: string } {
  const canonical = canonicalEmail(email);
  if (!canonical) throw new AppError(400, 'invalid_email', 'Please enter a valid email address');
  deps.afterAnswer.run(
    () => mailResetLink(deps, canonical, ctx),
    accountLog(deps),
    'password reset request failed',
  );
  return { message: FORGOT_PASSWORD_MESSAGE };
}

async function mailResetLink(deps: Deps, canonical: string, ctx: RequestContext): Promise<void> {
  const { accounts } = deps;
  const userId = await accounts.userIdByEmail(canonical);
  if (!userId) return;
  const { allowed } = await accounts.limiter.hit(
    'password-reset',
    accounts.lookup(canonical),
    RESET_MAILS_PER_HOUR,
    HOUR_MS,
  );
  if (!allowed) return;
  const { state } = await loadUser(deps, userId);
  if (state.status !== 'active') return;
  const user = await toPublicUser(deps, state);
  const token = await accounts.resetTokens.issue(userId);
  await runUserCommand(
    deps,
    userId,
    { type: 'RequestPasswordReset', data: { userId, at: deps.now().toISOString() } },
    'anonymous',
    ctx,
  );
  await deps.outbox.enqueue({
    kind: 'password-reset',
    subjectId: userSubject(userId),
    message: passwordResetMail(
      canonical,
      user.name,
      accountLink(deps, `/reset-password?token=${encodeURIComponent(token)}`),
    ),
  });
  accountLog(deps).info({ userId }, 'password reset requested');
}

/** Whether a link is live, for the page before it shows the form; changes nothing. */
export async function checkResetLink(deps: Deps, token: string): Promise<void> {
  const userId = await deps.accounts.resetTokens.peek(token);
  if (!userId) throw invalidLink();
  const { state } = await loadUser(deps, userId);
  if (state.status !== 'active') throw invalidLink();
}

/**
 * Sets the new password (the caller has checked it against the policy) and uses the link up.
 * The token, the new hash and the end of every session and every other reset link commit
 * together; of two concurrent uses of one link exactly one succeeds.
 */
export async function resetPassword(
  deps: Deps,
  token: string,
  password: string,
  ctx: RequestContext,
): Promise<void> {
  const { accounts } = deps;
  const userId = await accounts.resetTokens.peek(token);
  if (!userId) throw invalidLink();
  const { state } = await loadUser(deps, userId);
  if (state.status !== 'active') throw invalidLink();
  // Hashed before the link is used up, so a busy hasher (503) leaves the link working.
  const passwordHash = await accounts.hasher.hash(password);
  const sessionsEnded = await deps.db.transaction(async (tx) => {
    if ((await accounts.resetTokens.consume(token, tx)) !== userId) return null;
    await accounts.credentials.setPassword(userId, passwordHash, tx);
    await accounts.resetTokens.revokeAll(userId, tx);
    return accounts.sessions.revokeAll(userId, tx);
  });
  if (sessionsEnded === null) throw invalidLink();
  await runUserCommand(
    deps,
    userId,
    { type: 'ChangePassword', data: { userId, via: 'reset_link', at: deps.now().toISOString() } },
    `user:${userId}`,
    ctx,
  );
  const user = await toPublicUser(deps, state);
  await deps.outbox.enqueue({
    kind: 'password-changed',
    subjectId: userSubject(userId),
    message: passwordChangedMail(user.email, user.name, accountLink(deps, '/forgot-password')),
  });
  accountLog(deps).info({ userId, sessionsEnded }, 'password reset');
}
