import { pipeline } from 'node:stream';
import { createBrotliDecompress } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { principalOf } from '../http/guards.js';
import type { Input } from '../http/routeInput.js';
import { BlobNotFound } from '../blobs/blobStore.js';
import { openDecrypted } from '../blobs/encrypted.js';
import type { AppDeps } from '../deps.js';
import { projectSubject } from '../domain/project.js';
import { NotFound } from '../errors.js';
import { FILE_CSP } from '../http/securityHeaders.js';
import { VIEW_DERIVATIVE_CONTENT_TYPE } from '../mesh/viewDerivative.js';
import { ensureViewLevel, ViewUnavailable } from '../mesh/viewStore.js';
import { VIEW_LOD_HEADER, type ViewLod } from '../domain/viewLevels.js';
import { requireProjectAccess } from './projectAccess.js';
import { modelBlobKey } from '../../../projections/src/projects/queries.js';
import { modelOfAnyVersion } from '../../../projections/src/versions/queries.js';
import { openPublicLink } from '../links/access.js';
import { acceptsBrotli } from '../http/acceptsBrotli.js';

/**
 * Sends the view derivative of one model of one project: the stored brotli bytes as they are,
 * with `Content-Encoding: br` (the browser inflates natively). A client without br gets it
 * inflated here. Unknown model, other project's model, deleted project: the same 404. `lod`
 * `coarse` sends the coarse level where the model has one, else the full one (`x-cusp-lod`).
 */
export async function sendViewDerivative(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  projectId: string,
  modelId: string,
  lod: ViewLod = 'full',
): Promise<FastifyReply> {
  // A model only an earlier version still shows is served from that version's record.
  const blobKey =
    (await modelBlobKey(deps.db, projectId, modelId)) ??
    (await modelOfAnyVersion(deps.db, projectId, { id: modelId }))?.blobKey;
  if (!blobKey) throw new NotFound('File not found');
  const dk = await deps.keys.existingKey(projectSubject(projectId));
  if (!dk) throw new NotFound('File not found');
  let stream;
  let sent: ViewLod;
  try {
    const level = await ensureViewLevel(deps, blobKey, dk, lod);
    sent = level.lod;
    stream = await openDecrypted(deps.blobs, level.key, dk);
  } catch (err) {
    if (err instanceof BlobNotFound) throw new NotFound('File not found');
    // The project's answers now mark the model (`viewUnavailable`): kept ones are rebuilt.
    if (err instanceof ViewUnavailable) deps.answers.invalidateProject(projectId);
    throw err;
  }
  stream.on('error', (err) => reply.log.error({ err, projectId }, 'view stream failed'));
  reply
    .header('content-type', VIEW_DERIVATIVE_CONTENT_TYPE)
    .header(VIEW_LOD_HEADER, sent)
    .header('vary', 'accept-encoding')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', FILE_CSP)
    .header('cross-origin-resource-policy', 'same-origin')
    .header('cache-control', 'private, no-store');
  if (acceptsBrotli(request)) return reply.header('content-encoding', 'br').send(stream);
  // pipeline, not pipe: a client that goes away releases the stored blob's stream too.
  return reply.send(pipeline(stream, createBrotliDecompress(), () => {}));
}

/** View derivatives: owner or admin by bearer; anyone holding the public link by token. */
export async function viewsRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.get<Input<'GET /api/projects/:id/view/:modelId'>>(
    '/api/projects/:id/view/:modelId',
    async (request, reply) => {
      const principal = principalOf(request);
      const { id, modelId } = request.params;
      const { lod } = request.query;
      await requireProjectAccess(deps, principal, id, { allowAdmin: true });
      return sendViewDerivative(deps, request, reply, id, modelId, lod);
    },
  );

  app.get<Input<'GET /api/public/projects/:token/view/:modelId'>>(
    '/api/public/projects/:token/view/:modelId',
    { config: { rateLimit: { max: 240, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const { token, modelId } = request.params;
      const { lod } = request.query;
      const projectId = await openPublicLink(deps, request, token, 'File not found');
      return sendViewDerivative(deps, request, reply, projectId, modelId, lod);
    },
  );
}
