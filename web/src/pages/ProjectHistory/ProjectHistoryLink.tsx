import { Link } from 'react-router-dom';
import { Icon } from '../../ui/Icon';

export interface ProjectHistoryLinkProps {
  /** The project whose timeline to open. */
  projectId: string;
  /** Look of the link; default a small secondary button. */
  className?: string;
  /** `menuitem` inside a menu. */
  role?: 'menuitem';
}

/** The dashboard card's link to the project's history (/projects/:id/history). */
export function ProjectHistoryLink({
  projectId,
  className = 'btn btn--secondary btn--sm',
  role,
}: ProjectHistoryLinkProps) {
  return (
    <Link
      className={className}
      role={role}
      to={`/projects/${encodeURIComponent(projectId)}/history`}
      data-testid="project-history-link"
    >
      <Icon name="history" size="sm" />
      History
    </Link>
  );
}
