import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.js';
import { MATERIALS } from '../domain/materials.js';

/** `GET /api/materials`: the material map keyed by material key. Open: the viewer's public mode needs it. */
export async function materialsRoutes(app: FastifyInstance, _deps: AppDeps): Promise<void> {
  app.get('/api/materials', async () => MATERIALS);
}
