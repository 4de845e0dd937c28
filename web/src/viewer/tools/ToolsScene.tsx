/** Everything the tools add inside the canvas. */
import { useMemo } from 'react';
import { Box3, Sphere } from 'three';
import { useViewerStore } from '../store/useViewerStore';
import { useDeviceClass } from '../scene/useDeviceClass';
import { MeasureLayer } from './MeasureLayer';
import { SectionLayer } from './SectionLayer';
import { SnapshotService } from './SnapshotService';
import { useModelIndexes } from './useModelIndexes';
import { ViewCube } from './ViewCube';
import { ViewDriver } from './ViewDriver';

export interface ToolsSceneProps {
  /**
   * Only the camera's standard views: the side-by-side compare draws two viewports, and the
   * measurements, section and view cube are placed (or draw) for one.
   */
  viewsOnly?: boolean;
}

export function ToolsScene({ viewsOnly = false }: ToolsSceneProps) {
  const indexes = useModelIndexes();
  const meshes = useViewerStore((s) => s.meshes);
  const compact = useDeviceClass() === 'mobile';
  const radius = useMemo(() => {
    const box = new Box3();
    for (const m of Object.values(meshes)) box.union(m.bounds);
    return box.isEmpty() ? 10 : box.getBoundingSphere(new Sphere()).radius;
  }, [meshes]);
  return (
    <>
      <ViewDriver />
      {viewsOnly ? null : (
        <>
          <MeasureLayer indexes={indexes} marker={Math.max(radius * 0.008, 0.03)} />
          <SectionLayer indexes={indexes} radius={radius} />
          <SnapshotService />
          <ViewCube compact={compact} />
        </>
      )}
    </>
  );
}
