import { useMemo } from 'react';
import {
  confirmDeleteProjects,
  NO_PUBLIC_PROJECTS_FOUND,
  PUBLIC_LINK_COPIED,
} from '../../messages';
import { toast } from '../../stores/useToastStore';
import { Button } from '../../ui/Button';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { Icon } from '../../ui/Icon';
import { ADMIN_DATE_FILTER_DAYS } from './constants';
import { formatAdminDate, viewerUrl } from './format';
import { StatusBadge } from './StatusBadge';
import type { AdminProject } from './types';

export interface PublicProjectsTabProps {
  projects: readonly AdminProject[];
  loading: boolean;
  onDelete: (projects: AdminProject[]) => Promise<unknown>;
}

const rowId = (p: AdminProject) => p.id;
const dateOf = (p: AdminProject) => p.createdAt;

async function copyLink(url: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(url);
    toast.success(PUBLIC_LINK_COPIED);
  } catch {
    toast.error('Could not copy the link');
  }
}

/** Public projects table of spec §2: Project, Laboratory, Status, Files, Created, Public Link. */
export function PublicProjectsTab({ projects, loading, onDelete }: PublicProjectsTabProps) {
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
        key: 'laboratory',
        header: 'Laboratory',
        sortValue: (p) => p.laboratoryName,
        render: (p) => p.laboratoryName,
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
        key: 'link',
        header: 'Public Link',
        render: (p) => {
          const url = viewerUrl(window.location.origin, p.publicToken ?? p.id);
          return (
            <div className="admin-link">
              <Button
                size="sm"
                variant="ghost"
                icon="link"
                onClick={() => void copyLink(url)}
                aria-label="Copy public link"
              >
                Copy
              </Button>
              <a
                className="admin-action"
                href={url}
                target="_blank"
                rel="noopener noreferrer"
                title="Open public link"
              >
                <Icon name="eye" size="sm" />
                Open
              </a>
            </div>
          );
        },
      },
    ],
    [],
  );
  return (
    <DataTable
      label="Public projects"
      data-testid="public-projects-table"
      rows={projects}
      columns={columns}
      rowId={rowId}
      loading={loading}
      emptyMessage={NO_PUBLIC_PROJECTS_FOUND}
      searchPlaceholder="Search public projects..."
      dateOf={dateOf}
      dateFilterDays={ADMIN_DATE_FILTER_DAYS}
      deleteConfirmation={(rows) => confirmDeleteProjects(rows.map((p) => p.name))}
      onDeleteSelected={onDelete}
      initialSort={{ key: 'created', direction: 'desc' }}
    />
  );
}
