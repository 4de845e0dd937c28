import { useShallow } from 'zustand/react/shallow';
import { useViewerStore } from '../store/useViewerStore';
import { VersionDownload } from './Downloads';
import { GroupRow } from './GroupRow';
import { LayerRow } from './LayerRow';

/**
 * Model Layers: groups and layers with their material dot, visibility and opacity, and (owner, or
 * a doctor whose link allows it) the files as uploaded, one by one or the version as a zip. The
 * body of the side panel's Layers tab (wide screens) or of the Layers sheet (narrow ones).
 */
export function LayersPanel() {
  const { layers, materials } = useViewerStore(
    useShallow((s) => ({ layers: s.layers, materials: s.materials })),
  );
  return (
    <section className="vlayers" aria-label="Model Layers">
      <ul className="vl-list" data-testid="layers-list">
        {layers.map((entry) =>
          entry.kind === 'group' ? (
            <GroupRow key={entry.id} group={entry} materials={materials} />
          ) : (
            <LayerRow key={entry.id} layer={entry} materials={materials} />
          ),
        )}
      </ul>
      <VersionDownload />
    </section>
  );
}
