import { Link } from 'react-router-dom';
import { Icon } from '../../ui/Icon';

export interface ProjectHistoryLinkProps {
  /** The project whose timeline to open. */
  projectId: string;
}

/** The dashboard card's link to the project's history (/projects/:id/history). */
export function ProjectHistoryLink({ projectId }: ProjectHistoryLinkProps) {
  return (
    <Link
      className="btn btn--secondary btn--sm"
      to={`/projects/${encodeURIComponent(projectId)}/history`}
      data-testid="project-history-link"
    >
      <Icon name="history" size="sm" />
      History
    </Link>
  );
}
