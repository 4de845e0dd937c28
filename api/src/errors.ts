/**
 * The one error family of the API. Each error carries an HTTP status and a stable
 * machine-readable `code`; the message is the human text (the spec's wording where it names one).
 * The error handler (`http/errorHandler.ts`) is the only place these become HTTP answers; it
 * maps the domain's rule errors to them first (`http/domainErrors.ts`).
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends AppError {
  constructor(message: string, code = 'validation_failed', details?: Record<string, unknown>) {
    super(400, code, message, details);
  }
}
export class Unauthorized extends AppError {
  constructor(message = 'Unauthorized', code = 'unauthorized') {
    super(401, code, message);
  }
}
export class Forbidden extends AppError {
  constructor(message = 'Forbidden', code = 'forbidden') {
    super(403, code, message);
  }
}
export class NotFound extends AppError {
  constructor(message = 'Not found', code = 'not_found') {
    super(404, code, message);
  }
}
export class Conflict extends AppError {
  constructor(message = 'Conflict', code = 'conflict') {
    super(409, code, message);
  }
}
export class Gone extends AppError {
  constructor(message = 'Gone', code = 'gone') {
    super(410, code, message);
  }
}
export class PayloadTooLarge extends AppError {
  constructor(message = 'Payload too large', code = 'payload_too_large') {
    super(413, code, message);
  }
}
export class UnsupportedMediaType extends AppError {
  constructor(message = 'Unsupported media type', code = 'unsupported_media_type') {
    super(415, code, message);
  }
}
export class Unprocessable extends AppError {
  constructor(
    message = 'Unprocessable',
    code = 'unprocessable',
    details?: Record<string, unknown>,
  ) {
    super(422, code, message, details);
  }
}
export class TooManyRequests extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    message = 'Too many requests',
    code = 'too_many_requests',
  ) {
    super(429, code, message);
  }
}
export class ServiceUnavailable extends AppError {
  constructor(
    message = 'Service unavailable',
    code = 'service_unavailable',
    /** Sent as `Retry-After` when set: the outage is expected to pass. */
    readonly retryAfterSeconds?: number,
  ) {
    super(503, code, message);
  }
}
