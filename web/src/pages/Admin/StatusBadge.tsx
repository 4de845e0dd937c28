import { Badge } from '../../ui/Badge';
import { statusLabel, statusTone } from './format';

export interface StatusBadgeProps {
  /** Stored project status, e.g. `pending_revision`. */
  status: string;
}

/** Status badge: approved green, changes requested yellow, else blue; never the raw value. */
export function StatusBadge({ status }: StatusBadgeProps) {
  return (
    <Badge tone={statusTone(status)} dot data-testid="status-badge">
      {statusLabel(status)}
    </Badge>
  );
}
