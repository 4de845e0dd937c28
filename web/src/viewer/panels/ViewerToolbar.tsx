import { useViewerStore } from '../store/useViewerStore';
import { Button } from '../../ui/Button';

export interface ViewerToolbarProps {
  /** Phone: an icon-only button. */
  compact: boolean;
}

/** Reset view, in the 3D area's corner, clear of the view cube and the panels. */
export function ViewerToolbar({ compact }: ViewerToolbarProps) {
  const resetView = useViewerStore((s) => s.resetView);
  return (
    <Button
      className={compact ? 'vreset vreset--compact' : 'vreset'}
      size="sm"
      icon="compass"
      iconOnly={compact}
      aria-label={compact ? 'Reset view' : undefined}
      title="Reset view"
      onClick={resetView}
    >
      {compact ? null : 'Reset view'}
    </Button>
  );
}
