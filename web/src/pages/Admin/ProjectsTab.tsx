import { NO_PROJECTS_FOUND } from '../../messages';
import type { DataTableColumn, DataTableServer } from '../../ui/DataTable';
import { Icon } from '../../ui/Icon';
import { AdminProjectsTable } from './AdminProjectsTable';
import type { AdminProject } from '../../api/contract';

export interface ProjectsTabProps {
  projects: readonly AdminProject[];
  loading: boolean;
  server: DataTableServer;
  onDelete: (projects: AdminProject[]) => Promise<unknown>;
}

const userColumn: DataTableColumn<AdminProject> = {
  key: 'user',
  header: 'User',
  sortValue: (p) => p.userName,
  render: (p) => (
    <div className="admin-cell">
      <span className="admin-cell__main">{p.userName}</span>
      <span className="admin-cell__sub">{p.userCompany}</span>
    </div>
  ),
};

const actionsColumn: DataTableColumn<AdminProject> = {
  key: 'actions',
  header: 'Actions',
  render: (p) => (
    <a
      className="admin-action"
      href={`/viewer/${encodeURIComponent(p.publicToken ?? p.id)}`}
      target="_blank"
      rel="noopener noreferrer"
      title="Open viewer in a new tab"
    >
      <Icon name="eye" size="sm" />
      View
    </a>
  ),
};

/** Projects table (anonymous uploads excluded by the server). */
export function ProjectsTab({ projects, loading, server, onDelete }: ProjectsTabProps) {
  return (
    <AdminProjectsTable
      label="Projects"
      data-testid="projects-table"
      emptyMessage={NO_PROJECTS_FOUND}
      searchPlaceholder="Search projects..."
      projects={projects}
      loading={loading}
      server={server}
      onDelete={onDelete}
      ownerColumn={userColumn}
      openColumn={actionsColumn}
    />
  );
}
