/**
 * The review conversation of a project (one thread per project, on the project's stream):
 * comments, replies, pins on the model, resolve / reopen, and the doctor's request for changes.
 * Pure: no I/O, no clock, no ids made here. Names, e-mails and bodies arrive sealed with the
 * project's data key; they are opaque strings to the domain.
 */
import { normaliseChecklist, type ChecklistAnswer } from './checklist.js';
import type { SealedField } from './sealed.js';
import { toolStateProblem, type ToolState } from './toolState.js';

export type { ToolState } from './toolState.js';

export type Vec3 = [number, number, number];

/** A camera pose in the model's own coordinates, to return to when a comment is chosen. */
export interface CameraPose {
  position: Vec3;
  target: Vec3;
  up: Vec3;
}

/** Where a pin sits: a model of this project, a point on its surface and the surface normal. */
export interface CommentAnchor {
  modelId: string;
  point: Vec3;
  normal: Vec3;
  camera: CameraPose;
}

/** Where on the surface a pin sits and the camera to return to: what a pin seals. */
export type PinPlace = Omit<CommentAnchor, 'modelId'>;

/**
 * A pin as events record it since pins were sealed: the model (a random id) in clear, the place
 * (`PinPlace` as JSON) sealed with the project's key under `COMMENT_PIN_FIELD`. A surface point
 * and normal narrow down a case; they go with the key.
 */
export interface SealedAnchor {
  modelId: string;
  place: SealedField;
}

/** A pin as recorded: sealed, or clear in events written before pins were sealed. */
export type RecordedAnchor = CommentAnchor | SealedAnchor;

/**
 * A saved view as recorded: sealed with the project's key under `TOOL_STATE_FIELD` (JSON), or
 * clear in events written before saved views were sealed.
 */
export type RecordedToolState = ToolState | SealedField;

/** The sealed-field names of a pin's place and of a saved view. */
export const COMMENT_PIN_FIELD = 'commentPin';
export const TOOL_STATE_FIELD = 'toolState';

export const isSealedAnchor = (a: RecordedAnchor): a is SealedAnchor => 'place' in a;

/** The text a pin's place is sealed as. */
export const pinPlaceText = (a: CommentAnchor): string =>
  JSON.stringify({ point: a.point, normal: a.normal, camera: a.camera } satisfies PinPlace);

/** A sealed pin with its place opened (`open` gives the text `pinPlaceText` made). */
export function openedAnchor(a: RecordedAnchor, open: (sealed: string) => string): CommentAnchor {
  if (!isSealedAnchor(a)) return a;
  const { point, normal, camera } = JSON.parse(open(a.place)) as PinPlace;
  return { modelId: a.modelId, point, normal, camera };
}

/** A saved view as recorded, opened when sealed. */
export function openedToolState(s: RecordedToolState, open: (sealed: string) => string): ToolState {
  return typeof s === 'string' ? (JSON.parse(open(s)) as ToolState) : s;
}

export type AuthorRole = 'doctor' | 'technician';

export interface CommentAuthor {
  role: AuthorRole;
  /** Sealed under the field name `authorName`. */
  name: SealedField;
  /** Sealed under `authorEmail`; only a doctor leaves one (to be told of replies). */
  email: SealedField | null;
}

/** How far a normal's length may be from 1 (clients send float32 normals). */
export const NORMAL_TOLERANCE = 1e-3;

// ---------------------------------------------------------------- events

export interface CommentAdded {
  type: 'CommentAdded';
  data: {
    projectId: string;
    commentId: string;
    /** A top-level comment's id for a reply; replies go under comments, not under replies. */
    parentId: string | null;
    author: CommentAuthor;
    /** Sealed under the field name `message`, like feedback, so the feedback read model opens it. */
    body: SealedField;
    anchor: RecordedAnchor | null;
    /** The doctor's saved view (camera, measurements, section); absent on older comments. */
    toolState?: RecordedToolState | null;
    /**
     * The version the viewer was showing; absent on comments recorded before versions were
     * named (the version current when the comment was recorded).
     */
    version?: number;
    createdAt: string;
  };
}
export interface CommentResolved {
  type: 'CommentResolved';
  data: { projectId: string; commentId: string; by: AuthorRole; resolvedAt: string };
}
export interface CommentReopened {
  type: 'CommentReopened';
  data: { projectId: string; commentId: string; by: AuthorRole; reopenedAt: string };
}
/** The doctor asked for changes; `commentId` is the comment that says what (always present). */
export interface ChangesRequested {
  type: 'ChangesRequested';
  data: {
    projectId: string;
    commentId: string;
    requestedAt: string;
    /** The clinical checklist as answered, in item order; absent when none was answered. */
    checklist?: ChecklistAnswer[];
  };
}

export type CommentEvent = CommentAdded | CommentResolved | CommentReopened | ChangesRequested;
export const COMMENT_EVENT_TYPES = [
  'CommentAdded',
  'CommentResolved',
  'CommentReopened',
  'ChangesRequested',
] as const;

// ---------------------------------------------------------------- commands

type NewComment = Omit<CommentAdded['data'], 'createdAt' | 'anchor' | 'toolState' | 'version'> & {
  /** The pin and the saved view as given: the rules check these. */
  anchor: CommentAnchor | null;
  toolState: ToolState | null;
  /**
   * The same pin's place (`pinPlaceText`) and saved view (JSON) sealed with the project's key:
   * what the event records.
   */
  sealed: { place: SealedField | null; toolState: SealedField | null };
  /** The version the viewer was showing; null: the latest. */
  version: number | null;
  now: string;
};

export interface AddComment {
  type: 'AddComment';
  data: NewComment;
}
export interface ResolveComment {
  type: 'ResolveComment';
  data: { projectId: string; commentId: string; by: AuthorRole; now: string };
}
export interface ReopenComment {
  type: 'ReopenComment';
  data: { projectId: string; commentId: string; by: AuthorRole; now: string };
}
/** The doctor's comment (pinned or not) and the status `pending_revision`, in one decision. */
export interface RequestChanges {
  type: 'RequestChanges';
  /** The checklist's items are checked by the project's decide (it knows which are asked). */
  data: NewComment & { checklist?: ChecklistAnswer[] };
}

export type CommentCommand = AddComment | ResolveComment | ReopenComment | RequestChanges;

// ---------------------------------------------------------------- state

/** What deciding needs of a comment: where it hangs and whether it is resolved. */
export interface CommentState {
  parentId: string | null;
  resolved: boolean;
}

export type CommentRuleCode =
  | 'comment_exists'
  | 'comment_not_found'
  | 'parent_not_found'
  | 'reply_to_reply'
  | 'reply_with_anchor'
  | 'reply_with_tool_state'
  | 'invalid_tool_state'
  | 'version_not_found'
  | 'resolve_reply'
  | 'invalid_anchor'
  | 'doctor_only';

// ---------------------------------------------------------------- rules

const finite = (v: readonly number[]): boolean => v.every((x) => Number.isFinite(x));
const isVec3 = (v: unknown): v is Vec3 =>
  Array.isArray(v) && v.length === 3 && v.every((x) => typeof x === 'number') && finite(v);

/**
 * Why an anchor is refused, or null when it is fine: finite numbers, a model of this project, a
 * unit normal (±1e-3), a camera whose position differs from its target and whose up is not zero.
 */
export function anchorProblem(anchor: CommentAnchor, modelIds: ReadonlySet<string>): string | null {
  if (!modelIds.has(anchor.modelId)) return 'The pin is not on a model of this project';
  const { point, normal, camera } = anchor;
  if (![point, normal, camera.position, camera.target, camera.up].every(isVec3)) {
    return 'Pin coordinates must be finite numbers';
  }
  const length = Math.hypot(normal[0], normal[1], normal[2]);
  if (Math.abs(length - 1) > NORMAL_TOLERANCE) return 'The pin normal must have unit length';
  const [px, py, pz] = camera.position;
  const [tx, ty, tz] = camera.target;
  if (px === tx && py === ty && pz === tz) return 'The camera must look at something';
  if (camera.up.every((x) => x === 0)) return 'The camera up direction must not be zero';
  return null;
}

/** A rule of the conversation was broken; routes map `code` to an HTTP answer. */
export class CommentRuleError extends Error {
  constructor(
    readonly code: CommentRuleCode,
    message: string,
  ) {
    super(message);
    this.name = 'CommentRuleError';
  }
}

/** The part of an active project the conversation's rules read. */
export interface ThreadContext {
  projectId: string;
  /** The models of each version: index 0 is version 1, the last one the latest. */
  versionModelIds: readonly ReadonlySet<string>[];
  comments: ReadonlyMap<string, CommentState>;
}

function commentAdded(c: ThreadContext, d: NewComment): CommentAdded {
  if (c.comments.has(d.commentId)) {
    throw new CommentRuleError('comment_exists', 'Comment already recorded');
  }
  if (d.parentId !== null) {
    const parent = c.comments.get(d.parentId);
    if (!parent)
      throw new CommentRuleError('parent_not_found', 'The comment replied to does not exist');
    if (parent.parentId !== null) {
      throw new CommentRuleError('reply_to_reply', 'Reply to the comment, not to a reply');
    }
    if (d.anchor) throw new CommentRuleError('reply_with_anchor', 'A reply cannot carry a pin');
    if (d.toolState) {
      throw new CommentRuleError('reply_with_tool_state', 'A reply cannot carry a saved view');
    }
  }
  const latest = c.versionModelIds.length;
  const version = d.version ?? latest;
  const modelIds = c.versionModelIds[version - 1];
  if (!Number.isInteger(version) || !modelIds) {
    throw new CommentRuleError('version_not_found', `There is no version ${version}`);
  }
  if (d.anchor) {
    const problem = anchorProblem(d.anchor, modelIds);
    if (problem) throw new CommentRuleError('invalid_anchor', problem);
  }
  if (d.toolState) {
    const problem = toolStateProblem(d.toolState, modelIds);
    if (problem) throw new CommentRuleError('invalid_tool_state', problem);
  }
  return {
    type: 'CommentAdded',
    data: {
      projectId: c.projectId,
      commentId: d.commentId,
      parentId: d.parentId,
      author: d.author,
      body: d.body,
      anchor: d.anchor && { modelId: d.anchor.modelId, place: sealedAs(d.sealed.place, 'pin') },
      toolState: d.toolState && sealedAs(d.sealed.toolState, 'saved view'),
      version,
      createdAt: d.now,
    },
  };
}

/** A sealed value the command must carry with its clear one (a caller's mistake otherwise). */
function sealedAs(v: SealedField | null, what: string): SealedField {
  if (v === null) throw new Error(`the comment's ${what} is not sealed`);
  return v;
}

function existingThread(c: ThreadContext, commentId: string): CommentState {
  const comment = c.comments.get(commentId);
  if (!comment) throw new CommentRuleError('comment_not_found', 'Comment not found');
  if (comment.parentId !== null) {
    throw new CommentRuleError('resolve_reply', 'Resolve the comment, not one of its replies');
  }
  return comment;
}

/**
 * The conversation's commands. Resolving a resolved comment (or reopening an open one) decides
 * nothing: two people pressing Resolve at once both see it resolved, and one event is recorded.
 * A request for changes always carries the doctor's comment; the status change itself is the
 * project's (`ProjectStatusChanged`), decided by the caller from the returned flag.
 */
export function decideComment(
  command: CommentCommand,
  c: ThreadContext,
): (CommentAdded | CommentResolved | CommentReopened | ChangesRequested)[] {
  switch (command.type) {
    case 'AddComment':
      return [commentAdded(c, command.data)];
    case 'RequestChanges': {
      const d = command.data;
      if (d.author.role !== 'doctor' || d.parentId !== null) {
        throw new CommentRuleError(
          'doctor_only',
          'Only the doctor requests changes, in a new comment',
        );
      }
      const added = commentAdded(c, d);
      return [
        added,
        {
          type: 'ChangesRequested',
          data: {
            projectId: c.projectId,
            commentId: d.commentId,
            requestedAt: d.now,
            ...(d.checklist?.length ? { checklist: normaliseChecklist(d.checklist) } : {}),
          },
        },
      ];
    }
    case 'ResolveComment': {
      const d = command.data;
      if (existingThread(c, d.commentId).resolved) return [];
      return [
        {
          type: 'CommentResolved',
          data: { projectId: c.projectId, commentId: d.commentId, by: d.by, resolvedAt: d.now },
        },
      ];
    }
    case 'ReopenComment': {
      const d = command.data;
      if (!existingThread(c, d.commentId).resolved) return [];
      return [
        {
          type: 'CommentReopened',
          data: { projectId: c.projectId, commentId: d.commentId, by: d.by, reopenedAt: d.now },
        },
      ];
    }
    default: {
      const _never: never = command;
      throw new Error('unknown command');
    }
  }
}

/** The comment map after one event (feedback given through the old call is a top-level comment). */
export function evolveComments(
  comments: ReadonlyMap<string, CommentState>,
  event: CommentEvent | { type: 'FeedbackGiven'; data: { feedbackId: string } },
): ReadonlyMap<string, CommentState> {
  switch (event.type) {
    case 'CommentAdded':
    case 'FeedbackGiven': {
      const id = event.type === 'CommentAdded' ? event.data.commentId : event.data.feedbackId;
      const parentId = event.type === 'CommentAdded' ? event.data.parentId : null;
      return new Map(comments).set(id, { parentId, resolved: false });
    }
    case 'CommentResolved':
    case 'CommentReopened': {
      const current = comments.get(event.data.commentId);
      if (!current) return comments;
      const resolved = event.type === 'CommentResolved';
      return new Map(comments).set(event.data.commentId, { ...current, resolved });
    }
    case 'ChangesRequested':
      return comments;
    default: {
      const _never: never = event;
      return comments;
    }
  }
}

/**
 * A comment as the feedback read models know one: the doctor's comments count as unread doctor
 * feedback, the technician's as replies, so the dashboard's counts and Comments modal keep working.
 */
export function commentAsFeedback(d: CommentAdded['data']) {
  return {
    projectId: d.projectId,
    feedbackId: d.commentId,
    feedbackType:
      d.author.role === 'doctor' ? ('doctor_feedback' as const) : ('technician_reply' as const),
    message: d.body,
    createdAt: d.createdAt,
  };
}
