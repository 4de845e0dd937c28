import type {
  FastifyReply,
  FastifyRequest,
  onSendAsyncHookHandler,
  preValidationAsyncHookHandler,
} from 'fastify';
import * as guard from '../auth/guard.js';
import type { AuthUser } from '../auth/accountTypes.js';
import type { Access } from '../contract/routes.js';
import type { AppDeps } from '../deps.js';

/**
 * The guard of each access level of the contract (`contract/routes.ts`), attached to every route
 * by `attachContract` as a `preValidation` hook: it runs before the input is validated, so a
 * caller without the right access learns nothing about it. `public` and `link` routes have none
 * (a link route opens its link itself, `links/access.ts`).
 *
 * Admin reads (`GET`) of a token that passed the admin check within the last minute run their
 * handler alongside the check (`adminCheck`); the answer waits for the check in `onSend`, and a
 * failed check replaces it — headers the handler set included — with the refusal.
 */
const CHECKS: Record<Access, typeof guard.requireUser | undefined> = {
  public: undefined,
  link: undefined,
  user: guard.requireUser,
  verified: guard.requireVerifiedUser,
  admin: guard.requireAdmin,
};

const principals = new WeakMap<FastifyRequest, AuthUser>();

interface PendingCheck {
  check: Promise<AuthUser>;
  /** The reply's headers when the handler started: the others are the handler's. */
  headers: ReadonlySet<string>;
}
const pending = new WeakMap<FastifyRequest, PendingCheck>();

export type AccessGuards = (
  access: Access,
  method: string,
) => preValidationAsyncHookHandler | undefined;

export function accessGuards(deps: Pick<AppDeps, 'accounts'>): AccessGuards {
  const adminRead: preValidationAsyncHookHandler = async (request, reply) => {
    const { check, known } = guard.adminCheck(deps, request.headers.authorization);
    if (!known) {
      principals.set(request, await check);
      return;
    }
    // Settled here too, so a check that fails leaves no unhandled rejection behind.
    check.catch(() => undefined);
    pending.set(request, { check, headers: new Set(Object.keys(reply.getHeaders())) });
  };
  const hooks = new Map<Access, preValidationAsyncHookHandler>();
  for (const [access, check] of Object.entries(CHECKS) as [Access, typeof guard.requireUser][]) {
    if (!check) continue;
    hooks.set(access, async (request) => {
      principals.set(request, await check(deps, request.headers.authorization));
    });
  }
  return (access, method) =>
    access === 'admin' && method === 'GET' ? adminRead : hooks.get(access);
}

/** The answer of an admin read started alongside its check waits for the check (`onSend`). */
export const settlePendingCheck: onSendAsyncHookHandler = async (
  request: FastifyRequest,
  reply: FastifyReply,
  payload,
) => {
  const p = pending.get(request);
  if (!p) return payload;
  pending.delete(request);
  try {
    principals.set(request, await p.check);
  } catch (err) {
    for (const name of Object.keys(reply.getHeaders())) {
      if (!p.headers.has(name)) reply.removeHeader(name);
    }
    throw err;
  }
  return payload;
};

/** The caller a signed-in route's guard let in (not for admin reads: they may run before it). */
export function principalOf(request: FastifyRequest): AuthUser {
  const user = principals.get(request);
  // Only a route the contract does not mark as signed in can get here: a bug, not a refusal.
  if (!user) throw new Error(`${request.method} ${request.url}: no guard ran for this route`);
  return user;
}
