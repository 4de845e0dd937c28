/**
 * Picking and section indexes of the loaded models, built off the main thread (the geometry
 * engines' worker) once the tools load, shared by every tool: one Picker (kept in step with layer
 * visibility) and one SectionSlicer per model.
 */
import { useEffect, useMemo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useViewerStore } from '../store/useViewerStore';
import { meshArraysOf } from '../geometry/meshArrays';
import { indexModel } from '../geometry/meshIndexClient';
import { Picker } from '../geometry/picking';
import { SectionSlicer } from '../geometry/section';
import { flattenLayers } from '../mesh/layers';
import type { ViewMesh } from '../mesh/viewMesh';
import { useToolStore } from './toolStore';

export interface ModelIndexes {
  picker: Picker;
  slicers: Map<string, SectionSlicer>;
  /** Changes whenever a model is added (re-slice, re-pick). */
  version: number;
}

interface Built {
  view: ViewMesh;
  slicer: SectionSlicer;
}

export function useModelIndexes(): ModelIndexes {
  const { meshes, layers } = useViewerStore(
    useShallow((s) => ({ meshes: s.fullMeshes, layers: s.layers })),
  );
  const picker = useMemo(() => new Picker(), []);
  const [built] = useState(() => new Map<string, Built>());
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let cancelled = false;
    const pending = Object.entries(meshes).filter(([id, view]) => built.get(id)?.view !== view);
    for (const id of [...built.keys()]) {
      if (!meshes[id]) {
        built.delete(id);
        picker.remove(id);
      }
    }
    if (pending.length === 0) return;
    useToolStore.getState().setIndexing(true);
    void (async () => {
      for (const [id, view] of pending) {
        const mesh = meshArraysOf(view.geometry, view);
        const index = await indexModel(view.geometry, mesh);
        if (cancelled) return;
        picker.add({ id, mesh, index });
        built.set(id, { view, slicer: new SectionSlicer(mesh, index) });
      }
      useToolStore.getState().setIndexing(false);
      setVersion((v) => v + 1);
    })().catch(() => {
      if (!cancelled) useToolStore.getState().setIndexing(false);
    });
    return () => {
      cancelled = true;
    };
  }, [meshes, built, picker]);

  useEffect(() => {
    for (const layer of flattenLayers(layers)) {
      picker.setVisible(layer.id, layer.visible && layer.opacity > 0);
    }
  }, [layers, picker, version]);

  const slicers = useMemo(() => {
    const m = new Map<string, SectionSlicer>();
    for (const [id, b] of built) m.set(id, b.slicer);
    return m;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [built, version]);

  // One object per version: the tools' effects depend on it and must not re-run on every render
  // (a re-run would drop a press in progress).
  return useMemo(() => ({ picker, slicers, version }), [picker, slicers, version]);
}
