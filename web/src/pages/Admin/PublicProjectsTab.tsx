import { NO_PUBLIC_PROJECTS_FOUND, PUBLIC_LINK_COPIED } from '../../messages';
import { toast } from '../../stores/useToastStore';
import { Button } from '../../ui/Button';
import type { DataTableColumn, DataTableServer } from '../../ui/DataTable';
import { Icon } from '../../ui/Icon';
import { AdminProjectsTable } from './AdminProjectsTable';
import { viewerUrl } from './format';
import type { AdminProject } from '../../api/contract';

export interface PublicProjectsTabProps {
  projects: readonly AdminProject[];
  loading: boolean;
  server: DataTableServer;
  onDelete: (projects: AdminProject[]) => Promise<unknown>;
}

async function copyLink(url: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(url);
    toast.success(PUBLIC_LINK_COPIED);
  } catch {
    toast.error('Could not copy the link');
  }
}

const laboratoryColumn: DataTableColumn<AdminProject> = {
  key: 'laboratory',
  header: 'Laboratory',
  sortValue: (p) => p.laboratoryName,
  render: (p) => p.laboratoryName,
};

const linkColumn: DataTableColumn<AdminProject> = {
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
};

/** Public projects table: Project, Laboratory, Status, Files, Created, Public Link. */
export function PublicProjectsTab({ projects, loading, server, onDelete }: PublicProjectsTabProps) {
  return (
    <AdminProjectsTable
      label="Public projects"
      data-testid="public-projects-table"
      emptyMessage={NO_PUBLIC_PROJECTS_FOUND}
      searchPlaceholder="Search public projects..."
      projects={projects}
      loading={loading}
      server={server}
      onDelete={onDelete}
      ownerColumn={laboratoryColumn}
      openColumn={linkColumn}
    />
  );
}
