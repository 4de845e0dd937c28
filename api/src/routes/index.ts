import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.js';
import { healthRoutes } from './health.js';

/** Every HTTP area, registered once. Each area is a factory receiving the adapters it needs. */
export async function registerRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await healthRoutes(app, deps);
}
