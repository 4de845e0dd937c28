import { commentAsFeedback } from '../../api/src/domain/comments.js';
import type { ProjectEvent } from '../../api/src/domain/project.js';

/**
 * A comment counts as feedback for the read models that predate comments (the feedback list,
 * unread counts, dashboard figures): `CommentAdded` is read as the `FeedbackGiven` it stands for.
 */
export const asFeedbackEvent = (event: ProjectEvent): ProjectEvent =>
  event.type === 'CommentAdded'
    ? { type: 'FeedbackGiven', data: commentAsFeedback(event.data) }
    : event;
