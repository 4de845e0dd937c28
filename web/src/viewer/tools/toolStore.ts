/**
 * State of the viewer's tools (zustand), apart from the viewer's own store: which tool is on, the
 * measurements, the section plane, and requests to the scene (a view, a restored camera). The
 * scene registers what only it can do (read the live camera, take a snapshot).
 */
import { create } from 'zustand';
import type { PoseLike } from '../scene/cameraPose';
import type { StandardView } from '../scene/viewFrame';
import {
  addPoint,
  clearMeasurements,
  deleteMeasurement,
  emptyMeasureState,
  finishDraft,
  replaceMeasurements,
  undoStep,
  type Anchor,
  type MeasureKind,
  type MeasureState,
  type Vec3,
} from './measureModel';
import { captureToolState, type ToolState } from './toolState';

export type ToolName = 'none' | 'measure' | 'section';

export interface SectionPlane {
  origin: Vec3;
  normal: Vec3;
}

export interface ToolsState {
  tool: ToolName;
  measureKind: MeasureKind;
  measure: MeasureState;
  section: SectionPlane | null;
  /** A standard view to fly to; `seq` changes on every request. */
  viewRequest: { view: StandardView; seq: number } | null;
  /** A camera pose to fly to (a restored comment). */
  poseRequest: { pose: PoseLike; seq: number } | null;
  /** The last standard view chosen (highlighted in the toolbar); null once the view is moved. */
  lastView: StandardView | null;
  /** Models whose picking index is being built (measuring waits for them). */
  indexing: boolean;
  /** Set by the scene. */
  readCamera: (() => PoseLike) | null;
  takeSnapshot: (() => Promise<void>) | null;

  setTool: (tool: ToolName) => void;
  setMeasureKind: (kind: MeasureKind) => void;
  addPoint: (anchor: Anchor) => void;
  finishDraft: () => void;
  undo: () => void;
  deleteMeasurement: (id: string) => void;
  clearMeasurements: () => void;
  setSection: (plane: SectionPlane | null) => void;
  requestView: (view: StandardView) => void;
  flyTo: (pose: PoseLike) => void;
  setLastView: (view: StandardView | null) => void;
  setIndexing: (busy: boolean) => void;
  register: (p: Partial<Pick<ToolsState, 'readCamera' | 'takeSnapshot'>>) => void;
  reset: () => void;
}

const initial = {
  tool: 'none' as ToolName,
  measureKind: 'distance' as MeasureKind,
  measure: emptyMeasureState(),
  section: null,
  viewRequest: null,
  poseRequest: null,
  lastView: null,
  indexing: false,
  readCamera: null,
  takeSnapshot: null,
};

let requestSeq = 0;

export const useToolStore = create<ToolsState>()((set) => ({
  ...initial,
  setTool: (tool) =>
    set((s) => {
      const next = s.tool === tool ? 'none' : tool;
      return {
        tool: next,
        // Leaving the measure tool ends what was being drawn; leaving the section removes it.
        measure: s.tool === 'measure' && next !== 'measure' ? finishDraft(s.measure) : s.measure,
        section: next === 'section' ? s.section : null,
      };
    }),
  setMeasureKind: (measureKind) =>
    set((s) => ({ measureKind, tool: 'measure', section: null, measure: finishDraft(s.measure) })),
  addPoint: (anchor) => set((s) => ({ measure: addPoint(s.measure, s.measureKind, anchor) })),
  finishDraft: () => set((s) => ({ measure: finishDraft(s.measure) })),
  undo: () => set((s) => ({ measure: undoStep(s.measure) })),
  deleteMeasurement: (id) => set((s) => ({ measure: deleteMeasurement(s.measure, id) })),
  clearMeasurements: () => set((s) => ({ measure: clearMeasurements(s.measure) })),
  setSection: (section) => set({ section }),
  requestView: (view) => set({ viewRequest: { view, seq: ++requestSeq }, lastView: view }),
  flyTo: (pose) => set({ poseRequest: { pose, seq: ++requestSeq }, lastView: null }),
  setLastView: (lastView) => set({ lastView }),
  setIndexing: (indexing) => set({ indexing }),
  register: (p) => set(p),
  reset: () => set({ ...initial, measure: emptyMeasureState() }),
}));

/** The saveable state of the tools now (camera, measurements, section); null before the scene is up. */
export function captureCurrentToolState(): ToolState | null {
  const s = useToolStore.getState();
  const cam = s.readCamera?.();
  if (!cam) return null;
  return captureToolState({
    camera: {
      position: [...cam.position],
      target: [...cam.target],
      up: [...cam.up],
    },
    measurements: s.measure.measurements,
    section: s.section,
  });
}

/** Puts a saved state back: camera (smoothly), measurements and section. */
export function applyToolState(state: ToolState): void {
  useToolStore.setState((s) => ({
    measure: replaceMeasurements(s.measure, state.measurements),
    section: state.section,
    tool: state.section ? 'section' : s.tool,
    poseRequest: { pose: state.camera, seq: ++requestSeq },
    lastView: null,
  }));
}
