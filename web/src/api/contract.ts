/**
 * The API contract's types, as the web app uses them. Types only: the schemas stay on the server
 * side of the bundle split, so no zod reaches the first-frame bundle. The one schema the browser
 * runs is the saved view's, in the lazily loaded tools (`viewer/tools/toolState.ts`).
 */
export type {
  AdminProject,
  AdminStats,
  AdminUser,
  BulkDeleteBody,
} from '../../../api/src/contract/admin';
export type {
  AuditEntry,
  AuditFilters,
  AuditPage,
  HistoryEntry,
  HistoryPage,
} from '../../../api/src/contract/audit';
export type {
  AuthAnswer,
  ForgotPasswordBody,
  LoginBody,
  LoginBotCheckAnswer,
  MeAnswer,
  PublicUser,
  RegisterBody,
  ResendVerificationBody,
  Role,
  VerifyEmailAnswer,
} from '../../../api/src/contract/auth';
export type { BotCheckPurpose, WidgetConfig } from '../../../api/src/contract/botCheck';
export type {
  CommentMailModeName,
  CommentMailsAnswer,
  CommentMailsBody,
} from '../../../api/src/contract/commentMails';
export type { ErrorAnswer, MessageAnswer } from '../../../api/src/contract/common';
export type { MaterialsAnswer } from '../../../api/src/contract/materials';
export type {
  CreateAnswer,
  Project,
  ProjectApproval,
  ProjectFeedback,
  ProjectModel,
  ProjectOwner,
  ProjectStats,
  ProjectVersion,
  SendEmailAnswer,
} from '../../../api/src/contract/projects';
export type { ApproveBody, VersionAnswer, VersionData } from '../../../api/src/contract/versions';
export type { PublicProject } from '../../../api/src/contract/public';
export type {
  ChecklistAnswerDto,
  ChecklistBody,
  ChecklistChoiceAnswer,
} from '../../../api/src/contract/checklist';
export type { ApproveAnswer, FeedbackAnswer } from '../../../api/src/contract/review';
export type {
  AuthorRole,
  CommentAnchor,
  CommentAnswer,
  CommentsAnswer,
  DoctorCommentBody,
  RequestChangesAnswer,
  RequestChangesBody,
  TechnicianCommentBody,
  ThreadEntry,
} from '../../../api/src/contract/comments';
export type { ToolState } from '../../../api/src/contract/toolState';
export type {
  AttentionAnswer,
  AttentionItem,
  AttentionKind,
  ListSort,
  ProjectSearchQuery,
} from '../../../api/src/contract/dashboard';
