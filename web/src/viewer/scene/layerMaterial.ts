import { Color, DoubleSide, FrontSide, MeshPhysicalMaterial, MeshStandardMaterial } from 'three';
import type { MaterialDef } from '../mesh/materials';

/**
 * The surface material of a model layer. One function for the layers and for the shader warm-up
 * (ShaderWarmup.tsx), so both ask three for the same program.
 */
export function createLayerMaterial(
  material: MaterialDef,
  physical: boolean,
  hasColors: boolean,
  doubleSided: boolean,
): MeshStandardMaterial {
  const params = {
    color: hasColors ? new Color('#ffffff') : new Color(material.color),
    roughness: material.roughness,
    metalness: material.metalness,
    vertexColors: hasColors,
    // Open shells (most scans) show their inside instead of a hole. A closed surface facing
    // outwards never shows a back face: culling them halves the triangles rasterised.
    side: doubleSided ? DoubleSide : FrontSide,
  };
  return physical
    ? new MeshPhysicalMaterial({
        ...params,
        clearcoat: material.clearcoat,
        clearcoatRoughness: 0.4,
      })
    : new MeshStandardMaterial(params);
}
