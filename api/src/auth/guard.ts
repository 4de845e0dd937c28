import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps.js';
import type { Role } from '../domain/user.js';
import { Forbidden, Unauthorized } from '../errors.js';
import type { AuthUser } from './accounts.js';

/**
 * Route guards for every area: the bearer token of the request resolved to its user, or 401.
 * `requireVerifiedUser` answers 403 `email_unverified`; `requireAdmin` 403 for non-admins.
 */
export async function requireUser(deps: AppDeps, request: FastifyRequest): Promise<AuthUser> {
  // Fast path, one indexed query: the session joined with its user's read-model row. Every
  // other case (no user row yet, or a deleted user whose sessions must be revoked) goes through
  // `authenticate`, which decides from the events. No caching: revocation is immediate.
  const m = /^Bearer ([^\s]+)$/i.exec(request.headers.authorization ?? '');
  if (!m) throw new Unauthorized();
  const token = m[1]!;
  const session = await deps.accounts.sessions.resolveWithUser(token);
  if (!session) throw new Unauthorized();
  if (session.user) {
    const role: Role = session.user.role === 'admin' ? 'admin' : 'user';
    return { userId: session.userId, role, emailVerified: session.user.emailVerified, token };
  }
  return deps.accounts.authenticate(request.headers.authorization);
}

export async function requireVerifiedUser(
  deps: AppDeps,
  request: FastifyRequest,
): Promise<AuthUser> {
  const user = await requireUser(deps, request);
  if (!user.emailVerified)
    throw new Forbidden('Please verify your email address first', 'email_unverified');
  return user;
}

export async function requireAdmin(deps: AppDeps, request: FastifyRequest): Promise<AuthUser> {
  const user = await requireUser(deps, request);
  if (user.role !== 'admin')
    throw new Forbidden('Access denied. Admin privileges required.', 'forbidden');
  return user;
}
