/** The project shapes the API answers, shared with the server (types only). */
export type {
  Project,
  ProjectFeedback,
  ProjectModel,
} from '../../../../api/src/routes/projectTypes';

/** GET /api/projects/stats; the status counts follow `api/src/domain/projectStatus.ts`. */
export interface ProjectStats {
  total: number;
  approved: number;
  /** Waiting for the doctor: `pending`, `pending_review`. */
  pending: number;
  /** `pending_revision` (and the legacy `rejected`). */
  changesRequested: number;
  newComments: number;
  storageBytes: number;
  fileCount: number;
}

export interface CreateResult {
  projectId: string;
  publicLink: string;
}
