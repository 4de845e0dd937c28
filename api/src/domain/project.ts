/**
 * The project aggregate (stream `project-{uuid}`): event types, state, `evolve` and `decide`.
 * Pure: no I/O, no clock, no ids made here. Personal fields arrive already sealed with the
 * project's data key (they are opaque strings to the domain); times and ids come with the command.
 */
import {
  COMMENT_EVENT_TYPES,
  decideComment,
  evolveComments,
  type CommentCommand,
  type CommentEvent,
  type CommentState,
} from './comments.js';
import { LINK_EVENT_TYPES, type LinkEvent } from './projectLink.js';
import type { SealedField } from './sealed.js';
import {
  CHECKLIST_ITEMS,
  checklistProblem,
  normaliseChecklist,
  type ChecklistAnswer,
  type ChecklistItem,
} from './checklist.js';
import type { MaterialKey, ModelFormat, ModelRecord, SealedModelRecord } from './models.js';

export {
  MATERIAL_KEYS,
  type MaterialKey,
  type ModelFormat,
  type ModelRecord,
  type SealedModelRecord,
} from './models.js';

import {
  approvalOf,
  nextVersion,
  type AddProjectVersion,
  type ApprovedFile,
  type ProjectVersionAdded,
  type VersionRuleCode,
} from './versions.js';

export type { AddProjectVersion, ApprovedFile, ProjectVersionAdded } from './versions.js';

export type { SealedField } from './sealed.js';

/**
 * Stored status values: `pending` (new, awaiting the doctor), `pending_review`,
 * `pending_revision` (changes requested; the spec's `rejected`) and `approved`.
 */
export const PROJECT_STATUSES = [
  'pending',
  'pending_review',
  'pending_revision',
  'approved',
] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

/** `userId` of anonymous quick uploads. */
export const PUBLIC_USER_ID = 'public';

export type FeedbackType = 'doctor_feedback' | 'technician_reply';

// ---------------------------------------------------------------- events

export interface ProjectCreated {
  type: 'ProjectCreated';
  data: {
    projectId: string;
    userId: string;
    name: SealedField;
    patientName: SealedField;
    laboratoryName: SealedField;
    comment: SealedField | null;
    status: ProjectStatus;
    models: ModelRecord[];
    createdAt: string;
  };
}
export interface ProjectStatusChanged {
  type: 'ProjectStatusChanged';
  data: { projectId: string; status: ProjectStatus; previous: ProjectStatus; changedAt: string };
}
export interface ProjectSentToDoctor {
  type: 'ProjectSentToDoctor';
  data: { projectId: string; doctorEmail: SealedField; mailId: string; sentAt: string };
}
/** A doctor's comment through the link, or the technician's reply. */
export interface FeedbackGiven {
  type: 'FeedbackGiven';
  data: {
    projectId: string;
    feedbackId: string;
    feedbackType: FeedbackType;
    message: SealedField;
    createdAt: string;
  };
}
export interface FeedbackRead {
  type: 'FeedbackRead';
  data: { projectId: string; feedbackId: string; readAt: string };
}
/** The doctor approved through the link. */
export interface ProjectApproved {
  type: 'ProjectApproved';
  data: {
    projectId: string;
    approvedAt: string;
    /** The doctor's name as given (sealed `authorName`); absent for approvals without one. */
    approvedBy?: SealedField;
    /** The version approved and its files; absent on approvals recorded before versions. */
    version?: number;
    files?: ApprovedFile[];
    /** The clinical checklist as answered, in item order; absent when none was asked. */
    checklist?: ChecklistAnswer[];
  };
}
/** The lab chose which checklist items the doctor is asked (none: no checklist). */
export interface ChecklistChosen {
  type: 'ChecklistChosen';
  data: { projectId: string; items: ChecklistItem[]; chosenAt: string };
}
/** No personal data: the project's key is destroyed alongside, so older events become unreadable. */
export interface ProjectDeleted {
  type: 'ProjectDeleted';
  data: {
    projectId: string;
    userId: string;
    reason: 'owner' | 'admin' | 'retention' | 'user_deleted';
    deletedAt: string;
  };
}

export type ProjectEvent =
  | ProjectCreated
  | ProjectStatusChanged
  | ProjectSentToDoctor
  | FeedbackGiven
  | FeedbackRead
  | ProjectApproved
  | ProjectDeleted
  | ProjectVersionAdded
  | ChecklistChosen
  | LinkEvent
  | CommentEvent;

export type ProjectEventType = ProjectEvent['type'];
export const PROJECT_EVENT_TYPES: readonly ProjectEventType[] = [
  'ProjectCreated',
  'ProjectStatusChanged',
  'ProjectSentToDoctor',
  'FeedbackGiven',
  'FeedbackRead',
  'ProjectApproved',
  'ProjectDeleted',
  'ProjectVersionAdded',
  'ChecklistChosen',
  ...LINK_EVENT_TYPES,
  ...COMMENT_EVENT_TYPES,
];

export const projectStream = (projectId: string): string => `project-${projectId}`;
/** The project a stream belongs to, or undefined for another aggregate's stream. */
export const projectIdOfStream = (stream: string): string | undefined =>
  stream.startsWith('project-') ? stream.slice('project-'.length) : undefined;
/** KeyRing subject of a project's data key. */
export const projectSubject = (projectId: string): string => `project-${projectId}`;

/** The project id of a key-ring subject, or null for another kind of subject. */
export const projectIdOfSubject = (subject: string): string | null =>
  subject.startsWith('project-') ? subject.slice('project-'.length) : null;

// ---------------------------------------------------------------- state

export type ProjectState =
  | { status: 'empty' }
  | {
      status: 'active';
      projectId: string;
      userId: string;
      projectStatus: ProjectStatus;
      /** The latest version's models. */
      models: ModelRecord[];
      /** The latest version's number (1 until a new version is uploaded). */
      version: number;
      /** The model ids of every version: index 0 is version 1 (comments name their version). */
      versionModelIds: readonly ReadonlySet<string>[];
      /** feedback id → read? (only ids are needed to decide) */
      feedback: Map<string, { read: boolean }>;
      /** The conversation: comment id → where it hangs, resolved? */
      comments: ReadonlyMap<string, CommentState>;
      /** The checklist items the doctor is asked (all of them until the lab chooses). */
      checklist: readonly ChecklistItem[];
    }
  | { status: 'deleted'; projectId: string; userId: string };

export const initialState = (): ProjectState => ({ status: 'empty' });

export function evolve(state: ProjectState, event: ProjectEvent): ProjectState {
  switch (event.type) {
    case 'ProjectCreated':
      return {
        status: 'active',
        projectId: event.data.projectId,
        userId: event.data.userId,
        projectStatus: event.data.status,
        models: event.data.models,
        version: 1,
        versionModelIds: [new Set(event.data.models.map((m) => m.id))],
        feedback: new Map(),
        comments: new Map(),
        checklist: CHECKLIST_ITEMS,
      };
    case 'ProjectVersionAdded':
      return state.status === 'active'
        ? {
            ...state,
            models: event.data.models,
            version: event.data.version,
            versionModelIds: [
              ...state.versionModelIds,
              new Set(event.data.models.map((m) => m.id)),
            ],
          }
        : state;
    case 'ProjectStatusChanged':
      return state.status === 'active' ? { ...state, projectStatus: event.data.status } : state;
    case 'ProjectApproved':
      return state.status === 'active' ? { ...state, projectStatus: 'approved' } : state;
    case 'ChecklistChosen':
      return state.status === 'active' ? { ...state, checklist: event.data.items } : state;
    case 'FeedbackGiven': {
      if (state.status !== 'active') return state;
      const feedback = new Map(state.feedback);
      feedback.set(event.data.feedbackId, { read: false });
      return { ...state, feedback, comments: evolveComments(state.comments, event) };
    }
    case 'CommentAdded': {
      if (state.status !== 'active') return state;
      const comments = evolveComments(state.comments, event);
      // A doctor's comment is unread for the technician until marked read, as feedback is.
      if (event.data.author.role !== 'doctor') return { ...state, comments };
      const feedback = new Map(state.feedback).set(event.data.commentId, { read: false });
      return { ...state, feedback, comments };
    }
    case 'CommentResolved':
    case 'CommentReopened':
    case 'ChangesRequested':
      return state.status === 'active'
        ? { ...state, comments: evolveComments(state.comments, event) }
        : state;
    case 'FeedbackRead': {
      if (state.status !== 'active') return state;
      const feedback = new Map(state.feedback);
      feedback.set(event.data.feedbackId, { read: true });
      return { ...state, feedback };
    }
    case 'ProjectSentToDoctor':
    case 'LinkSettingsChanged':
    case 'LinkRevoked':
    case 'LinkRotated':
    case 'LinkOpened':
    case 'LinkPinLocked':
    case 'LinkFilesDownloaded':
      // The link's own state is folded by domain/projectLink.ts.
      return state;
    case 'ProjectDeleted':
      return { status: 'deleted', projectId: event.data.projectId, userId: event.data.userId };
    default: {
      const _never: never = event;
      return state;
    }
  }
}

export const foldProject = (events: readonly ProjectEvent[]): ProjectState =>
  events.reduce(evolve, initialState());

// ---------------------------------------------------------------- commands

/** A new project: its models' exact sizes and triangle counts arrive sealed, as names do. */
export interface CreateProject {
  type: 'CreateProject';
  data: Omit<ProjectCreated['data'], 'models'> & { models: SealedModelRecord[] };
}
export interface ChangeProjectStatus {
  type: 'ChangeProjectStatus';
  data: { projectId: string; status: ProjectStatus; now: string };
}
export interface SendProjectToDoctor {
  type: 'SendProjectToDoctor';
  data: { projectId: string; doctorEmail: SealedField; mailId: string; now: string };
}
export interface MarkFeedbackRead {
  type: 'MarkFeedbackRead';
  data: { projectId: string; feedbackId: string; now: string };
}
/** The lab sets which checklist items to ask; an empty list asks none. */
export interface ChooseChecklist {
  type: 'ChooseChecklist';
  data: { projectId: string; items: ChecklistItem[]; now: string };
}
export interface DeleteProject {
  type: 'DeleteProject';
  data: { projectId: string; reason: ProjectDeleted['data']['reason']; now: string };
}

/** A doctor's comment through the link, or the technician's reply (signed in). */
export interface GiveFeedback {
  type: 'GiveFeedback';
  data: {
    projectId: string;
    feedbackId: string;
    feedbackType: FeedbackType;
    /** Sealed with the project's key under the field name `message`. */
    message: SealedField;
    now: string;
  };
}
/**
 * The doctor approves through the link: the latest version (or `version`, which must be the
 * latest); refused when already approved.
 */
export interface ApproveProject {
  type: 'ApproveProject';
  data: {
    projectId: string;
    now: string;
    approvedBy?: SealedField;
    version?: number;
    checklist?: ChecklistAnswer[];
  };
}

export type ProjectCommand =
  | ChooseChecklist
  | CreateProject
  | ChangeProjectStatus
  | SendProjectToDoctor
  | MarkFeedbackRead
  | DeleteProject
  | GiveFeedback
  | ApproveProject
  | CommentCommand
  | AddProjectVersion;

/** A rule of the aggregate was broken; `http/domainErrors.ts` maps `code` to an HTTP answer. */
export class ProjectRuleError extends Error {
  constructor(
    readonly code:
      | 'project_exists'
      | 'project_not_found'
      | 'feedback_not_found'
      | 'no_models'
      | 'invalid_material'
      | 'invalid_status'
      | 'already_approved'
      | 'feedback_exists'
      | 'invalid_checklist'
      | VersionRuleCode,
    message: string,
    /** `version_superseded`: the version that can be approved now. */
    readonly latestVersion?: number,
  ) {
    super(message);
    this.name = 'ProjectRuleError';
  }
}

/** PLY files may only use `texture`; every other file any material except `texture`. */
export function materialAllowed(format: ModelFormat, material: MaterialKey): boolean {
  return format === 'ply' ? material === 'texture' : material !== 'texture';
}

function requireActive(state: ProjectState) {
  if (state.status !== 'active') {
    throw new ProjectRuleError('project_not_found', 'Project not found');
  }
  return state;
}

export function decide(command: ProjectCommand, state: ProjectState): ProjectEvent[] {
  switch (command.type) {
    case 'CreateProject': {
      if (state.status !== 'empty') {
        throw new ProjectRuleError('project_exists', 'Project already exists');
      }
      const d = command.data;
      if (d.models.length === 0) {
        throw new ProjectRuleError('no_models', 'Please upload at least one STL or PLY file');
      }
      for (const m of d.models) {
        if (!materialAllowed(m.type, m.material)) {
          throw new ProjectRuleError(
            'invalid_material',
            m.type === 'ply'
              ? 'PLY files may only use the texture material'
              : 'The texture material is only for PLY files',
          );
        }
      }
      return [{ type: 'ProjectCreated', data: d }];
    }
    case 'ChangeProjectStatus': {
      const s = requireActive(state);
      if (!(PROJECT_STATUSES as readonly string[]).includes(command.data.status)) {
        throw new ProjectRuleError('invalid_status', 'Invalid status');
      }
      if (s.projectStatus === command.data.status) return [];
      return [
        {
          type: 'ProjectStatusChanged',
          data: {
            projectId: s.projectId,
            status: command.data.status,
            previous: s.projectStatus,
            changedAt: command.data.now,
          },
        },
      ];
    }
    case 'SendProjectToDoctor': {
      const s = requireActive(state);
      return [
        {
          type: 'ProjectSentToDoctor',
          data: {
            projectId: s.projectId,
            doctorEmail: command.data.doctorEmail,
            mailId: command.data.mailId,
            sentAt: command.data.now,
          },
        },
      ];
    }
    case 'MarkFeedbackRead': {
      const s = requireActive(state);
      const f = s.feedback.get(command.data.feedbackId);
      if (!f) throw new ProjectRuleError('feedback_not_found', 'Feedback not found');
      if (f.read) return [];
      return [
        {
          type: 'FeedbackRead',
          data: {
            projectId: s.projectId,
            feedbackId: command.data.feedbackId,
            readAt: command.data.now,
          },
        },
      ];
    }
    case 'DeleteProject': {
      const s = requireActive(state);
      return [
        {
          type: 'ProjectDeleted',
          data: {
            projectId: s.projectId,
            userId: s.userId,
            reason: command.data.reason,
            deletedAt: command.data.now,
          },
        },
      ];
    }
    case 'GiveFeedback': {
      const s = requireActive(state);
      if (s.feedback.has(command.data.feedbackId)) {
        throw new ProjectRuleError('feedback_exists', 'Feedback already recorded');
      }
      return [
        {
          type: 'FeedbackGiven',
          data: {
            projectId: s.projectId,
            feedbackId: command.data.feedbackId,
            feedbackType: command.data.feedbackType,
            message: command.data.message,
            createdAt: command.data.now,
          },
        },
      ];
    }
    case 'ChooseChecklist': {
      const s = requireActive(state);
      const items = CHECKLIST_ITEMS.filter((i) => command.data.items.includes(i));
      if (items.length === s.checklist.length && items.every((i, n) => s.checklist[n] === i)) {
        return [];
      }
      return [
        {
          type: 'ChecklistChosen',
          data: { projectId: s.projectId, items, chosenAt: command.data.now },
        },
      ];
    }
    case 'ApproveProject': {
      const s = requireActive(state);
      requireChecklist(s, command.data.checklist);
      const approval = approvalOf(s, command.data.version);
      if (!approval.ok) {
        throw new ProjectRuleError(approval.code, approval.message, approval.latestVersion);
      }
      if (s.projectStatus === 'approved') {
        throw new ProjectRuleError('already_approved', 'Project is already approved');
      }
      return [
        {
          type: 'ProjectApproved',
          data: {
            projectId: s.projectId,
            approvedAt: command.data.now,
            ...(command.data.approvedBy ? { approvedBy: command.data.approvedBy } : {}),
            version: approval.version,
            files: approval.files,
            ...(command.data.checklist?.length
              ? { checklist: normaliseChecklist(command.data.checklist) }
              : {}),
          },
        },
      ];
    }
    case 'AddComment':
    case 'ResolveComment':
    case 'ReopenComment':
      return decideComment(command, threadContext(requireActive(state)));
    case 'RequestChanges': {
      const s = requireActive(state);
      if (s.projectStatus === 'approved') {
        throw new ProjectRuleError('already_approved', 'Project is already approved');
      }
      requireChecklist(s, command.data.checklist);
      const events: ProjectEvent[] = decideComment(command, threadContext(s));
      if (s.projectStatus === 'pending_revision') return events;
      return [
        ...events,
        {
          type: 'ProjectStatusChanged',
          data: {
            projectId: s.projectId,
            status: 'pending_revision',
            previous: s.projectStatus,
            changedAt: command.data.now,
          },
        },
      ];
    }
    case 'AddProjectVersion': {
      const s = requireActive(state);
      for (const m of command.data.added) {
        if (!materialAllowed(m.type, m.material)) {
          throw new ProjectRuleError(
            'invalid_material',
            m.type === 'ply'
              ? 'PLY files may only use the texture material'
              : 'The texture material is only for PLY files',
          );
        }
      }
      const next = nextVersion(s, command.data);
      if (!next.ok) throw new ProjectRuleError(next.code, next.message);
      const events: ProjectEvent[] = [next.event];
      // A new version is for the doctor to look at again: an approval or a change request no
      // longer describes the files they will see.
      if (s.projectStatus === 'approved' || s.projectStatus === 'pending_revision') {
        events.push({
          type: 'ProjectStatusChanged',
          data: {
            projectId: s.projectId,
            status: 'pending_review',
            previous: s.projectStatus,
            changedAt: command.data.now,
          },
        });
      }
      return events;
    }
    default: {
      const _never: never = command;
      throw new Error('unknown command');
    }
  }
}

function requireChecklist(
  s: Extract<ProjectState, { status: 'active' }>,
  answers: readonly ChecklistAnswer[] | undefined,
): void {
  if (!answers) return;
  const problem = checklistProblem(answers, s.checklist, (id) => {
    const c = s.comments.get(id);
    return c !== undefined && c.parentId === null;
  });
  if (problem) throw new ProjectRuleError('invalid_checklist', problem);
}

function threadContext(s: Extract<ProjectState, { status: 'active' }>) {
  return {
    projectId: s.projectId,
    versionModelIds: s.versionModelIds,
    comments: s.comments,
  };
}

export const projectDecider = { decide, evolve, initialState };
