/**
 * The first frame before the app (issue 20), the page's side. On a public link whose page lists
 * its models (api/src/routes/viewerPage.ts), the first script the page runs downloads those models
 * and the wasm module for the decode worker (whose own start takes the browser a while) and hands
 * it their bytes, the page's `<canvas id="cusp-first-frame">` (as an OffscreenCanvas) and, once
 * the project has answered, the layers' materials and jaw: the worker draws the opening view as
 * soon as the last model is decoded, while React, three.js and R3F are still on their way.
 * The interactive viewer adopts that canvas under its own (`adoptFirstFrame`) and drops it once
 * it has drawn its first frame (`releaseFirstFrame`). Where OffscreenCanvas or WebGL 2 in a
 * worker is missing, nothing of this happens and the viewer draws the first frame as before.
 */
import { flattenLayers, buildLayers } from '../mesh/layers';
import { linearOfHex, materialDef } from '../mesh/materials';
import { toViewerProject } from '../mesh/project';
import { cappedDpr, deviceClassForWidth, RENDER_PROFILES } from '../scene/renderProfile';
import { jawOfNames, VIEWER_FOV_DEG } from '../scene/viewFrame';
import type { FirstFrameModel, PageToWorker, WorkerToPage } from './firstFrameProtocol';
import { requestProjectAnswer } from './projectAnswer';
import { downloadModel } from '../mesh/fetchModel';
import { WASM_URL } from '../mesh/wasmUrl';

/** Name of the performance mark set when the doctor first sees the models, whoever drew them. */
export const FIRST_FRAME_MARK = 'cusp:viewer:first-frame';

/** Id of the canvas the viewer page's HTML carries for the first frame. */
export const FIRST_FRAME_CANVAS_ID = 'cusp-first-frame';

type Phase = 'none' | 'pending' | 'drawn';

/** Resolves when the first frame's downloads are in, or when there is no first frame any more. */
let downloads: { done: Promise<void>; resolve: () => void } | null = null;
/** The longest the viewer's code waits for them. */
const DOWNLOADS_WAIT_MS = 3_000;

let canvas: HTMLCanvasElement | null = null;
let worker: Worker | null = null;
let phase: Phase = 'none';
const listeners = new Set<() => void>();

function setPhase(next: Phase): void {
  phase = next;
  for (const l of listeners) l();
}

/** True while the worker's frame is on screen (the viewer has not drawn its own yet). */
export function firstFrameShown(): boolean {
  return phase === 'drawn';
}

export function onFirstFrameChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Sets the first-frame mark, unless the worker's frame already set it. */
export function markFirstFrame(startTime?: number): void {
  if (performance.getEntriesByName(FIRST_FRAME_MARK).length > 0) return;
  try {
    performance.mark(FIRST_FRAME_MARK, startTime === undefined ? undefined : { startTime });
  } catch {
    performance.mark(FIRST_FRAME_MARK);
  }
}

/**
 * Resolves once the models of the worker's first frame have downloaded (at once where there is
 * none): the viewer's code is asked for then, so that on a slow link it does not take its share
 * of the bandwidth from the few bytes the first frame needs.
 */
export function firstFrameDownloads(): Promise<void> {
  return downloads?.done ?? Promise.resolve();
}

function downloadsIn(): void {
  downloads?.resolve();
}

/** Stops the worker's frame: the canvas goes, the worker frees its context. */
export function releaseFirstFrame(): void {
  downloadsIn();
  if (phase === 'none' && !canvas) return;
  canvas?.remove();
  canvas = null;
  worker?.postMessage({ kind: 'first-frame:release' } satisfies PageToWorker);
  worker = null;
  setPhase('none');
}

/** Moves the worker's canvas into the viewer (under its panels); false when there is none. */
export function adoptFirstFrame(slot: HTMLElement): boolean {
  if (!canvas) return false;
  canvas.classList.add('first-frame--adopted');
  slot.appendChild(canvas);
  return true;
}

/** The layers of the answer, in the viewer's order, as the worker draws them; null: not all listed. */
function sceneOf(
  body: unknown,
  token: string,
  listed: ReadonlySet<string>,
): { models: FirstFrameModel[]; names: string[] } | null {
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
  return models.length > 0 ? { models, names: layers.map((l) => l.name) } : null;
}

/** Calls `then` with the page's first-frame canvas once the parser has reached it. */
function whenCanvas(then: (el: HTMLCanvasElement | null) => void): void {
  const find = () => document.getElementById(FIRST_FRAME_CANVAS_ID) as HTMLCanvasElement | null;
  const now = find();
  if (now || document.readyState !== 'loading') return then(now);
  // Before the deferred entry script runs: the document is parsed, nothing else waits for it.
  const onState = () => {
    document.removeEventListener('readystatechange', onState);
    then(find());
  };
  document.addEventListener('readystatechange', onState);
}

/**
 * Whether the decode worker can draw the first frame of these listed models: not where the
 * browser cannot draw in a worker, nor on a link that asks for a version.
 */
export function firstFramePossible(urls: readonly string[]): boolean {
  return (
    urls.length > 0 &&
    !new URLSearchParams(window.location.search).has('v') &&
    typeof OffscreenCanvas !== 'undefined' &&
    'transferControlToOffscreen' in HTMLCanvasElement.prototype
  );
}

/**
 * Starts the worker's first frame of a public link whose models the page listed (`urls`), where
 * `firstFramePossible`; the worker was started named FIRST_FRAME_WORKER and waits for the wasm
 * bytes this sends.
 */
export function startFirstFrame(w: Worker, token: string, urls: readonly string[]): void {
  worker = w;
  let resolve!: () => void;
  const done = new Promise<void>((r) => (resolve = r));
  downloads = { done, resolve };
  setTimeout(resolve, DOWNLOADS_WAIT_MS);
  setPhase('pending');
  const post = (m: PageToWorker, transfer: Transferable[] = []) => w.postMessage(m, transfer);
  post({ kind: 'first-frame:models', urls: [...urls] });

  // Downloaded here, now: the worker's script is still on its way. The bytes go to the worker.
  const wasm = fetch(WASM_URL)
    .then(async (res) => (res.ok ? res.arrayBuffer() : Promise.reject(new Error(`${res.status}`))))
    .then(
      (bytes) => post({ kind: 'first-frame:wasm', bytes }, [bytes]),
      () => post({ kind: 'first-frame:wasm', status: 0 }),
    );
  const models = urls.map(async (url) => {
    const downloaded = await downloadModel(url, {});
    post(
      { kind: 'first-frame:bytes', url, downloaded },
      'bytes' in downloaded ? [downloaded.bytes] : [],
    );
  });
  void Promise.all([wasm, ...models]).finally(downloadsIn);
  w.addEventListener('message', (e: MessageEvent<WorkerToPage | { id: number }>) => {
    if (!('kind' in e.data) || worker !== w) return;
    if (e.data.kind === 'first-frame:drawn') {
      downloadsIn();
      const { context, pose, draw } = e.data;
      const at = (t: number) => Math.max(0, t - performance.timeOrigin);
      try {
        performance.measure('cusp:viewer:first-frame-context', {
          start: at(context.start),
          duration: context.end - context.start,
        });
        performance.measure('cusp:viewer:first-frame-pose', {
          start: at(pose.start),
          duration: pose.end - pose.start,
        });
        performance.measure('cusp:viewer:first-frame-draw', {
          start: at(draw.start),
          duration: draw.end - draw.start,
        });
      } catch {
        // old engines: only the mark
      }
      markFirstFrame(at(draw.end));
      setPhase('drawn');
    } else {
      releaseFirstFrame();
    }
  });
  whenCanvas((el) => {
    if (!el || worker !== w) return releaseFirstFrame();
    canvas = el;
    const profile = RENDER_PROFILES[deviceClassForWidth(window.innerWidth)];
    const dpr = cappedDpr(window.devicePixelRatio, profile);
    // Sized by the style sheet exactly as the viewer's canvas will be.
    const width = Math.max(1, Math.floor(el.clientWidth * dpr));
    const height = Math.max(1, Math.floor(el.clientHeight * dpr));
    try {
      el.width = width;
      el.height = height;
      const offscreen = el.transferControlToOffscreen();
      const { exposure, hemisphere, key, fill, rim } = profile;
      post(
        {
          kind: 'first-frame:canvas',
          canvas: offscreen,
          width,
          height,
          fovDeg: VIEWER_FOV_DEG,
          look: { exposure, hemisphere, key, fill, rim },
        },
        [offscreen],
      );
    } catch {
      releaseFirstFrame();
    }
  });
  const listed = new Set(urls);
  void requestProjectAnswer(token).then((answer) => {
    if (worker !== w) return;
    let scene: ReturnType<typeof sceneOf>;
    try {
      scene = answer.ok ? sceneOf(answer.body, token, listed) : null;
    } catch {
      scene = null;
    }
    if (!scene) return releaseFirstFrame();
    post({ kind: 'first-frame:scene', models: scene.models, jaw: jawOfNames(scene.names) });
  });
}
