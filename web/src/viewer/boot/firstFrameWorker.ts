/**
 * The decode worker's side of the first frame (issue 20). The page's first script downloads the
 * models and the wasm module (before this worker has even started) and hands their bytes over:
 * each model is decoded here the moment it and the decoders are in. The page also sends a canvas,
 * and what to draw once the project has answered; the moment the last model is on the GPU the
 * frame is drawn and the page told. The same decoded models then answer the viewer's own requests
 * for those URLs (`take`), so nothing is downloaded twice — after the frame is drawn (or given
 * up), because handing a model over transfers its arrays.
 */
import { decodeTools } from '../mesh/decodeTools';
import { decodeDownloaded, type DownloadedModel, type FetchedModel } from '../mesh/fetchModel';
import { decodeModel } from '../mesh/modelDecode';
import { meshArraysOfDecoded, type MeshArrays } from '../geometry/meshArrays';
import { frameOfModels, poseFor } from '../scene/viewFrame';
import { FirstFrameRenderer } from './firstFrameRenderer';
import type { PageToWorker, WorkerToPage } from './firstFrameProtocol';

/** Epoch ms, comparable across the page and its workers. */
const epochNow = () => performance.timeOrigin + performance.now();

/** A horseshoe of 1,536 triangles (an arch's rough shape), in the model arrays' layout. */
const WARM_UP_ARCH: MeshArrays = (() => {
  const [around, across] = [48, 16];
  const point = (i: number, j: number) => {
    const a = Math.PI * (i / around);
    const b = 2 * Math.PI * (j / across);
    const r = 25 + 4 * Math.cos(b);
    return [r * Math.cos(a), 4 * Math.sin(b), r * Math.sin(a)];
  };
  const positions = new Float32Array(around * across * 18);
  let o = 0;
  for (let i = 0; i < around; i++)
    for (let j = 0; j < across; j++)
      for (const [di, dj] of [
        [0, 0],
        [1, 0],
        [1, 1],
        [0, 0],
        [1, 1],
        [0, 1],
      ] as const)
        for (const v of point(i + di, j + dj)) positions[o++] = v;
  const vertexCount = positions.length / 3;
  return {
    positions,
    stride: 3,
    unit: 1,
    indices: undefined,
    vertexCount,
    triangleCount: vertexCount / 3,
    offset: [0, 0, 0],
    scale: 1,
  };
})();

/** The longest the viewer's requests wait for the first frame before it is given up. */
const GIVE_UP_MS = 8_000;

type CanvasMessage = Extract<PageToWorker, { kind: 'first-frame:canvas' }>;
type SceneMessage = Extract<PageToWorker, { kind: 'first-frame:scene' }>;

export class FirstFrameWorker {
  /** Started downloads not yet taken by a viewer request. */
  private readonly started = new Map<string, Promise<FetchedModel>>();
  /** Decoded models kept for the frame until it is drawn (their arrays go to the page after). */
  private readonly decoded = new Map<string, FetchedModel>();
  private renderer: FirstFrameRenderer | null = null;
  private contextTiming = { start: 0, end: 0 };
  private canvas: CanvasMessage | null = null;
  private scene: SceneMessage | null = null;
  private state: 'waiting' | 'drawn' | 'over' = 'waiting';
  /** Resolves once the frame is drawn or given up: only then are the models handed over. */
  private readonly settled: Promise<void>;
  private settle!: () => void;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** The page's downloads, by URL, not yet handed over. */
  private readonly bytes = new Map<string, (d: DownloadedModel | { status: number }) => void>();

  private giveWasm: (m: Extract<PageToWorker, { kind: 'first-frame:wasm' }>) => void = () =>
    undefined;

  constructor(private readonly post: (m: WorkerToPage) => void) {
    this.settled = new Promise((resolve) => (this.settle = resolve));
  }

  /**
   * The wasm module's bytes, which the page downloads for a worker named FIRST_FRAME_WORKER;
   * rejected (the worker then downloads them itself) if they do not come soon.
   */
  wasmFromPage(): Promise<ArrayBuffer> {
    const wasm = new Promise<ArrayBuffer>((resolve, reject) => {
      this.giveWasm = (m) => ('bytes' in m ? resolve(m.bytes) : reject(new Error('no wasm')));
      setTimeout(() => reject(new Error('no wasm from the page')), GIVE_UP_MS);
    });
    wasm.catch(() => undefined);
    return wasm;
  }

  handle(m: PageToWorker): void {
    if (m.kind === 'first-frame:wasm') {
      this.giveWasm(m);
    } else if (m.kind === 'first-frame:bytes') {
      this.bytes.get(m.url)?.(m.downloaded);
      this.bytes.delete(m.url);
    } else if (m.kind === 'first-frame:models') {
      for (const url of m.urls) this.start(url);
      // The viewer's own requests wait for the frame: never for long, whatever the page does.
      this.timer ??= setTimeout(() => this.fail('timed out'), GIVE_UP_MS);
    } else if (m.kind === 'first-frame:canvas') {
      this.canvas = m;
      try {
        const start = epochNow();
        this.renderer = new FirstFrameRenderer(m.canvas);
        this.contextTiming = { start, end: epochNow() };
        this.renderer.warmUp();
        // The frame math runs once on a small arch while the models download: compiled then,
        // not on the first frame's path.
        frameOfModels([WARM_UP_ARCH]);
        for (const [url, r] of this.decoded) if ('model' in r) this.renderer.upload(url, r.model);
      } catch (err) {
        this.fail(err instanceof Error ? err.message : String(err));
      }
      this.tryDraw();
    } else if (m.kind === 'first-frame:scene') {
      this.scene = m;
      this.tryDraw();
    } else {
      this.end();
    }
  }

  /**
   * The decoded model of a URL the page downloads for the first frame, once; undefined for any
   * other. Answers once the frame is drawn or given up.
   */
  take(url: string): Promise<FetchedModel> | undefined {
    const p = this.started.get(url);
    if (!p) return undefined;
    this.started.delete(url);
    return p.then(async (r) => {
      await this.settled;
      return r;
    });
  }

  private start(url: string): void {
    if (this.started.has(url)) return;
    const downloaded = new Promise<DownloadedModel | { status: number }>((resolve) =>
      this.bytes.set(url, resolve),
    );
    const p = downloaded
      .then(async (d): Promise<FetchedModel> => {
        if ('status' in d) return d;
        return {
          model: await decodeDownloaded(d, async (b) => decodeModel(b, await decodeTools())),
        };
      })
      .then((r) => {
        if (this.state !== 'waiting') return r;
        if ('status' in r) {
          this.fail(`HTTP ${r.status}`);
          return r;
        }
        this.decoded.set(url, r);
        try {
          this.renderer?.upload(url, r.model);
        } catch (err) {
          this.fail(err instanceof Error ? err.message : String(err));
        }
        this.tryDraw();
        return r;
      });
    p.catch((err: unknown) => this.fail(err instanceof Error ? err.message : String(err)));
    this.started.set(url, p);
  }

  private tryDraw(): void {
    const { renderer, canvas, scene } = this;
    if (this.state !== 'waiting' || !renderer || !canvas || !scene) return;
    if (!scene.models.every((s) => renderer.has(s.url))) return;
    const arrays = scene.models.flatMap((s) => {
      const r = this.decoded.get(s.url);
      return r && 'model' in r ? [meshArraysOfDecoded(r.model)] : [];
    });
    const poseStart = epochNow();
    const frame = frameOfModels(arrays, scene.jaw);
    if (!frame) return this.fail('no triangles');
    const pose = poseFor(frame, 'threeQuarter', canvas.fovDeg, canvas.width / canvas.height);
    const start = epochNow();
    renderer.draw(scene.models, pose, canvas, canvas.look);
    const draw = { start, end: epochNow() };
    this.state = 'drawn';
    this.decoded.clear();
    clearTimeout(this.timer);
    this.settle();
    this.post({
      kind: 'first-frame:drawn',
      context: this.contextTiming,
      pose: { start: poseStart, end: start },
      draw,
    });
  }

  private fail(reason: string): void {
    if (this.state !== 'waiting') return;
    this.end();
    this.post({ kind: 'first-frame:failed', reason });
  }

  private end(): void {
    this.state = 'over';
    clearTimeout(this.timer);
    this.settle();
    this.decoded.clear();
    this.renderer?.dispose();
    this.renderer = null;
  }
}
