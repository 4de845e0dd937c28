import { z } from 'zod';

/**
 * The technician's mails about doctors' comments (account settings): `instant` (one mail per
 * comment), `digest` (the first at once, then at most one mail per project every 10 minutes;
 * the default) or `none`.
 */
export const commentMailMode = z.enum(['instant', 'digest', 'none']);
export type CommentMailModeName = z.infer<typeof commentMailMode>;

export const commentMailsBody = z.strictObject({ commentMails: commentMailMode });
export type CommentMailsBody = z.input<typeof commentMailsBody>;

export const commentMailsAnswer = z.strictObject({ commentMails: commentMailMode });
export type CommentMailsAnswer = z.infer<typeof commentMailsAnswer>;
