/**
 * The deviation map's state, apart from the viewer's store so that the compare code (loaded
 * after the first frame) owns it: which version the shown one is compared with, the colours and
 * distances per model, the band counts, what could not be matched, the value under the pointer.
 */
import { create } from 'zustand';
import type { ContactPoint } from './clearanceScale';

export interface ModelDeviation {
  /** Signed distance (mm) per vertex of the newer model; NaN: no counterpart. */
  distances: Float32Array;
  /** RGB (0–1) per vertex. */
  colors: Float32Array;
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
  /** The deviation (mm) under the pointer; null: the pointer is on no coloured model. */
  hover: number | null;
  set: (patch: Partial<Omit<CompareState, 'set' | 'clear'>>) => void;
  clear: () => void;
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
  hover: null,
};

export const useCompareStore = create<CompareState>()((set) => ({
  ...initial,
  set: (patch) => set(patch),
  clear: () => set(initial),
}));
