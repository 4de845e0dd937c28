import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppDeps } from '../deps.js';
import { approvalRecordFileName, approvalRecordPdf } from '../documents/approvalRecordPdf.js';
import { principalOf } from '../http/guards.js';
import type { Input } from '../http/routeInput.js';
import { openPublicLink } from '../links/access.js';
import { loadApprovalRecord } from '../reads/approvalRecord.js';
import { requireProjectAccess } from './projectAccess.js';

/** Rendering a PDF costs CPU: a link may ask for a few a minute, not a stream of them. */
const RECORD_LIMIT = { max: 20, timeWindow: '1 minute' };

/**
 * The approval record, for the owner and through the doctor's link: a PDF, or with
 * `format=json` the same record as JSON. 404 `not_approved` until the latest version is approved.
 */
export async function approvalRecordRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  async function answer(reply: FastifyReply, projectId: string, format: 'pdf' | 'json') {
    const { record, image } = await loadApprovalRecord(deps, projectId);
    reply.header('cache-control', 'private, no-store');
    if (format === 'json') return record;
    const pdf = await approvalRecordPdf(record, image);
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${approvalRecordFileName(record)}"`)
      .send(pdf);
  }

  app.get<Input<'GET /api/projects/:id/approval-record'>>(
    '/api/projects/:id/approval-record',
    { config: { rateLimit: RECORD_LIMIT } },
    async (request, reply) => {
      const { id } = request.params;
      await requireProjectAccess(deps, principalOf(request), id, { allowAdmin: false });
      return answer(reply, id, request.query.format);
    },
  );

  app.get<Input<'GET /api/public/projects/:token/approval-record'>>(
    '/api/public/projects/:token/approval-record',
    { config: { rateLimit: RECORD_LIMIT } },
    async (request, reply) => {
      const projectId = await openPublicLink(deps, request, request.params.token);
      return answer(reply, projectId, request.query.format);
    },
  );
}
