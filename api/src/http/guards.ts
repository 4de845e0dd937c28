import type { FastifyRequest } from 'fastify';
import * as guard from '../auth/guard.js';
import type { AuthUser } from '../auth/accountTypes.js';
import type { AppDeps } from '../deps.js';

/* The route guards of `auth/guard.ts`, taking the Fastify request. */

export const requireUser = (deps: AppDeps, request: FastifyRequest): Promise<AuthUser> =>
  guard.requireUser(deps, request.headers.authorization);

export const requireVerifiedUser = (deps: AppDeps, request: FastifyRequest): Promise<AuthUser> =>
  guard.requireVerifiedUser(deps, request.headers.authorization);

export const requireAdmin = (deps: AppDeps, request: FastifyRequest): Promise<AuthUser> =>
  guard.requireAdmin(deps, request.headers.authorization);

export const adminRead = <T>(
  deps: AppDeps,
  request: FastifyRequest,
  read: () => Promise<T>,
): Promise<T> => guard.adminRead(deps, request.headers.authorization, read);
