import { useCallback, useMemo, useState } from 'react';
import type { Project } from '../../api/contract';
import { useSearchParams } from 'react-router-dom';
import { useNow } from '../../hooks/useNow';
import { NewVersionModal } from '../../components/versions/NewVersionModal';
import { CHECK_INBOX_FOR_VERIFICATION, NO_PROJECTS_YET } from '../../messages';
import { useSessionStore } from '../../stores/useSessionStore';
import { toast } from '../../stores/useToastStore';
import { Button } from '../../ui/Button';
import { ButtonLink } from '../../ui/ButtonLink';
import { Card } from '../../ui/Card';
import { Skeleton } from '../../ui/Skeleton';
import { CommentsModal } from './CommentsModal';
import { DeleteProjectModal } from './DeleteProjectModal';
import { ProjectCard } from './ProjectCard';
import { SendEmailModal } from './SendEmailModal';
import { LinkSettingsModal } from '../../components/link/LinkSettingsModal';
import { StatCards } from './StatCards';
import { AttentionStrip } from './AttentionStrip';
import { FilterBar } from './FilterBar';
import {
  EMPTY_FILTERS,
  filtersFromParams,
  filtersToParams,
  hasFilters,
  type DashboardFilters,
} from './dashboardQuery';
import { useDashboardActions } from './useDashboardActions';
import { useDashboardData } from './useDashboardData';
import '../../components/project/project.css';
import './dashboard.css';

const SKELETONS = 6;

/**
 * /dashboard: stats, what needs attention, the searchable and
 * filterable projects page by page, quick actions and the modals. The filters live in the address.
 */
export function DashboardPage() {
  const user = useSessionStore((s) => s.user);
  const [params, setParams] = useSearchParams();
  const viewedUserId = user?.role === 'admin' ? params.get('userId') : null;
  const query = params.toString();
  const filters = useMemo(() => filtersFromParams(new URLSearchParams(query)), [query]);
  const setFilters = useCallback(
    (next: DashboardFilters) => {
      const to = filtersToParams(next, new URLSearchParams(query));
      if (to.toString() !== query) setParams(to);
    },
    [query, setParams],
  );
  const { projects, total, loadingMore, stats, attention, viewedUser, loadMore, reload } =
    useDashboardData(viewedUserId, filters);
  const actions = useDashboardActions(reload);
  const now = useNow();
  const [linkFor, setLinkFor] = useState<{ id: string; name: string } | null>(null);
  const filtered = hasFilters(filters);
  const readOnly = !!viewedUserId;
  const [newVersionFor, setNewVersionFor] = useState<Project | null>(null);

  const who = viewedUserId ? (viewedUser?.name ?? 'User') : (user?.name ?? '');

  return (
    <div className="dash" data-testid="page-dashboard">
      <header className="dash__header">
        <div>
          <h1>{viewedUserId ? `${who}'s Dashboard` : `Welcome back, ${who}`}</h1>
          {viewedUserId && viewedUser && (
            <p data-testid="viewed-user">
              {viewedUser.email} {viewedUser.companyName ? `· ${viewedUser.companyName}` : ''}
            </p>
          )}
        </div>
        {viewedUserId ? (
          <ButtonLink to="/admin" icon="arrow-left">
            Back to Admin
          </ButtonLink>
        ) : (
          <ButtonLink to="/projects/new" variant="primary" icon="plus">
            New Project
          </ButtonLink>
        )}
      </header>

      {!viewedUserId && user && user.emailVerified === false && (
        <div className="banner" role="status">
          <span>Your email address is not verified yet.</span>
          <Button size="sm" onClick={() => toast.info(CHECK_INBOX_FOR_VERIFICATION)}>
            Check Email
          </Button>
        </div>
      )}

      <StatCards stats={stats} />

      {viewedUserId ? null : (
        <AttentionStrip
          items={attention}
          now={now}
          onLinkSettings={(item) => setLinkFor({ id: item.projectId, name: item.projectName })}
        />
      )}

      <div className="dash__main">
        <section aria-label="Recent Projects">
          <h2>Recent Projects</h2>
          <FilterBar filters={filters} onChange={setFilters} />
          {projects === null ? (
            <div className="dash__grid">
              {Array.from({ length: SKELETONS }, (_, i) => (
                <Card key={i} data-testid="project-skeleton">
                  <Skeleton variant="block" className="skeleton-card" />
                </Card>
              ))}
            </div>
          ) : projects.length === 0 && filtered ? (
            <Card className="empty-state" data-testid="no-match">
              <h3>No projects match these filters</h3>
              <p>Try other words, or clear the filters to see every project.</p>
              <Button icon="x" onClick={() => setFilters({ ...EMPTY_FILTERS, sort: filters.sort })}>
                Clear filters
              </Button>
            </Card>
          ) : projects.length === 0 ? (
            <Card className="empty-state">
              <h3>{NO_PROJECTS_YET}</h3>
              <p>Create your first project to share a scan with a doctor.</p>
              {!viewedUserId && (
                <ButtonLink to="/projects/new" variant="primary" icon="plus">
                  Create Project
                </ButtonLink>
              )}
            </Card>
          ) : (
            <>
              <div className="dash__grid">
                {projects.map((p) => (
                  <ProjectCard
                    key={p.id}
                    project={p}
                    now={now}
                    copied={actions.copied === p.id}
                    readOnly={readOnly}
                    onCopy={() => void actions.copyLink(p)}
                    onComments={() => actions.openComments(p)}
                    onEmail={() => actions.openEmail(p)}
                    onDelete={() => actions.askDelete(p)}
                    onNewVersion={() => setNewVersionFor(p)}
                    onLinkSettings={() => setLinkFor(p)}
                    onDownload={() => void actions.downloadZip(p)}
                  />
                ))}
              </div>
              <div className="dash__more">
                {total !== null ? (
                  <span data-testid="list-count">
                    Showing {projects.length} of {total}
                  </span>
                ) : null}
                {total !== null && projects.length < total ? (
                  <Button loading={loadingMore} onClick={() => void loadMore()}>
                    Load more
                  </Button>
                ) : null}
              </div>
            </>
          )}
        </section>
        <aside>
          <Card>
            <h2 className="card__title">Quick Actions</h2>
            <div className="project-form">
              <ButtonLink to="/projects/new" icon="plus" block>
                New Project
              </ButtonLink>
              <ButtonLink to="/public-upload" icon="upload" block>
                Public Upload
              </ButtonLink>
              <ButtonLink to="/viewer/demo" icon="cube" block>
                View Demo
              </ButtonLink>
            </div>
          </Card>
        </aside>
      </div>

      <DeleteProjectModal
        project={actions.toDelete}
        deleting={actions.deleting}
        onCancel={() => actions.askDelete(null)}
        onConfirm={() => void actions.confirmDelete()}
      />
      <CommentsModal
        project={actions.comments}
        readOnly={readOnly}
        onClose={() => actions.openComments(null)}
        onMarkRead={(id) => actions.comments && void actions.markRead(actions.comments, id)}
        onChanged={() => void reload()}
      />
      <SendEmailModal project={actions.emailFor} onClose={() => actions.openEmail(null)} />
      <NewVersionModal
        project={
          newVersionFor && {
            id: newVersionFor.id,
            name: newVersionFor.name,
            latest: newVersionFor.versions.length || 1,
            models: newVersionFor.models,
          }
        }
        onClose={() => setNewVersionFor(null)}
        onDone={() => {
          setNewVersionFor(null);
          void reload();
        }}
      />
      <LinkSettingsModal
        project={linkFor}
        onClose={() => setLinkFor(null)}
        onChanged={() => void reload()}
      />
    </div>
  );
}
