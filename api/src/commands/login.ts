import type { AuthAnswer, RequestContext } from '../auth/accountTypes.js';
import { canonicalEmail } from '../auth/email.js';
import { BOT_CHECK_AFTER_FAILURES, MAX_FAILURES_PER_HOUR } from '../auth/loginGuard.js';
import { botCheckError } from '../botcheck/botCheck.js';
import type { AppDeps } from '../deps.js';
import type { UserState } from '../domain/user.js';
import { AppError, TooManyRequests, Unauthorized } from '../errors.js';
import { toPublicUser } from '../reads/users.js';
import { accountLog, loadUser, runUserCommand, settle } from './userCommand.js';

export const VERIFY_BEFORE_LOGIN_MESSAGE = 'Please verify your email address before logging in.';
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password';
export const LOGIN_SUCCESS_MESSAGE = 'Login successful';

type Deps = Pick<
  AppDeps,
  'accounts' | 'botCheck' | 'config' | 'keys' | 'store' | 'projections' | 'now' | 'answers' | 'log'
>;

/** The address as the login guard counts it: canonical, or as typed when it is not one. */
const loginKey = (email: string): string => canonicalEmail(email) ?? email.trim().toLowerCase();

/**
 * Checks a password and opens a session. The bot check is required once the account key has 2
 * failures since its last success — decided here from the stored counter, whatever the page
 * shows. Unknown addresses count failures and cost an argon2 verification like known ones. A
 * listed admin (ADMIN_EMAILS) is granted the role here.
 */
export async function login(
  deps: Deps,
  input: { email: string; password: string; botCheckPayload?: string | undefined },
  ctx: RequestContext,
): Promise<AuthAnswer> {
  const { accounts } = deps;
  const canonical = loginKey(input.email);
  const key = accounts.lookup(canonical);
  const before = await accounts.guard.state(key);
  if (before.windowFailures >= MAX_FAILURES_PER_HOUR) {
    throw new TooManyRequests(
      accounts.guard.retryAfterSeconds(before),
      'Too many failed sign-in attempts. Please wait and try again.',
    );
  }
  if (before.failures >= BOT_CHECK_AFTER_FAILURES) {
    const check = await deps.botCheck.verify(input.botCheckPayload, {
      purpose: 'login',
      ip: ctx.ip,
    });
    if (!check.ok) {
      // A wrong or missing check is a failed attempt too: otherwise skipping it would be free.
      await accounts.guard.recordFailure(key);
      const err = botCheckError(check.reason);
      throw new AppError(err.status, err.code, err.message, { captchaRequired: true });
    }
  }
  const userId = await accounts.userIdByEmail(canonical);
  const passwordHash = userId ? await accounts.credentials.passwordHashOf(userId) : undefined;
  const ok = passwordHash
    ? await accounts.hasher.verify(passwordHash, input.password)
    : await accounts.hasher.verifyDummy(input.password);
  const loaded = ok && userId ? await loadUser(deps, userId) : undefined;
  if (!ok || !userId || !passwordHash || loaded?.state.status !== 'active') {
    const after = await accounts.guard.recordFailure(key);
    accountLog(deps).info({ failures: after.failures }, 'login failed');
    throw new AppError(401, 'invalid_credentials', INVALID_CREDENTIALS_MESSAGE, {
      captchaRequired: after.failures >= BOT_CHECK_AFTER_FAILURES,
    });
  }
  await accounts.guard.recordSuccess(key);
  let state: UserState = loaded.state;
  if (state.status === 'active' && !state.emailVerified) {
    return { requiresVerification: true, message: VERIFY_BEFORE_LOGIN_MESSAGE };
  }
  if (accounts.hasher.needsRehash(passwordHash)) {
    await accounts.credentials.setPassword(userId, await accounts.hasher.hash(input.password));
  }
  if (
    state.status === 'active' &&
    state.role !== 'admin' &&
    deps.config.ADMIN_EMAILS.includes(canonical)
  ) {
    const r = await runUserCommand(
      deps,
      userId,
      {
        type: 'GrantRole',
        data: { userId, role: 'admin', reason: 'admin_emails', at: deps.now().toISOString() },
      },
      'system',
      ctx,
    );
    state = r.state;
    await settle(deps, r.position);
  }
  if (state.status !== 'active')
    throw new Unauthorized(INVALID_CREDENTIALS_MESSAGE, 'invalid_credentials');
  const token = await accounts.sessions.create(userId);
  accountLog(deps).info({ userId }, 'user logged in');
  return {
    token,
    user: await toPublicUser(deps, state),
    requiresVerification: false,
    message: LOGIN_SUCCESS_MESSAGE,
  };
}

/** Whether the login form must show the bot check for this address now. */
export async function botCheckRequired(
  deps: Pick<AppDeps, 'accounts'>,
  email: string,
): Promise<boolean> {
  const s = await deps.accounts.guard.state(deps.accounts.lookup(loginKey(email)));
  return s.failures >= BOT_CHECK_AFTER_FAILURES;
}
