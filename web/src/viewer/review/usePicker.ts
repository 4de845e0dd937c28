import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useViewerStore } from '../store/useViewerStore';
import { meshArraysOf } from '../geometry/meshArrays';
import { indexModel } from '../geometry/meshIndexClient';
import { Picker } from '../geometry/picking';
import { flattenLayers } from '../mesh/layers';

/**
 * One Picker over every loaded model, each indexed (BVH, in the index worker) once; hidden
 * layers are never hit. Picks before a model's index is ready miss that model.
 */
export function usePicker(): Picker {
  const [picker] = useState(() => new Picker());
  const { meshes, layers } = useViewerStore(
    useShallow((s) => ({ meshes: s.fullMeshes, layers: s.layers })),
  );

  useEffect(() => {
    let cancelled = false;
    for (const [id, view] of Object.entries(meshes)) {
      if (picker.has(id)) continue;
      const mesh = meshArraysOf(view.geometry, view);
      void indexModel(view.geometry, mesh).then((index) => {
        if (cancelled || picker.has(id)) return;
        picker.add({ id, mesh, index });
        const layer = flattenLayers(useViewerStore.getState().layers).find((l) => l.id === id);
        if (layer) picker.setVisible(id, layer.visible && layer.opacity > 0);
      });
    }
    return () => {
      cancelled = true;
    };
  }, [meshes, picker]);

  useEffect(() => {
    for (const layer of flattenLayers(layers)) {
      if (picker.has(layer.id)) picker.setVisible(layer.id, layer.visible && layer.opacity > 0);
    }
  }, [layers, picker]);

  useEffect(() => () => picker.clear(), [picker]);
  return picker;
}
