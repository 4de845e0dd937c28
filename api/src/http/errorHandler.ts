import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../db/db.js';
import { AppError, ServiceUnavailable, TooManyRequests } from '../errors.js';
import { httpErrorOf } from './domainErrors.js';
import { multipartParseError } from './uploadBody.js';

/** How long a client should wait before retrying a 503 (the database or the server is busy). */
export const RETRY_AFTER_SECONDS = 5;
export const UNAVAILABLE_MESSAGE =
  'The service is temporarily unavailable. Please try again in a moment.';

/** Fastify's and its plugins' own error codes, mapped to our `{ error, code }` answers. */
const FASTIFY_CODES: Record<string, { status: number; code: string; error: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'unsupported_media_type',
    error: 'Unsupported content type',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: 'payload_too_large',
    error: 'Request body too large',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'invalid_json', error: 'Empty JSON body' },
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: 'invalid_json',
    error: 'Malformed JSON body',
  },
  FST_REQ_FILE_TOO_LARGE: { status: 413, code: 'file_too_large', error: 'File too large' },
  FST_PARTS_LIMIT: { status: 413, code: 'too_many_parts', error: 'Too many parts' },
  FST_FILES_LIMIT: { status: 413, code: 'too_many_files', error: 'Too many files' },
  FST_FIELDS_LIMIT: { status: 413, code: 'too_many_fields', error: 'Too many fields' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    status: 415,
    code: 'not_multipart',
    error: 'Expected multipart/form-data',
  },
  FST_ERR_VALIDATION: { status: 400, code: 'validation_failed', error: 'Invalid request' },
};

export function errorHandler(
  err: FastifyError | Error,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  if (isDatabaseUnavailable(err)) {
    // An outage, not a bug: the client retries; the log says so once per request.
    request.log.warn({ err }, 'database unavailable');
    err = new ServiceUnavailable(UNAVAILABLE_MESSAGE, 'unavailable');
  }
  err = httpErrorOf(err) as FastifyError | Error;
  err = multipartParseError(err) ?? err;
  if (err instanceof AppError) {
    if (err instanceof TooManyRequests) reply.header('retry-after', String(err.retryAfterSeconds));
    if (err.status === 503) {
      const wait = err instanceof ServiceUnavailable ? err.retryAfterSeconds : undefined;
      reply.header('retry-after', String(wait ?? RETRY_AFTER_SECONDS));
    }
    // An outage of the database or the file store is not a bug: a warning, not an error.
    if (err.code === 'unavailable') request.log.warn({ err }, 'dependency unavailable');
    else if (err.status >= 500) request.log.error({ err }, 'request failed');
    void reply.code(err.status).send({ error: err.message, code: err.code, ...err.details });
    return;
  }
  const fe = err as FastifyError;
  const known = fe.code ? FASTIFY_CODES[fe.code] : undefined;
  if (known) {
    const message = fe.code === 'FST_ERR_VALIDATION' ? fe.message : known.error;
    void reply.code(known.status).send({ error: message, code: known.code });
    return;
  }
  const status = fe.statusCode ?? 500;
  if (status === 429) {
    void reply.code(429).send({
      error: 'Too many requests. Please wait and try again.',
      code: 'too_many_requests',
    });
    return;
  }
  if (status >= 400 && status < 500) {
    void reply.code(status).send({ error: fe.message, code: fe.code ?? 'bad_request' });
    return;
  }
  request.log.error({ err }, 'unhandled error');
  void reply.code(status >= 500 ? status : 500).send({
    error: 'Internal server error',
    code: 'internal',
    requestId: request.id,
  });
}
