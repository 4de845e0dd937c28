/**
 * The viewer's state (zustand v5): what the page shows and what the panels change. Geometry lives
 * here once per model (built once, never rebuilt); per-frame values (camera, controls) live in the
 * scene's refs, never in this store.
 */
import { create } from 'zustand';
import {
  buildLayers,
  setOpacity as setLayerOpacity,
  setFileColours as setLayerFileColours,
  toggleCollapsed as toggleGroupCollapsed,
  toggleVisibility,
  type LayerEntry,
} from '../mesh/layers';
import { DEFAULT_MATERIALS, type MaterialMap } from '../mesh/materials';
import type { ProjectApproval } from '../../api/contract';
import type { ViewerProject } from '../mesh/project';
import type { ChecklistItem } from '../../../../api/src/domain/checklist';
import type { ViewMesh } from '../mesh/viewMesh';

export type ViewerPhase = 'project' | 'models' | 'ready' | 'not-found';
export type ViewerMode = 'review' | 'owner' | 'demo';
/** The viewer's panels: tabs of the docked side panel (wide screens), sheets on narrow ones. */
export type ViewerPanel = 'layers' | 'info' | 'thread';

export interface ViewerState {
  phase: ViewerPhase;
  mode: ViewerMode;
  project: ViewerProject | null;
  layers: LayerEntry[];
  materials: MaterialMap;
  /** Models finished (loaded or failed) and the total; total null until the project is known. */
  progress: { done: number; total: number | null };
  /** Decoded geometry by model id, as drawn: a model's coarse level until its full one lands. */
  meshes: Record<string, ViewMesh>;
  /**
   * Full-level geometry only, by model id: what the tools that need exact geometry (measure,
   * section, pin picking, deviation and clearance) work on.
   */
  fullMeshes: Record<string, ViewMesh>;
  /** Models drawn at their coarse level while the full one is on its way ("Refining…"). */
  refining: Record<string, true>;
  /**
   * The open panel: on a wide screen the side panel's tab (null: folded to its rail), on a narrow
   * one the sheet over the model (null: the model has the screen).
   */
  panel: ViewerPanel | null;
  /** Incremented to ask the conversation's composer for focus (the Comment button). */
  composeSeq: number;
  /** The approval's confirmation is open. */
  approveDialog: boolean;
  /** Incremented to ask the camera to go back to the framed view. */
  resetViewSeq: number;
  /** The first complete frame is on screen: tool code (the review) may load now. */
  firstFrame: boolean;
  approving: boolean;
  /** The demo's composer text (a real link's composer is the conversation's). */
  feedbackText: string;

  start: (mode: ViewerMode) => void;
  setProject: (project: ViewerProject) => void;
  setNotFound: () => void;
  setMaterials: (materials: MaterialMap) => void;
  addMesh: (id: string, mesh: ViewMesh) => void;
  modelFailed: (id: string) => void;
  toggleLayer: (id: string) => void;
  setOpacity: (id: string, opacity: number) => void;
  /** File colours (true) or the material's colour (false) for one layer. */
  setFileColours: (id: string, on: boolean) => void;
  toggleCollapsed: (groupId: string) => void;
  setPanel: (panel: ViewerPanel | null) => void;
  /** Opens the conversation with its composer focused. */
  compose: () => void;
  setApproveDialog: (open: boolean) => void;
  resetView: () => void;
  setFirstFrame: () => void;
  setFeedbackText: (text: string) => void;
  setApproving: (busy: boolean) => void;
  setStatus: (status: string) => void;
  setApproval: (approval: ProjectApproval) => void;
  /** The checklist items the doctor is asked, as the owner just chose them. */
  setChecklist: (items: ChecklistItem[]) => void;
  reset: () => void;
}

const initial = {
  phase: 'project' as ViewerPhase,
  mode: 'review' as ViewerMode,
  project: null,
  layers: [],
  materials: DEFAULT_MATERIALS,
  progress: { done: 0, total: null },
  meshes: {},
  fullMeshes: {},
  refining: {},
  panel: null as ViewerPanel | null,
  composeSeq: 0,
  approveDialog: false,
  resetViewSeq: 0,
  firstFrame: false,
  approving: false,
  feedbackText: '',
};

function advance(s: ViewerState): Partial<ViewerState> {
  const done = s.progress.done + 1;
  const total = s.progress.total ?? 0;
  return { progress: { done, total }, phase: done >= total ? 'ready' : 'models' };
}

export const useViewerStore = create<ViewerState>()((set, get) => ({
  ...initial,
  start: (mode) => {
    disposeMeshes(get().meshes);
    // Like reset: the page's first frame stays drawn (another version or project may load).
    set({ ...initial, mode, firstFrame: get().firstFrame, panel: get().panel });
  },
  setProject: (project) =>
    set({
      project,
      layers: buildLayers(project.models),
      progress: { done: 0, total: project.models.length },
      phase: project.models.length === 0 ? 'ready' : 'models',
    }),
  setNotFound: () => set({ phase: 'not-found', project: null }),
  setMaterials: (materials) => set({ materials }),
  addMesh: (id, mesh) =>
    set((s) => {
      const previous = s.meshes[id];
      const refining = { ...s.refining };
      if (mesh.lod === 'coarse') refining[id] = true;
      else delete refining[id];
      const next: Partial<ViewerState> = {
        meshes: { ...s.meshes, [id]: mesh },
        fullMeshes: mesh.lod === 'full' ? { ...s.fullMeshes, [id]: mesh } : s.fullMeshes,
        refining,
      };
      // The full level replacing a coarse one: the model was already counted as loaded.
      if (previous && s.refining[id]) {
        previous.geometry.dispose();
        return next;
      }
      return { ...next, ...advance(s) };
    }),
  modelFailed: (id) =>
    set((s) => {
      // Its full level failed after the coarse one was drawn: that stays, already counted.
      if (!s.refining[id]) return advance(s);
      const refining = { ...s.refining };
      delete refining[id];
      return { refining };
    }),
  toggleLayer: (id) => set((s) => ({ layers: toggleVisibility(s.layers, id) })),
  setOpacity: (id, opacity) => set((s) => ({ layers: setLayerOpacity(s.layers, id, opacity) })),
  setFileColours: (id, on) => set((s) => ({ layers: setLayerFileColours(s.layers, id, on) })),
  toggleCollapsed: (groupId) => set((s) => ({ layers: toggleGroupCollapsed(s.layers, groupId) })),
  setPanel: (panel) => set({ panel }),
  compose: () => set((s) => ({ panel: 'thread', composeSeq: s.composeSeq + 1 })),
  setApproveDialog: (approveDialog) => set({ approveDialog }),
  resetView: () => set((s) => ({ resetViewSeq: s.resetViewSeq + 1 })),
  setFirstFrame: () => set({ firstFrame: true }),
  setFeedbackText: (feedbackText) => set({ feedbackText }),
  setApproving: (approving) => set({ approving }),
  setStatus: (status) => set((s) => (s.project ? { project: { ...s.project, status } } : {})),
  setApproval: (approval) =>
    set((s) => (s.project ? { project: { ...s.project, status: 'approved', approval } } : {})),
  setChecklist: (checklist) =>
    set((s) => (s.project ? { project: { ...s.project, checklist } } : {})),
  reset: () => {
    disposeMeshes(get().meshes);
    // Once drawn, the page's first frame stays drawn: the code loaded after it (review, tools)
    // stays mounted when another version of the project loads.
    set({ ...initial, firstFrame: get().firstFrame, panel: get().panel });
  },
}));

/** Some model is still drawn at its coarse level: exact-geometry tools wait. */
export const isRefining = (s: Pick<ViewerState, 'refining'>): boolean =>
  Object.keys(s.refining).length > 0;

function disposeMeshes(meshes: Record<string, ViewMesh>): void {
  for (const m of Object.values(meshes)) m.geometry.dispose();
}
