/**
 * The review conversation's calls: through the link (the doctor; no bearer token, the link is
 * the capability) or signed in (the owner).
 */
import { api } from './client';
import type {
  CommentAnchor,
  CommentAnswer,
  CommentsAnswer,
  RequestChangesAnswer,
  ThreadEntry,
  ToolState,
} from './contract';
import { paths } from './paths';

export type ReviewAccess = { kind: 'link'; token: string } | { kind: 'owner'; projectId: string };

const opts = (a: ReviewAccess) => ({ auth: a.kind === 'owner' });
const commentsPath = (a: ReviewAccess) =>
  a.kind === 'link' ? paths.publicComments(a.token) : paths.projectComments(a.projectId);

export async function fetchThread(a: ReviewAccess): Promise<ThreadEntry[]> {
  return (await api.get<CommentsAnswer>(commentsPath(a), opts(a))).comments;
}

export interface CommentInput {
  body: string;
  parentId?: string;
  anchor?: CommentAnchor;
  /** The camera, measurements and section to restore with the comment (top-level only). */
  toolState?: ToolState;
  /** The version the viewer shows; missing: the latest. */
  version?: number;
  /** The doctor's name and e-mail (link only; the owner is named by the account). */
  authorName?: string;
  authorEmail?: string;
}

export async function postComment(a: ReviewAccess, input: CommentInput): Promise<ThreadEntry> {
  return (await api.post<CommentAnswer>(commentsPath(a), input, opts(a))).comment;
}

export async function postRequestChanges(
  a: ReviewAccess & { kind: 'link' },
  input: Omit<CommentInput, 'parentId'>,
): Promise<ThreadEntry> {
  const r = await api.post<RequestChangesAnswer>(paths.publicRequestChanges(a.token), input, {
    auth: false,
  });
  return r.comment;
}

export async function postResolved(
  a: ReviewAccess,
  commentId: string,
  resolved: boolean,
): Promise<ThreadEntry> {
  const action = resolved ? 'resolve' : 'reopen';
  const path =
    a.kind === 'link'
      ? paths.publicCommentAction(a.token, commentId, action)
      : paths.projectCommentAction(a.projectId, commentId, action);
  return (await api.post<CommentAnswer>(path, {}, opts(a))).comment;
}
