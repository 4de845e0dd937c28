import { useViewerStore } from '../store/useViewerStore';
import { formatFileSize } from '../mesh/format';
import type { ModelLayer } from '../mesh/layers';
import { materialColor, materialName, type MaterialMap } from '../mesh/materials';
import { ColorDot } from './ColorDot';
import { ColourSource } from './ColourSource';
import { LayerDownload } from './Downloads';
import { OpacitySlider } from './OpacitySlider';
import { VisibilityToggle } from './VisibilityToggle';

export interface LayerRowProps {
  layer: ModelLayer;
  materials: MaterialMap;
  /** Member of a Teeth group: shows the file size and indents. */
  member?: boolean;
}

/**
 * One model layer: colour dot, name, material (or Unknown), its file as uploaded (where downloads
 * are allowed), visibility and opacity.
 */
export function LayerRow({ layer, materials, member = false }: LayerRowProps) {
  const toggleLayer = useViewerStore((s) => s.toggleLayer);
  const setOpacity = useViewerStore((s) => s.setOpacity);
  const setFileColours = useViewerStore((s) => s.setFileColours);
  // Known once the model is decoded: only a file with its own colours offers them.
  const hasColours = useViewerStore((s) => s.meshes[layer.id]?.hasColors === true);
  return (
    <li
      className={member ? 'vl-layer vl-layer--member' : 'vl-layer'}
      data-testid="layer-row"
      data-layer-id={layer.id}
    >
      <div className="vl-layer__head">
        <ColorDot color={materialColor(layer.material, materials)} />
        <div className="vl-layer__text">
          <span className="vl-layer__name" title={layer.name}>
            {layer.name}
          </span>
          <span className="vl-layer__meta">
            {materialName(layer.material, materials)}
            {member ? <> · {formatFileSize(layer.size)}</> : null}
          </span>
        </div>
        <LayerDownload modelId={layer.id} name={layer.name} />
        <VisibilityToggle
          name={layer.name}
          visible={layer.visible}
          onToggle={() => toggleLayer(layer.id)}
        />
      </div>
      {hasColours ? (
        <ColourSource
          layerName={layer.name}
          materialName={materialName(layer.material, materials)}
          fileColours={layer.fileColours}
          onChange={(on) => setFileColours(layer.id, on)}
        />
      ) : null}
      <OpacitySlider
        layerName={layer.name}
        value={layer.opacity}
        onChange={(v) => setOpacity(layer.id, v)}
      />
    </li>
  );
}
