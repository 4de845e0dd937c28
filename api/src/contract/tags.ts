/** The areas of the API, as OpenAPI tags: one per operation, from its path. */
export const API_TAGS = [
  {
    name: 'Service',
    description: 'Health, reference data, this description, bot checks, DCM conversion',
  },
  {
    name: 'Account',
    description: 'Registration, sign-in, e-mail verification, password reset, settings',
  },
  { name: 'Projects', description: 'Uploads, versions, files, status and history of projects' },
  { name: 'Links', description: "The owner's management of a project's public link" },
  { name: 'Review', description: 'The review conversation, signed in as the technician' },
  {
    name: 'Doctor link',
    description: 'What a doctor does through a public link, without an account',
  },
  { name: 'Admin', description: 'Users, projects and the audit log, for admins' },
] as const;

export type ApiTag = (typeof API_TAGS)[number]['name'];

const ACCOUNT =
  /^\/api\/(register|login|logout|me|forgot-password|reset-password|verify-email|resend-verification)(\/|$)/;

export function tagOf(path: string): ApiTag {
  if (path.startsWith('/api/admin/')) return 'Admin';
  if (path.startsWith('/api/public/projects/:token')) return 'Doctor link';
  if (path === '/api/public/projects') return 'Projects';
  if (ACCOUNT.test(path)) return 'Account';
  if (/^\/api\/projects\/:id\/link(\/|$)/.test(path)) return 'Links';
  if (/^\/api\/projects\/:id\/(comments|feedback)(\/|$)/.test(path)) return 'Review';
  if (path.startsWith('/api/projects')) return 'Projects';
  return 'Service';
}
