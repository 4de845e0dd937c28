/** The project shapes the API answers, shared with the server (types only). */
export type {
  Project,
  ProjectFeedback,
  ProjectModel,
} from '../../../../api/src/routes/projectTypes';

export interface ProjectStats {
  total: number;
  approved: number;
  pending: number;
  newComments: number;
  storageBytes: number;
  fileCount: number;
}

export interface CreateResult {
  projectId: string;
  publicLink: string;
}
