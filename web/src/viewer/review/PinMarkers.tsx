import { Html } from '@react-three/drei';
import { useShallow } from 'zustand/react/shallow';
import type { CommentAnchor as AnchorDto } from '../../api/contract';
import { useViewerStore } from '../store/useViewerStore';
import { chooseComment } from './conversationActions';
import { flattenLayers } from '../mesh/layers';
import { onOtherVersion, useReviewStore, visiblePins } from './reviewStore';

/** How far above the surface (along its normal, mm) a marker's tip sits, so it never sinks in. */
const LIFT_MM = 0.05;

const tipOf = (a: AnchorDto): [number, number, number] => [
  a.point[0] + a.normal[0] * LIFT_MM,
  a.point[1] + a.normal[1] * LIFT_MM,
  a.point[2] + a.normal[2] * LIFT_MM,
];

/**
 * Numbered pins on the model: HTML markers (drei `Html`) drawn over the canvas, so they stay
 * visible over the model instead of disappearing into it; the marker's tip is the pinned point.
 * A pin follows its model's layer: hidden with it. Choosing a pin chooses its comment.
 */
export function PinMarkers() {
  const { entries, showResolved, selectedId, pending } = useReviewStore(
    useShallow((s) => ({
      entries: s.entries,
      showResolved: s.showResolved,
      selectedId: s.selectedId,
      pending: s.pendingAnchor,
    })),
  );
  const layers = useViewerStore((s) => s.layers);
  const shownVersion = useViewerStore((s) => s.project?.shownVersion ?? 1);
  const shown = new Set(
    flattenLayers(layers)
      .filter((l) => l.visible && l.opacity > 0)
      .map((l) => l.id),
  );
  const pins = visiblePins(entries, showResolved).filter((e) => shown.has(e.anchor!.modelId));
  return (
    <>
      {pins.map((e) => (
        <Html key={e.id} position={tipOf(e.anchor!)} zIndexRange={[30, 20]}>
          <button
            type="button"
            className={`vpin${e.id === selectedId ? ' vpin--selected' : ''}${e.resolvedAt ? ' vpin--resolved' : ''}${onOtherVersion(e, shownVersion) ? ' vpin--other-version' : ''}`}
            data-testid="pin"
            data-pin={e.pin}
            data-version={e.version ?? undefined}
            data-model-id={e.anchor!.modelId}
            aria-label={
              onOtherVersion(e, shownVersion) ? `Pin ${e.pin} (on v${e.version})` : `Pin ${e.pin}`
            }
            onClick={() => {
              void chooseComment(e);
              useViewerStore.getState().setPanel('thread');
            }}
          >
            {e.pin}
          </button>
        </Html>
      ))}
      {pending && shown.has(pending.modelId) ? (
        <Html position={tipOf(pending)} zIndexRange={[30, 20]}>
          <span
            className="vpin vpin--pending"
            data-testid="pin-pending"
            data-model-id={pending.modelId}
            aria-label="New pin"
          >
            +
          </span>
        </Html>
      ) : null}
    </>
  );
}
