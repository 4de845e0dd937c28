/** The admin date filter offers the last 7, 30 and 90 days besides All time. */
export const ADMIN_DATE_FILTER_DAYS = [7, 30, 90] as const;

export const ADMIN_TABS = ['overview', 'users', 'projects', 'public-projects', 'audit'] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

export function parseAdminTab(value: string | null): AdminTab {
  return (ADMIN_TABS as readonly string[]).includes(value ?? '') ? (value as AdminTab) : 'overview';
}

/** Event types the audit filter offers: exactly the types Cusp records. */
export const AUDIT_EVENT_TYPES = [
  'ProjectCreated',
  'ProjectStatusChanged',
  'ProjectSentToDoctor',
  'FeedbackGiven',
  'FeedbackRead',
  'ProjectApproved',
  'CommentAdded',
  'CommentResolved',
  'CommentReopened',
  'ChangesRequested',
  'ProjectDeleted',
  'ProjectVersionAdded',
  'ChecklistChosen',
  'LinkSettingsChanged',
  'LinkRevoked',
  'LinkRotated',
  'LinkOpened',
  'LinkPinLocked',
  'LinkFilesDownloaded',
  'UserRegistered',
  'EmailVerified',
  'RoleGranted',
  'RoleRevoked',
  'PasswordResetRequested',
  'PasswordChanged',
  'UserDeleted',
] as const;
