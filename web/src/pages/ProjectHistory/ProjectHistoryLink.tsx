import { Link, useLocation } from 'react-router-dom';
import { Icon } from '../../ui/Icon';

export interface ProjectHistoryLinkProps {
  /** The project whose timeline to open. */
  projectId: string;
  /** Look of the link; default a small secondary button. */
  className?: string;
  /** `menuitem` inside a menu. */
  role?: 'menuitem';
}

/**
 * A project card's link to the project's history (/projects/:id/history). It passes the page it
 * is on as `state.from`, so the history's Back button returns there (an admin's view of a user's
 * dashboard included).
 */
export function ProjectHistoryLink({
  projectId,
  className = 'btn btn--secondary btn--sm',
  role,
}: ProjectHistoryLinkProps) {
  const { pathname, search, hash } = useLocation();
  return (
    <Link
      className={className}
      role={role}
      to={`/projects/${encodeURIComponent(projectId)}/history`}
      state={{ from: { pathname, search, hash } }}
      data-testid="project-history-link"
    >
      <Icon name="history" size="sm" />
      History
    </Link>
  );
}
