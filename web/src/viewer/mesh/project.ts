/**
 * The project as the viewer reads it, normalised from the answer of
 * GET /api/public/projects/{token} or GET /api/projects/{id}. Unknown or missing fields get safe
 * defaults so a partial answer still renders.
 */

import type { ProjectApproval } from '../../api/contract';
import { CHECKLIST_ITEMS, type ChecklistItem } from '../../../../api/src/domain/checklist';
import { apiUrl, paths } from '../../api/paths';

export interface ViewerModel {
  id: string;
  /** Stored file name (used in file URLs). */
  filename: string;
  /** Display name: the custom name, else the original name. */
  originalName: string;
  /** Original file size in bytes. */
  size: number;
  /** Layer type key: teeth, gingiva, tissue, metal_abut, … (drives the default material). */
  type: string;
  /** Material key, if the uploader chose one. */
  material: string | undefined;
  /** Name of the group this model was split from (multi-file teeth uploads); empty for none. */
  groupedFrom: string | undefined;
  /** Number of members of that group. */
  groupSize: number | undefined;
  /** URL of the compact view derivative (GLB); undefined when the server has none. */
  viewUrl: string | undefined;
  /** URL of its coarse level, drawn first (models over 50k triangles); undefined for none. */
  coarseUrl: string | undefined;
  /** URL of the original file. */
  fileUrl: string | undefined;
  /** The server cannot make a view of this file: nothing is fetched, the layer says so. */
  viewUnavailable: boolean;
}

export interface FeedbackItem {
  id: string;
  type: string;
  message: string;
  createdAt: string;
  readAt: string | null;
}

export interface ViewerVersion {
  n: number;
  createdAt: string;
  note: string | null;
  models: ViewerModel[];
}

export interface ViewerProject {
  id: string;
  name: string;
  patientName: string;
  laboratoryName: string;
  comment: string;
  status: string;
  createdAt: string;
  publicToken: string | undefined;
  /** The project user's name (Technician), if present. */
  technician: string | undefined;
  /** The models shown: the latest version's, or those of the version picked in the switcher. */
  models: ViewerModel[];
  feedback: FeedbackItem[];
  /** Every version, oldest first (one, v1, for an answer without versions). */
  versions: ViewerVersion[];
  /** The latest version's number, and the number of the version shown. */
  latestVersion: number;
  shownVersion: number;
  approval: ProjectApproval | null;
  /** The clinical checklist items the doctor is asked (empty: none). */
  checklist: ChecklistItem[];
  /** A doctor may download the files as uploaded (the owner allows it on the link). */
  downloadsAllowed: boolean;
}

/** The project showing version `n` (its models); the latest when `n` is not one of its versions. */
export function showVersion(project: ViewerProject, n: number | null): ViewerProject {
  const v = project.versions.find((x) => x.n === n);
  if (!v || v.n === project.shownVersion) return project;
  return { ...project, models: v.models, shownVersion: v.n };
}

function toApproval(raw: unknown): ProjectApproval | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  const files = Array.isArray(r.files) ? r.files : [];
  return {
    version: num(r.version) || 1,
    by: optStr(r.by) ?? null,
    at: str(r.at),
    files: files.map((f) => {
      const x = (f && typeof f === 'object' ? f : {}) as Record<string, unknown>;
      return {
        modelId: str(x.modelId),
        name: str(x.name),
        sha256: optStr(x.sha256) ?? null,
        uploadedSha256: optStr(x.uploadedSha256) ?? null,
      };
    }),
  };
}

const str = (v: unknown): string =>
  typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';
const optStr = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() ? v : undefined;
const num = (v: unknown): number =>
  typeof v === 'number' && Number.isFinite(v) ? v : Number(v) || 0;

export type ViewerAccess =
  { kind: 'public'; token: string } | { kind: 'owner'; id: string } | { kind: 'demo' };

/** 'demo' is the demo, ids starting with pub_ are public links. */
export function accessFor(routeId: string): ViewerAccess {
  if (routeId === 'demo') return { kind: 'demo' };
  if (routeId.startsWith('pub_')) return { kind: 'public', token: routeId };
  return { kind: 'owner', id: routeId };
}

/** Where the viewer fetches a model's derivative and original file for an access kind. */
export function modelUrls(
  access: ViewerAccess,
  model: { id: string; filename: string },
): { viewUrl: string | undefined; fileUrl: string | undefined } {
  switch (access.kind) {
    case 'public':
      return {
        viewUrl: apiUrl(paths.publicView(access.token, model.id)),
        fileUrl: apiUrl(paths.publicFile(access.token, model.filename)),
      };
    case 'owner':
      return {
        viewUrl: apiUrl(paths.ownerView(access.id, model.id)),
        fileUrl: apiUrl(paths.ownerFile(access.id, model.filename)),
      };
    case 'demo':
      return { viewUrl: undefined, fileUrl: undefined };
  }
}

/** The coarse level's URL of a view derivative (api/src/contract/files.ts `viewQuery`). */
export function coarseViewUrl(viewUrl: string): string {
  return `${viewUrl}${viewUrl.includes('?') ? '&' : '?'}lod=coarse`;
}

function toModels(models: unknown[], access: ViewerAccess): ViewerModel[] {
  return models.map((m, i) => {
    const r = (m && typeof m === 'object' ? m : {}) as Record<string, unknown>;
    const id = str(r.id) || `model-${i}`;
    const filename = str(r.filename);
    const own = {
      id,
      filename,
      // `name` is the display name (custom name or file name without extension).
      originalName: str(r.name) || str(r.originalName) || filename || `Model ${i + 1}`,
      size: num(r.size),
      type: str(r.type),
      material: optStr(r.material),
      groupedFrom: optStr(r.groupedFrom),
      groupSize: r.groupSize === undefined || r.groupSize === null ? undefined : num(r.groupSize),
    };
    if (r.viewUnavailable === true) {
      return {
        ...own,
        viewUrl: undefined,
        coarseUrl: undefined,
        fileUrl: undefined,
        viewUnavailable: true,
      };
    }
    const urls = modelUrls(access, { id, filename });
    const viewUrl = optStr(r.viewUrl) ?? (filename || id ? urls.viewUrl : undefined);
    return {
      ...own,
      viewUnavailable: false,
      viewUrl,
      coarseUrl: viewUrl && r.coarse === true ? coarseViewUrl(viewUrl) : undefined,
      fileUrl: filename ? (optStr(r.fileUrl) ?? urls.fileUrl) : undefined,
    };
  });
}

/** Normalises an API answer (possibly wrapped as `{ project }`) into a ViewerProject. */
export function toViewerProject(raw: unknown, access: ViewerAccess): ViewerProject {
  const outer = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const p = (outer.project && typeof outer.project === 'object' ? outer.project : outer) as Record<
    string,
    unknown
  >;
  const user = (p.user && typeof p.user === 'object' ? p.user : {}) as Record<string, unknown>;
  const models = Array.isArray(p.models) ? p.models : [];
  const feedback = Array.isArray(p.feedback) ? p.feedback : [];
  const latestModels = toModels(models, access);
  const rawVersions = Array.isArray(p.versions) ? p.versions : [];
  const versions: ViewerVersion[] = rawVersions.map((v) => {
    const r = (v && typeof v === 'object' ? v : {}) as Record<string, unknown>;
    return {
      n: num(r.n),
      createdAt: str(r.createdAt),
      note: optStr(r.note) ?? null,
      models: toModels(Array.isArray(r.models) ? r.models : [], access),
    };
  });
  if (versions.length === 0) {
    versions.push({ n: 1, createdAt: str(p.createdAt), note: null, models: latestModels });
  }
  const latestVersion = Math.max(...versions.map((v) => v.n));
  return {
    id: str(p.id),
    name: str(p.name),
    patientName: str(p.patientName),
    laboratoryName: str(p.laboratoryName),
    comment: str(p.comment),
    status: str(p.status) || 'pending',
    createdAt: str(p.createdAt),
    publicToken: optStr(p.publicToken),
    technician: optStr(user.name) ?? optStr(p.userName),
    models: latestModels,
    versions,
    latestVersion,
    shownVersion: latestVersion,
    approval: toApproval(p.approval),
    checklist: Array.isArray(p.checklist)
      ? CHECKLIST_ITEMS.filter((i) => (p.checklist as unknown[]).includes(i))
      : [],
    downloadsAllowed: p.downloadsAllowed === true,
    feedback: feedback.map((f) => {
      const r = (f && typeof f === 'object' ? f : {}) as Record<string, unknown>;
      return {
        id: str(r.id),
        type: str(r.type),
        message: str(r.message),
        createdAt: str(r.createdAt),
        readAt: optStr(r.readAt) ?? null,
      };
    }),
  };
}
