import type { FastifyRequest } from 'fastify';
import { UnsupportedMediaType } from '../errors.js';

/** JSON routes take JSON only: a text/plain body would otherwise reach the schema as a string. */
export function requireJson(request: FastifyRequest): void {
  const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (request.body !== undefined && request.body !== null && type !== 'application/json') {
    throw new UnsupportedMediaType('Expected application/json', 'unsupported_media_type');
  }
}
