import { useShallow } from 'zustand/react/shallow';
import { useViewerStore } from '../../stores/useViewerStore';
import { flattenLayers } from '../mesh/layers';
import { materialDef } from '../mesh/materials';
import { LayerMesh } from './LayerMesh';

export interface ModelLayersProps {
  /** Physical materials (desktop) or standard ones (mobile). */
  physical: boolean;
}

/** Every loaded model layer, in panel order. Layers still loading simply are not drawn yet. */
export function ModelLayers({ physical }: ModelLayersProps) {
  const { layers, meshes, materials } = useViewerStore(
    useShallow((s) => ({ layers: s.layers, meshes: s.meshes, materials: s.materials })),
  );
  return (
    <>
      {flattenLayers(layers).map((layer) => {
        const mesh = meshes[layer.id];
        if (!mesh) return null;
        return (
          <LayerMesh
            key={layer.id}
            mesh={mesh}
            material={materialDef(layer.material, materials)}
            visible={layer.visible}
            opacity={layer.opacity}
            physical={physical}
          />
        );
      })}
    </>
  );
}
