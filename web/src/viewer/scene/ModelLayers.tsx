import { useShallow } from 'zustand/react/shallow';
import { useViewerStore } from '../store/useViewerStore';
import { flattenLayers } from '../mesh/layers';
import { materialDef } from '../mesh/materials';
import { LayerMesh } from './LayerMesh';
import { useCompareStore } from '../compare/compareStore';
import { DeviationHover } from '../compare/DeviationHover';
import { DeviationMesh } from '../compare/DeviationMesh';

/** Name of the group holding the shown models (the side-by-side view hides it for one half). */
export const MODELS_GROUP = 'shown-models';

export interface ModelLayersProps {
  /** Physical materials (desktop) or standard ones (mobile). */
  physical: boolean;
}

/**
 * Every loaded model layer, in panel order, once every model has finished (loaded or failed).
 * While the blocking 'Loading 3D Models...' overlay is up nothing is drawn: on a software or weak
 * GPU each partial frame (shader compile, geometry upload, raster) costs hundreds of ms that delay
 * decoding the next model and the first complete frame (tests/bench/viewer.bench.ts).
 */
export function ModelLayers({ physical }: ModelLayersProps) {
  const { layers, meshes, materials, ready } = useViewerStore(
    useShallow((s) => ({
      layers: s.layers,
      meshes: s.meshes,
      materials: s.materials,
      ready: s.phase === 'ready',
    })),
  );
  const deviations = useCompareStore((s) => s.deviations);
  if (!ready) return null;
  return (
    <group name={MODELS_GROUP}>
      {Object.keys(deviations).length > 0 ? <DeviationHover /> : null}
      {flattenLayers(layers).map((layer, order) => {
        const mesh = meshes[layer.id];
        if (!mesh) return null;
        const deviation = deviations[layer.id];
        if (deviation) {
          return (
            <DeviationMesh
              key={`${layer.id}:deviation`}
              mesh={mesh}
              deviation={deviation}
              visible={layer.visible}
            />
          );
        }
        return (
          <LayerMesh
            key={layer.id}
            mesh={mesh}
            material={materialDef(layer.material, materials)}
            visible={layer.visible}
            opacity={layer.opacity}
            fileColours={layer.fileColours}
            physical={physical}
            order={order}
          />
        );
      })}
    </group>
  );
}
