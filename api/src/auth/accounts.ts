import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { KeyRing } from '../crypto/keyRing.js';
import type { Db } from '../db/db.js';
import { userAccess, userProfile } from '../../../projections/src/users/queries.js';
import { handleCommand, loadAggregate } from '../commands/handleCommand.js';
import {
  type ActiveUser,
  type Role,
  type UserCommand,
  type UserEvent,
  type UserState,
  UserRuleError,
  userDecider,
  userStream,
  userSubject,
} from '../domain/user.js';
import { AppError, Gone, TooManyRequests, Unauthorized } from '../errors.js';
import type { MailMessage } from '../mail/mailer.js';
import type { Outbox } from '../mail/outbox.js';
import { alreadyRegisteredMail, verificationMail, welcomeMail } from '../mail/templates.js';
import type { EventStore, Position } from '../store/eventStore.js';
import type { ProjectionsHandle } from '../store/projectionsHandle.js';
import { type BotCheck, botCheckError } from '../botcheck/botCheck.js';
import { DbRateLimiter } from './dbRateLimit.js';
import { canonicalEmail } from './email.js';
import { BOT_CHECK_AFTER_FAILURES, LoginGuard, MAX_FAILURES_PER_HOUR } from './loginGuard.js';
import type { PasswordHasher } from './passwords.js';
import type { AuthAnswer, AuthUser, PublicUser, RequestContext } from './accountTypes.js';
import { PasswordResets } from './passwordReset.js';
import { emailLookup } from './secrets.js';
import { SessionStore } from './sessions.js';
import { VerificationTokens } from './verificationTokens.js';

export type { AuthAnswer, AuthUser, PublicUser, RequestContext } from './accountTypes.js';

// Answers (spec §8 where it names them).
export const REGISTERED_MESSAGE =
  'Registration successful! Please check your email to verify your account before logging in.';
export const VERIFY_BEFORE_LOGIN_MESSAGE = 'Please verify your email address before logging in.';
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password';
export const LOGIN_SUCCESS_MESSAGE = 'Login successful';
export const EMAIL_VERIFIED_MESSAGE = 'Email verified successfully!';
export const VERIFICATION_LINK_INVALID_MESSAGE =
  'This verification link is invalid or has expired.';
export const EMAIL_ALREADY_VERIFIED_MESSAGE = 'This email address is already verified.';
export const RESEND_MESSAGE =
  'If an account with this email address is waiting for verification, a new link has been sent.';

/** Resend and repeated-register mails per account per hour (security.md §1.3). */
const ACCOUNT_MAILS_PER_HOUR = 3;
const HOUR_MS = 60 * 60_000;
/** A reservation without events older than this is left over from a crash and may be reused. */
const ORPHAN_RESERVATION_MS = 60_000;

export interface AccountsOptions {
  config: Config;
  db: Db;
  store: EventStore;
  keys: KeyRing;
  projections: ProjectionsHandle;
  outbox: Outbox;
  botCheck: BotCheck;
  hasher: PasswordHasher;
  /** HMAC key for e-mail lookups, derived from the KEK. */
  lookupKey: Buffer;
  now: () => Date;
  log: Logger;
}

/**
 * Who an event is recorded as done by: the request's actor, except a role that ADMIN_EMAILS grants,
 * which is the configuration's doing (`system`), whoever's request happened to apply it.
 */
function actorOf(event: UserEvent, requestActor: string): string {
  return event.type === 'RoleGranted' && event.data.reason === 'admin_emails'
    ? 'system'
    : requestActor;
}

/**
 * Accounts: registration, verification, login, sessions, roles, deletion, and (through
 * `passwordResets`) forgot password. Routes stay thin and call these; the rules of the user
 * itself live in the pure decider (domain/user.ts).
 */
export class Accounts {
  readonly sessions: SessionStore;
  readonly verification: VerificationTokens;
  readonly guard: LoginGuard;
  readonly limiter: DbRateLimiter;
  readonly passwordResets: PasswordResets;
  private readonly pendingResends = new Set<Promise<void>>();

  constructor(private readonly o: AccountsOptions) {
    this.sessions = new SessionStore(o.db, o.now);
    this.verification = new VerificationTokens(o.db, o.now);
    this.guard = new LoginGuard(o.db, o.now);
    this.limiter = new DbRateLimiter(o.db, o.now);
    this.passwordResets = new PasswordResets({
      accounts: this,
      db: o.db,
      hasher: o.hasher,
      now: o.now,
      log: o.log,
    });
  }

  // ------------------------------------------------------------ helpers

  lookup(canonical: string): Buffer {
    return emailLookup(this.o.lookupKey, canonical);
  }

  /** An absolute link for a mail, from PUBLIC_BASE_URL only (never the Host header). */
  link(path: string): string {
    return `${this.o.config.publicBaseUrl}${path}`;
  }

  private verifyLink(token: string): string {
    return this.link(`/verify-email?token=${encodeURIComponent(token)}`);
  }

  private isListedAdmin(canonical: string): boolean {
    return this.o.config.ADMIN_EMAILS.includes(canonical);
  }

  loadUser(userId: string): Promise<{ state: UserState; version: bigint | 'no_stream' }> {
    return loadAggregate(this.o, userStream(userId), userDecider);
  }

  /**
   * Runs a command on the user's stream through the command handler (one retry on a concurrent
   * write). The read models are not awaited here: callers that answer from them `settle` the
   * returned position. The new state comes back with it.
   */
  async execute(
    userId: string,
    command: UserCommand,
    actor: string,
    ctx?: Partial<RequestContext>,
  ): Promise<{ state: UserState; position: Position | undefined }> {
    const r = await handleCommand(
      { ...this.o, newId: randomUUID },
      {
        stream: userStream(userId),
        decider: userDecider,
        command,
        context: { actor, ...(ctx?.requestId ? { requestId: ctx.requestId } : {}) },
        actorOf,
        awaitProjections: false,
      },
    );
    return { state: r.newState, position: r.position };
  }

  private async settle(position: Position | undefined): Promise<void> {
    if (position) await this.o.projections.waitFor(position, 2_000);
  }

  async toPublic(user: ActiveUser): Promise<PublicUser> {
    const subject = userSubject(user.userId);
    const [name, email, companyName] = await Promise.all([
      this.o.keys.open(subject, 'name', user.name),
      this.o.keys.open(subject, 'email', user.email),
      this.o.keys.open(subject, 'companyName', user.companyName),
    ]);
    return {
      id: user.userId,
      name: name ?? '',
      email: email ?? '',
      companyName: companyName ?? '',
      emailVerified: user.emailVerified,
      role: user.role,
      createdAt: user.registeredAt,
    };
  }

  /** The user from the read model (falls back to the stream while the projection catches up). */
  async publicUser(userId: string): Promise<PublicUser | null> {
    const row = await userProfile(this.o.db, userId);
    if (row) {
      return this.toPublic({
        status: 'active',
        userId: row.id,
        name: row.name,
        email: row.email,
        companyName: row.company_name,
        role: row.role,
        emailVerified: row.email_verified,
        registeredAt: new Date(row.created_at).toISOString(),
      });
    }
    const { state } = await this.loadUser(userId);
    return state.status === 'active' ? this.toPublic(state) : null;
  }

  async userIdByEmail(canonical: string): Promise<string | undefined> {
    const r = await this.o.db.query<{ user_id: string }>(
      'SELECT user_id FROM user_emails WHERE email_lookup = $1',
      [this.lookup(canonical)],
    );
    return r.rows[0]?.user_id;
  }

  async queueMail(kind: string, userId: string, message: MailMessage): Promise<void> {
    await this.o.outbox.enqueue({ kind, subjectId: userSubject(userId), message });
  }

  // ------------------------------------------------------------ register

  /**
   * Registers an account. Answers the same — status, body and, roughly, time — whether or not the
   * address already has an account; an existing owner gets a mail instead (security.md §1.1).
   */
  async register(
    input: { name: string; email: string; companyName: string; password: string },
    ctx: RequestContext,
  ): Promise<AuthAnswer> {
    const canonical = canonicalEmail(input.email);
    if (!canonical) throw new AppError(400, 'invalid_email', 'Please enter a valid email address');
    // Hashed on both paths, so an existing address costs the same time.
    const passwordHash = await this.o.hasher.hash(input.password);
    const lookup = this.lookup(canonical);
    const userId = randomUUID();
    const reserved = await this.reserve(lookup, userId);
    if (!reserved) {
      await this.notifyExistingOwner(lookup, canonical);
      return { requiresVerification: true, message: REGISTERED_MESSAGE };
    }
    try {
      const subject = userSubject(userId);
      const [name, email, companyName] = await Promise.all([
        this.o.keys.seal(subject, 'name', input.name),
        this.o.keys.seal(subject, 'email', canonical),
        this.o.keys.seal(subject, 'companyName', input.companyName),
      ]);
      await this.o.db.query(
        'INSERT INTO user_credentials (user_id, password_hash) VALUES ($1, $2)',
        [userId, passwordHash],
      );
      await this.execute(
        userId,
        {
          type: 'RegisterUser',
          data: {
            userId,
            name,
            email,
            companyName,
            listedAdmin: this.isListedAdmin(canonical),
            at: this.o.now().toISOString(),
          },
        },
        'anonymous',
        ctx,
      );
    } catch (err) {
      // Nothing was recorded: free the address again.
      await this.o.db
        .query('DELETE FROM user_credentials WHERE user_id = $1', [userId])
        .catch(() => {});
      await this.o.db.query('DELETE FROM user_emails WHERE user_id = $1', [userId]).catch(() => {});
      throw err;
    }
    const token = await this.verification.issue(userId);
    await this.queueMail(
      'verification',
      userId,
      verificationMail(canonical, input.name, this.verifyLink(token)),
    );
    this.o.log.info({ userId }, 'user registered');
    return { requiresVerification: true, message: REGISTERED_MESSAGE };
  }

  /** Claims the address for `userId`; false when it belongs to a live (or in-flight) account. */
  private async reserve(lookup: Buffer, userId: string): Promise<boolean> {
    const ins = await this.o.db.query(
      `INSERT INTO user_emails (email_lookup, user_id) VALUES ($1, $2)
       ON CONFLICT (email_lookup) DO NOTHING RETURNING 1`,
      [lookup, userId],
    );
    if (ins.rows.length > 0) return true;
    // A reservation whose registration never reached the event store (a crash in between) is
    // taken over once it is old enough not to be a registration still in progress.
    const r = await this.o.db.query<{ user_id: string; created_at: Date | string }>(
      'SELECT user_id, created_at FROM user_emails WHERE email_lookup = $1',
      [lookup],
    );
    const row = r.rows[0];
    if (!row) return this.reserve(lookup, userId);
    const age = this.o.now().getTime() - new Date(row.created_at).getTime();
    if (age < ORPHAN_RESERVATION_MS) return false;
    const { state } = await this.loadUser(row.user_id);
    if (state.status !== 'empty') return false;
    const took = await this.o.db.query(
      `UPDATE user_emails SET user_id = $3, created_at = now()
        WHERE email_lookup = $1 AND user_id = $2 RETURNING 1`,
      [lookup, row.user_id, userId],
    );
    if (took.rows.length > 0) {
      await this.o.db.query('DELETE FROM user_credentials WHERE user_id = $1', [row.user_id]);
    }
    return took.rows.length > 0;
  }

  private async notifyExistingOwner(lookup: Buffer, canonical: string): Promise<void> {
    const r = await this.o.db.query<{ user_id: string }>(
      'SELECT user_id FROM user_emails WHERE email_lookup = $1',
      [lookup],
    );
    const userId = r.rows[0]?.user_id;
    if (!userId) return;
    const { allowed } = await this.limiter.hit(
      'account-mail',
      lookup,
      ACCOUNT_MAILS_PER_HOUR,
      HOUR_MS,
    );
    if (!allowed) return;
    const { state } = await this.loadUser(userId);
    if (state.status !== 'active') return;
    const user = await this.toPublic(state);
    if (state.emailVerified) {
      await this.queueMail(
        'already-registered',
        userId,
        alreadyRegisteredMail(canonical, user.name, { login: this.link('/login') }),
      );
    } else {
      const token = await this.verification.issue(userId);
      await this.queueMail(
        'verification',
        userId,
        alreadyRegisteredMail(canonical, user.name, { verify: this.verifyLink(token) }),
      );
    }
  }

  // ------------------------------------------------------------ login

  /**
   * Checks a password. The bot check is required once the account key has 2 failures since its
   * last success — decided here from the stored counter, whatever the page shows. Unknown
   * addresses count failures and cost an argon2 verification like known ones.
   */
  async login(
    input: { email: string; password: string; botCheckPayload?: string | undefined },
    ctx: RequestContext,
  ): Promise<AuthAnswer> {
    const canonical = canonicalEmail(input.email) ?? input.email.trim().toLowerCase();
    const key = this.lookup(canonical);
    const before = await this.guard.state(key);
    if (before.windowFailures >= MAX_FAILURES_PER_HOUR) {
      throw new TooManyRequests(
        this.guard.retryAfterSeconds(before),
        'Too many failed sign-in attempts. Please wait and try again.',
      );
    }
    if (before.failures >= BOT_CHECK_AFTER_FAILURES) {
      const check = await this.o.botCheck.verify(input.botCheckPayload, {
        purpose: 'login',
        ip: ctx.ip,
      });
      if (!check.ok) {
        // A wrong or missing check is a failed attempt too: otherwise skipping it would be free.
        await this.guard.recordFailure(key);
        const err = botCheckError(check.reason);
        throw new AppError(err.status, err.code, err.message, { captchaRequired: true });
      }
    }
    const userId = await this.userIdByEmail(canonical);
    const cred = userId
      ? (
          await this.o.db.query<{ password_hash: string }>(
            'SELECT password_hash FROM user_credentials WHERE user_id = $1',
            [userId],
          )
        ).rows[0]
      : undefined;
    const ok = cred
      ? await this.o.hasher.verify(cred.password_hash, input.password)
      : await this.o.hasher.verifyDummy(input.password);
    const loaded = ok && userId ? await this.loadUser(userId) : undefined;
    if (!ok || !userId || !cred || loaded?.state.status !== 'active') {
      const after = await this.guard.recordFailure(key);
      this.o.log.info({ failures: after.failures }, 'login failed');
      throw new AppError(401, 'invalid_credentials', INVALID_CREDENTIALS_MESSAGE, {
        captchaRequired: after.failures >= BOT_CHECK_AFTER_FAILURES,
      });
    }
    await this.guard.recordSuccess(key);
    let state: UserState = loaded.state;
    if (state.status === 'active' && !state.emailVerified) {
      return { requiresVerification: true, message: VERIFY_BEFORE_LOGIN_MESSAGE };
    }
    if (this.o.hasher.needsRehash(cred.password_hash)) {
      const rehashed = await this.o.hasher.hash(input.password);
      await this.o.db.query(
        'UPDATE user_credentials SET password_hash = $2, updated_at = now() WHERE user_id = $1',
        [userId, rehashed],
      );
    }
    if (state.status === 'active' && state.role !== 'admin' && this.isListedAdmin(canonical)) {
      const r = await this.execute(
        userId,
        {
          type: 'GrantRole',
          data: { userId, role: 'admin', reason: 'admin_emails', at: this.o.now().toISOString() },
        },
        'system',
        ctx,
      );
      state = r.state;
      await this.settle(r.position);
    }
    if (state.status !== 'active')
      throw new Unauthorized(INVALID_CREDENTIALS_MESSAGE, 'invalid_credentials');
    const token = await this.sessions.create(userId);
    this.o.log.info({ userId }, 'user logged in');
    return {
      token,
      user: await this.toPublic(state),
      requiresVerification: false,
      message: LOGIN_SUCCESS_MESSAGE,
    };
  }

  /** Whether the login form must show the bot check for this address now. */
  async botCheckRequired(email: string): Promise<boolean> {
    const canonical = canonicalEmail(email) ?? email.trim().toLowerCase();
    const s = await this.guard.state(this.lookup(canonical));
    return s.failures >= BOT_CHECK_AFTER_FAILURES;
  }

  // ------------------------------------------------------------ sessions

  /** Resolves `Authorization: Bearer <token>`; throws 401 for anything but a live session. */
  async authenticate(authorization: string | undefined): Promise<AuthUser> {
    const m = /^Bearer ([^\s]+)$/i.exec(authorization ?? '');
    if (!m) throw new Unauthorized();
    const token = m[1]!;
    const session = await this.sessions.resolve(token);
    if (!session) throw new Unauthorized();
    const row = await userAccess(this.o.db, session.userId);
    if (row) {
      return { userId: session.userId, role: row.role, emailVerified: row.email_verified, token };
    }
    const { state } = await this.loadUser(session.userId);
    if (state.status !== 'active') {
      await this.sessions.revokeAll(session.userId);
      throw new Unauthorized();
    }
    return { userId: session.userId, role: state.role, emailVerified: state.emailVerified, token };
  }

  async logout(token: string): Promise<void> {
    await this.sessions.revoke(token);
  }

  // ------------------------------------------------------------ verification

  /** GET of the link: reports validity, changes nothing (mail scanners prefetch links). */
  async checkVerificationToken(token: string): Promise<void> {
    const userId = await this.verification.peek(token);
    if (!userId) throw new Gone(VERIFICATION_LINK_INVALID_MESSAGE, 'verification_link_invalid');
    const { state } = await this.loadUser(userId);
    if (state.status !== 'active' || state.emailVerified) {
      throw new Gone(VERIFICATION_LINK_INVALID_MESSAGE, 'verification_link_invalid');
    }
  }

  /** POST from the verification page: verifies once; a second POST answers 410. */
  async verifyEmail(token: string, ctx: RequestContext): Promise<PublicUser> {
    const userId = await this.verification.peek(token);
    if (!userId) throw new Gone(VERIFICATION_LINK_INVALID_MESSAGE, 'verification_link_invalid');
    let result;
    try {
      result = await this.execute(
        userId,
        { type: 'VerifyEmail', data: { userId, at: this.o.now().toISOString() } },
        `user:${userId}`,
        ctx,
      );
    } catch (err) {
      if (err instanceof UserRuleError) {
        await this.verification.revokeAll(userId);
        if (err.code === 'email_already_verified') {
          throw new Gone(EMAIL_ALREADY_VERIFIED_MESSAGE, 'email_already_verified');
        }
        throw new Gone(VERIFICATION_LINK_INVALID_MESSAGE, 'verification_link_invalid');
      }
      throw err;
    }
    await this.verification.revokeAll(userId);
    await this.settle(result.position);
    if (result.state.status !== 'active') {
      throw new Gone(VERIFICATION_LINK_INVALID_MESSAGE, 'verification_link_invalid');
    }
    const user = await this.toPublic(result.state);
    await this.queueMail(
      'welcome',
      userId,
      welcomeMail(user.email, user.name, this.link('/login')),
    );
    this.o.log.info({ userId }, 'email verified');
    return user;
  }

  /**
   * Always the same answer for every address: the per-address limit (3 mails an hour, shared
   * with a repeated registration) is counted for known and unknown addresses alike, and the
   * lookup and the mail happen after the answer (as for forgot password), so neither the answer
   * nor its timing tells whether an account is waiting for verification. The new link replaces
   * the older ones (security.md §1.1): the user asked for it because an earlier one was lost.
   */
  async resendVerification(email: string): Promise<{ message: string }> {
    const canonical = canonicalEmail(email);
    if (!canonical) return { message: RESEND_MESSAGE };
    const { allowed } = await this.limiter.hit(
      'account-mail',
      this.lookup(canonical),
      ACCOUNT_MAILS_PER_HOUR,
      HOUR_MS,
    );
    if (!allowed) return { message: RESEND_MESSAGE };
    const work = this.mailNewVerificationLink(canonical).catch((err: unknown) =>
      this.o.log.error({ err }, 'verification resend failed'),
    );
    this.pendingResends.add(work);
    void work.finally(() => this.pendingResends.delete(work));
    return { message: RESEND_MESSAGE };
  }

  /** Resolves when every resend and reset request answered so far has done its work. */
  async idle(): Promise<void> {
    await Promise.all([...this.pendingResends, this.passwordResets.idle()]);
  }

  private async mailNewVerificationLink(canonical: string): Promise<void> {
    const userId = await this.userIdByEmail(canonical);
    if (!userId) return;
    const { state } = await this.loadUser(userId);
    if (state.status !== 'active' || state.emailVerified) return;
    const user = await this.toPublic(state);
    const token = await this.o.db.transaction(async (tx) => {
      // Two resends at once must not each revoke before the other inserts: both links would live.
      await tx.query('SELECT 1 FROM user_credentials WHERE user_id = $1 FOR UPDATE', [userId]);
      await this.verification.revokeAll(userId, tx);
      return this.verification.issue(userId, tx);
    });
    await this.queueMail(
      'verification',
      userId,
      verificationMail(canonical, user.name, this.verifyLink(token), { replacesEarlier: true }),
    );
    this.o.log.info({ userId }, 'verification link sent again');
  }

  // ------------------------------------------------------------ roles and deletion

  /** For the operator CLI: grant or revoke by e-mail address. */
  async setRole(email: string, role: Role, grant: boolean, actor = 'system'): Promise<PublicUser> {
    const canonical = canonicalEmail(email);
    const userId = canonical ? await this.userIdByEmail(canonical) : undefined;
    if (!userId) throw new AppError(404, 'user_not_found', 'No account with this email address');
    const at = this.o.now().toISOString();
    const r = await this.execute(
      userId,
      grant
        ? { type: 'GrantRole', data: { userId, role, reason: 'cli', at } }
        : { type: 'RevokeRole', data: { userId, role, at } },
      actor,
    );
    await this.settle(r.position);
    if (r.state.status !== 'active') throw new AppError(404, 'user_not_found', 'User not found');
    return this.toPublic(r.state);
  }

  /**
   * Deletes an account: `UserDeleted` (no personal data), every session and secret row gone, and
   * the data key destroyed so the sealed fields in past events become unreadable. Projects of the
   * user are the caller's business (the admin cascade deletes them first).
   */
  async deleteUser(userId: string, actor: string, ctx?: Partial<RequestContext>): Promise<void> {
    const r = await this.execute(
      userId,
      { type: 'DeleteUser', data: { userId, at: this.o.now().toISOString() } },
      actor,
      ctx,
    );
    await this.o.db.transaction(async (tx) => {
      await this.sessions.revokeAll(userId, tx);
      await this.verification.revokeAll(userId, tx);
      await this.passwordResets.tokens.revokeAll(userId, tx);
      await tx.query('DELETE FROM user_credentials WHERE user_id = $1', [userId]);
      await tx.query('DELETE FROM user_emails WHERE user_id = $1', [userId]);
      await this.o.keys.destroy(userSubject(userId), tx);
    });
    // Committed: now the key's bucket is rotated, and the user's mails in the local sink go.
    await this.o.keys.completeShredding([userSubject(userId)]);
    await this.o.outbox.forget(userSubject(userId));
    await this.settle(r.position);
    this.o.log.info({ userId }, 'user deleted');
  }
}
