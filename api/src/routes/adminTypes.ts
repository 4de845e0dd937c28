/**
 * Shapes of the admin API (spec §3 "Admin stats", "Admin list adds projectCount, totalStorage,
 * createdAt"). Types only, with no runtime imports: the server (`reads/admin.ts`) and the web
 * admin panel (web/src/pages/Admin) both import them.
 */

export interface AdminStats {
  totalUsers: number;
  /** Users owning at least one project (the Overview's 'N active'). */
  usersWithProjects: number;
  /** Every live project, anonymous uploads included. */
  totalProjects: number;
  /** Model files over every live project. */
  totalFiles: number;
  approvedProjects: number;
  /** Awaiting the doctor: `pending` + `pending_review`. */
  pendingProjects: number;
  /** Changes requested: `pending_revision`, the spec's `rejected` (architecture §12). */
  rejectedProjects: number;
  /** Bytes over every live project's models. */
  totalStorage: number;
  /** Anonymous uploads (userId 'public'). */
  publicProjects: number;
}

export interface AdminUser {
  id: string;
  name: string;
  email: string;
  companyName: string;
  role: 'admin' | 'user';
  emailVerified: boolean;
  projectCount: number;
  totalStorage: number;
  createdAt: string;
}

export interface AdminProject {
  id: string;
  name: string;
  patientName: string;
  laboratoryName: string;
  status: string;
  /** Number of models (the Files column). */
  fileCount: number;
  totalSize: number;
  createdAt: string;
  /** `public` marks an anonymous upload. */
  userId: string;
  userName: string;
  userCompany: string;
  user: { name: string; companyName: string } | null;
  /** The public link token when the server can show it; else the viewer opens by id. */
  publicToken: string | null;
}
