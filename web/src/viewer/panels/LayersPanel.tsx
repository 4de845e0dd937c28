import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useViewerStore } from '../store/useViewerStore';
import { countLayers } from '../mesh/layers';
import { GroupRow } from './GroupRow';
import { LayerRow } from './LayerRow';
import { PanelHeader } from './PanelHeader';

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
      className={
        compact
          ? `vpanel vpanel--layers vpanel--compact${expanded ? ' vpanel--open' : ''}`
          : 'vpanel vpanel--layers'
      }
      aria-label="Model Layers"
    >
      <PanelHeader
        icon="layers"
        title="Model Layers"
        foldLabel={`Layers (${count})`}
        compact={compact}
        expanded={expanded}
        onToggle={() => setExpanded(!expanded)}
        closeLabel="Close layers panel"
        onClose={() => setLayersOpen(false)}
      />
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
