import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useViewerStore } from '../../stores/useViewerStore';
import { Icon } from '../../ui/Icon';
import { countLayers } from '../mesh/layers';
import { GroupRow } from './GroupRow';
import { LayerRow } from './LayerRow';

export interface LayersPanelProps {
  /** Mobile: compact panel whose body folds under a 'Layers (n)' header. */
  compact: boolean;
}

/** Spec §2 Model Layers panel (desktop: top-left, closable; mobile: compact with a count). */
export function LayersPanel({ compact }: LayersPanelProps) {
  const { layers, materials, setLayersOpen } = useViewerStore(
    useShallow((s) => ({
      layers: s.layers,
      materials: s.materials,
      setLayersOpen: s.setLayersOpen,
    })),
  );
  const [expanded, setExpanded] = useState(!compact);
  const count = countLayers(layers);
  const bodyOpen = compact ? expanded : true;
  return (
    <section
      className={compact ? 'vpanel vpanel--layers vpanel--compact' : 'vpanel vpanel--layers'}
      aria-label="Model Layers"
    >
      <header className="vpanel__header">
        {compact ? (
          <button
            type="button"
            className="vpanel__fold"
            aria-expanded={expanded}
            onClick={() => setExpanded(!expanded)}
          >
            <Icon name="layers" size="sm" />
            <span>Layers ({count})</span>
            <Icon
              name="chevron-down"
              size="sm"
              className={expanded ? 'vl-chevron' : 'vl-chevron vl-chevron--closed'}
            />
          </button>
        ) : (
          <h2 className="vpanel__title">
            <Icon name="layers" size="sm" /> Model Layers
          </h2>
        )}
        {compact ? null : (
          <button
            type="button"
            className="vpanel__close"
            aria-label="Close layers panel"
            onClick={() => setLayersOpen(false)}
          >
            <Icon name="x" size="sm" />
          </button>
        )}
      </header>
      {bodyOpen ? (
        <ul className="vl-list" data-testid="layers-list">
          {layers.map((entry) =>
            entry.kind === 'group' ? (
              <GroupRow key={entry.id} group={entry} materials={materials} />
            ) : (
              <LayerRow key={entry.id} layer={entry} materials={materials} />
            ),
          )}
        </ul>
      ) : null}
    </section>
  );
}
