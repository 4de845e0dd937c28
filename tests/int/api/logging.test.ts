import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../api/src/app.js';
import { createLogger } from '../../../api/src/logger.js';
import { seedProject, seedUser, type SeededProject } from '../../support/adminSeed.js';
import { startTestApp, type TestApp } from '../../support/app.js';

const INDEX = '<!doctype html><html><head><title>Cusp</title></head><body></body></html>';

interface LogLine {
  msg: string;
  reqId?: string;
  req?: { url: string };
}

describe('request logs', () => {
  let t: TestApp;
  let p: SeededProject;
  const webRoot = mkdtempSync(join(tmpdir(), 'cusp-web-'));

  /** Sends the requests through an app logging with the production logger; its JSON lines. */
  async function logged(
    requests: { method: 'GET' | 'POST'; url: string; headers?: Record<string, string> }[],
  ) {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    const app = await buildApp(t.deps, { loggerInstance: createLogger('info', sink) });
    const answers = [];
    for (const r of requests) answers.push(await app.inject(r));
    await app.close();
    return { text: lines.join('\n'), lines: lines.map((l) => JSON.parse(l) as LogLine), answers };
  }

  beforeAll(async () => {
    writeFileSync(join(webRoot, 'index.html'), INDEX);
    t = await startTestApp('pglite', {}, { webRoot });
    const tech = await seedUser(t.deps, { name: 'Lou Logs', email: 'lou@lab.test' });
    p = await seedProject(t.deps, { userId: tech.id, name: 'Case 9' });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('carry a request id and never a share token or an authorization header', async () => {
    const { text, lines } = await logged([
      {
        method: 'GET',
        url: `/api/public/projects/${p.publicToken}`,
        headers: { authorization: 'Bearer very-secret-session-token' },
      },
      { method: 'GET', url: `/viewer/${p.publicToken}` },
    ]);
    expect(text).not.toContain(p.publicToken.slice(4));
    expect(text).not.toContain('very-secret-session-token');
    const incoming = lines.filter((l) => l.msg === 'incoming request');
    expect(incoming).toHaveLength(2);
    for (const l of incoming) {
      expect(l.reqId).toMatch(/^[0-9a-f-]{36}$/);
      expect(l.req?.url).toContain('[redacted]');
    }
  });

  it('redact the token of a percent-encoded or differently cased path too', async () => {
    const secret = p.publicToken.slice(4);
    const urls = [
      `/api/publi%63/projects/${p.publicToken}`,
      `/%61pi/public/projects/${p.publicToken}`,
      `/api/public/projects/${p.publicToken.replace('pub_', '%70ub_')}`,
      `/%61pi/public/projects/${p.publicToken}/files/x.stl`,
      `/Viewer/${p.publicToken}`,
      `/VIEWER/${p.publicToken}`,
      `//viewer/./${p.publicToken}`,
      `/api/verify-email/${p.publicToken}?token=${p.publicToken}`,
    ];
    const { text, lines, answers } = await logged([
      ...urls.map((url) => ({ method: 'GET' as const, url })),
      {
        method: 'POST',
        url: `/%61pi/public/projects/${p.publicToken}/feedback`,
        headers: { 'content-type': 'application/json' },
      },
    ]);
    // The router decodes: the encoded public path reaches the project (so the token was live).
    expect(answers[0]!.statusCode).toBe(200);
    expect(text).not.toContain(secret);
    const incoming = lines.filter((l) => l.msg === 'incoming request');
    expect(incoming).toHaveLength(urls.length + 1);
    for (const l of incoming) expect(l.req?.url).toContain('[redacted]');
  });

  it('treat paths case-sensitively: /Viewer/<token> is not the viewer page', async () => {
    const { answers } = await logged([{ method: 'GET', url: `/Viewer/${p.publicToken}` }]);
    // The web app's shell (its router shows the 404 page), without the project preloaded.
    expect(answers[0]!.statusCode).toBe(200);
    expect(answers[0]!.body).toBe(INDEX);
  });
});
