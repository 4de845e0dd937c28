import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { inflateSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandler } from '../../../api/src/http/errorHandler.js';
import { dcmRoutes } from '../../../api/src/routes/dcm.js';
import { ENCRYPTED_DCM_MESSAGE } from '../../../wasm/src/errors.js';
import { closeMeshPool } from '../../../wasm/src/node.js';
import { TETRA, binaryStl } from './support/builders.js';
import { dcmFixtures } from './support/fixtures.js';

const { dir, expected } = dcmFixtures();
const fixture = (name: string): Buffer => readFileSync(join(dir, name));

function multipart(field: string, filename: string, bytes: Uint8Array) {
  const boundary = '----cusp' + Math.random().toString(16).slice(2);
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function build(maxBytes: number): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.setErrorHandler(errorHandler);
  await app.register(fastifyMultipart);
  await app.register(dcmRoutes, { maxBytes });
  return app;
}

let app: FastifyInstance;
let small: FastifyInstance;
beforeAll(async () => {
  app = await build(50 * 1024 * 1024);
  small = await build(1024);
});
afterAll(async () => {
  await app.close();
  await small.close();
  await closeMeshPool();
});

const post = (a: FastifyInstance, bytes: Uint8Array, name = 'scan.dcm', field = 'file') =>
  a.inject({ method: 'POST', url: '/api/dcm/convert', ...multipart(field, name, bytes) });

describe('POST /api/dcm/convert', () => {
  it('answers example_ca.dcm with the raw-deflated STL body of 15,510 triangles', async () => {
    const res = await post(app, fixture('example_ca.dcm'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    const body = inflateSync(res.rawPayload);
    const n = new DataView(body.buffer, body.byteOffset).getUint32(0, true);
    expect(n).toBe(15510);
    expect(body.length).toBe(4 + 50 * n);
    const corners = new Uint8Array(n * 36);
    for (let t = 0; t < n; t++)
      corners.set(body.subarray(4 + t * 50 + 12, 4 + t * 50 + 48), t * 36);
    expect(createHash('sha256').update(corners).digest('hex')).toBe(
      expected['example_ca.dcm']?.triangles_sha256,
    );
  });

  it('row 26: answers an encrypted (CE) file with 422 and the export-as-STL/PLY message', async () => {
    const res = await post(app, fixture('example_ce.dcm'));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ error: ENCRYPTED_DCM_MESSAGE, code: 'DCM_ENCRYPTED_UNSUPPORTED' });
  });

  it('answers an unsupported schema with 422', async () => {
    const res = await post(app, fixture('unsupported-schema-cb.dcm'));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'DCM_UNSUPPORTED_SCHEMA' });
  });

  it('row 31: answers a facet index out of range with 400 and its code', async () => {
    const res = await post(app, fixture('invalid-index-out-of-range.dcm'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INDEX_OUT_OF_RANGE' });
  });

  it('row 33: answers a ZIP sent as .dcm with 400 CONTENT_MISMATCH', async () => {
    const zip = new Uint8Array(64);
    zip.set([0x50, 0x4b, 0x03, 0x04]);
    const res = await post(app, zip);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'CONTENT_MISMATCH' });
  });

  it('answers an STL sent for conversion with 415 NOT_DCM', async () => {
    const res = await post(app, binaryStl(TETRA), 'scan.stl');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 'NOT_DCM' });
  });

  it('answers a file above the limit with 413 FILE_TOO_LARGE', async () => {
    const res = await post(small, fixture('example_ca.dcm'));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'FILE_TOO_LARGE' });
  });

  it('answers a body that is not multipart with 415', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/dcm/convert',
      payload: { file: 'x' },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toHaveProperty('code');
  });

  it('answers a multipart body without the file field with 400 FILE_REQUIRED', async () => {
    const res = await post(app, fixture('synthetic-cube.dcm'), 'scan.dcm', 'upload');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'FILE_REQUIRED' });
  });

  it('answers an empty file with 400 EMPTY_FILE and keeps serving', async () => {
    const res = await post(app, new Uint8Array(0));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'EMPTY_FILE' });
    expect((await post(app, fixture('synthetic-cube.dcm'))).statusCode).toBe(200);
  });
});
