import { useThree, type ThreeEvent } from '@react-three/fiber';
import { useEffect, useMemo } from 'react';
import { BufferAttribute, BufferGeometry, DoubleSide, MeshStandardMaterial } from 'three';
import type { ViewMesh } from '../mesh/viewMesh';
import { useCompareStore, type ModelDeviation } from './compareStore';

export interface DeviationMeshProps {
  mesh: ViewMesh;
  deviation: ModelDeviation;
  visible: boolean;
}

/**
 * A newer model coloured by its deviation: the model's own attributes (shared, not copied) with
 * a colour per vertex; the pointer reads the value of the nearest corner of the face under it.
 */
export function DeviationMesh({ mesh, deviation, visible }: DeviationMeshProps) {
  const invalidate = useThree((s) => s.invalidate);
  const geometry = useMemo(() => {
    const g = new BufferGeometry();
    g.setAttribute('position', mesh.geometry.getAttribute('position'));
    g.setAttribute('normal', mesh.geometry.getAttribute('normal'));
    const index = mesh.geometry.getIndex();
    if (index) g.setIndex(index);
    g.setAttribute('color', new BufferAttribute(deviation.colors, 3));
    g.boundingBox = mesh.geometry.boundingBox;
    g.boundingSphere = mesh.geometry.boundingSphere;
    return g;
  }, [mesh, deviation]);
  const material = useMemo(
    () =>
      new MeshStandardMaterial({
        vertexColors: true,
        roughness: 0.7,
        metalness: 0,
        side: DoubleSide,
      }),
    [],
  );
  useEffect(() => {
    invalidate();
    return () => {
      // Only the colour attribute is this component's; the rest belongs to the model.
      geometry.deleteAttribute('color');
      material.dispose();
    };
  }, [geometry, material, invalidate]);

  const onMove = (e: ThreeEvent<PointerEvent>) => {
    const face = e.face;
    if (!face) return;
    const local = e.object.worldToLocal(e.point.clone());
    const pos = geometry.getAttribute('position');
    let best = face.a;
    let bestD = Infinity;
    for (const v of [face.a, face.b, face.c]) {
      const d =
        (pos.getX(v) - local.x) ** 2 + (pos.getY(v) - local.y) ** 2 + (pos.getZ(v) - local.z) ** 2;
      if (d < bestD) [best, bestD] = [v, d];
    }
    useCompareStore.getState().set({ hover: deviation.distances[best] ?? null });
  };

  return (
    <mesh
      geometry={geometry}
      material={material}
      position={mesh.offset}
      scale={mesh.scale}
      visible={visible}
      onPointerMove={onMove}
      onPointerOut={() => useCompareStore.getState().set({ hover: null })}
    />
  );
}
