import { useMemo } from 'react';
import { confirmDeleteProjects, NO_PROJECTS_FOUND } from '../../messages';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { Icon } from '../../ui/Icon';
import { ADMIN_DATE_FILTER_DAYS } from './constants';
import { formatAdminDate } from './format';
import { StatusBadge } from './StatusBadge';
import type { AdminProject } from './types';

export interface ProjectsTabProps {
  projects: readonly AdminProject[];
  loading: boolean;
  onDelete: (projects: AdminProject[]) => Promise<unknown>;
}

const rowId = (p: AdminProject) => p.id;
const dateOf = (p: AdminProject) => p.createdAt;

/** Projects table of spec §2 (anonymous uploads excluded by the server). */
export function ProjectsTab({ projects, loading, onDelete }: ProjectsTabProps) {
  const columns = useMemo<DataTableColumn<AdminProject>[]>(
    () => [
      {
        key: 'project',
        header: 'Project',
        sortValue: (p) => p.name,
        render: (p) => (
          <div className="admin-cell">
            <span className="admin-cell__main">{p.name}</span>
            <span className="admin-cell__sub">{p.patientName}</span>
          </div>
        ),
      },
      {
        key: 'user',
        header: 'User',
        sortValue: (p) => p.userName,
        render: (p) => (
          <div className="admin-cell">
            <span className="admin-cell__main">{p.userName}</span>
            <span className="admin-cell__sub">{p.userCompany}</span>
          </div>
        ),
      },
      {
        key: 'status',
        header: 'Status',
        sortValue: (p) => p.status,
        render: (p) => <StatusBadge status={p.status} />,
      },
      {
        key: 'files',
        header: 'Files',
        sortValue: (p) => p.fileCount,
        render: (p) => p.fileCount,
        className: 'admin-col--num',
      },
      {
        key: 'created',
        header: 'Created',
        sortValue: (p) => p.createdAt,
        render: (p) => formatAdminDate(p.createdAt),
      },
      {
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
      },
    ],
    [],
  );
  return (
    <DataTable
      label="Projects"
      data-testid="projects-table"
      rows={projects}
      columns={columns}
      rowId={rowId}
      loading={loading}
      emptyMessage={NO_PROJECTS_FOUND}
      searchPlaceholder="Search projects..."
      dateOf={dateOf}
      dateFilterDays={ADMIN_DATE_FILTER_DAYS}
      deleteConfirmation={(rows) => confirmDeleteProjects(rows.map((p) => p.name))}
      onDeleteSelected={onDelete}
      initialSort={{ key: 'created', direction: 'desc' }}
    />
  );
}
