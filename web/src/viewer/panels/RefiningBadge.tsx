import { REFINING_HINT, REFINING_MODELS } from '../../messages';
import { Spinner } from '../../ui/Spinner';
import { isRefining, useViewerStore } from '../store/useViewerStore';

/**
 * Shown while a model is drawn at its coarse level and its full level is on its way: the tools
 * that need exact geometry (measure, section, pin picking, deviation) wait until then.
 */
export function RefiningBadge() {
  const refining = useViewerStore(isRefining);
  if (!refining) return null;
  return (
    <div className="viewer__refining" role="status" title={REFINING_HINT} data-testid="refining">
      <Spinner size="sm" label="" />
      <span>{REFINING_MODELS}</span>
    </div>
  );
}
