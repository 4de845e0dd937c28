import { useShallow } from 'zustand/react/shallow';
import { cx } from '../../ui/classNames';
import { Icon } from '../../ui/Icon';
import { ReviewActions } from '../panels/ReviewActions';
import { ReviewStatus } from '../panels/ReviewStatus';
import { useViewerStore } from '../store/useViewerStore';
import { OpenCount } from './OpenCount';
import { PanelBody } from './PanelBody';
import { isReviewing, PANELS } from './panels';

/**
 * Wide screens: the panels docked beside the 3D area, which they resize instead of covering —
 * Layers, Info and Conversation as tabs of one side panel, folding to a rail of icons, and the
 * doctor's Comment and Approve in its footer (floating at the 3D area's foot while folded).
 */
export function SidePanel() {
  const { panel, setPanel, mode } = useViewerStore(
    useShallow((s) => ({ panel: s.panel, setPanel: s.setPanel, mode: s.mode })),
  );
  const folded = panel === null;
  return (
    <aside className={cx('vdock', folded && 'vdock--folded')} aria-label="Panels">
      <div className="vdock__tabs">
        {PANELS.map((p) => (
          <button
            key={p.id}
            type="button"
            className="vdock__tab"
            aria-pressed={panel === p.id}
            aria-controls={folded ? undefined : 'vdock-body'}
            aria-label={folded ? p.label : undefined}
            title={folded ? p.label : undefined}
            onClick={() => setPanel(p.id)}
          >
            {/* Open, the tabs are words (three fit 320 px); folded, the rail is icons. */}
            {folded ? <Icon name={p.icon} size="sm" /> : <span>{p.label}</span>}
            {p.id === 'thread' && mode !== 'demo' ? <OpenCount /> : null}
          </button>
        ))}
        <button
          type="button"
          className="vdock__fold"
          aria-expanded={!folded}
          aria-label={folded ? 'Show panel' : 'Hide panel'}
          title={folded ? 'Show panel' : 'Hide panel'}
          onClick={() => setPanel(folded ? 'info' : null)}
        >
          <Icon name="sidebar" size="sm" />
        </button>
      </div>
      {panel ? (
        <div className="vdock__body" id="vdock-body">
          <PanelBody panel={panel} />
        </div>
      ) : null}
      {folded ? null : (
        <footer className="vdock__footer">
          <ReviewStatus />
          {isReviewing(mode) ? <ReviewActions place="footer" /> : null}
        </footer>
      )}
    </aside>
  );
}
