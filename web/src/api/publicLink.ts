import type { ApproveAnswer, FeedbackAnswer, PublicProject } from './contract';
import { api } from './client';
import { paths } from './paths';

/** The calls behind a public link: no account, the token is the access. */
export const publicLinkApi = {
  get: (token: string, signal?: AbortSignal) =>
    api.get<PublicProject>(paths.publicProject(token), { auth: false, signal }),
  feedback: (token: string, message: string) =>
    api.post<FeedbackAnswer>(paths.publicFeedback(token), { message }, { auth: false }),
  /** `authorName`: the doctor's name as given in the viewer, recorded with the approval. */
  approve: (token: string, authorName?: string) =>
    api.post<ApproveAnswer>(paths.publicApprove(token), authorName ? { authorName } : {}, {
      auth: false,
    }),
};
