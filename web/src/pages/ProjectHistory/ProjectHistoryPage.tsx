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
import { historyDetailLines, historyTitle } from '../../../../api/src/domain/historyText';
import { saveFile } from '../../lib/saveFile';
import { toast } from '../../stores/useToastStore';
import { formatAdminDateTime } from '../Admin/format';
import { actorLabel, appendHistory, backLink, historyFileName } from './historyLabels';
import type { HistoryEntry } from '../../api/contract';
import '../Admin/admin.css';
import './history.css';

const DESCRIPTION =
  'Every change to this project, oldest first, with what it changed and who did it. Times are UTC.';

/** /projects/:id/history — one project's timeline from the audit log, for its owner or an admin. */
export function ProjectHistoryPage() {
  const { id = '' } = useParams();
  const location = useLocation();
  const back = backLink(location.state);
  const [items, setItems] = useState<HistoryEntry[] | null>(null);
  const [projectName, setProjectName] = useState<string | null | undefined>(undefined);
  const [exportable, setExportable] = useState(false);
  const [exporting, setExporting] = useState<'csv' | 'pdf' | null>(null);
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
        setExportable(page.exportable);
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
      setItems((prev) => appendHistory(prev ?? [], page.items));
      setCursor(page.nextCursor);
    } catch (err) {
      failed(err);
    } finally {
      setLoadingMore(false);
    }
  };

  const exportAs = async (ext: 'csv' | 'pdf') => {
    setExporting(ext);
    try {
      saveFile(await projectsApi.historyExport(id, ext), historyFileName(id, ext));
    } catch (err) {
      toast.error(err instanceof ApiError && err.serverMessage ? err.serverMessage : GENERIC_ERROR);
    } finally {
      setExporting(null);
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
            <>
              <ButtonLink to={back.to} icon="arrow-left">
                {back.label}
              </ButtonLink>
              {exportable ? (
                <>
                  <Button
                    icon="download"
                    loading={exporting === 'csv'}
                    disabled={exporting !== null}
                    onClick={() => void exportAs('csv')}
                  >
                    Export CSV
                  </Button>
                  <Button
                    icon="download"
                    loading={exporting === 'pdf'}
                    disabled={exporting !== null}
                    onClick={() => void exportAs('pdf')}
                  >
                    Export PDF
                  </Button>
                </>
              ) : null}
            </>
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
              {items.map((e) => {
                const details = historyDetailLines(e.details);
                return (
                  <li key={e.eventId} className="admin-timeline__item" data-testid="history-entry">
                    <time className="admin-timeline__time" dateTime={e.at}>
                      {formatAdminDateTime(e.at)}
                    </time>
                    <div className="history-line">
                      <div className="admin-timeline__line">
                        <strong>{historyTitle(e)}</strong>
                        {e.version !== undefined ? (
                          <Badge tone="info" data-testid="history-version">
                            v{e.version}
                          </Badge>
                        ) : null}
                        <Badge
                          tone={e.actorKind === 'admin' ? 'danger' : 'neutral'}
                          data-testid="history-by"
                        >
                          {actorLabel(e)}
                        </Badge>
                      </div>
                      {details.length > 0 ? (
                        <ul className="history-details" data-testid="history-details">
                          {details.map((d) => (
                            <li key={d}>{d}</li>
                          ))}
                        </ul>
                      ) : null}
                    </div>
                  </li>
                );
              })}
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
