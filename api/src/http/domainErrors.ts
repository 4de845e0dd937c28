import { CommentRuleError } from '../domain/comments.js';
import { ProjectRuleError } from '../domain/project.js';
import { LinkRuleError } from '../domain/projectLink.js';
import { UserRuleError } from '../domain/user.js';
import { AppError, Conflict, Forbidden, NotFound } from '../errors.js';
import { WrongExpectedVersion } from '../store/eventStore.js';

/**
 * The one place where a broken domain rule, or a write that lost to a concurrent one more often
 * than the command handler retries, becomes an HTTP answer. Anything else is returned unchanged.
 */
export function httpErrorOf(err: unknown): unknown {
  if (err instanceof ProjectRuleError) {
    switch (err.code) {
      case 'project_not_found':
        return new NotFound('Project not found');
      case 'feedback_not_found':
        return new NotFound('Feedback not found');
      case 'project_exists':
        return new Conflict('Project already exists', 'project_exists');
      case 'already_approved':
        return new Conflict(err.message, 'already_approved');
      case 'version_superseded':
        // The viewer names the version that can be approved now.
        return new AppError(409, 'version_superseded', err.message, {
          latestVersion: err.latestVersion,
        });
      case 'version_not_found':
        return new NotFound(err.message, 'version_not_found');
      default:
        return new AppError(400, err.code, err.message);
    }
  }
  if (err instanceof LinkRuleError) {
    if (err.code === 'link_revoked') {
      return new AppError(410, 'link_revoked', 'This link was withdrawn by the sender');
    }
    if (err.code === 'downloads_not_allowed') return new Forbidden(err.message, err.code);
    return new AppError(400, err.code, err.message);
  }
  if (err instanceof CommentRuleError) {
    switch (err.code) {
      case 'comment_not_found':
      case 'parent_not_found':
        return new NotFound('Comment not found', err.code);
      case 'comment_exists':
        return new Conflict(err.message, err.code);
      case 'version_not_found':
        return new NotFound(err.message, err.code);
      default:
        return new AppError(400, err.code, err.message);
    }
  }
  if (err instanceof UserRuleError) {
    switch (err.code) {
      case 'user_not_found':
        return new NotFound('User not found');
      case 'user_exists':
      case 'email_already_verified':
        return new Conflict(err.message, err.code);
      default:
        return new AppError(400, err.code, err.message);
    }
  }
  if (err instanceof WrongExpectedVersion) {
    const what = err.stream.startsWith('user-') ? 'account' : 'project';
    return new Conflict(`The ${what} was changed at the same time; please retry`, 'conflict');
  }
  return err;
}
