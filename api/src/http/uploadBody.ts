import type { FastifyInstance } from 'fastify';
import { AppError, ValidationError } from '../errors.js';

/** A multipart body that stopped, never closed its boundary, or trickled below the minimum rate. */
export class BodyTimeout extends AppError {
  constructor() {
    super(408, 'body_timeout', 'The upload stopped or was too slow. Please try again.');
  }
}

export interface UploadBodyGuardOptions {
  /** The window over which the minimum rate is measured. */
  windowMs: number;
  minBytesPerSecond: number;
}

/**
 * Ends every multipart request whose body, while the server is reading it, delivers fewer than
 * `minBytesPerSecond × windowMs` bytes in any `windowMs`. The request stream gets a
 * `BodyTimeout` error: @fastify/multipart destroys the part being read with it, so the upload's
 * pipeline fails, removes its temporary file (S3: aborts the multipart upload) and the route
 * answers 408 — without the guard such a body holds its request and file open until the 10-minute
 * request timeout, or for ever when the socket stays quiet.
 *
 * Bytes are counted on the socket, so the guard never turns the request into flowing mode
 * itself; windows in which the server is not reading (back-pressure, or before the route starts
 * on the body) do not count against the client.
 */
export function uploadBodyGuard(app: FastifyInstance, opts: UploadBodyGuardOptions): void {
  const tickMs = Math.max(25, Math.floor(opts.windowMs / 20));
  const minBytes = (opts.minBytesPerSecond * opts.windowMs) / 1000;
  app.addHook('onRequest', async (request, reply) => {
    const type = request.headers['content-type'];
    if (typeof type !== 'string' || !/^multipart\//i.test(type)) return;
    const req = request.raw;
    const socket = req.socket;
    // Samples of the socket's byte count while the body flows, newest last.
    let samples: { at: number; bytes: number }[] = [];
    const timer = setInterval(() => {
      if (req.complete || req.destroyed || socket.destroyed) return stop();
      if (req.readableFlowing !== true) {
        samples = [];
        return;
      }
      const now = Date.now();
      samples.push({ at: now, bytes: socket.bytesRead });
      while (samples.length > 1 && now - samples[1]!.at >= opts.windowMs) samples.shift();
      const first = samples[0]!;
      if (now - first.at < opts.windowMs) return;
      if (socket.bytesRead - first.bytes >= minBytes) return;
      stop();
      request.log.info({ windowMs: opts.windowMs }, 'upload body too slow; ended');
      if (reply.sent || req.listenerCount('error') === 0) {
        socket.destroy();
        return;
      }
      // The rest of the body is never read: the connection closes after the answer.
      reply.header('connection', 'close');
      req.emit('error', new BodyTimeout());
    }, tickMs);
    timer.unref();
    const stop = () => clearInterval(timer);
    req.once('end', stop);
    req.once('close', stop);
  });
}

/**
 * Errors of the multipart parser (busboy) as 400 answers: a `Content-Type` without a boundary,
 * or a body that does not use the boundary it names or ends before its closing boundary. They
 * are plain `Error`s from the parser, known by their messages.
 */
export function multipartParseError(err: Error): ValidationError | undefined {
  const message = err.message ?? '';
  if (/Boundary not found|Boundary required/.test(message)) {
    return new ValidationError(
      'The upload is not valid form data: its Content-Type names no boundary',
      'multipart_boundary_missing',
    );
  }
  if (
    /Unexpected end of multipart data|terminated early|Malformed part header/.test(message) ||
    (err as { code?: string }).code === 'FST_MP_PREMATURE_CLOSE'
  ) {
    return new ValidationError(
      'The upload is not valid form data: its parts do not match the boundary, or it ended early',
      'multipart_malformed',
    );
  }
  return undefined;
}
