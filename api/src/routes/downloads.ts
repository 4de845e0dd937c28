import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { recordLinkDownload } from '../commands/links.js';
import { AS_UPLOADED_HEADER, FILE_CONTENT_TYPE, ZIP_CONTENT_TYPE } from '../contract/files.js';
import type { AppDeps } from '../deps.js';
import { DOWNLOADS_NOT_ALLOWED_MESSAGE } from '../domain/projectLink.js';
import {
  modelDownload,
  versionDownload,
  type ModelDownload,
  type VersionDownload,
} from '../downloads/downloads.js';
import { Forbidden } from '../errors.js';
import { principalOf } from '../http/guards.js';
import type { Input } from '../http/routeInput.js';
import { FILE_CSP } from '../http/securityHeaders.js';
import { gatePublicLink } from '../links/access.js';
import { contentDisposition } from './files.js';
import { requireProjectAccess } from './projectAccess.js';
import { linkActor } from './review.js';

/** An attachment never rendered by the browser: nosniff, a CSP that runs nothing, no caching. */
function attachment(
  reply: FastifyReply,
  type: string,
  name: string,
  asUploaded: boolean,
): FastifyReply {
  return reply
    .header('content-type', type)
    .header('content-disposition', contentDisposition(name))
    .header(AS_UPLOADED_HEADER, String(asUploaded))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', FILE_CSP)
    .header('cross-origin-resource-policy', 'same-origin')
    .header('cache-control', 'private, no-store');
}

function logFailures(reply: FastifyReply, stream: Readable, projectId: string): Readable {
  stream.on('error', (err) => reply.log.error({ err, projectId }, 'download stream failed'));
  return stream;
}

/**
 * Fastify answers a HEAD with its GET's handler and drains the body it sends: a HEAD gets the
 * headers alone, so it neither reads (nor deflates) the files nor counts as a download.
 */
const isHead = (request: FastifyRequest) => request.method === 'HEAD';

async function sendModel(
  request: FastifyRequest,
  reply: FastifyReply,
  projectId: string,
  d: ModelDownload,
) {
  const answer = attachment(reply, FILE_CONTENT_TYPE, d.file.name, d.file.asUploaded).header(
    'content-length',
    d.file.bytes,
  );
  if (isHead(request)) return answer.send();
  return answer.send(logFailures(reply, await d.open(), projectId));
}

function sendZip(
  request: FastifyRequest,
  reply: FastifyReply,
  projectId: string,
  d: VersionDownload,
) {
  const answer = attachment(reply, ZIP_CONTENT_TYPE, d.name, d.asUploaded);
  if (isHead(request)) return answer.send();
  return answer.send(logFailures(reply, d.open(), projectId));
}

/**
 * Downloads of the files as the lab uploaded them, one model's or a whole version's (zip): the
 * owner (or an admin) by bearer; a doctor through the link while its owner allows it, each such
 * download recorded on the project (`LinkFilesDownloaded`).
 */
export async function downloadRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.get<Input<'GET /api/projects/:id/models/:modelId/uploaded'>>(
    '/api/projects/:id/models/:modelId/uploaded',
    async (request, reply) => {
      const { id, modelId } = request.params;
      await requireProjectAccess(deps, principalOf(request), id, { allowAdmin: true });
      return sendModel(request, reply, id, await modelDownload(deps, id, modelId));
    },
  );

  app.get<Input<'GET /api/projects/:id/versions/:version/zip'>>(
    '/api/projects/:id/versions/:version/zip',
    async (request, reply) => {
      const { id, version } = request.params;
      await requireProjectAccess(deps, principalOf(request), id, { allowAdmin: true });
      return sendZip(request, reply, id, await versionDownload(deps, id, version));
    },
  );

  /** The project behind a link that allows downloads; 403 `downloads_not_allowed` otherwise. */
  async function allowedLink(request: FastifyRequest, token: string): Promise<string> {
    const { projectId, row } = await gatePublicLink(deps, request, token, 'File not found');
    if (!row?.downloadsAllowed) {
      throw new Forbidden(DOWNLOADS_NOT_ALLOWED_MESSAGE, 'downloads_not_allowed');
    }
    return projectId;
  }
  const limit = { config: { rateLimit: { max: 60, timeWindow: '1 hour' } } };

  app.get<Input<'GET /api/public/projects/:token/models/:modelId/uploaded'>>(
    '/api/public/projects/:token/models/:modelId/uploaded',
    limit,
    async (request, reply) => {
      const { token, modelId } = request.params;
      const projectId = await allowedLink(request, token);
      const download = await modelDownload(deps, projectId, modelId);
      if (!isHead(request)) {
        await recordLinkDownload(
          deps,
          { projectId, version: download.version, modelId },
          { actor: linkActor(token), requestId: request.id },
        );
      }
      return sendModel(request, reply, projectId, download);
    },
  );

  app.get<Input<'GET /api/public/projects/:token/versions/:version/zip'>>(
    '/api/public/projects/:token/versions/:version/zip',
    limit,
    async (request, reply) => {
      const { token, version } = request.params;
      const projectId = await allowedLink(request, token);
      const download = await versionDownload(deps, projectId, version);
      if (!isHead(request)) {
        await recordLinkDownload(
          deps,
          { projectId, version, modelId: null },
          { actor: linkActor(token), requestId: request.id },
        );
      }
      return sendZip(request, reply, projectId, download);
    },
  );
}
