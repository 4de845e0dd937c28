import type { PublicUser, RequestContext } from '../auth/accountTypes.js';
import { canonicalEmail } from '../auth/email.js';
import { UserRuleError, userSubject } from '../domain/user.js';
import { Gone } from '../errors.js';
import { verificationMail, welcomeMail } from '../mail/templates.js';
import { toPublicUser } from '../reads/users.js';
import { ACCOUNT_MAILS_PER_HOUR, HOUR_MS, verifyLink } from './register.js';
import {
  accountLink,
  accountLog,
  loadUser,
  runUserCommand,
  settle,
  type AccountMailDeps,
} from './userCommand.js';

export const EMAIL_VERIFIED_MESSAGE = 'Email verified successfully!';
export const VERIFICATION_LINK_INVALID_MESSAGE =
  'This verification link is invalid or has expired.';
export const EMAIL_ALREADY_VERIFIED_MESSAGE = 'This email address is already verified.';
export const RESEND_MESSAGE =
  'If an account with this email address is waiting for verification, a new link has been sent.';

type Deps = AccountMailDeps;

const invalidLink = () => new Gone(VERIFICATION_LINK_INVALID_MESSAGE, 'verification_link_invalid');

/** GET of the link: reports validity, changes nothing (mail scanners prefetch links). */
export async function checkVerificationToken(deps: Deps, token: string): Promise<void> {
  const userId = await deps.accounts.verification.peek(token);
  if (!userId) throw invalidLink();
  const { state } = await loadUser(deps, userId);
  if (state.status !== 'active' || state.emailVerified) throw invalidLink();
}

/** POST from the verification page: verifies once; a second POST answers 410. */
export async function verifyEmail(
  deps: Deps,
  token: string,
  ctx: RequestContext,
): Promise<PublicUser> {
  const { verification } = deps.accounts;
  const userId = await verification.peek(token);
  if (!userId) throw invalidLink();
  let result;
  try {
    result = await runUserCommand(
      deps,
      userId,
      { type: 'VerifyEmail', data: { userId, at: deps.now().toISOString() } },
      `user:${userId}`,
      ctx,
    );
  } catch (err) {
    if (err instanceof UserRuleError) {
      await verification.revokeAll(userId);
      if (err.code === 'email_already_verified') {
        throw new Gone(EMAIL_ALREADY_VERIFIED_MESSAGE, 'email_already_verified');
      }
      throw invalidLink();
    }
    throw err;
  }
  await verification.revokeAll(userId);
  await settle(deps, result.position);
  if (result.state.status !== 'active') throw invalidLink();
  const user = await toPublicUser(deps, result.state);
  await deps.outbox.enqueue({
    kind: 'welcome',
    subjectId: userSubject(userId),
    message: welcomeMail(user.email, user.name, accountLink(deps, '/login')),
  });
  accountLog(deps).info({ userId }, 'email verified');
  return user;
}

/**
 * Always the same answer for every address: the per-address limit (3 mails an hour, shared
 * with a repeated registration) is counted for known and unknown addresses alike, and the
 * lookup and the mail happen after the answer (as for forgot password), so neither the answer
 * nor its timing tells whether an account is waiting for verification. The new link replaces
 * the older ones: the user asked for it because an earlier one was lost.
 */
export async function resendVerification(deps: Deps, email: string): Promise<{ message: string }> {
  const canonical = canonicalEmail(email);
  if (!canonical) return { message: RESEND_MESSAGE };
  const { allowed } = await deps.accounts.limiter.hit(
    'account-mail',
    deps.accounts.lookup(canonical),
    ACCOUNT_MAILS_PER_HOUR,
    HOUR_MS,
  );
  if (!allowed) return { message: RESEND_MESSAGE };
  deps.afterAnswer.run(
    () => mailNewVerificationLink(deps, canonical),
    accountLog(deps),
    'verification resend failed',
  );
  return { message: RESEND_MESSAGE };
}

async function mailNewVerificationLink(deps: Deps, canonical: string): Promise<void> {
  const { accounts } = deps;
  const userId = await accounts.userIdByEmail(canonical);
  if (!userId) return;
  const { state } = await loadUser(deps, userId);
  if (state.status !== 'active' || state.emailVerified) return;
  const user = await toPublicUser(deps, state);
  const token = await deps.db.transaction(async (tx) => {
    // Two resends at once must not each revoke before the other inserts: both links would live.
    await accounts.credentials.lock(userId, tx);
    await accounts.verification.revokeAll(userId, tx);
    return accounts.verification.issue(userId, tx);
  });
  await deps.outbox.enqueue({
    kind: 'verification',
    subjectId: userSubject(userId),
    message: verificationMail(canonical, user.name, verifyLink(deps, token), {
      replacesEarlier: true,
    }),
  });
  accountLog(deps).info({ userId }, 'verification link sent again');
}
