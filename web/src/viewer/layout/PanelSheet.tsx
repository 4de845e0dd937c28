import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { Icon } from '../../ui/Icon';
import { useViewerStore } from '../store/useViewerStore';
import { PanelBody } from './PanelBody';
import { panelLabel } from './panels';

/**
 * Narrow screens: the open panel as a sheet over the lower part of the model, only on demand;
 * its close button, Escape or the bar's button again give the model the screen back.
 */
export function PanelSheet() {
  const { panel, setPanel } = useViewerStore(
    useShallow((s) => ({ panel: s.panel, setPanel: s.setPanel })),
  );
  useEffect(() => {
    if (!panel) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !e.defaultPrevented) setPanel(null);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [panel, setPanel]);
  if (!panel) return null;
  const title = panelLabel(panel);
  return (
    // No region of its own: the panel inside is the region ("Conversation", "Model Layers"…).
    <div className="vsheet">
      <header className="vsheet__header">
        <h2 className="vsheet__title">{title}</h2>
        <button
          type="button"
          className="vsheet__close"
          aria-label={`Close ${title}`}
          onClick={() => setPanel(null)}
        >
          <Icon name="x" size="sm" />
        </button>
      </header>
      <div className="vsheet__body">
        <PanelBody panel={panel} />
      </div>
    </div>
  );
}
