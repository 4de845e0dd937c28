import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { ApiError } from '../../api/client';
import { GENERIC_ERROR } from '../../messages';
import { toast } from '../../stores/useToastStore';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { adminApi, downloadAuditCsv } from '../../api/admin';
import { AUDIT_EVENT_TYPES } from './constants';
import { formatAdminDateTime, humanizeEventType, shortActor } from './format';
import type { AuditEntry, AuditFilters } from '../../api/contract';

export interface AuditTabProps {
  /** Changes whenever admin data was reloaded (after a delete), to refetch the first page. */
  refreshKey: number;
}

const EMPTY: AuditFilters = { actor: '', projectId: '', type: '', from: '', to: '' };

function actorTone(kind: string) {
  if (kind === 'admin') return 'danger' as const;
  if (kind === 'user') return 'brand' as const;
  if (kind === 'link') return 'info' as const;
  return 'neutral' as const;
}

/** The audit log as a filterable timeline, newest first, paged, with CSV export. */
export function AuditTab({ refreshKey }: AuditTabProps) {
  const [draft, setDraft] = useState<AuditFilters>(EMPTY);
  const [filters, setFilters] = useState<AuditFilters>(EMPTY);
  const [items, setItems] = useState<AuditEntry[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);

  const load = useCallback(async (f: AuditFilters, before?: string) => {
    setLoading(true);
    try {
      const page = await adminApi.audit(toQuery(f), before);
      setItems((prev) => (before ? [...prev, ...page.items] : page.items));
      setCursor(page.nextCursor);
    } catch (err) {
      toast.error(err instanceof ApiError && err.serverMessage ? err.serverMessage : GENERIC_ERROR);
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void load(filters);
  }, [filters, load, refreshKey]);

  const apply = (e: FormEvent) => {
    e.preventDefault();
    setFilters({ ...draft });
  };

  const set = (k: keyof AuditFilters) => (value: string) => setDraft((d) => ({ ...d, [k]: value }));

  return (
    <div className="admin-audit" data-testid="audit-tab">
      <form className="admin-audit__filters" onSubmit={apply} aria-label="Audit filters">
        <label>
          <span>Actor</span>
          <input
            value={draft.actor}
            onChange={(e) => set('actor')(e.target.value)}
            placeholder="admin:…, user:…, anonymous"
          />
        </label>
        <label>
          <span>Project id</span>
          <input value={draft.projectId} onChange={(e) => set('projectId')(e.target.value)} />
        </label>
        <label>
          <span>Event type</span>
          <select value={draft.type} onChange={(e) => set('type')(e.target.value)}>
            <option value="">All events</option>
            {AUDIT_EVENT_TYPES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>From</span>
          <input type="date" value={draft.from} onChange={(e) => set('from')(e.target.value)} />
        </label>
        <label>
          <span>To</span>
          <input type="date" value={draft.to} onChange={(e) => set('to')(e.target.value)} />
        </label>
        <div className="admin-audit__buttons">
          <Button type="submit" size="sm" variant="primary">
            Apply
          </Button>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => {
              setDraft(EMPTY);
              setFilters(EMPTY);
            }}
          >
            Reset
          </Button>
          <Button
            size="sm"
            icon="file"
            onClick={() =>
              void downloadAuditCsv(toQuery(filters)).catch(() => toast.error(GENERIC_ERROR))
            }
          >
            Export CSV
          </Button>
        </div>
      </form>

      {loading && items.length === 0 ? (
        <div className="admin-audit__state">
          <Spinner size="lg" label="Loading" />
        </div>
      ) : items.length === 0 ? (
        <p className="admin-audit__state">No audit events found</p>
      ) : (
        <ol className="admin-timeline" aria-label="Audit timeline">
          {items.map((e) => (
            <li
              key={e.seq}
              className="admin-timeline__item"
              data-testid="audit-entry"
              data-action={e.action}
            >
              <time className="admin-timeline__time" dateTime={e.at}>
                {formatAdminDateTime(e.at)}
              </time>
              <div className="admin-timeline__body">
                <div className="admin-timeline__line">
                  <strong>{humanizeEventType(e.action)}</strong>
                  {e.version !== undefined ? <Badge tone="info">v{e.version}</Badge> : null}
                  <Badge tone={actorTone(e.actorKind)}>{e.actorKind}</Badge>
                  {e.actorName ? (
                    <span className="admin-timeline__name" data-testid="audit-actor-name">
                      {e.actorName}
                    </span>
                  ) : null}
                  <code title={e.actor}>{shortActor(e.actor)}</code>
                </div>
                <div className="admin-timeline__meta">
                  <span title={e.stream}>
                    {e.subjectType}{' '}
                    {e.subjectName ? (
                      <span className="admin-timeline__name" data-testid="audit-subject-name">
                        {e.subjectName}
                      </span>
                    ) : null}{' '}
                    {e.subjectId}
                  </span>
                </div>
              </div>
            </li>
          ))}
        </ol>
      )}
      {cursor ? (
        <Button loading={loading} onClick={() => void load(filters, cursor)}>
          Load more
        </Button>
      ) : null}
    </div>
  );
}

/** Date inputs give days; `to` is inclusive of its whole day. */
function toQuery(f: AuditFilters): AuditFilters {
  const out: AuditFilters = { ...f };
  if (f.from) out.from = `${f.from}T00:00:00.000Z`;
  if (f.to) {
    const d = new Date(`${f.to}T00:00:00.000Z`);
    if (!Number.isNaN(d.getTime())) out.to = new Date(d.getTime() + 86_400_000).toISOString();
  }
  return out;
}
