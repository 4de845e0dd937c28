/** The admin answers (stats, users, projects): the API contract's types. */
export type { AdminProject, AdminStats, AdminUser } from '../contract/admin.js';
