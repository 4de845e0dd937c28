import { z } from 'zod';
import { isoInstant } from './common.js';
import { role } from './auth.js';
import { projectActivityFields } from './dashboard.js';
import { projectOwner, projectStatus } from './projects.js';

/**
 * The admin API: stats, and the user and project lists (the user list adds projectCount,
 * totalStorage, createdAt). `GET /api/admin/users/:id/projects` answers the dashboard's project list.
 */

const count = z.number().int().nonnegative();

export const adminStats = z.strictObject({
  totalUsers: count,
  /** Users owning at least one project (the Overview's 'N active'). */
  usersWithProjects: count,
  /** Every live project, anonymous uploads included. */
  totalProjects: count,
  /** Model files over every live project. */
  totalFiles: count,
  approvedProjects: count,
  /** Awaiting the doctor: `pending` + `pending_review`. */
  pendingProjects: count,
  /** Changes requested: `pending_revision`, the spec's `rejected`. */
  rejectedProjects: count,
  /** Bytes over every live project's models. */
  totalStorage: count,
  /** Anonymous uploads (userId 'public'). */
  publicProjects: count,
});
export type AdminStats = z.infer<typeof adminStats>;

export const adminUser = z.strictObject({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  companyName: z.string(),
  role,
  emailVerified: z.boolean(),
  projectCount: count,
  totalStorage: count,
  createdAt: isoInstant,
});
export type AdminUser = z.infer<typeof adminUser>;

export const adminProject = z.strictObject({
  id: z.uuid(),
  name: z.string(),
  patientName: z.string(),
  laboratoryName: z.string(),
  status: projectStatus,
  /** Number of models (the Files column). */
  fileCount: count,
  totalSize: count,
  createdAt: isoInstant,
  /** `public` marks an anonymous upload. */
  userId: z.string(),
  userName: z.string(),
  userCompany: z.string(),
  user: projectOwner.nullable(),
  /** The public link token when the server can show it; else the viewer opens by id. */
  publicToken: z.string().nullable(),
  ...projectActivityFields,
});
export type AdminProject = z.infer<typeof adminProject>;

export const adminUsersAnswer = z.strictObject({ users: z.array(adminUser) });
export const adminProjectsAnswer = z.strictObject({ projects: z.array(adminProject) });
export const adminUserAnswer = z.strictObject({ user: adminUser });

export const adminIdParams = z.strictObject({ id: z.uuid().transform((s) => s.toLowerCase()) });

/** A bulk delete carries at most this many ids: one request never empties the database. */
export const BULK_DELETE_MAX = 500;
export const bulkDeleteBody = z.strictObject({ ids: z.array(z.string().min(1).max(100)).min(1) });
export type BulkDeleteBody = z.input<typeof bulkDeleteBody>;
export const bulkDeleteAnswer = z.strictObject({ deleted: count });
