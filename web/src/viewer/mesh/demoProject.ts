/**
 * The /viewer/demo project: seven layers — upper and lower teeth (real arches, grouped
 * as Teeth), gingiva and tissue for each jaw, and a metal abutment — served as view-derivative
 * GLBs from /demo (built by scripts/make-demo-assets.ts). Nothing is ever sent from the demo.
 */
import { CHECKLIST_ITEMS } from '../../../../api/src/domain/checklist';
import type { ViewerModel, ViewerProject } from './project';

/** Loading the demo has a simulated delay of 200 to 500 ms. */
export const DEMO_DELAY_MIN_MS = 200;
export const DEMO_DELAY_MAX_MS = 500;

export function demoDelayMs(random: () => number = Math.random): number {
  return Math.round(DEMO_DELAY_MIN_MS + random() * (DEMO_DELAY_MAX_MS - DEMO_DELAY_MIN_MS));
}

/** One entry of /demo/demo.json, written by the asset script. */
export interface DemoAsset {
  id: string;
  name: string;
  file: string;
  /** Size of the layer as a binary STL (what an upload of it would weigh). */
  size: number;
  type: string;
  material?: string;
  groupedFrom?: string;
}

export const DEMO_MANIFEST_URL = '/demo/demo.json';

export function demoProject(assets: readonly DemoAsset[]): ViewerProject {
  const models: ViewerModel[] = assets.map((a) => ({
    id: a.id,
    filename: a.file,
    originalName: a.name,
    size: a.size,
    type: a.type,
    material: a.material,
    groupedFrom: a.groupedFrom,
    groupSize: a.groupedFrom
      ? assets.filter((b) => b.groupedFrom === a.groupedFrom).length
      : undefined,
    viewUrl: `/demo/${a.file}`,
    coarseUrl: undefined,
    fileUrl: undefined,
    viewUnavailable: false,
  }));
  return {
    id: 'demo',
    name: 'Full Arch Restoration (Demo)',
    patientName: 'Demo Patient',
    laboratoryName: 'Cusp Demo Laboratory',
    comment:
      'Zirconia crowns on both arches with a titanium abutment. Please check the margins and occlusion.',
    status: 'pending',
    createdAt: '2025-03-05T10:00:00.000Z',
    publicToken: undefined,
    technician: 'Alex Morgan',
    models,
    feedback: [],
    versions: [{ n: 1, createdAt: '2025-03-05T10:00:00.000Z', note: null, models }],
    latestVersion: 1,
    shownVersion: 1,
    approval: null,
    checklist: [...CHECKLIST_ITEMS],
    downloadsAllowed: false,
  };
}
