import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PreparedAnswer } from '../answers/preparedAnswers.js';

/** True when the request's If-None-Match names this entity tag (or is `*`). */
function notModified(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return header
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .some((t) => t === etag || t === '*');
}

/**
 * Sends a prepared answer with its ETag; 304 without a body when the client holds it. The
 * browser must ask every time (`no-cache`): a revoked link or a deleted project shows at once.
 */
export function sendPrepared(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: PreparedAnswer,
): FastifyReply {
  reply.header('etag', answer.etag).header('cache-control', 'private, no-cache');
  if (notModified(request, answer.etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(answer.body);
}
