import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDrivers } from '../../support/db.js';
import { startTestApp, type TestApp } from '../../support/app.js';

describe.each(testDrivers())('API skeleton on %s', (driver) => {
  let t: TestApp;
  const webRoot = mkdtempSync(join(tmpdir(), 'cusp-web-'));

  beforeAll(async () => {
    writeFileSync(
      join(webRoot, 'index.html'),
      '<!doctype html><title>Cusp</title><div id="root"></div>',
    );
    mkdirSync(join(webRoot, 'assets'));
    writeFileSync(join(webRoot, 'assets', 'app-1a2b3c.js'), 'console.log(1)');
    writeFileSync(
      join(webRoot, 'assets', 'app-1a2b3c.js.br'),
      brotliCompressSync('console.log(1)'),
    );
    t = await startTestApp(driver, {}, { webRoot });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('reports health with the database driver and projection lag', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('ok');
    expect(body.db).toMatchObject({ driver, ok: true });
    expect(body.projections.lag).toEqual(expect.any(Object));
  });

  it('answers unknown API paths with a JSON 404 carrying error and code', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Not found', code: 'not_found' });
    expect(res.headers['content-type']).toMatch(/application\/json/);
  });

  it('sends the security headers and a request id on every answer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(String(res.headers['content-security-policy'])).toContain("default-src 'none'");
  });

  it('serves the web app for every non-API path, with the page CSP', async () => {
    for (const url of ['/', '/dashboard', '/no/such/page']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('unsafe-inline');
    }
  });

  it('keeps viewer pages out of search engines and caches hashed assets for good', async () => {
    const viewer = await t.app.inject({ method: 'GET', url: '/viewer/pub_abc' });
    expect(viewer.headers['x-robots-tag']).toBe('noindex, nofollow, noarchive');
    expect(viewer.headers['cache-control']).toBe('no-store');
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-1a2b3c.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const compressed = await t.app.inject({
      method: 'GET',
      url: '/assets/app-1a2b3c.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe('console.log(1)');
    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.body).toContain('Disallow: /viewer/');
  });
});
