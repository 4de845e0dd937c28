import { Card } from '../../ui/Card';
import { Icon, type IconName } from '../../ui/Icon';
import { Skeleton } from '../../ui/Skeleton';
import { formatStorage } from './format';
import type { AdminStats } from '../../api/contract';

export interface OverviewTabProps {
  /** Null while the first load runs. */
  stats: AdminStats | null;
}

interface StatCard {
  id: string;
  title: string;
  value: string;
  note: string;
  icon: IconName;
}

/** The Overview cards, from GET /api/admin/stats. */
export function overviewCards(s: AdminStats): StatCard[] {
  return [
    {
      id: 'total-users',
      title: 'Total Users',
      value: String(s.totalUsers),
      note: `${s.usersWithProjects} active`,
      icon: 'user',
    },
    {
      id: 'total-projects',
      title: 'Total Projects',
      value: String(s.totalProjects),
      note: `${s.totalFiles} files`,
      icon: 'layers',
    },
    {
      id: 'public-projects',
      title: 'Public Projects',
      value: String(s.publicProjects),
      note: 'Anonymous uploads',
      icon: 'upload',
    },
    {
      id: 'storage',
      title: 'Storage Used',
      value: formatStorage(s.totalStorage),
      note: 'All model files',
      icon: 'server',
    },
    {
      id: 'approved',
      title: 'Approved Projects',
      value: String(s.approvedProjects),
      note: 'Approved by doctors',
      icon: 'check-circle',
    },
    {
      id: 'pending',
      title: 'Pending Projects',
      value: String(s.pendingProjects),
      note: "Awaiting doctors' review",
      icon: 'eye',
    },
    {
      id: 'needs-revision',
      title: 'Needs Revision',
      value: String(s.rejectedProjects),
      note: 'Changes requested',
      icon: 'alert-triangle',
    },
  ];
}

export function OverviewTab({ stats }: OverviewTabProps) {
  if (!stats) {
    return (
      <div className="admin-overview" aria-busy="true">
        {Array.from({ length: 7 }, (_, i) => (
          <Card key={i} className="admin-stat">
            <Skeleton variant="text" />
            <Skeleton variant="title" />
          </Card>
        ))}
      </div>
    );
  }
  return (
    <div className="admin-overview">
      {overviewCards(stats).map((c) => (
        <Card key={c.id} className="admin-stat" data-testid={`stat-${c.id}`}>
          <div className="admin-stat__head">
            <span className="admin-stat__title">{c.title}</span>
            <span className="icon-tile">
              <Icon name={c.icon} />
            </span>
          </div>
          <div className="admin-stat__value" data-testid={`stat-${c.id}-value`}>
            {c.value}
          </div>
          <div className="admin-stat__note">{c.note}</div>
        </Card>
      ))}
    </div>
  );
}
