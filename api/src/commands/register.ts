import { randomUUID } from 'node:crypto';
import type { AuthAnswer, RequestContext } from '../auth/accountTypes.js';
import { canonicalEmail } from '../auth/email.js';
import type { AppDeps } from '../deps.js';
import { userSubject } from '../domain/user.js';
import { AppError } from '../errors.js';
import { alreadyRegisteredMail, verificationMail } from '../mail/templates.js';
import { toPublicUser } from '../reads/users.js';
import { accountLink, accountLog, loadUser, runUserCommand } from './userCommand.js';

export const REGISTERED_MESSAGE =
  'Registration successful! Please check your email to verify your account before logging in.';

/** Resend and repeated-register mails per account per hour (no one can flood an inbox). */
export const ACCOUNT_MAILS_PER_HOUR = 3;
export const HOUR_MS = 60 * 60_000;
/** A reservation without events older than this is left over from a crash and may be reused. */
const ORPHAN_RESERVATION_MS = 60_000;

type Deps = Pick<
  AppDeps,
  'accounts' | 'config' | 'keys' | 'outbox' | 'store' | 'projections' | 'now' | 'answers' | 'log'
>;

export const verifyLink = (deps: Pick<AppDeps, 'config'>, token: string): string =>
  accountLink(deps, `/verify-email?token=${encodeURIComponent(token)}`);

/**
 * Registers an account. Answers the same — status, body and, roughly, time — whether or not the
 * address already has an account; an existing owner gets a mail instead (no enumeration).
 */
export async function register(
  deps: Deps,
  input: { name: string; email: string; companyName: string; password: string },
  ctx: RequestContext,
): Promise<AuthAnswer> {
  const { accounts } = deps;
  const canonical = canonicalEmail(input.email);
  if (!canonical) throw new AppError(400, 'invalid_email', 'Please enter a valid email address');
  // Hashed on both paths, so an existing address costs the same time.
  const passwordHash = await accounts.hasher.hash(input.password);
  const lookup = accounts.lookup(canonical);
  const userId = randomUUID();
  const reserved = await reserve(deps, lookup, userId);
  if (!reserved) {
    await notifyExistingOwner(deps, lookup, canonical);
    return { requiresVerification: true, message: REGISTERED_MESSAGE };
  }
  try {
    const subject = userSubject(userId);
    const [name, email, companyName] = await Promise.all([
      deps.keys.seal(subject, 'name', input.name),
      deps.keys.seal(subject, 'email', canonical),
      deps.keys.seal(subject, 'companyName', input.companyName),
    ]);
    await accounts.credentials.addPassword(userId, passwordHash);
    await runUserCommand(
      deps,
      userId,
      {
        type: 'RegisterUser',
        data: {
          userId,
          name,
          email,
          companyName,
          listedAdmin: deps.config.ADMIN_EMAILS.includes(canonical),
          at: deps.now().toISOString(),
        },
      },
      'anonymous',
      ctx,
    );
  } catch (err) {
    // Nothing was recorded: free the address again.
    await accounts.credentials.forget(userId).catch(() => {});
    throw err;
  }
  const token = await accounts.verification.issue(userId);
  await deps.outbox.enqueue({
    kind: 'verification',
    subjectId: userSubject(userId),
    message: verificationMail(canonical, input.name, verifyLink(deps, token)),
  });
  accountLog(deps).info({ userId }, 'user registered');
  return { requiresVerification: true, message: REGISTERED_MESSAGE };
}

/** Claims the address for `userId`; false when it belongs to a live (or in-flight) account. */
async function reserve(deps: Deps, lookup: Buffer, userId: string): Promise<boolean> {
  const { credentials } = deps.accounts;
  if (await credentials.claimEmail(lookup, userId)) return true;
  // A reservation whose registration never reached the event store (a crash in between) is
  // taken over once it is old enough not to be a registration still in progress.
  const claim = await credentials.emailClaim(lookup);
  if (!claim) return reserve(deps, lookup, userId);
  const age = deps.now().getTime() - claim.createdAt.getTime();
  if (age < ORPHAN_RESERVATION_MS) return false;
  const { state } = await loadUser(deps, claim.userId);
  if (state.status !== 'empty') return false;
  return credentials.takeOverEmail(lookup, claim.userId, userId);
}

async function notifyExistingOwner(deps: Deps, lookup: Buffer, canonical: string): Promise<void> {
  const { accounts } = deps;
  const userId = await accounts.credentials.userIdOf(lookup);
  if (!userId) return;
  const { allowed } = await accounts.limiter.hit(
    'account-mail',
    lookup,
    ACCOUNT_MAILS_PER_HOUR,
    HOUR_MS,
  );
  if (!allowed) return;
  const { state } = await loadUser(deps, userId);
  if (state.status !== 'active') return;
  const user = await toPublicUser(deps, state);
  const links = state.emailVerified
    ? { login: accountLink(deps, '/login') }
    : { verify: verifyLink(deps, await accounts.verification.issue(userId)) };
  await deps.outbox.enqueue({
    kind: state.emailVerified ? 'already-registered' : 'verification',
    subjectId: userSubject(userId),
    message: alreadyRegisteredMail(canonical, user.name, links),
  });
}
