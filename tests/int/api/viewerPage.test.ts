import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_CSP } from '../../../api/src/http/securityHeaders.js';
import { seedProject, seedUser, type SeededProject } from '../../support/adminSeed.js';
import { startTestApp, type TestApp } from '../../support/app.js';
import { testDrivers } from '../../support/db.js';

const APP_SCRIPT = '<script type="module" crossorigin src="/assets/index-abc.js"></script>';
const INDEX =
  '<!doctype html><html><head><title>Cusp</title>' +
  APP_SCRIPT +
  '<link rel="modulepreload" crossorigin href="/assets/react-jkl.js">' +
  '</head><body><div id="root"></div></body></html>';
const MANIFEST = {
  'index.html': { file: 'assets/index-abc.js', isEntry: true, css: ['assets/index-abc.css'] },
  'src/pages/Viewer/ViewerPage.tsx': {
    file: 'assets/ViewerPage-def.js',
    imports: ['index.html'],
    css: ['assets/ViewerPage-def.css'],
  },
  // The chunk that draws the first frame (web/vite.config.ts), found by its name.
  '_first-frame-mno.js': { file: 'assets/first-frame-mno.js', name: 'first-frame' },
};
const EARLY_SCRIPT =
  '<script type="module" async crossorigin src="/assets/first-frame-mno.js"></script>';
/** The early chunk's text: a public link's page carries it inline. */
const EARLY_CODE = 'const drawn = document.title;export{drawn as t};';
const INLINE_SCRIPT = `<script type="module" async>${EARLY_CODE}</script>`;
const EARLY_HASH = `'sha256-${createHash('sha256').update(EARLY_CODE).digest('base64')}'`;

describe.each(testDrivers())('viewer page hints (%s)', (driver) => {
  let t: TestApp;
  let p: SeededProject;
  const webRoot = mkdtempSync(join(tmpdir(), 'cusp-web-'));

  const answer = async (path: string, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ method: 'GET', url: path, headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    return res;
  };
  const page = async (path: string) => (await answer(path)).body;

  beforeAll(async () => {
    writeFileSync(join(webRoot, 'index.html'), INDEX);
    mkdirSync(join(webRoot, '.vite'));
    mkdirSync(join(webRoot, 'assets'));
    writeFileSync(join(webRoot, 'assets', 'first-frame-mno.js'), EARLY_CODE);
    writeFileSync(join(webRoot, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    t = await startTestApp(driver, {}, { webRoot });
    const tech = await seedUser(t.deps, { name: 'Tina Tech', email: 'tina@lab.test' });
    p = await seedProject(t.deps, { userId: tech.id, name: 'Case 5', files: 2 });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it("lists every model's view on a public link, preloads the project and leaves the app's code until the first frame", async () => {
    const html = await page(`/viewer/${p.publicToken}`);
    const head = html.slice(0, html.indexOf('</head>'));
    // The early script draws the first frame: the app's and the viewer's code would only hold
    // back what that frame needs; the early script loads the entry, named here, once it is drawn.
    expect(head).not.toContain('href="/assets/ViewerPage-def.js"');
    expect(head).not.toContain('href="/assets/index-abc.js"');
    expect(html).not.toContain(APP_SCRIPT);
    expect(html).not.toContain('react-jkl.js');
    expect(head).toContain('<meta name="cusp-app" content="/assets/index-abc.js">');
    expect(head).toContain('href="/assets/ViewerPage-def.css"');
    // The first frame's chunk is inline: it runs as soon as the page is in. Nothing else runs
    // before the frame, and nothing of the chunk's file is asked for.
    expect(head).toContain(INLINE_SCRIPT);
    expect(head).not.toContain('first-frame-mno.js');
    expect(head).not.toContain('rel="modulepreload"');
    expect(head).toContain(
      `<link rel="preload" as="fetch" crossorigin="anonymous" href="/api/public/projects/${p.publicToken}">`,
    );
    const meta = /<meta name="cusp-views" content="([^"]*)">/.exec(head);
    const project = (
      await t.app.inject({ method: 'GET', url: `/api/public/projects/${p.publicToken}` })
    ).json() as { models: { id: string }[] };
    expect(project.models).toHaveLength(2);
    // The same URLs, in the same order, as the viewer builds from the project answer.
    const views = project.models.map((m) => `/api/public/projects/${p.publicToken}/view/${m.id}`);
    expect(meta?.[1]?.split(' ')).toEqual(views);
    // Each model requested with the early script, as fetchModel.ts asks for it (a plain GET).
    for (const url of views) {
      const hint = `<link rel="preload" as="fetch" crossorigin="anonymous" href="${url}">`;
      // Before the inline script: its fetch must find the preload already there.
      expect(head).toContain(hint);
      expect(head.indexOf(hint)).toBeLessThan(head.indexOf(INLINE_SCRIPT));
    }
    // Listed before the early script, so the list is there whenever that script runs; the early
    // script (the first frame's code) asked for before the app's and the viewer's code.
    expect(head.indexOf('name="cusp-views"')).toBeLessThan(head.indexOf(INLINE_SCRIPT));
    expect(head.indexOf(`/api/public/projects/${p.publicToken}"`)).toBeLessThan(
      head.indexOf(INLINE_SCRIPT),
    );
    expect(head.indexOf(INLINE_SCRIPT)).toBeLessThan(head.indexOf('ViewerPage-def.css'));
    expect(head.indexOf(INLINE_SCRIPT)).toBeLessThan(head.indexOf('<title>'));
    // The canvas the early script draws the first frame into, then the app's own page.
    expect(html).toContain(
      '<canvas id="cusp-first-frame" class="first-frame" aria-hidden="true"></canvas><div id="root"></div>',
    );
  });

  it("allows exactly the page's inline script and sends the page compressed to a browser that takes brotli", async () => {
    const plain = await answer(`/viewer/${p.publicToken}`);
    const csp = String(plain.headers['content-security-policy']);
    // The viewer's policy, with this one script's hash as the only addition.
    expect(csp).toBe(
      PAGE_CSP.replace(
        "script-src 'self' 'wasm-unsafe-eval'",
        `script-src 'self' 'wasm-unsafe-eval' ${EARLY_HASH}`,
      ),
    );
    expect(csp).not.toMatch(/'unsafe-inline'|'unsafe-eval'|https:/);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const br = await answer(`/viewer/${p.publicToken}`, { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.body.length);
  });

  it('keeps the app loading as it does when the link asks for a version', async () => {
    const res = await answer(`/viewer/${p.publicToken}?v=1`);
    const html = res.body;
    expect(html).toContain('cusp-views');
    expect(html).toContain(APP_SCRIPT);
    expect(html).not.toContain('cusp-app');
    // The app draws this one: the early chunk as a file, no inline script, the usual policy.
    expect(html).toContain(EARLY_SCRIPT);
    expect(html).not.toContain(INLINE_SCRIPT);
    expect(res.headers['content-security-policy']).toBe(PAGE_CSP);
  });

  it('gives an unknown link, an owner id and the demo only the code hints', async () => {
    for (const id of [
      'pub_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde',
      p.id,
      'demo',
      'pub_<script>',
    ]) {
      const html = await page(`/viewer/${encodeURIComponent(id)}`);
      expect(html, id).toContain('<link rel="modulepreload" href="/assets/ViewerPage-def.js">');
      expect(html, id).toContain(EARLY_SCRIPT);
      expect(html, id).not.toContain('cusp-views');
      expect(html, id).not.toContain('cusp-first-frame');
      expect(html, id).not.toContain('cusp-app');
      expect(html, id).toContain(APP_SCRIPT);
      expect(html, id).not.toContain('as="fetch"');
      expect(html, id).not.toContain('<script>');
      expect(html, id).not.toContain(INLINE_SCRIPT);
    }
  });

  it('loads the early chunk as a file when its text could not sit inside a script element', async () => {
    writeFileSync(join(webRoot, 'assets', 'first-frame-mno.js'), 'const t = "</script>";');
    // The shell is re-read when the manifest changes.
    writeFileSync(join(webRoot, '.vite', 'manifest.json'), JSON.stringify(MANIFEST) + '\n');
    try {
      const res = await answer(`/viewer/${p.publicToken}`);
      expect(res.body).toContain(EARLY_SCRIPT);
      expect(res.body).not.toContain('<script type="module" async>');
      expect(res.headers['content-security-policy']).toBe(PAGE_CSP);
    } finally {
      writeFileSync(join(webRoot, 'assets', 'first-frame-mno.js'), EARLY_CODE);
      writeFileSync(join(webRoot, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    }
  });

  it('serves the page without code hints when the build has no manifest', async () => {
    rmSync(join(webRoot, '.vite'), { recursive: true, force: true });
    const html = await page(`/viewer/${p.publicToken}`);
    // index.html as built, without hints of the server's own.
    expect(html).not.toContain('<link rel="modulepreload" href=');
    expect(html).not.toContain('first-frame-mno');
    expect(html).toContain(APP_SCRIPT);
    expect(html).not.toContain('cusp-app');
    expect(html).toContain('cusp-views');
  });
});
