import { useThree } from '@react-three/fiber';
import { useEffect, useMemo } from 'react';
import { BufferAttribute, BufferGeometry, DoubleSide, MeshStandardMaterial } from 'three';
import type { ViewMesh } from '../mesh/viewMesh';
import type { ModelDeviation } from './compareStore';

export interface DeviationMeshProps {
  mesh: ViewMesh;
  deviation: ModelDeviation;
  visible: boolean;
}

/**
 * A newer model coloured by its deviation: the model's own attributes (shared, not copied) with
 * a colour per vertex (`userData.deviation` lets DeviationHover read its values).
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

  return (
    <mesh
      geometry={geometry}
      material={material}
      position={mesh.offset}
      scale={mesh.scale}
      visible={visible}
      userData={{ deviation }}
    />
  );
}
