import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps.js';
import { Forbidden } from '../errors.js';
import type { AuthUser } from './accounts.js';

/**
 * Route guards for every area: the bearer token of the request resolved to its user, or 401.
 * `requireVerifiedUser` answers 403 `email_unverified`; `requireAdmin` 403 for non-admins.
 */
export function requireUser(deps: AppDeps, request: FastifyRequest): Promise<AuthUser> {
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
