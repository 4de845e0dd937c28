import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BULK_DELETE_MAX } from '../contract/admin.js';
import { principalOf } from '../http/guards.js';
import { parseBody, type Input } from '../http/routeInput.js';
import type { AppDeps } from '../deps.js';
import { deleteProject, isProjectGone } from '../commands/deleteProject.js';
import { deleteUserCascade } from '../commands/deleteUser.js';
import { NotFound, ValidationError } from '../errors.js';
import { TOTAL_COUNT_HEADER } from '../contract/dashboard.js';
import {
  adminProjectSearch,
  adminStats,
  adminUser,
  adminUsers,
  unknownProjectIds,
} from '../reads/admin.js';
import { loadProjects } from '../reads/projects.js';
import { checkSearchRange } from './searchQuery.js';

export { BULK_DELETE_MAX };

const actorOf = (adminId: string) => `admin:${adminId}`;

function ctxOf(request: FastifyRequest, adminId: string) {
  return { actor: actorOf(adminId), requestId: request.id };
}

/**
 * Admin API: 401 anonymous, 403 signed-in non-admin. Every
 * change is an event whose actor is `admin:<id>` (ProjectDeleted, UserDeleted).
 */
export async function adminRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.get('/api/admin/stats', async () => adminStats(deps));

  app.get('/api/admin/users', async () => ({ users: await adminUsers(deps) }));

  for (const [url, anonymous] of [
    ['/api/admin/projects', false],
    ['/api/admin/public-projects', true],
  ] as const) {
    app.get<Input<'GET /api/admin/projects'>>(url, async (request, reply) => {
      const { projects, page } = await adminProjectSearch(
        deps,
        checkSearchRange(request.query),
        anonymous,
      );
      if (page?.paged) void reply.header(TOTAL_COUNT_HEADER, String(page.total));
      return { projects };
    });
  }

  app.get<Input<'GET /api/admin/users/:id'>>('/api/admin/users/:id', async (request) => {
    const { id } = request.params;
    const user = await adminUser(deps, id);
    if (!user) throw new NotFound('User not found');
    return { user };
  });

  /**
   * The user's projects in the dashboard's shape — the same bare array as GET /api/projects
   * (models, feedback) — for `/dashboard?userId=`.
   */
  app.get<Input<'GET /api/admin/users/:id/projects'>>(
    '/api/admin/users/:id/projects',
    async (request) => {
      const { id } = request.params;
      const user = await adminUser(deps, id);
      if (!user) throw new NotFound('User not found');
      return loadProjects(deps, { userId: id }, { includeOwner: true });
    },
  );

  app.delete<Input<'DELETE /api/admin/users/:id'>>(
    '/api/admin/users/:id',
    async (request, reply) => {
      const admin = principalOf(request);
      const { id } = request.params;
      if (id === admin.userId) {
        throw new ValidationError('You cannot delete your own account', 'cannot_delete_self');
      }
      await deleteUserCascade(deps, id, ctxOf(request, admin.userId));
      deps.log.info({ userId: id, adminId: admin.userId }, 'admin deleted user');
      return reply.code(204).send();
    },
  );

  app.delete<Input<'DELETE /api/admin/projects/:id'>>(
    '/api/admin/projects/:id',
    async (request, reply) => {
      const admin = principalOf(request);
      const { id } = request.params;
      await deleteProject(deps, id, 'admin', ctxOf(request, admin.userId));
      return reply.code(204).send();
    },
  );

  /**
   * Deletes several projects. All ids are checked first: any unknown or malformed id answers
   * 400 listing them, and nothing is deleted. One ProjectDeleted event per project.
   */
  app.post('/api/admin/projects/bulk-delete', async (request) => {
    const admin = principalOf(request);
    const body = parseBody('POST /api/admin/projects/bulk-delete', request.body);
    const ids = [...new Set(body.ids)];
    if (ids.length > BULK_DELETE_MAX) {
      throw new ValidationError(
        `At most ${BULK_DELETE_MAX} projects can be deleted at once`,
        'too_many_ids',
        { max: BULK_DELETE_MAX },
      );
    }
    const invalid = await unknownProjectIds(deps, ids);
    if (invalid.length > 0) {
      throw new ValidationError(`Invalid project ids: ${invalid.join(', ')}`, 'invalid_ids', {
        invalidIds: invalid,
      });
    }
    const ctx = ctxOf(request, admin.userId);
    let deleted = 0;
    for (const id of ids) {
      try {
        await deleteProject(deps, id, 'admin', ctx);
        deleted++;
      } catch (err) {
        // Deleted by someone else since the check: the goal is reached all the same.
        if (!isProjectGone(err)) throw err;
      }
    }
    return { deleted };
  });
}
