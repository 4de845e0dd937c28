/**
 * The project shapes the API answers (`reads/projects.ts` `loadProjects`), as far as the web app
 * reads them. Types only, with no runtime imports: the server and web/src/components/project
 * both import them.
 */
import type { LinkSummary } from '../contract/links.js';

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

/** The project's owner as a reader sees them (the viewer's Technician row, spec §2). */
export interface ProjectOwner {
  name: string;
  companyName: string;
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
  /** The owner; null for anonymous quick uploads (and an owner whose account is gone). */
  user: ProjectOwner | null;
  /** The link's state, settings and view count (owner answers only; absent on the public one). */
  link?: LinkSummary;
}
