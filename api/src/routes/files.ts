import type { FastifyInstance, FastifyReply } from 'fastify';
import { principalOf } from '../http/guards.js';
import type { Input } from '../http/routeInput.js';
import { openDecrypted } from '../blobs/encrypted.js';
import { BlobNotFound } from '../blobs/blobStore.js';
import type { AppDeps } from '../deps.js';
import { countOf, FILE_SIZE_FIELD } from '../domain/models.js';
import { projectSubject } from '../domain/project.js';
import { NotFound } from '../errors.js';
import { FILE_CSP } from '../http/securityHeaders.js';
import { openWith } from '../crypto/keyRing.js';
import { requireProjectAccess } from './projectAccess.js';
import { modelByFilename } from '../../../projections/src/projects/queries.js';
import { openPublicLink } from '../links/access.js';
import { modelOfAnyVersion } from '../../../projections/src/versions/queries.js';

const FILENAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(stl|ply)$/;

/** RFC 6266 / 5987: an ASCII fallback plus the exact UTF-8 name. */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const star = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${star}`;
}

/**
 * Streams one model of a project, decrypted chunk by chunk (no chunk is released before its tag
 * checks), as an attachment with nosniff and a CSP that runs nothing: never rendered by the
 * browser.
 */
export async function sendModelFile(
  deps: AppDeps,
  reply: FastifyReply,
  projectId: string,
  filename: string,
): Promise<FastifyReply> {
  if (!FILENAME.test(filename)) throw new NotFound('File not found');
  const row =
    (await modelByFilename(deps.db, projectId, filename)) ??
    (await earlierVersionFile(deps, projectId, filename));
  if (!row) throw new NotFound('File not found');
  const subject = projectSubject(projectId);
  const dk = await deps.keys.existingKey(subject);
  if (!dk) throw new NotFound('File not found');
  let stream;
  try {
    stream = await openDecrypted(deps.blobs, row.blobKey, dk);
  } catch (err) {
    if (err instanceof BlobNotFound) throw new NotFound('File not found');
    throw err;
  }
  const open = (field: string, sealed: string) => openWith(dk.key, subject, field, sealed);
  const display = `${open('modelName', row.name)}.${row.type}`;
  const size = countOf(row.size, (v) => open(FILE_SIZE_FIELD, v));
  stream.on('error', (err) => reply.log.error({ err, projectId }, 'file stream failed'));
  return reply
    .header('content-type', 'application/octet-stream')
    .header('content-length', size)
    .header('content-disposition', contentDisposition(display))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', FILE_CSP)
    .header('cross-origin-resource-policy', 'same-origin')
    .header('cache-control', 'private, no-store')
    .send(stream);
}

/** A file only an earlier version still shows (the latest version replaced or removed it). */
async function earlierVersionFile(deps: AppDeps, projectId: string, filename: string) {
  const m = await modelOfAnyVersion(deps.db, projectId, { filename });
  return m ? { blobKey: m.blobKey, size: m.size, name: m.name, type: m.type } : undefined;
}

/** File downloads: owner or admin by bearer; anyone holding the public link by token. */
export async function filesRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.get<Input<'GET /api/projects/:id/files/:filename'>>(
    '/api/projects/:id/files/:filename',
    async (request, reply) => {
      const principal = principalOf(request);
      const { id, filename } = request.params;
      await requireProjectAccess(deps, principal, id, { allowAdmin: true });
      return sendModelFile(deps, reply, id, filename);
    },
  );

  app.get<Input<'GET /api/public/projects/:token/files/:filename'>>(
    '/api/public/projects/:token/files/:filename',
    async (request, reply) => {
      const { token, filename } = request.params;
      const projectId = await openPublicLink(deps, request, token, 'File not found');
      return sendModelFile(deps, reply, projectId, filename);
    },
  );
}
