import { Badge } from '../../ui/Badge';
import { statusLabel, statusTone } from './format';

export interface StatusBadgeProps {
  /** Stored project status, e.g. `pending_revision`. */
  status: string;
}

/** Admin status badge: approved green, pending_revision yellow, else blue; underscores as spaces. */
export function StatusBadge({ status }: StatusBadgeProps) {
  return (
    <Badge tone={statusTone(status)} dot data-testid="status-badge">
      {statusLabel(status)}
    </Badge>
  );
}
