import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, requestSerializers } from '../../../api/src/app.js';
import { REDACT_PATHS } from '../../../api/src/logger.js';
import { startTestApp, type TestApp } from '../../support/app.js';

describe('request logs', () => {
  let t: TestApp;
  const lines: string[] = [];

  beforeAll(async () => {
    t = await startTestApp('pglite');
  });
  afterAll(async () => t.close());

  it('carry a request id and never a share token or an authorization header', async () => {
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    const log = pino(
      {
        level: 'info',
        redact: { paths: REDACT_PATHS, censor: '[redacted]' },
        serializers: requestSerializers,
      },
      sink,
    );
    const app = await buildApp(t.deps, { loggerInstance: log });
    const token = 'pub_SECRETsecretSECRETsecretSECRETsecretSECRE';
    await app.inject({
      method: 'GET',
      url: `/api/public/projects/${token}`,
      headers: { authorization: 'Bearer very-secret-session-token' },
    });
    await app.inject({ method: 'GET', url: `/viewer/${token}` });
    await app.close();

    const text = lines.join('\n');
    expect(text).not.toContain('SECRETsecret');
    expect(text).not.toContain('very-secret-session-token');
    const incoming = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'incoming request');
    expect(incoming.length).toBeGreaterThanOrEqual(2);
    for (const l of incoming) {
      expect(l.reqId).toMatch(/^[0-9a-f-]{36}$/);
      expect(l.req.url).toContain('[redacted]');
    }
  });
});
