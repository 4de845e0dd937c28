/**
 * Calls of the conversation: through the link (the doctor; no bearer token, the link is the
 * capability) or signed in (the owner).
 */
import { api } from '../../api/client';
import type { AnchorDto, ThreadEntryDto } from '../../../../api/src/routes/commentTypes';

export type ReviewAccess = { kind: 'link'; token: string } | { kind: 'owner'; projectId: string };

const base = (a: ReviewAccess) =>
  a.kind === 'link'
    ? `/public/projects/${encodeURIComponent(a.token)}`
    : `/projects/${encodeURIComponent(a.projectId)}`;
const opts = (a: ReviewAccess) => ({ auth: a.kind === 'owner' });

export async function fetchThread(a: ReviewAccess): Promise<ThreadEntryDto[]> {
  const r = await api.get<{ comments: ThreadEntryDto[] }>(`${base(a)}/comments`, opts(a));
  return r.comments;
}

export interface CommentInput {
  body: string;
  parentId?: string;
  anchor?: AnchorDto;
  authorName?: string;
  authorEmail?: string;
}

export async function postComment(a: ReviewAccess, input: CommentInput): Promise<ThreadEntryDto> {
  const r = await api.post<{ comment: ThreadEntryDto }>(`${base(a)}/comments`, input, opts(a));
  return r.comment;
}

export async function postRequestChanges(
  a: ReviewAccess & { kind: 'link' },
  input: Omit<CommentInput, 'parentId'>,
): Promise<ThreadEntryDto> {
  const r = await api.post<{ comment: ThreadEntryDto }>(
    `${base(a)}/request-changes`,
    input,
    opts(a),
  );
  return r.comment;
}

export async function postResolved(
  a: ReviewAccess,
  commentId: string,
  resolved: boolean,
): Promise<ThreadEntryDto> {
  const action = resolved ? 'resolve' : 'reopen';
  const r = await api.post<{ comment: ThreadEntryDto }>(
    `${base(a)}/comments/${encodeURIComponent(commentId)}/${action}`,
    {},
    opts(a),
  );
  return r.comment;
}
