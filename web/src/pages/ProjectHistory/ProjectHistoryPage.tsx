import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { ApiError, api } from '../../api/client';
import { PageHeader } from '../../layout/PageHeader';
import { GENERIC_ERROR } from '../../messages';
import { Badge } from '../../ui/Badge';
import { ButtonLink } from '../../ui/ButtonLink';
import { Card } from '../../ui/Card';
import { Spinner } from '../../ui/Spinner';
import { formatAdminDateTime, humanizeEventType } from '../Admin/format';
import '../Admin/admin.css';

export interface HistoryItem {
  eventId: string;
  action: string;
  actorKind: string;
  /** Only for the caller's own actions (and for admins). */
  actor?: string;
  at: string;
}

/** Who did it, in the owner's words (ids of others are not shown). */
export function actorText(kind: string, mine: boolean): string {
  if (mine) return 'You';
  switch (kind) {
    case 'link':
      return 'Doctor (public link)';
    case 'anonymous':
      return 'Anonymous';
    case 'admin':
      return 'Administrator';
    case 'system':
      return 'System';
    case 'user':
      return 'User';
    default:
      return kind;
  }
}

/** /projects/:id/history — the owner's timeline of one project, from the audit log (UTC). */
export function ProjectHistoryPage() {
  const { id = '' } = useParams();
  const [items, setItems] = useState<HistoryItem[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const ctrl = new AbortController();
    api
      .get<{ items: HistoryItem[] }>(`/projects/${encodeURIComponent(id)}/history`, {
        signal: ctrl.signal,
      })
      .then((r) => setItems(r.items))
      .catch((err: unknown) => {
        if (ctrl.signal.aborted) return;
        setError(err instanceof ApiError && err.serverMessage ? err.serverMessage : GENERIC_ERROR);
      });
    return () => ctrl.abort();
  }, [id]);

  return (
    <div className="page" data-testid="page-project-history">
      <div className="container admin-page__container">
        <PageHeader
          title="Project History"
          description="Every change to this project, oldest first. Times are UTC."
          actions={
            <ButtonLink to="/dashboard" icon="arrow-left">
              Back to Dashboard
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
                    <Badge tone={e.actorKind === 'admin' ? 'danger' : 'neutral'}>
                      {actorText(e.actorKind, e.actor !== undefined && e.actorKind === 'user')}
                    </Badge>
                  </div>
                </li>
              ))}
            </ol>
          )}
        </Card>
      </div>
    </div>
  );
}
