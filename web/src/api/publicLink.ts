import type { ApproveAnswer, ApproveBody, FeedbackAnswer, PublicProject } from './contract';
import { api } from './client';
import { paths } from './paths';

/** The calls behind a public link: no account, the token is the access. */
export const publicLinkApi = {
  get: (token: string, signal?: AbortSignal) =>
    api.get<PublicProject>(paths.publicProject(token), { auth: false, signal }),
  feedback: (token: string, message: string) =>
    api.post<FeedbackAnswer>(paths.publicFeedback(token), { message }, { auth: false }),
  /** Approves `version` (the one the doctor looked at; the server refuses an outdated one). */
  approve: (token: string, body: ApproveBody) =>
    api.post<ApproveAnswer>(paths.publicApprove(token), body, { auth: false }),
};
