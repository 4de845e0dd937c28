import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.js';
import { adminRoutes } from './admin.js';
import { approvalRecordRoutes } from './approvalRecord.js';
import { auditRoutes } from './audit.js';
import { authRoutes } from './auth.js';
import { botCheckRoutes } from './botcheck.js';
import { dcmRoutes } from './dcm.js';
import { downloadRoutes } from './downloads.js';
import { filesRoutes } from './files.js';
import { healthRoutes } from './health.js';
import { materialsRoutes } from './materials.js';
import { projectLinkRoutes } from './projectLink.js';
import { openApiRoutes } from './openapi.js';
import { projectsRoutes } from './projects.js';
import { projectVersionsRoutes } from './projectVersions.js';
import { publicRoutes } from './public.js';
import { reviewRoutes } from './review.js';
import { commentRoutes } from './comments.js';
import { commentMailRoutes } from './commentDigest.js';
import { viewsRoutes } from './views.js';
import { thumbnailRoutes } from './thumbnails.js';

/** Every HTTP area, registered once. Each area is a factory receiving the adapters it needs. */
export async function registerRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await healthRoutes(app, deps);
  await authRoutes(app, deps);
  await botCheckRoutes(app, deps);
  await projectsRoutes(app, deps);
  await projectVersionsRoutes(app, deps);
  await thumbnailRoutes(app, deps);
  await publicRoutes(app, deps);
  await filesRoutes(app, deps);
  // The files as uploaded: the owner's, and the doctor's through a link that allows it.
  await downloadRoutes(app, deps);
  await materialsRoutes(app, deps);
  // Anonymous callers may convert (the quick upload needs it) within the public size limit.
  await dcmRoutes(app, { maxBytes: deps.config.PUBLIC_UPLOAD_MAX_BYTES });
  await adminRoutes(app, deps);
  // The audit history: the admin view and a project's timeline, both over audit_log.
  await auditRoutes(app, deps);
  await reviewRoutes(app, deps);
  await commentRoutes(app, deps);
  // The technician's comment-mail setting, and the digest sender behind it.
  await commentMailRoutes(app, deps);
  await viewsRoutes(app, deps);
  await projectLinkRoutes(app, deps);
  await approvalRecordRoutes(app, deps);
  await openApiRoutes(app, deps);
}
