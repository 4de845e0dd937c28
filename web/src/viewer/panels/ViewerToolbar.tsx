import { useShallow } from 'zustand/react/shallow';
import { useViewerStore } from '../store/useViewerStore';
import { Button } from '../../ui/Button';

export interface ViewerToolbarProps {
  /** Desktop shows the Show Layers / Show Info buttons for closed panels. */
  compact: boolean;
}

/** Reopen buttons for closed panels (desktop) and Reset view (both). */
export function ViewerToolbar({ compact }: ViewerToolbarProps) {
  const { layersOpen, infoOpen, setLayersOpen, setInfoOpen, resetView } = useViewerStore(
    useShallow((s) => ({
      layersOpen: s.layersOpen,
      infoOpen: s.infoOpen,
      setLayersOpen: s.setLayersOpen,
      setInfoOpen: s.setInfoOpen,
      resetView: s.resetView,
    })),
  );
  return (
    <>
      {!compact && !layersOpen ? (
        <Button
          className="vreopen vreopen--layers"
          size="sm"
          icon="layers"
          onClick={() => setLayersOpen(true)}
        >
          Show Layers
        </Button>
      ) : null}
      {!compact && !infoOpen ? (
        <Button
          className="vreopen vreopen--info"
          size="sm"
          icon="info"
          onClick={() => setInfoOpen(true)}
        >
          Show Info
        </Button>
      ) : null}
      <Button
        className={compact ? 'vreset vreset--compact' : 'vreset'}
        size="sm"
        icon="compass"
        iconOnly={compact}
        aria-label="Reset view"
        title="Reset view"
        onClick={resetView}
      >
        {compact ? null : 'Reset view'}
      </Button>
    </>
  );
}
