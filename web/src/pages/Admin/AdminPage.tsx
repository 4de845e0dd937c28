import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../layout/PageHeader';
import { toast } from '../../stores/useToastStore';
import { Badge } from '../../ui/Badge';
import { ButtonLink } from '../../ui/ButtonLink';
import { cx } from '../../ui/classNames';
import { deleteProjectsAction, deleteUsersAction, type DeleteOutcome } from './adminActions';
import { adminApi } from '../../api/admin';
import { AuditTab } from './AuditTab';
import { parseAdminTab, type AdminTab } from './constants';
import { OverviewTab } from './OverviewTab';
import { ProjectsTab } from './ProjectsTab';
import { PublicProjectsTab } from './PublicProjectsTab';
import type { AdminProject, AdminUser } from '../../api/contract';
import { UsersTab } from './UsersTab';
import { useAdminData } from './useAdminData';
import { useAdminProjectList } from './useAdminProjectList';
import './admin.css';

/** /admin — the Admin Panel (the route guard admits admins only). */
export function AdminPage() {
  const [params, setParams] = useSearchParams();
  const tab = parseAdminTab(params.get('tab'));
  const data = useAdminData();
  const projects = useAdminProjectList('projects');
  const publicProjects = useAdminProjectList('public');
  const [refreshKey, setRefreshKey] = useState(0);

  const selectTab = (t: AdminTab) => {
    const next = new URLSearchParams(params);
    if (t === 'overview') next.delete('tab');
    else next.set('tab', t);
    setParams(next, { replace: true });
  };

  const { reload: reloadData } = data;
  const { reload: reloadProjects } = projects;
  const { reload: reloadPublic } = publicProjects;
  const reload = useCallback(
    () => Promise.all([reloadData(), reloadProjects(), reloadPublic()]),
    [reloadData, reloadProjects, reloadPublic],
  );
  const finish = useCallback(
    async (outcome: DeleteOutcome) => {
      if (outcome.toast.kind === 'success') toast.success(outcome.toast.message);
      else toast.error(outcome.toast.message);
      // After any admin delete, stats, users, projects and public projects reload.
      await reload();
      setRefreshKey((k) => k + 1);
    },
    [reload],
  );

  const deleteUsers = useCallback(
    async (rows: AdminUser[]) =>
      finish(
        await deleteUsersAction(
          adminApi,
          rows.map((u) => u.id),
        ),
      ),
    [finish],
  );
  const deleteProjects = useCallback(
    async (rows: AdminProject[]) =>
      finish(
        await deleteProjectsAction(
          adminApi,
          rows.map((p) => p.id),
          'projects',
        ),
      ),
    [finish],
  );
  const deletePublicProjects = useCallback(
    async (rows: AdminProject[]) =>
      finish(
        await deleteProjectsAction(
          adminApi,
          rows.map((p) => p.id),
          'public',
        ),
      ),
    [finish],
  );

  const tabs: { id: AdminTab; label: string }[] = [
    { id: 'overview', label: 'Overview' },
    { id: 'users', label: `Users (${data.users.length})` },
    { id: 'projects', label: `Projects (${projects.count ?? 0})` },
    { id: 'public-projects', label: `Public Projects (${publicProjects.count ?? 0})` },
    { id: 'audit', label: 'Audit' },
  ];

  return (
    <div className="page admin-page" data-testid="page-admin">
      <div className="container admin-page__container">
        <PageHeader
          title={
            <span className="admin-page__title">
              Admin Panel
              <Badge tone="danger" dot data-testid="admin-mode-badge">
                Admin Mode
              </Badge>
            </span>
          }
          description="Users, projects, anonymous uploads and the audit log of this Cusp installation."
          actions={
            <ButtonLink to="/dashboard" icon="arrow-left">
              Back to Dashboard
            </ButtonLink>
          }
        />

        <div className="admin-tabs" role="tablist" aria-label="Admin sections">
          {tabs.map((t) => (
            <button
              key={t.id}
              type="button"
              role="tab"
              id={`admin-tab-${t.id}`}
              aria-selected={tab === t.id}
              aria-controls={`admin-panel-${t.id}`}
              className={cx('admin-tabs__tab', tab === t.id && 'admin-tabs__tab--active')}
              onClick={() => selectTab(t.id)}
            >
              {t.label}
            </button>
          ))}
        </div>

        <section
          role="tabpanel"
          id={`admin-panel-${tab}`}
          aria-labelledby={`admin-tab-${tab}`}
          className="admin-panel"
        >
          {tab === 'overview' ? <OverviewTab stats={data.stats} /> : null}
          {tab === 'users' ? (
            <UsersTab users={data.users} loading={data.loading} onDelete={deleteUsers} />
          ) : null}
          {tab === 'projects' ? (
            <ProjectsTab
              projects={projects.rows}
              loading={projects.loading}
              server={projects.server}
              onDelete={deleteProjects}
            />
          ) : null}
          {tab === 'public-projects' ? (
            <PublicProjectsTab
              projects={publicProjects.rows}
              loading={publicProjects.loading}
              server={publicProjects.server}
              onDelete={deletePublicProjects}
            />
          ) : null}
          {tab === 'audit' ? <AuditTab refreshKey={refreshKey} /> : null}
        </section>
      </div>
    </div>
  );
}
