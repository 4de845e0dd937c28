/**
 * Starts a public viewer link's network work before React, the router and the three.js chunk
 * exist. It lives in the entry chunk (started by the first import of main.tsx) so that, on
 * /viewer/pub_…, the project JSON and the viewer chunk are requested as soon as the entry script
 * runs, and every model's view derivative — listed by the page (api/src/routes/viewerPage.ts), or
 * else as soon as the project answers — is downloaded and decoded in the decode worker while the
 * page is still compiling and mounting, instead of one step after another (entry → viewer chunk
 * → mount → project → models → decode). The viewer takes the results over (`takeProject`,
 * `takeModel`); each is handed out once, so a later visit fetches afresh.
 *
 * Only public links: owner projects need the stored token and the demo has its own delay.
 */
import { apiUrl, paths } from '../../api/paths';
import { takeProjectAnswer, type ProjectAnswer } from './projectAnswer';
import { decodeDownload, decodeUrl } from '../mesh/decodeClient';
import { downloadModel } from '../mesh/fetchModel';
import { firstFramePending, firstFrameSettled, takeFirstFrameModel } from './firstFrame';
import type { DecodedModel } from '../mesh/modelDecode';
import { accessFor, toViewerProject } from '../mesh/project';
import { pageShared } from './pageShared';

export type { ProjectAnswer };

interface Prefetch {
  token: string;
  project: Promise<ProjectAnswer> | undefined;
  models: Map<string, Promise<DecodedModel>>;
}

/** The link's prefetch, shared by the page's copies of this code (pageShared.ts). */
const shared = pageShared<{ current: Prefetch | undefined }>('prefetch', () => ({
  current: undefined,
}));

/** The public token of a /viewer/pub_… path, else undefined. */
export function publicTokenOf(pathname: string): string | undefined {
  const m = /^\/viewer\/([^/]+)\/?$/.exec(pathname);
  if (!m?.[1]) return undefined;
  let id: string;
  try {
    id = decodeURIComponent(m[1]);
  } catch {
    return undefined;
  }
  const access = accessFor(id);
  return access.kind === 'public' ? access.token : undefined;
}

/** `work` now, or once the first frame is on screen where one is on its way. */
function afterFirstFrame<T>(work: () => Promise<T>): Promise<T> {
  return firstFramePending() ? firstFrameSettled().then(work) : work();
}

async function fetchProject(entry: Prefetch): Promise<ProjectAnswer> {
  const answer = await takeProjectAnswer(entry.token);
  if (!answer.ok) return answer;
  const { body } = answer;
  // The derivatives start now, while the viewer's code may still be on its way: coarse levels
  // first, the full levels of their models once every coarse level has landed (loadModels.ts).
  const project = toViewerProject(body, { kind: 'public', token: entry.token });
  const coarse: Promise<DecodedModel>[] = [];
  for (const m of project.models) {
    if (!m.coarseUrl) continue;
    if (!entry.models.has(m.coarseUrl)) startModel(entry, m.coarseUrl);
    coarse.push(entry.models.get(m.coarseUrl)!);
  }
  const coarseDone = Promise.allSettled(coarse);
  for (const m of project.models) {
    if (!m.viewUrl || entry.models.has(m.viewUrl)) continue;
    const url = m.viewUrl;
    if (!m.coarseUrl) {
      startModel(entry, url);
      continue;
    }
    const own = entry.models.get(m.coarseUrl)!;
    startModel(entry, url, async () => {
      await coarseDone;
      // A derivative stored before coarse levels answered the coarse request with the full
      // level: that one is taken as the coarse URL's, this one is never needed.
      const first = await own.catch(() => undefined);
      if (first?.lod === 'full') throw new Error('answered by the coarse request');
      // Downloaded by the page now — the link is free once the coarse levels are in — and
      // decoded in the worker, which starts only after the first frame (its start would slow it).
      const download = downloadModel(url, {});
      return afterFirstFrame(() => decodeDownload(download));
    });
  }
  return { ok: true, body };
}

function startModel(
  entry: Prefetch,
  url: string,
  // The first frame's model where it drew this URL; else downloaded and decoded in the decode
  // worker (once the first frame, if any, is on screen) while the page's code is still compiling.
  start: () => Promise<DecodedModel> = () =>
    takeFirstFrameModel(url) ?? afterFirstFrame(() => decodeUrl(url)),
): void {
  const p = start();
  // Not taken (viewer left, model list changed): no unhandled rejection.
  p.catch(() => undefined);
  entry.models.set(url, p);
}

/**
 * On a public viewer path: requests the project and, when it answers, each model's view
 * derivative; `loadViewer` starts loading the viewer's code at the same time. Once per link: a
 * second call (the entry, after the early script) only loads the viewer's code. Does nothing on
 * other paths; never throws.
 */
export function prefetchViewer(
  pathname: string,
  loadViewer?: () => Promise<unknown>,
  listedViews: readonly string[] = [],
): void {
  const token = publicTokenOf(pathname);
  if (!token || typeof fetch !== 'function') return;
  // Started already by the early script: the entry only loads the viewer.
  if (shared.current?.token === token) {
    if (loadViewer) loadViewer().catch(() => undefined);
    return;
  }
  const entry: Prefetch = { token, project: undefined, models: new Map() };
  // Model URLs the page listed (api/src/routes/viewerPage.ts): requested now, before the project
  // answer can be read — that waits until the entry script has finished evaluating.
  const own = apiUrl(paths.publicViewPrefix(token));
  for (const url of listedViews) {
    if (url.startsWith(own)) startModel(entry, url);
  }
  entry.project = fetchProject(entry);
  shared.current = entry;
  if (loadViewer) loadViewer().catch(() => undefined);
}

/**
 * The prefetched project answer for this token, once; undefined when there is none. When it
 * resolves, the model requests it led to are already registered for `takeModel`.
 */
export function takeProject(token: string): Promise<ProjectAnswer> | undefined {
  if (shared.current?.token !== token) return undefined;
  const p = shared.current.project;
  shared.current.project = undefined;
  return p;
}

/** The prefetched model of a URL, once; undefined when it was not prefetched. */
export function takeModel(url: string): Promise<DecodedModel> | undefined {
  const p = shared.current?.models.get(url);
  if (p) shared.current?.models.delete(url);
  return p;
}

/** Drops whatever was not taken (leaving the viewer, tests). */
export function clearPrefetch(): void {
  shared.current = undefined;
}
