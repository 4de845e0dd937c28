/** The project shapes the API answers (api/src/routes/projectService.ts). */
export interface ProjectModel {
  id: string;
  filename: string;
  originalName: string;
  name: string;
  size: number;
  type: string;
  material: string;
  groupedFrom: string | null;
  groupSize: number | null;
}

export interface ProjectFeedback {
  id: string;
  type: 'doctor_feedback' | 'technician_reply' | string;
  message: string;
  createdAt: string;
  readAt: string | null;
}

export interface Project {
  id: string;
  name: string;
  patientName: string;
  laboratoryName: string;
  comment: string | null;
  status: string;
  createdAt: string;
  publicToken: string | null;
  publicLink: string | null;
  models: ProjectModel[];
  feedback: ProjectFeedback[];
  fileCount: number;
  storageBytes: number;
  unreadCount: number;
}

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
