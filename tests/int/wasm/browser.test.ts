import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize, sep } from 'node:path';
import { chromium, type BrowserContext } from '@playwright/test';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, findChromium } from '../../e2e/support/chromium.js';
import { BAD_INPUT_CASES } from './support/badInputCases.js';
import type { BrowserResult } from './support/browserEntry.js';
import { dcmFixtures, fixturesDir, repoRoot } from './support/fixtures.js';

const MIME: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
};

/** Serves the Vite bundle at / and the fixtures at /fixtures/. */
function serve(dist: string): Promise<Server> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const [base, rel] = url.pathname.startsWith('/fixtures/')
      ? [fixturesDir, url.pathname.slice('/fixtures/'.length)]
      : [dist, url.pathname === '/' ? 'index.html' : url.pathname.slice(1)];
    const file = normalize(join(base, decodeURIComponent(rel)));
    if (!file.startsWith(base + sep)) {
      res.writeHead(403).end();
      return;
    }
    try {
      const body = readFileSync(file);
      res.writeHead(200, { 'content-type': MIME[extname(file)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const work = mkdtempSync(join(tmpdir(), 'cusp-wasm-browser-'));
let server: Server;
let context: BrowserContext;
let results = new Map<string, BrowserResult>();

beforeAll(async () => {
  const dist = join(work, 'dist');
  await build({
    configFile: false,
    root: repoRoot,
    logLevel: 'warn',
    build: {
      outDir: dist,
      emptyOutDir: true,
      minify: false,
      target: 'es2022',
      rollupOptions: {
        input: join(repoRoot, 'tests', 'int', 'wasm', 'support', 'browserEntry.ts'),
        output: { entryFileNames: 'entry.js' },
      },
    },
    worker: { format: 'es' },
  });
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><meta charset="utf-8"><script type="module" src="/entry.js"></script>',
  );
  server = await serve(dist);
  context = await chromium.launchPersistentContext(join(work, 'profile'), {
    executablePath: findChromium(),
    headless: true,
    args: [...CHROMIUM_ARGS],
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const { port } = server.address() as AddressInfo;
  await page.goto(`http://127.0.0.1:${port}/`);
  await page.waitForFunction(() => typeof window.runMeshChecks === 'function', null, {
    timeout: 20_000,
  });
  const list = await page.evaluate(() => window.runMeshChecks());
  results = new Map(list.map((r) => [r.name, r]));
  if (errors.length) throw new Error(errors.join('\n'));
}, 180_000);

afterAll(async () => {
  await context?.close();
  await new Promise((r) => (server ? server.close(r) : r(undefined)));
  rmSync(work, { recursive: true, force: true });
});

function check(name: string): void {
  const r = results.get(name);
  expect(r, `no browser result for ${name}`).toBeDefined();
  expect(r?.ok, `${name}: ${r?.detail}`).toBe(true);
}

describe('mesh Web Worker in Chromium', () => {
  for (const name of Object.keys(dcmFixtures().expected)) {
    it(`decodes or refuses fixture ${name} exactly as expected.json says`, () =>
      check(`fixture ${name}`));
  }
  it('gives the "encrypted" message when converting example_ce.dcm', () =>
    check('convert example_ce.dcm'));
  it('converts example_ca.dcm to a binary STL of 15,510 triangles', () =>
    check('convert example_ca.dcm'));
  it('parses a binary STL fixture into positions and normals', () =>
    check('parse molar-crown-fdi16.stl'));
  for (const c of BAD_INPUT_CASES) {
    if (c.heavy || (c.op === 'sanitise' && c.kind)) continue;
    it(`row ${c.row}: ${c.title} → ${c.expect}`, () => check(`row ${c.row}: ${c.title}`));
  }
  it('measures signed distances (sign, max distance, copied or transferred input)', () =>
    check('distances: signs, max distance and transfer'));
  it('refuses a distance target with a bad index as INDEX_OUT_OF_RANGE', () =>
    check('distances: bad index'));
  it('reads the v2 crown as +100 µm on its moved region and 0 elsewhere', () =>
    check('distances: crown v2 against v1'));
});
