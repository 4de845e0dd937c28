import type { FastifyInstance } from 'fastify';
import { principalOf } from '../http/guards.js';
import type { Input } from '../http/routeInput.js';
import { openDecrypted } from '../blobs/encrypted.js';
import type { AppDeps } from '../deps.js';
import { projectSubject } from '../domain/project.js';
import { NotFound } from '../errors.js';
import { THUMBNAIL_CONTENT_TYPE } from '../mesh/thumbnail.js';
import { thumbnailRow } from '../mesh/thumbnailStore.js';
import { readAll } from '../mesh/viewStore.js';
import { requireProjectAccess } from './projectAccess.js';

/**
 * `GET /api/projects/{id}/thumbnail` (owner or admin): the PNG of the project's newest
 * version, or of version `v`. 404 `thumbnail_not_ready` while it is being built (or for a project
 * without one). With `v` the picture never changes: it may be cached for good.
 */
export async function thumbnailRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.get<Input<'GET /api/projects/:id/thumbnail'>>(
    '/api/projects/:id/thumbnail',
    async (request, reply) => {
      const principal = principalOf(request);
      const { id } = request.params;
      const { v } = request.query;
      await requireProjectAccess(deps, principal, id, { allowAdmin: true });
      const row = await thumbnailRow(deps.db, id, v);
      const dk = row ? await deps.keys.existingKey(projectSubject(id)) : undefined;
      if (!row || !dk) throw new NotFound('The thumbnail is not ready yet', 'thumbnail_not_ready');
      const png = await readAll(await openDecrypted(deps.blobs, row.blob_key, dk));
      return reply
        .type(THUMBNAIL_CONTENT_TYPE)
        .header(
          'cache-control',
          v === undefined ? 'private, no-cache' : 'private, max-age=31536000, immutable',
        )
        .send(Buffer.from(png));
    },
  );
}
