import { z } from 'zod';
import { PUBLIC_USER_ID } from '../domain/project.js';
import { project } from './projects.js';

/**
 * The project behind a public link, as the doctor reads it: the case, never the owner's account
 * id (`userId` is present only as 'public', on an anonymous upload), and whether the owner lets
 * the doctor download the files as uploaded.
 */
export const publicProject = project
  .omit({ userId: true, link: true, mailNotDelivered: true })
  .extend({ userId: z.literal(PUBLIC_USER_ID).optional(), downloadsAllowed: z.boolean() });
export type PublicProject = z.infer<typeof publicProject>;

export const publicTokenParams = z.strictObject({ token: z.string().max(200) });
