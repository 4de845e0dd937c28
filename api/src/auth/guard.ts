import type { AppDeps } from '../deps.js';
import type { Role } from '../domain/user.js';
import { Forbidden, Unauthorized } from '../errors.js';
import type { AuthUser } from './accountTypes.js';
import { hashToken } from './secrets.js';

/**
 * The guards of the signed-in access levels, on the request's `Authorization` header (attached
 * to routes from the contract's `access` by `http/guards.ts`). `requireUser`: the bearer token
 * resolved to its user, or 401 — any signed-in account, verified or not. `requireVerifiedUser`
 * adds 403 `email_unverified`; `requireAdmin` 403 `forbidden` for non-admins.
 */
export async function requireUser(
  deps: Pick<AppDeps, 'accounts'>,
  authorization: string | undefined,
): Promise<AuthUser> {
  // Fast path, one indexed query: the session joined with its user's read-model row. Every
  // other case (no user row yet, or a deleted user whose sessions must be revoked) goes through
  // `authenticate`, which decides from the events. No caching: revocation is immediate.
  const m = /^Bearer ([^\s]+)$/i.exec(authorization ?? '');
  if (!m) throw new Unauthorized();
  const token = m[1]!;
  const session = await deps.accounts.sessions.resolveWithUser(token);
  if (!session) throw new Unauthorized();
  if (session.user) {
    const role: Role = session.user.role === 'admin' ? 'admin' : 'user';
    return { userId: session.userId, role, emailVerified: session.user.emailVerified, token };
  }
  return deps.accounts.authenticate(authorization);
}

export async function requireVerifiedUser(
  deps: Pick<AppDeps, 'accounts'>,
  authorization: string | undefined,
): Promise<AuthUser> {
  const user = await requireUser(deps, authorization);
  if (!user.emailVerified)
    throw new Forbidden('Please verify your email address first', 'email_unverified');
  return user;
}

export async function requireAdmin(
  deps: Pick<AppDeps, 'accounts'>,
  authorization: string | undefined,
): Promise<AuthUser> {
  const user = await requireUser(deps, authorization);
  if (user.role !== 'admin')
    throw new Forbidden('Access denied. Admin privileges required.', 'forbidden');
  return user;
}

/** Bearer tokens (their SHA-256) that passed `requireAdmin` lately, and until when they count. */
const recentAdmins = new Map<string, number>();
const RECENT_ADMIN_MS = 60_000;
const RECENT_ADMIN_MAX = 1_000;

/**
 * The admin check of an admin read, always made in full, and whether the token passed it
 * within the last minute. For such a token the caller may start its read alongside the check
 * (the admin lists are plain reads, so starting one early changes nothing; if the check fails
 * the result is dropped); any other caller must wait for the check first, so an anonymous or
 * forged request never makes the server run an admin query.
 */
export function adminCheck(
  deps: Pick<AppDeps, 'accounts'>,
  authorization: string | undefined,
): { check: Promise<AuthUser>; known: boolean } {
  const m = /^Bearer ([^\s]+)$/i.exec(authorization ?? '');
  const key = m ? hashToken(m[1]!).toString('base64') : undefined;
  const now = Date.now();
  const known = key !== undefined && (recentAdmins.get(key) ?? 0) > now;
  const check = requireAdmin(deps, authorization).then(
    (user) => {
      if (key !== undefined) {
        if (recentAdmins.size >= RECENT_ADMIN_MAX) recentAdmins.clear();
        recentAdmins.set(key, now + RECENT_ADMIN_MS);
      }
      return user;
    },
    (err: unknown) => {
      if (key !== undefined) recentAdmins.delete(key);
      throw err;
    },
  );
  return { check, known };
}
