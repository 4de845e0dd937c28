/**
 * Messages between the viewer page and the decode worker for the first frame drawn before the app
 * (issue 20): the page hands the worker the models' URLs and then their bytes, a canvas and, once
 * the project answers, what to draw; the worker says when the frame is on screen.
 */
import type { Jaw } from '../../../../wasm/src/views';
import type { DownloadedModel } from '../mesh/fetchModel';

/** One model of the first frame, in layer order. */
export interface FirstFrameModel {
  /** The URL the worker downloads (a coarse level where the model has one). */
  url: string;
  /** Linear RGB of the layer's material (a model with its own colours is drawn in those). */
  color: [number, number, number];
  roughness: number;
  metalness: number;
}

/** The lights and tone of the viewer's first frame (scene/SceneLights.tsx, the render profile). */
export interface FirstFrameLook {
  exposure: number;
  hemisphere: number;
  key: number;
  fill: number;
  rim: number;
}

/** The decode worker's name when the page downloads its wasm for it (see `first-frame:wasm`). */
export const FIRST_FRAME_WORKER = 'cusp-decode:first-frame';

export type PageToWorker =
  /** The wasm module's bytes, downloaded by the page (`status` when that failed). */
  | { kind: 'first-frame:wasm'; bytes: ArrayBuffer }
  | { kind: 'first-frame:wasm'; status: number }
  /** The page is downloading these URLs for the first frame; their bytes follow. */
  | { kind: 'first-frame:models'; urls: string[] }
  /** One of them has downloaded (its bytes transferred), or was refused (`status`). */
  | { kind: 'first-frame:bytes'; url: string; downloaded: DownloadedModel | { status: number } }
  /** The canvas to draw into, its size in device pixels and the viewer's vertical field of view. */
  | {
      kind: 'first-frame:canvas';
      canvas: OffscreenCanvas;
      width: number;
      height: number;
      fovDeg: number;
      look: FirstFrameLook;
    }
  /** What to draw, once the project answered: the models in layer order, and their names' jaw. */
  | { kind: 'first-frame:scene'; models: FirstFrameModel[]; jaw: Jaw | undefined }
  /** The interactive viewer has drawn (or the page gave up): free the context. */
  | { kind: 'first-frame:release' };

export type WorkerToPage =
  /**
   * The frame is drawn (one pixel read back); epoch ms of when the WebGL context was being made,
   * the pose computed and the frame drawn, for the page's performance timeline.
   */
  | {
      kind: 'first-frame:drawn';
      context: { start: number; end: number };
      /** The models' frame and the opening pose. */
      pose: { start: number; end: number };
      draw: { start: number; end: number };
    }
  /** No first frame will come from the worker (no WebGL 2, a model failed…). */
  | { kind: 'first-frame:failed'; reason: string };
