import type { CommentMailsAnswer, CommentMailsBody } from './contract';
import { api } from './client';
import { paths } from './paths';

/** The signed-in user's own settings. */
export const accountApi = {
  commentMails: (signal?: AbortSignal) =>
    api.get<CommentMailsAnswer>(paths.commentMails, { signal }),
  setCommentMails: (body: CommentMailsBody) =>
    api.put<CommentMailsAnswer>(paths.commentMails, body),
};
