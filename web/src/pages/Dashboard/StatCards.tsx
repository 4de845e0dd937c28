import { formatBytes } from '../../components/project/format';
import type { ProjectStats } from '../../api/contract';
import { Card } from '../../ui/Card';
import { Skeleton } from '../../ui/Skeleton';

export interface StatCardsProps {
  /** Null while loading: skeleton cards. */
  stats: ProjectStats | null;
}

/**
 * The dashboard's six cards: Total, Approved, Pending (waiting for
 * the doctor), Changes Requested, New Comments and Storage Used with the file count.
 */
export function statCards(s: ProjectStats): { label: string; value: string; sub?: string }[] {
  return [
    { label: 'Total Projects', value: String(s.total) },
    { label: 'Approved', value: String(s.approved) },
    { label: 'Pending', value: String(s.pending) },
    { label: 'Changes Requested', value: String(s.changesRequested) },
    { label: 'New Comments', value: String(s.newComments) },
    {
      label: 'Storage Used',
      value: formatBytes(s.storageBytes),
      // The stats come from read models without keys: each file counts as its size rounded up
      // to whole MiB (exact sizes are sealed), so the sum is an upper bound.
      sub: `${s.fileCount} ${s.fileCount === 1 ? 'file' : 'files'} · each rounded up to whole MB`,
    },
  ];
}

export function StatCards({ stats }: StatCardsProps) {
  return (
    <section className="dash__stats" aria-label="Statistics" data-testid="stats">
      {stats
        ? statCards(stats).map(({ label, value, sub }) => (
            <Card key={label} className="stat-card" data-testid="stat-card">
              <div className="stat-card__label">{label}</div>
              <div className="stat-card__value">{value}</div>
              {sub && <div className="stat-card__label">{sub}</div>}
            </Card>
          ))
        : Array.from({ length: 6 }, (_, i) => (
            <Card key={i} className="stat-card">
              <Skeleton variant="title" />
            </Card>
          ))}
    </section>
  );
}
