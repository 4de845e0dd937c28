import type { Db } from '../db/db.js';
import { foldUser, userStream, type UserEvent, type UserState } from '../domain/user.js';
import { Unauthorized } from '../errors.js';
import type { EventStore } from '../store/eventStore.js';
import { userAccess } from '../../../projections/src/users/queries.js';
import type { AuthUser } from './accountTypes.js';
import { Credentials } from './credentials.js';
import { DbRateLimiter } from './dbRateLimit.js';
import { LoginGuard } from './loginGuard.js';
import { PasswordResetTokens } from './passwordResetTokens.js';
import type { PasswordHasher } from './passwords.js';
import { emailLookup } from './secrets.js';
import { SessionStore } from './sessions.js';
import { VerificationTokens } from './verificationTokens.js';

export type { AuthAnswer, AuthUser, PublicUser, RequestContext } from './accountTypes.js';

export interface AccountsOptions {
  db: Db;
  store: Pick<EventStore, 'readStream'>;
  hasher: PasswordHasher;
  /** HMAC key for e-mail lookups (a keyring secret). */
  lookupKey: Buffer;
  now: () => Date;
}

/**
 * The credential and session primitives of accounts: credential rows, sessions, single-use
 * tokens, the login guard, rate limits, the password hasher, and the bearer-token check. The use
 * cases (register, login, verification, password reset, roles, deletion) are in `commands/`.
 */
export class Accounts {
  readonly sessions: SessionStore;
  readonly verification: VerificationTokens;
  readonly resetTokens: PasswordResetTokens;
  readonly guard: LoginGuard;
  readonly limiter: DbRateLimiter;
  readonly credentials: Credentials;
  readonly hasher: PasswordHasher;

  constructor(private readonly o: AccountsOptions) {
    this.sessions = new SessionStore(o.db, o.now);
    this.verification = new VerificationTokens(o.db, o.now);
    this.resetTokens = new PasswordResetTokens(o.db, o.now);
    this.guard = new LoginGuard(o.db, o.now);
    this.limiter = new DbRateLimiter(o.db, o.now);
    this.credentials = new Credentials(o.db);
    this.hasher = o.hasher;
  }

  /** The keyed hash an address is looked up by (canonical form). */
  lookup(canonical: string): Buffer {
    return emailLookup(this.o.lookupKey, canonical);
  }

  userIdByEmail(canonical: string): Promise<string | undefined> {
    return this.credentials.userIdOf(this.lookup(canonical));
  }

  /** Resolves `Authorization: Bearer <token>`; throws 401 for anything but a live session. */
  async authenticate(authorization: string | undefined): Promise<AuthUser> {
    const m = /^Bearer ([^\s]+)$/i.exec(authorization ?? '');
    if (!m) throw new Unauthorized();
    const token = m[1]!;
    const session = await this.sessions.resolve(token);
    if (!session) throw new Unauthorized();
    const row = await userAccess(this.o.db, session.userId);
    if (row) {
      return { userId: session.userId, role: row.role, emailVerified: row.emailVerified, token };
    }
    // No read-model row yet (or any more): the events decide.
    const state = await this.userFromStream(session.userId);
    if (state.status !== 'active') {
      await this.sessions.revokeAll(session.userId);
      throw new Unauthorized();
    }
    return { userId: session.userId, role: state.role, emailVerified: state.emailVerified, token };
  }

  private async userFromStream(userId: string): Promise<UserState> {
    const recorded = await this.o.store.readStream(userStream(userId));
    return foldUser(recorded.map((e) => ({ type: e.type, data: e.data }) as UserEvent));
  }
}
