import { useShallow } from 'zustand/react/shallow';
import { Icon } from '../../ui/Icon';
import { ReviewActions } from '../panels/ReviewActions';
import { countLayers } from '../mesh/layers';
import { useViewerStore } from '../store/useViewerStore';
import { OpenCount } from './OpenCount';
import { isReviewing, PANELS } from './panels';

/**
 * Narrow screens: one bar under the model with the panels (each opens its sheet over the model,
 * on demand) and the doctor's Comment and Approve. The doctor's Comment opens the conversation,
 * so the bar carries no separate Conversation button in the doctor's modes.
 */
export function BottomBar() {
  const { panel, setPanel, mode, layerCount } = useViewerStore(
    useShallow((s) => ({
      panel: s.panel,
      setPanel: s.setPanel,
      mode: s.mode,
      layerCount: countLayers(s.layers),
    })),
  );
  const reviewing = isReviewing(mode);
  const buttons = PANELS.filter((p) => !reviewing || p.id !== 'thread');
  return (
    <nav className="vbar" aria-label="Viewer panels and actions">
      <div className="vbar__panels">
        {buttons.map((p) => (
          <button
            key={p.id}
            type="button"
            className="vbar__btn"
            aria-pressed={panel === p.id}
            onClick={() => setPanel(panel === p.id ? null : p.id)}
          >
            <Icon name={p.icon} size="sm" />
            <span className="vbar__label">{p.label}</span>
            {p.id === 'thread' ? <OpenCount /> : null}
            {/* The phone's Layers shows their count. */}
            {p.id === 'layers' && layerCount > 0 ? (
              <span className="vcount vcount--muted">{layerCount}</span>
            ) : null}
          </button>
        ))}
      </div>
      {reviewing ? <ReviewActions place="bar" /> : null}
    </nav>
  );
}
