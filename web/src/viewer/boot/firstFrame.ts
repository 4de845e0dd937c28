/**
 * The first frame before the app. On a public link whose page lists its models
 * (api/src/routes/viewerPage.ts), the first script the page runs — inline in it — takes those
 * models (coarse levels where they have them; the page preloads them), decodes them
 * (mesh/pageDecodeTools.ts) and draws the opening view into the page's
 * `<canvas id="cusp-first-frame">` in raw WebGL 2 (firstFrameRenderer.ts), on the main thread —
 * which has nothing else to do then: the app's own code (React, three.js, R3F, the viewer) is
 * only loaded once this frame is on screen (`firstFrameSettled`, early.ts). A decode worker is
 * not used for it: starting one costs a browser 150–250 ms before its first line runs, more than
 * decoding two coarse levels takes here. The interactive viewer adopts the canvas under its own
 * (`adoptFirstFrame`), takes the decoded models over (`takeFirstFrameModel`) and drops the canvas
 * once it has drawn its first frame (`releaseFirstFrame`). Where WebGL 2 is missing, nothing of
 * this happens and the viewer draws the first frame as before.
 */
import { meshArraysOfDecoded } from '../geometry/meshArrays';
import { HttpError } from '../mesh/decodeClient';
import { fetchModel, type FetchedModel } from '../mesh/fetchModel';
import { flattenLayers, buildLayers } from '../mesh/layers';
import { linearOfHex, materialDef } from '../mesh/materials';
import { decodeModel, type DecodedModel } from '../mesh/modelDecode';
import { pageDecodeTools } from '../mesh/pageDecodeTools';
import { toViewerProject } from '../mesh/project';
import { cappedDpr, deviceClassForWidth, RENDER_PROFILES } from '../scene/renderProfile';
import { frameOfModels, jawOfNames, poseFor, VIEWER_FOV_DEG } from '../scene/viewFrame';
import {
  FirstFrameRenderer,
  type DrawSize,
  type FirstFrameLook,
  type FirstFrameModel,
} from './firstFrameRenderer';
import { pageShared } from './pageShared';
import { requestProjectAnswer } from './projectAnswer';

/** Name of the performance mark set when the doctor first sees the models, whoever drew them. */
export const FIRST_FRAME_MARK = 'cusp:viewer:first-frame';

/** Id of the canvas the viewer page's HTML carries for the first frame. */
export const FIRST_FRAME_CANVAS_ID = 'cusp-first-frame';

type Phase = 'none' | 'pending' | 'drawn';

/** The longest the app's code waits for the first frame. */
const SETTLE_WAIT_MS = 3_000;

interface FirstFrameState {
  /** Resolves when the first frame is drawn, or when there is none any more. */
  settled: { done: Promise<void>; resolve: () => void } | null;
  canvas: HTMLCanvasElement | null;
  renderer: FirstFrameRenderer | null;
  phase: Phase;
  /** The first frame's models by URL, until the viewer takes them (`takeFirstFrameModel`). */
  models: Map<string, Promise<FetchedModel>>;
  listeners: Set<() => void>;
}

/** Shared by the page's inline copy of this code and the app's (pageShared.ts). */
const shared = pageShared<FirstFrameState>('firstFrame', () => ({
  settled: null,
  canvas: null,
  renderer: null,
  phase: 'none',
  models: new Map(),
  listeners: new Set(),
}));

function setPhase(next: Phase): void {
  shared.phase = next;
  for (const l of shared.listeners) l();
}

/** True while a first frame is on its way (its downloads, decode or draw). */
export function firstFramePending(): boolean {
  return shared.phase === 'pending';
}

/** True while the early script's frame is on screen (the viewer has not drawn its own yet). */
export function firstFrameShown(): boolean {
  return shared.phase === 'drawn';
}

export function onFirstFrameChange(listener: () => void): () => void {
  shared.listeners.add(listener);
  return () => {
    shared.listeners.delete(listener);
  };
}

/** Sets the first-frame mark, unless the early script's frame already set it. */
export function markFirstFrame(startTime?: number): void {
  if (performance.getEntriesByName(FIRST_FRAME_MARK).length > 0) return;
  try {
    performance.mark(FIRST_FRAME_MARK, startTime === undefined ? undefined : { startTime });
  } catch {
    performance.mark(FIRST_FRAME_MARK);
  }
}

/**
 * Resolves once the first frame is on screen or given up (at once where there is none,
 * at the latest after SETTLE_WAIT_MS): the app's and the viewer's code are asked for then, so
 * that they take neither the link's bandwidth from the few bytes the first frame needs nor the
 * CPU from its decode and draw (parsing them keeps both cores of a small machine busy).
 */
export function firstFrameSettled(): Promise<void> {
  return shared.settled?.done ?? Promise.resolve();
}

function settle(): void {
  shared.settled?.resolve();
}

/** Stops the first frame: the canvas goes, its context is freed. */
export function releaseFirstFrame(): void {
  settle();
  if (shared.phase === 'none' && !shared.canvas) return;
  shared.renderer?.dispose();
  shared.renderer = null;
  shared.canvas?.remove();
  shared.canvas = null;
  setPhase('none');
}

/**
 * The decoded model of a URL the first frame downloaded, once (the arrays are the caller's
 * then: the GPU holds its own copy); undefined for any other URL.
 */
export function takeFirstFrameModel(url: string): Promise<DecodedModel> | undefined {
  const p = shared.models.get(url);
  if (!p) return undefined;
  shared.models.delete(url);
  return p.then((r) => ('status' in r ? Promise.reject(new HttpError(r.status)) : r.model));
}

/** Moves the first frame's canvas into the viewer (under its panels); false when there is none. */
export function adoptFirstFrame(slot: HTMLElement): boolean {
  if (!shared.canvas) return false;
  shared.canvas.classList.add('first-frame--adopted');
  slot.appendChild(shared.canvas);
  return true;
}

interface Scene {
  /** The layers' models in the viewer's order. */
  models: FirstFrameModel[];
  /** The jaw the layers' names say (the opening view's up and front follow it). */
  jaw: ReturnType<typeof jawOfNames>;
}

/** The layers of the answer as the viewer draws them; null when not all of them are listed. */
function sceneOf(body: unknown, token: string, listed: ReadonlySet<string>): Scene | null {
  const project = toViewerProject(body, { kind: 'public', token });
  const byId = new Map(project.models.map((m) => [m.id, m]));
  const layers = flattenLayers(buildLayers(project.models));
  const models: FirstFrameModel[] = [];
  for (const layer of layers) {
    const m = byId.get(layer.id);
    const url = m?.coarseUrl ?? m?.viewUrl;
    if (!url || !listed.has(url)) return null;
    const def = materialDef(layer.material);
    models.push({
      url,
      color: linearOfHex(def.color),
      roughness: def.roughness,
      metalness: def.metalness,
    });
  }
  return models.length > 0 ? { models, jaw: jawOfNames(layers.map((l) => l.name)) } : null;
}

/**
 * Resolves once every style sheet of the page has loaded: the canvas is sized by them, and this
 * script may run before they are in (it is async; they only block rendering).
 */
function stylesLoaded(): Promise<void> {
  const pending = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].filter(
    (link) => !link.sheet,
  );
  return Promise.all(
    pending.map(
      (link) =>
        new Promise<void>((resolve) => {
          link.addEventListener('load', () => resolve(), { once: true });
          link.addEventListener('error', () => resolve(), { once: true });
        }),
    ),
  ).then(() => undefined);
}

/**
 * Calls `then` with the page's first-frame canvas once the parser has reached it and the style
 * sheets that size it have loaded.
 */
function whenCanvas(then: (el: HTMLCanvasElement | null) => void): void {
  const find = () => document.getElementById(FIRST_FRAME_CANVAS_ID) as HTMLCanvasElement | null;
  const found = (el: HTMLCanvasElement | null) => {
    if (!el) return then(null);
    void stylesLoaded().then(() => then(el));
  };
  const now = find();
  if (now || document.readyState !== 'loading') return found(now);
  // Before the deferred entry script runs: the document is parsed, nothing else waits for it.
  const onState = () => {
    document.removeEventListener('readystatechange', onState);
    found(find());
  };
  document.addEventListener('readystatechange', onState);
}

/**
 * Whether this page can draw the first frame of these listed models: not where the browser has
 * no WebGL 2, nor on a link that asks for a version.
 */
export function firstFramePossible(urls: readonly string[]): boolean {
  return (
    urls.length > 0 &&
    !new URLSearchParams(window.location.search).has('v') &&
    typeof WebGL2RenderingContext !== 'undefined'
  );
}

/** ms since the page's time origin, for the performance timeline. */
const measure = (name: string, start: number, end: number) => {
  try {
    performance.measure(name, { start, end });
  } catch {
    // old engines: only the mark
  }
};

/**
 * Starts the first frame of a public link whose models the page listed (`urls`), where
 * `firstFramePossible`: downloads and decodes them, readies the canvas while they download, asks
 * for the project (materials, jaw) and draws once all are in.
 */
export function startFirstFrame(token: string, urls: readonly string[]): void {
  let resolve!: () => void;
  const done = new Promise<void>((r) => (resolve = r));
  shared.settled = { done, resolve };
  setTimeout(resolve, SETTLE_WAIT_MS);
  setPhase('pending');

  const tools = pageDecodeTools();
  tools.catch(() => undefined);
  const decoded = new Map<string, DecodedModel>();
  let scene: Scene | null = null;
  let size: DrawSize | null = null;
  let look: FirstFrameLook | null = null;

  const fail = () => {
    if (shared.phase === 'pending') releaseFirstFrame();
  };
  const tryDraw = () => {
    if (shared.phase !== 'pending' || !shared.renderer || !size || !look || !scene) return;
    if (!scene.models.every((m) => decoded.has(m.url))) return;
    const poseStart = performance.now();
    const frame = frameOfModels(
      scene.models.map((m) => meshArraysOfDecoded(decoded.get(m.url)!)),
      scene.jaw,
    );
    if (!frame) return fail();
    const pose = poseFor(frame, 'threeQuarter', size.fovDeg, size.width / size.height);
    const drawStart = performance.now();
    try {
      shared.renderer.draw(scene.models, pose, size, look);
    } catch {
      return fail();
    }
    const end = performance.now();
    measure('cusp:viewer:first-frame-pose', poseStart, drawStart);
    measure('cusp:viewer:first-frame-draw', drawStart, end);
    markFirstFrame(end);
    decoded.clear();
    setPhase('drawn');
    settle();
  };

  for (const url of urls) {
    const p = fetchModel(url, {}, async (bytes) => decodeModel(bytes, await tools));
    shared.models.set(url, p);
    p.then(
      (r) => {
        if (shared.phase !== 'pending') return;
        if ('status' in r) return fail();
        try {
          shared.renderer?.upload(url, r.model);
        } catch {
          return fail();
        }
        decoded.set(url, r.model);
        tryDraw();
      },
      () => fail(),
    );
  }

  whenCanvas((el) => {
    if (!el || shared.phase !== 'pending') return fail();
    const profile = RENDER_PROFILES[deviceClassForWidth(window.innerWidth)];
    const dpr = cappedDpr(window.devicePixelRatio, profile);
    // Sized by the style sheet exactly as the viewer's canvas will be.
    const width = Math.max(1, Math.floor(el.clientWidth * dpr));
    const height = Math.max(1, Math.floor(el.clientHeight * dpr));
    const { exposure, hemisphere, key, fill, rim } = profile;
    const start = performance.now();
    try {
      el.width = width;
      el.height = height;
      shared.renderer = new FirstFrameRenderer(el);
    } catch {
      return fail();
    }
    shared.canvas = el;
    measure('cusp:viewer:first-frame-context', start, performance.now());
    size = { width, height, fovDeg: VIEWER_FOV_DEG };
    look = { exposure, hemisphere, key, fill, rim };
    for (const [url, m] of decoded) shared.renderer.upload(url, m);
    tryDraw();
  });

  const listed = new Set(urls);
  void requestProjectAnswer(token).then((answer) => {
    if (shared.phase !== 'pending') return;
    try {
      scene = answer.ok ? sceneOf(answer.body, token, listed) : null;
    } catch {
      scene = null;
    }
    if (!scene) return fail();
    tryDraw();
  });
}
