import { useThree } from '@react-three/fiber';
import { useEffect, useMemo } from 'react';
import type { MaterialDef } from '../mesh/materials';
import type { ViewMesh } from '../mesh/viewMesh';
import { createLayerMaterial } from './layerMaterial';

export interface LayerMeshProps {
  /** Decoded geometry and its node transform (built once per model). */
  mesh: ViewMesh;
  /** Rendering properties of the layer's material. */
  material: MaterialDef;
  /** Layer visibility. */
  visible: boolean;
  /** Layer opacity, 0–1. */
  opacity: number;
  /** Draw the file's colours when the mesh has them (else the material's colour). */
  fileColours?: boolean;
  /** Physical (clear-coat) material on desktop, standard on mobile. */
  physical: boolean;
  /**
   * Place in the layer list. Coincident surfaces (a crown designed on its scanned tooth) would
   * z-fight; each later layer is pulled a little toward the camera in depth, so the later one
   * (the restoration) wins cleanly.
   */
  order?: number;
}

/** One model layer. The material is created once per material/device class; opacity and
 * visibility only flip properties, so nothing is rebuilt when the panels change. */
export function LayerMesh({
  mesh,
  material,
  visible,
  opacity,
  fileColours = true,
  physical,
  order = 0,
}: LayerMeshProps) {
  const invalidate = useThree((s) => s.invalidate);
  const colours = mesh.hasColors && fileColours;
  const mat = useMemo(
    () => createLayerMaterial(material, physical, colours, mesh.doubleSided),
    [material, physical, colours, mesh.doubleSided],
  );

  useEffect(() => () => mat.dispose(), [mat]);

  useEffect(() => {
    mat.polygonOffset = order > 0;
    mat.polygonOffsetFactor = -Math.min(order, 8);
    mat.polygonOffsetUnits = -4 * Math.min(order, 8);
    invalidate();
  }, [mat, order, invalidate]);

  useEffect(() => {
    const transparent = opacity < 1;
    if (mat.transparent !== transparent) mat.needsUpdate = true;
    mat.transparent = transparent;
    mat.opacity = opacity;
    // Translucent layers must not hide what is behind them.
    mat.depthWrite = !transparent;
    invalidate();
  }, [mat, opacity, invalidate]);

  return (
    <mesh
      geometry={mesh.geometry}
      material={mat}
      position={mesh.offset}
      scale={mesh.scale}
      visible={visible && opacity > 0}
      renderOrder={opacity < 1 ? 1 : 0}
    />
  );
}
