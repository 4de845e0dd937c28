/**
 * The deviation map's state, apart from the viewer's store so that the compare code (loaded
 * after the first frame) owns it: which version the shown one is compared with, the colours and
 * distances per model, the band counts, what could not be matched, the value under the pointer.
 */
import { create } from 'zustand';
import type { ViewMesh } from '../mesh/viewMesh';
import type { ContactPoint } from './clearanceScale';

export interface ModelDeviation {
  /** Signed distance (mm) per vertex of the newer model; NaN: no counterpart. */
  distances: Float32Array;
  /** RGB (0–1) per vertex. */
  colors: Float32Array;
}

/** A model of the older version drawn in the side-by-side view. */
export interface OlderModel {
  id: string;
  mesh: ViewMesh;
  /** Material key of its layer. */
  material: string | undefined;
  /** The mesh is the shown version's own (a kept file): not this store's to dispose. */
  shared: boolean;
}

export interface CompareState {
  /** The older version the shown one is compared with; null: no map. */
  against: number | null;
  busy: boolean;
  error: string | null;
  deviations: Record<string, ModelDeviation>;
  /** Vertices per legend band (the last entry: no counterpart), over every compared model. */
  counts: number[];
  onlyNewer: string[];
  onlyOlder: string[];
  /** The clearance map of two layers of the shown version; null: none. */
  clearance: {
    layers: { id: string; name: string; counts: number[]; contacts: ContactPoint[] }[];
  } | null;
  /** Older | newer side by side, one camera for both; null: the single view. */
  split: { version: number; models: OlderModel[] } | null;
  splitBusy: boolean;
  /** The deviation (mm) under the pointer; null: the pointer is on no coloured model. */
  hover: number | null;
  set: (patch: Partial<Omit<CompareState, 'set' | 'clear' | 'clearMaps'>>) => void;
  clear: () => void;
  /** Clears the maps and their values; the side-by-side view stays. */
  clearMaps: () => void;
}

const initial = {
  against: null,
  busy: false,
  error: null,
  deviations: {},
  counts: [],
  onlyNewer: [],
  onlyOlder: [],
  clearance: null,
  split: null,
  splitBusy: false,
  hover: null,
};

function disposeSplit(split: CompareState['split']): void {
  for (const m of split?.models ?? []) if (!m.shared) m.mesh.geometry.dispose();
}

export const useCompareStore = create<CompareState>()((set) => ({
  ...initial,
  set: (patch) =>
    set((s) => {
      if ('split' in patch && patch.split !== s.split) disposeSplit(s.split);
      return patch;
    }),
  clear: () =>
    set((s) => {
      disposeSplit(s.split);
      return initial;
    }),
  clearMaps: () => set(({ split, splitBusy }) => ({ ...initial, split, splitBusy })),
}));
