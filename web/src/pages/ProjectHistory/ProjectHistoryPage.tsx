import { useCallback, useEffect, useState } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { projectsApi } from '../../api/projects';
import { PageHeader } from '../../layout/PageHeader';
import { GENERIC_ERROR } from '../../messages';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { ButtonLink } from '../../ui/ButtonLink';
import { Card } from '../../ui/Card';
import { Spinner } from '../../ui/Spinner';
import { formatAdminDateTime, humanizeEventType } from '../Admin/format';
import { actorLabel, backLink } from './historyLabels';
import type { HistoryEntry } from '../../api/contract';
import '../Admin/admin.css';
import './history.css';

const DESCRIPTION = 'Every change to this project, oldest first. Times are UTC.';

/** /projects/:id/history — one project's timeline from the audit log, for its owner or an admin. */
export function ProjectHistoryPage() {
  const { id = '' } = useParams();
  const location = useLocation();
  const back = backLink(location.state);
  const [items, setItems] = useState<HistoryEntry[] | null>(null);
  const [projectName, setProjectName] = useState<string | null | undefined>(undefined);
  const [cursor, setCursor] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const fetchPage = useCallback(
    (after: string | null, signal?: AbortSignal) => projectsApi.history(id, after, signal),
    [id],
  );

  const failed = (err: unknown) =>
    setError(err instanceof ApiError && err.serverMessage ? err.serverMessage : GENERIC_ERROR);

  useEffect(() => {
    const ctrl = new AbortController();
    setItems(null);
    setError(null);
    fetchPage(null, ctrl.signal)
      .then((page) => {
        setItems(page.items);
        setProjectName(page.projectName);
        setCursor(page.nextCursor);
      })
      .catch((err: unknown) => {
        if (!ctrl.signal.aborted) failed(err);
      });
    return () => ctrl.abort();
  }, [fetchPage]);

  const loadMore = async () => {
    if (!cursor) return;
    setLoadingMore(true);
    try {
      const page = await fetchPage(cursor);
      setItems((prev) => [...(prev ?? []), ...page.items]);
      setCursor(page.nextCursor);
    } catch (err) {
      failed(err);
    } finally {
      setLoadingMore(false);
    }
  };

  return (
    <div className="page" data-testid="page-project-history">
      <div className="container admin-page__container">
        <PageHeader
          title="Project History"
          description={
            <>
              {projectName !== undefined ? (
                <span className="history-project" data-testid="history-project">
                  {projectName ?? 'Deleted project'}
                </span>
              ) : null}
              {DESCRIPTION}
            </>
          }
          actions={
            <ButtonLink to={back.to} icon="arrow-left">
              {back.label}
            </ButtonLink>
          }
        />
        <Card>
          {error ? (
            <p className="admin-audit__state">{error}</p>
          ) : items === null ? (
            <div className="admin-audit__state">
              <Spinner size="lg" label="Loading" />
            </div>
          ) : items.length === 0 ? (
            <p className="admin-audit__state">No history yet</p>
          ) : (
            <ol className="admin-timeline" aria-label="Project history">
              {items.map((e) => (
                <li key={e.eventId} className="admin-timeline__item" data-testid="history-entry">
                  <time className="admin-timeline__time" dateTime={e.at}>
                    {formatAdminDateTime(e.at)}
                  </time>
                  <div className="admin-timeline__line">
                    <strong>{humanizeEventType(e.action)}</strong>
                    {e.version !== undefined ? (
                      <Badge tone="info" data-testid="history-version">
                        v{e.version}
                      </Badge>
                    ) : null}
                    <Badge tone={e.actorKind === 'admin' ? 'danger' : 'neutral'}>
                      {actorLabel(e)}
                    </Badge>
                  </div>
                </li>
              ))}
            </ol>
          )}
          {cursor && !error ? (
            <div className="history-more">
              <Button loading={loadingMore} onClick={() => void loadMore()}>
                Load more
              </Button>
            </div>
          ) : null}
        </Card>
      </div>
    </div>
  );
}
