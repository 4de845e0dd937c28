/**
 * The viewer's HTML (GET /viewer/:id): the web app's index.html with hints in its head, so the
 * browser requests the viewer's code — and, on a public link, the project — as soon as the HTML
 * arrives, and the entry script can request every model's view derivative the moment it runs.
 * Without them each step waits for the one before (entry script → viewer chunk → project →
 * models), one round trip each on a slow link (tests/bench/viewer.bench.ts). The app's own
 * requests take the preloaded answers (web/src/viewer/boot/prefetch.ts asks for the same URLs
 * the same way).
 *
 * The chunk names come from Vite's build manifest. Both files are read again when they change,
 * so a rebuilt web app is served as is.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlibConstants } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../deps.js';
import { acceptsBrotli } from '../http/acceptsBrotli.js';
import { pageCsp } from '../http/securityHeaders.js';
import { hasCoarseLevel } from '../domain/viewLevels.js';
import { countOf, TRIANGLES_FIELD } from '../domain/models.js';
import { projectSubject } from '../domain/project.js';
import { openWith } from '../crypto/keyRing.js';
import { modelsForLink } from '../../../projections/src/projects/queries.js';
import { PUBLIC_TOKEN, hashPublicToken } from '../links/projectLinks.js';

/** Source path of the app's entry in the manifest. */
const APP_ENTRY = 'index.html';
/** Source path of the viewer's lazy route in the manifest. */
const VIEWER_ENTRY = 'src/pages/Viewer/ViewerPage.tsx';
/**
 * Name of the chunk that draws the first frame: web/src/viewer/boot/early.ts and everything it
 * needs, with no import of its own (web/vite.config.ts). The page carries it inline or loads it
 * as one request that depends on nothing else; the app's entry imports the same chunk.
 */
const EARLY_CHUNK = 'first-frame';
/** The app's mount point in index.html. */
const ROOT_DIV = '<div id="root"></div>';
/** What the early script draws the first frame into (web/src/viewer/boot/firstFrame.ts). */
const FIRST_FRAME_CANVAS =
  '<canvas id="cusp-first-frame" class="first-frame" aria-hidden="true"></canvas>';
/** Models listed at most; the app requests any others once the project answers. */
const MAX_MODEL_HINTS = 32;

const manifestSchema = z.record(
  z.string(),
  z.object({
    file: z.string(),
    name: z.string().optional(),
    css: z.array(z.string()).optional(),
    imports: z.array(z.string()).optional(),
  }),
);

type Manifest = z.infer<typeof manifestSchema>;

interface Shell {
  stamp: string;
  html: string;
  /** The early chunk's script tag and preload links for its imports: first in the head. */
  earlyHints: string;
  /**
   * The early chunk as an inline module script, with its CSP hash: a page that draws the first
   * frame runs it as soon as its HTML is in, without another round trip. Null when the build
   * has no such chunk or its text cannot sit inside a script element.
   */
  earlyInline: { tag: string; hash: string } | null;
  /** Preload links for the viewer's chunk and its imports: last in the head. */
  viewerCode: string;
  /** Preload links for the viewer's style sheets. */
  viewerStyles: string;
  /** The app's entry chunk (`/assets/index-….js`), when the build names one. */
  appEntry: string;
}

let cached: Shell | undefined;

const modulePreload = (file: string) => `<link rel="modulepreload" href="/${file}">`;
// Async: it runs as soon as it is in, not after the document and the entry script. `crossorigin`
// as Vite's own script tags, so the module is fetched and instanced once with the entry's import.
const asyncModule = (file: string) =>
  `<script type="module" async crossorigin src="/${file}"></script>`;
// Vite links style sheets with `crossorigin`; a preload in another credentials mode is not used.
const stylePreload = (file: string) =>
  `<link rel="preload" as="style" crossorigin href="/${file}">`;
const fetchPreload = (url: string) =>
  `<link rel="preload" as="fetch" crossorigin="anonymous" href="${url}">`;

type CodeHints = Pick<
  Shell,
  'earlyHints' | 'earlyInline' | 'viewerCode' | 'viewerStyles' | 'appEntry'
>;
const NO_HINTS: CodeHints = {
  earlyHints: '',
  earlyInline: null,
  viewerCode: '',
  viewerStyles: '',
  appEntry: '',
};

/** A built file's text; null when it is missing (a partial build: the page loads the file). */
function readText(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

/**
 * A module's text as an inline `<script type="module" async>` (async: it runs as soon as it is
 * parsed, not after the document) with the CSP source that allows exactly it; null when the text
 * would end or confuse the script element (the page then loads the file).
 */
function inlineModule(code: string | null): { tag: string; hash: string } | null {
  if (code === null || /<\/script|<!--|<script/i.test(code)) return null;
  const hash = `'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`;
  return { tag: `<script type="module" async>${code}</script>`, hash };
}

/** Every chunk `keys` import, directly or through one another (manifest keys, in order). */
function staticImportsOf(manifest: Manifest, keys: readonly string[] = []): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const k of manifest[key]?.imports ?? []) visit(k);
  };
  for (const k of keys) visit(k);
  return [...seen];
}

function codeHintsOf(manifestText: string, webRoot: string): CodeHints {
  const manifest = manifestSchema.parse(JSON.parse(manifestText));
  const app = manifest[APP_ENTRY];
  const appEntry = app ? `/${app.file}` : '';
  const filesOf = (keys: readonly string[] | undefined) =>
    (keys ?? []).map((k) => manifest[k]?.file).filter((f): f is string => !!f);
  const early = Object.values(manifest).find((c) => c.name === EARLY_CHUNK);
  // The early chunk and what it imports (nothing, as built): a public link's first frame needs
  // only these (web/src/viewer/boot/firstFrame.ts). Over HTTP/1.1 the browser opens six
  // connections; what is asked first arrives first.
  const earlyFiles = early ? filesOf(staticImportsOf(manifest, early.imports)) : [];
  const earlyHints = early
    ? [asyncModule(early.file), ...earlyFiles.map(modulePreload)].join('')
    : '';
  // Inline only a chunk that imports nothing: the page has no other script before the frame.
  const earlyInline =
    early && earlyFiles.length === 0 ? inlineModule(readText(join(webRoot, early.file))) : null;
  const viewer = manifest[VIEWER_ENTRY];
  if (!viewer) return { ...NO_HINTS, earlyHints, earlyInline, appEntry };
  const viewerFiles = [viewer.file, ...filesOf(viewer.imports)].filter(
    (f) => f !== early?.file && !earlyFiles.includes(f),
  );
  return {
    earlyHints,
    earlyInline,
    viewerCode: viewerFiles.map(modulePreload).join(''),
    viewerStyles: (viewer.css ?? []).map(stylePreload).join(''),
    appEntry,
  };
}

/** index.html and the viewer's code hints, re-read when either file changes. */
function shellOf(webRoot: string): Shell {
  const indexPath = join(webRoot, 'index.html');
  const manifestPath = join(webRoot, '.vite', 'manifest.json');
  let manifestStamp = 'none';
  try {
    manifestStamp = String(statSync(manifestPath).mtimeMs);
  } catch {
    // No manifest (an old build): the page is served without code hints.
  }
  const stamp = `${webRoot}:${statSync(indexPath).mtimeMs}:${manifestStamp}`;
  if (cached?.stamp !== stamp) {
    const html = readFileSync(indexPath, 'utf8');
    const hints =
      manifestStamp === 'none'
        ? NO_HINTS
        : codeHintsOf(readFileSync(manifestPath, 'utf8'), webRoot);
    cached = { stamp, html, ...hints };
  }
  return cached;
}

/**
 * The view-derivative URLs of a live public link's models, in layer order — a model's coarse
 * level where it has one (the viewer draws it first) — ; [] otherwise, also for a link that is
 * withdrawn, expired or asks for a PIN (its page must show nothing of it).
 */
async function modelViewUrls(deps: AppDeps, token: string): Promise<string[]> {
  if (!PUBLIC_TOKEN.test(token)) return [];
  const models = await modelsForLink(deps.db, hashPublicToken(token), deps.now(), MAX_MODEL_HINTS);
  const projectId = models[0]?.projectId;
  if (projectId === undefined) return [];
  // Triangle counts are sealed with the project's key (clear in older events).
  const subject = projectSubject(projectId);
  const dk = await deps.keys.existingKey(subject);
  if (!dk) return [];
  const triangles = (v: string) =>
    countOf(v, (sealed) => openWith(dk.key, subject, TRIANGLES_FIELD, sealed));
  // The token matched PUBLIC_TOKEN and ids are UUIDs: nothing to escape.
  return models.map(
    (m) =>
      `/api/public/projects/${token}/view/${m.id}${hasCoarseLevel(triangles(m.triangles)) ? '?lod=coarse' : ''}`,
  );
}

/**
 * index.html without the app's entry script and its module preloads, or null when the build's
 * tags are not where Vite puts them (the page then keeps them).
 */
function withoutApp(html: string, appEntry: string): string | null {
  const tag = `<script type="module" crossorigin src="${appEntry}"></script>`;
  if (!appEntry || !html.includes(tag)) return null;
  return html.replace(tag, '').replace(/<link rel="modulepreload" crossorigin href="[^"]*">/g, '');
}

/**
 * The HTML for /viewer/{id}. On a public link the project is preloaded and the models' view URLs
 * are listed in `<meta name="cusp-views">` and preloaded: the first script takes them the moment
 * it starts, without waiting for the project answer, and draws the first frame into the page's
 * `<canvas id="cusp-first-frame">` (web/src/viewer/boot/firstFrame.ts). That script is inline
 * there (`scriptHash` is its CSP source): it runs as soon as the HTML is in, while the models are
 * still on their way, instead of one more round trip later. Nothing else is loaded before that
 * frame: the app's entry is named in `<meta name="cusp-app">` instead of a script tag and the
 * early script loads it once the frame is on screen — its code, ten times the first frame's,
 * would otherwise take the link's bandwidth and, parsed as it arrives, the CPU of a small
 * machine (tests/bench/viewer.bench.ts). A link that asks for a version (`?v=`) is drawn by the
 * app as before. A failed lookup only costs the hints (the app then asks for everything itself).
 */
async function viewerPageHtml(
  deps: AppDeps,
  webRoot: string,
  id: string,
  asksVersion: boolean,
): Promise<{ html: string; scriptHash?: string }> {
  const shell = shellOf(webRoot);
  let views: string[] = [];
  if (id.startsWith('pub_')) {
    try {
      views = await modelViewUrls(deps, id);
    } catch (err) {
      deps.log.warn({ err }, 'viewer page: preload hints skipped');
    }
  }
  const listed = views.length > 0;
  const appLater = listed && !asksVersion ? withoutApp(shell.html, shell.appEntry) : null;
  const inline = appLater ? shell.earlyInline : null;
  // The model list (and the app's entry) before the early script, so they are there whenever
  // that script runs. Functions, so nothing in the hints is read as a replacement pattern.
  const meta =
    (listed ? `<meta name="cusp-views" content="${views.join(' ')}">` : '') +
    (appLater ? `<meta name="cusp-app" content="${shell.appEntry}">` : '');
  const project = listed ? fetchPreload(`/api/public/projects/${id}`) : '';
  // The listed models: requested with the page's first script rather than once it has run (its
  // fetches take these answers: fetchModel.ts asks the same way).
  const models = views.map(fetchPreload).join('');
  // A listed link's viewer code is not hinted: the entry asks for it after the first frame.
  const code = listed ? '' : shell.viewerCode;
  // An inline script runs as soon as it is parsed: what it fetches is preloaded before it. A
  // script file is asked for first, and the project after the code, so its download does not
  // hold the code back.
  const [first, last] = inline
    ? [`${meta}${models}${project}${inline.tag}`, `${shell.viewerStyles}`]
    : [`${meta}${shell.earlyHints}${models}`, `${code}${shell.viewerStyles}${project}`];
  const html = (appLater ?? shell.html)
    .replace('<head>', () => `<head>${first}`)
    .replace('</head>', () => `${last}</head>`);
  return {
    html: listed ? html.replace(ROOT_DIV, () => `${FIRST_FRAME_CANVAS}${ROOT_DIV}`) : html,
    ...(inline ? { scriptHash: inline.hash } : {}),
  };
}

/** Brotli quality for the page: its inline script compresses to a third in ~2 ms. */
const PAGE_BROTLI_QUALITY = 5;

function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: { html: string; scriptHash?: string },
): FastifyReply {
  reply.type('text/html; charset=utf-8').header('vary', 'accept-encoding');
  // The viewer's page policy with exactly this page's inline script allowed.
  if (page.scriptHash) {
    reply.header(
      'content-security-policy',
      pageCsp({ turnstile: false, viewer: true, scriptHashes: [page.scriptHash] }),
    );
  }
  if (!acceptsBrotli(request)) return reply.send(page.html);
  const body = brotliCompressSync(page.html, {
    params: { [zlibConstants.BROTLI_PARAM_QUALITY]: PAGE_BROTLI_QUALITY },
  });
  return reply.header('content-encoding', 'br').send(body);
}

/**
 * GET /viewer/:id — no-store and the viewer's CSP come from the security headers by path (the
 * CSP from here when the page carries an inline script).
 */
export function viewerPageRoute(app: FastifyInstance, deps: AppDeps, webRoot: string): void {
  app.get('/viewer/:id', async (request, reply) => {
    const { id } = request.params as { id: string };
    const asksVersion = Object.hasOwn(request.query as object, 'v');
    return sendPage(request, reply, await viewerPageHtml(deps, webRoot, id, asksVersion));
  });
}
