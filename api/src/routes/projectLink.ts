import { createHmac } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { principalOf } from '../http/guards.js';
import { parseBody, type Input } from '../http/routeInput.js';
import { z } from 'zod';
import { canonicalEmail } from '../auth/email.js';
import type { AppDeps } from '../deps.js';
import { projectSubject } from '../domain/project.js';
import { AppError, TooManyRequests, ValidationError } from '../errors.js';
import { requireJson } from '../http/requireJson.js';
import { findLink, linkStateOf, openPublicLink } from '../links/access.js';
import { linkDetails } from '../links/details.js';
import { grantCookie, makeGrant } from '../links/grant.js';
import {
  changeLinkSettings,
  recordLinkOpening,
  recordPinLock,
  revokeLink,
  rotateLink,
} from '../commands/links.js';
import { ensurePublicToken } from '../commands/publicLink.js';
import { deviceOf } from '../links/userAgent.js';
import { linkActor } from './review.js';
import { requireProjectAccess, type Principal } from './projectAccess.js';
import { hashPublicToken, publicLinkFor } from '../links/projectLinks.js';

export const PIN_FORMAT_MESSAGE = 'The PIN must be 6 to 12 digits';
export const EXPIRY_FORMAT_MESSAGE = 'The expiry must be a date and time, or null for never';
export const PIN_INCORRECT_MESSAGE = 'The PIN is not correct';
export const LINK_LOCKED_MESSAGE = 'Too many wrong PINs. Please try again in 15 minutes.';

const PIN = /^\d{6,12}$/;
const actorFor = (p: Principal, ownerId: string) =>
  p.userId === ownerId ? `user:${p.userId}` : `admin:${p.userId}`;

function parseExpiry(value: string | null): string | null {
  if (value === null) return null;
  // An instant with its offset: a bare date would mean a different moment in every time zone.
  if (!z.iso.datetime({ offset: true }).safeParse(value).success) {
    throw new ValidationError(EXPIRY_FORMAT_MESSAGE, 'invalid_expiry');
  }
  return new Date(value).toISOString();
}

function parsePin(value: string | null | undefined): string | null | undefined {
  if (value === undefined || value === null) return value;
  if (!PIN.test(value)) throw new ValidationError(PIN_FORMAT_MESSAGE, 'invalid_pin');
  return value;
}

/** A per-day keyed hash of the browser (its own random id, else address and User-Agent). */
function viewerKey(deps: AppDeps, request: FastifyRequest, projectId: string, browserId?: string) {
  const day = deps.now().toISOString().slice(0, 10);
  const who = browserId ?? `${request.ip}\n${request.headers['user-agent'] ?? ''}`;
  return createHmac('sha256', deps.links.key)
    .update(`viewer\n${day}\n${projectId}\n${who}`)
    .digest('base64url')
    .slice(0, 22);
}

/**
 * Link control (owner and admins): expiry, PIN, revoke, rotate and the view log; and the two
 * public calls the viewer makes around it: unlock (PIN → grant cookie) and "opened" (view log).
 */
export async function projectLinkRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  // Every owner route of the link takes the project id alone.
  async function ownerCall(request: FastifyRequest<{ Params: { id: string } }>) {
    const principal = principalOf(request);
    const { id } = request.params;
    const { ownerId } = await requireProjectAccess(deps, principal, id, { allowAdmin: true });
    return {
      id,
      ownerId,
      ctx: { actor: actorFor(principal, ownerId), requestId: request.id },
    };
  }

  app.get<Input<'GET /api/projects/:id/link'>>('/api/projects/:id/link', async (request) => {
    const { id } = await ownerCall(request);
    return linkDetails(deps, id, await ensurePublicToken(deps, id));
  });

  app.put<Input<'PUT /api/projects/:id/link'>>('/api/projects/:id/link', async (request) => {
    const { id, ctx } = await ownerCall(request);
    requireJson(request);
    const body = parseBody('PUT /api/projects/:id/link', request.body ?? {});
    const expiresAt = parseExpiry(body.expiresAt);
    const pin = parsePin(body.pin);
    const now = deps.now().toISOString();
    if (expiresAt !== null && expiresAt <= now) {
      throw new ValidationError('The expiry date must be in the future', 'expiry_in_past');
    }
    const token = await changeLinkSettings(
      deps,
      { projectId: id, expiresAt, pin, downloadsAllowed: body.downloadsAllowed },
      ctx,
    );
    return linkDetails(deps, id, token);
  });

  app.post<Input<'POST /api/projects/:id/link/revoke'>>(
    '/api/projects/:id/link/revoke',
    async (request) => {
      const { id, ctx } = await ownerCall(request);
      const token = await revokeLink(deps, id, ctx);
      return linkDetails(deps, id, token);
    },
  );

  app.post<Input<'POST /api/projects/:id/link/rotate'>>(
    '/api/projects/:id/link/rotate',
    async (request) => {
      const { id, ownerId, ctx } = await ownerCall(request);
      requireJson(request);
      const { doctorEmail } = parseBody('POST /api/projects/:id/link/rotate', request.body ?? {});
      if (doctorEmail !== undefined && !canonicalEmail(doctorEmail)) {
        throw new ValidationError('Please enter a valid email address', 'INVALID_EMAIL');
      }
      const token = await rotateLink(
        deps,
        {
          projectId: id,
          ownerId,
          doctorEmail: doctorEmail === undefined ? undefined : canonicalEmail(doctorEmail)!,
        },
        ctx,
      );
      return { publicLink: publicLinkFor(deps, token) };
    },
  );

  app.post<Input<'POST /api/public/projects/:token/unlock'>>(
    '/api/public/projects/:token/unlock',
    { config: { rateLimit: { max: 30, timeWindow: '15 minutes' } } },
    async (request, reply) => {
      const { token } = request.params;
      requireJson(request);
      const { pin } = parseBody('POST /api/public/projects/:token/unlock', request.body ?? {});
      if (!PIN.test(pin)) throw new ValidationError(PIN_FORMAT_MESSAGE, 'invalid_pin');
      // Every answer below is the same for a token with no link: counted, locked, "not correct".
      const tokenHash = hashPublicToken(token);
      const now = deps.now();
      // The try is counted (and may lock) before the PIN is compared, so parallel tries cannot
      // all slip past the lock while the hashes run.
      const slot = await deps.links.pins.reserve(tokenHash, now);
      // A fresh clock: the lock may have been set by a try that started after this one.
      if (!slot.allowed) throw lockedError(slot.lockedUntil, deps.now());
      const link = await findLink(deps, token);
      const live =
        link && linkStateOf(link.row, link.tokenHash, now, link.retired) === 'active' ? link : null;
      const stored =
        live?.row?.pinHash && live.row.pinSetAt
          ? await deps.keys.open(projectSubject(live.projectId), 'linkPin', live.row.pinHash)
          : null;
      const ok = stored
        ? await deps.links.hasher.verify(stored, pin)
        : await deps.links.hasher.verifyDummy(pin);
      if (ok && live?.row?.pinHash) {
        await deps.links.pins.succeed(tokenHash);
        const grant = makeGrant(deps.links.key, tokenHash.toString('hex'), live.row.pinHash, now);
        const secure = deps.config.publicBaseUrl.startsWith('https:');
        return reply
          .header('set-cookie', grantCookie(grant, token, secure))
          .send({ success: true });
      }
      if (slot.lockedUntil) {
        if (link) {
          await recordPinLock(
            deps,
            { projectId: link.projectId, lockedUntil: slot.lockedUntil, now },
            { actor: linkActor(token), requestId: request.id },
          );
        }
        throw lockedError(slot.lockedUntil, now);
      }
      throw new AppError(401, 'pin_incorrect', PIN_INCORRECT_MESSAGE, {
        attemptsLeft: slot.attemptsLeft,
      });
    },
  );

  app.post<Input<'POST /api/public/projects/:token/opened'>>(
    '/api/public/projects/:token/opened',
    { config: { rateLimit: { max: 60, timeWindow: '1 hour' } } },
    async (request, reply) => {
      const { token } = request.params;
      requireJson(request);
      const { browserId } = parseBody(
        'POST /api/public/projects/:token/opened',
        request.body ?? {},
      );
      const projectId = await openPublicLink(deps, request, token);
      const { device, browser } = deviceOf(request.headers['user-agent']);
      await recordLinkOpening(
        deps,
        { projectId, viewerKey: viewerKey(deps, request, projectId, browserId), device, browser },
        { actor: linkActor(token), requestId: request.id },
      );
      return reply.code(204).send();
    },
  );
}

function lockedError(until: Date, now: Date): TooManyRequests {
  const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  return new TooManyRequests(seconds, LINK_LOCKED_MESSAGE, 'link_locked');
}
