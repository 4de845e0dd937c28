import { deflate } from 'fflate';
import type { FastifyInstance } from 'fastify';
import { MeshError, httpStatusFor } from '../../../wasm/src/errors.js';
import { convertDcmToStl } from '../../../wasm/src/node.js';
import {
  AppError,
  PayloadTooLarge,
  ServiceUnavailable,
  UnsupportedMediaType,
  Unprocessable,
  ValidationError,
} from '../errors.js';

function deflateRaw(data: Uint8Array): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    deflate(data, { level: 6 }, (err, out) => (err ? reject(err) : resolve(out)));
  });
}

/** A MeshError as the API's error family (same stable code, HTTP status per httpStatusFor). */
function toAppError(e: unknown): unknown {
  if (!(e instanceof MeshError)) return e;
  const status = httpStatusFor(e.code);
  switch (status) {
    case 400:
      return new ValidationError(e.message, e.code);
    case 413:
      return new PayloadTooLarge(e.message, e.code);
    case 415:
      return new UnsupportedMediaType(e.message, e.code);
    case 422:
      return new Unprocessable(e.message, e.code);
    case 503:
      return new ServiceUnavailable(e.message, e.code);
    default:
      return new AppError(500, e.code, e.message);
  }
}

/**
 * `POST /api/dcm/convert` (multipart field `file`): a 3Shape DCM converted on a mesh worker
 * thread. The answer is the spec's raw-deflated binary mesh: DEFLATE (no zlib header) of the
 * binary STL without its 80-byte header, i.e. u32 triangle count + 50-byte records; the client
 * inflates it and prepends a header.
 */
export async function dcmRoutes(app: FastifyInstance, opts: { maxBytes: number }): Promise<void> {
  // Open to anonymous callers (the quick upload converts through it): limited per client address.
  app.post(
    '/api/dcm/convert',
    { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
    async (request, reply) => {
      if (!request.isMultipart()) {
        throw new UnsupportedMediaType(
          'Expected multipart/form-data with a file field',
          'NOT_MULTIPART',
        );
      }
      const part = await request.file({
        limits: {
          fileSize: opts.maxBytes,
          files: 1,
          fields: 10,
          parts: 12,
          fieldNameSize: 100,
          headerPairs: 100,
        },
      });
      if (!part || part.fieldname !== 'file') {
        throw new ValidationError(
          'Send the DCM file in the multipart field "file"',
          'FILE_REQUIRED',
        );
      }
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch (e) {
        if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new PayloadTooLarge(
            `The file exceeds ${Math.floor(opts.maxBytes / (1024 * 1024))} MB`,
            'FILE_TOO_LARGE',
          );
        }
        throw e;
      }
      let stl: Uint8Array;
      try {
        ({ stl } = await convertDcmToStl(bytes));
      } catch (e) {
        throw toAppError(e);
      }
      const body = await deflateRaw(stl.subarray(80));
      return reply
        .type('application/octet-stream')
        .send(Buffer.from(body.buffer, body.byteOffset, body.byteLength));
    },
  );
}
