import { useMemo } from 'react';
import { confirmDeleteProjects } from '../../messages';
import { DataTable, type DataTableColumn, type DataTableServer } from '../../ui/DataTable';
import { ADMIN_DATE_FILTER_DAYS } from './constants';
import { formatAdminDate } from './format';
import { ProjectThumbnail } from '../../components/project/ProjectThumbnail';
import { StatusBadge } from './StatusBadge';
import type { AdminProject } from '../../api/contract';

export interface AdminProjectsTableProps {
  label: string;
  'data-testid': string;
  emptyMessage: string;
  searchPlaceholder: string;
  projects: readonly AdminProject[];
  loading: boolean;
  /** Search, period, sort and pages asked of the server. */
  server: DataTableServer;
  onDelete: (projects: AdminProject[]) => Promise<unknown>;
  /** The second column: who the project is for (User, Laboratory). Keep it a stable value. */
  ownerColumn: DataTableColumn<AdminProject>;
  /** The last column: how to open the project. Keep it a stable value. */
  openColumn: DataTableColumn<AdminProject>;
}

const rowId = (p: AdminProject) => p.id;
const dateOf = (p: AdminProject) => p.createdAt;

const projectColumn: DataTableColumn<AdminProject> = {
  key: 'project',
  header: 'Project',
  sortValue: (p) => p.name,
  render: (p) => (
    <div className="admin-project">
      <ProjectThumbnail url={p.thumbnailUrl} size="row" />
      <div className="admin-cell">
        <span className="admin-cell__main">{p.name}</span>
        <span className="admin-cell__sub">{p.patientName}</span>
      </div>
    </div>
  ),
};

const statusColumn: DataTableColumn<AdminProject> = {
  key: 'status',
  header: 'Status',
  sortValue: (p) => p.status,
  render: (p) => <StatusBadge status={p.status} />,
};

const filesColumn: DataTableColumn<AdminProject> = {
  key: 'files',
  header: 'Files',
  sortValue: (p) => p.fileCount,
  render: (p) => p.fileCount,
  className: 'admin-col--num',
};

const createdColumn: DataTableColumn<AdminProject> = {
  key: 'created',
  header: 'Created',
  sortValue: (p) => p.createdAt,
  render: (p) => formatAdminDate(p.createdAt),
};

/**
 * The admin panel's project tables (Projects and Public projects): Project (with its
 * picture), an owner column, Status, Files, Created and an open column; newest first,
 * deletable in bulk.
 */
export function AdminProjectsTable({
  label,
  'data-testid': testId,
  emptyMessage,
  searchPlaceholder,
  projects,
  loading,
  server,
  onDelete,
  ownerColumn,
  openColumn,
}: AdminProjectsTableProps) {
  const columns = useMemo<DataTableColumn<AdminProject>[]>(
    () => [projectColumn, ownerColumn, statusColumn, filesColumn, createdColumn, openColumn],
    [ownerColumn, openColumn],
  );
  return (
    <DataTable
      label={label}
      data-testid={testId}
      rows={projects}
      columns={columns}
      rowId={rowId}
      loading={loading}
      emptyMessage={emptyMessage}
      searchPlaceholder={searchPlaceholder}
      dateOf={dateOf}
      dateFilterDays={ADMIN_DATE_FILTER_DAYS}
      deleteConfirmation={(rows) => confirmDeleteProjects(rows.map((p) => p.name))}
      onDeleteSelected={onDelete}
      initialSort={{ key: 'created', direction: 'desc' }}
      server={server}
    />
  );
}
