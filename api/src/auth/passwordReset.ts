import type { Logger } from 'pino';
import type { Db } from '../db/db.js';
import { AppError, Gone } from '../errors.js';
import { passwordChangedMail, passwordResetMail } from '../mail/templates.js';
import type { ActiveUser, UserCommand, UserState } from '../domain/user.js';
import type { MailMessage } from '../mail/mailer.js';
import type { PublicUser, RequestContext } from './accountTypes.js';
import type { DbRateLimiter } from './dbRateLimit.js';
import type { SessionStore } from './sessions.js';
import { canonicalEmail } from './email.js';
import type { PasswordHasher } from './passwords.js';
import { PasswordResetTokens } from './passwordResetTokens.js';

/** What a reset needs of the accounts (`Accounts` provides it). */
export interface ResetAccounts {
  readonly limiter: DbRateLimiter;
  readonly sessions: SessionStore;
  lookup(canonical: string): Buffer;
  link(path: string): string;
  userIdByEmail(canonical: string): Promise<string | undefined>;
  loadUser(userId: string): Promise<{ state: UserState }>;
  toPublic(user: ActiveUser): Promise<PublicUser>;
  execute(
    userId: string,
    command: UserCommand,
    actor: string,
    ctx?: Partial<RequestContext>,
  ): Promise<unknown>;
  queueMail(kind: string, userId: string, message: MailMessage): Promise<void>;
}

/** The one answer of a reset request, whether or not the address has an account. */
export const FORGOT_PASSWORD_MESSAGE =
  'If an account with this email address exists, we have sent it a link to choose a new password. The link is valid for 1 hour.';
export const RESET_LINK_INVALID_MESSAGE =
  'This password reset link is invalid, has expired or was already used.';
export const PASSWORD_CHANGED_MESSAGE =
  'Your password has been changed. Please sign in with your new password.';

/** Reset mails per account per hour (security.md §1.3, like resend). Over it: same answer, no mail. */
const RESET_MAILS_PER_HOUR = 3;
const HOUR_MS = 60 * 60_000;

export interface PasswordResetsOptions {
  accounts: ResetAccounts;
  db: Db;
  hasher: PasswordHasher;
  now: () => Date;
  log: Logger;
}

const invalidLink = () => new Gone(RESET_LINK_INVALID_MESSAGE, 'reset_link_invalid');

/**
 * Forgot password (OWASP Forgot Password cheat sheet): a request mails a single-use link valid for
 * one hour and answers the same, at once, whatever the address; the link's page checks it (a
 * read) and then sets a new password under the policy, which ends every session of the user.
 * Both steps are recorded as user events without the address or the token.
 */
export class PasswordResets {
  readonly tokens: PasswordResetTokens;
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly o: PasswordResetsOptions) {
    this.tokens = new PasswordResetTokens(o.db, o.now);
  }

  /**
   * Answers at once, the same for every well-formed address; the lookup and the mail (to an
   * existing account, 3 an hour) happen after the answer, so its timing tells nothing either
   * (OWASP Forgot Password cheat sheet: "consistent amount of time … asynchronous calls").
   */
  request(email: string, ctx: RequestContext): { message: string } {
    const canonical = canonicalEmail(email);
    if (!canonical) throw new AppError(400, 'invalid_email', 'Please enter a valid email address');
    const work = this.mailLink(canonical, ctx).catch((err: unknown) =>
      this.o.log.error({ err }, 'password reset request failed'),
    );
    this.pending.add(work);
    void work.finally(() => this.pending.delete(work));
    return { message: FORGOT_PASSWORD_MESSAGE };
  }

  /** Resolves when every request answered so far has done its work (tests, shutdown). */
  async idle(): Promise<void> {
    await Promise.all([...this.pending]);
  }

  private async mailLink(canonical: string, ctx: RequestContext): Promise<void> {
    const { accounts } = this.o;
    const userId = await accounts.userIdByEmail(canonical);
    if (!userId) return;
    const { allowed } = await accounts.limiter.hit(
      'password-reset',
      accounts.lookup(canonical),
      RESET_MAILS_PER_HOUR,
      HOUR_MS,
    );
    if (!allowed) return;
    const { state } = await accounts.loadUser(userId);
    if (state.status !== 'active') return;
    const user = await accounts.toPublic(state);
    const token = await this.tokens.issue(userId);
    await accounts.execute(
      userId,
      { type: 'RequestPasswordReset', data: { userId, at: this.o.now().toISOString() } },
      'anonymous',
      ctx,
    );
    await accounts.queueMail(
      'password-reset',
      userId,
      passwordResetMail(
        canonical,
        user.name,
        accounts.link(`/reset-password?token=${encodeURIComponent(token)}`),
      ),
    );
    this.o.log.info({ userId }, 'password reset requested');
  }

  /** Whether a link is live, for the page before it shows the form; changes nothing. */
  async check(token: string): Promise<void> {
    const userId = await this.tokens.peek(token);
    if (!userId) throw invalidLink();
    const { state } = await this.o.accounts.loadUser(userId);
    if (state.status !== 'active') throw invalidLink();
  }

  /**
   * Sets the new password (the caller has checked it against the policy) and uses the link up.
   * The token, the new hash and the end of every session and every other reset link commit
   * together; of two concurrent uses of one link exactly one succeeds.
   */
  async reset(token: string, password: string, ctx: RequestContext): Promise<void> {
    const { accounts, db } = this.o;
    const userId = await this.tokens.peek(token);
    if (!userId) throw invalidLink();
    const { state } = await accounts.loadUser(userId);
    if (state.status !== 'active') throw invalidLink();
    // Hashed before the link is used up, so a busy hasher (503) leaves the link working.
    const passwordHash = await this.o.hasher.hash(password);
    const sessionsEnded = await db.transaction(async (tx) => {
      if ((await this.tokens.consume(token, tx)) !== userId) return null;
      await tx.query(
        'UPDATE user_credentials SET password_hash = $2, updated_at = now() WHERE user_id = $1',
        [userId, passwordHash],
      );
      await this.tokens.revokeAll(userId, tx);
      return accounts.sessions.revokeAll(userId, tx);
    });
    if (sessionsEnded === null) throw invalidLink();
    await accounts.execute(
      userId,
      {
        type: 'ChangePassword',
        data: { userId, via: 'reset_link', at: this.o.now().toISOString() },
      },
      `user:${userId}`,
      ctx,
    );
    const user = await accounts.toPublic(state);
    await accounts.queueMail(
      'password-changed',
      userId,
      passwordChangedMail(user.email, user.name, accounts.link('/forgot-password')),
    );
    this.o.log.info({ userId, sessionsEnded }, 'password reset');
  }
}
