import { Badge } from '../../ui/Badge';
import { statusLabel, statusTone } from '../mesh/status';
import { useViewerStore } from '../store/useViewerStore';

/** The case's status, in the side panel's footer: in sight whichever tab is open. */
export function ReviewStatus() {
  const status = useViewerStore((s) => s.project?.status);
  if (!status) return null;
  return (
    <p className="vreview__status">
      Status
      <Badge tone={statusTone(status)} dot data-testid="review-status">
        {statusLabel(status)}
      </Badge>
    </p>
  );
}
