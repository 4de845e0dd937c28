import { useThree } from '@react-three/fiber';
import { useEffect } from 'react';
import { BufferAttribute, BufferGeometry, Mesh, Scene } from 'three';
import { useShallow } from 'zustand/react/shallow';
import { useViewerStore } from '../store/useViewerStore';
import { flattenLayers } from '../mesh/layers';
import { materialDef } from '../mesh/materials';
import { createLayerMaterial } from './layerMaterial';

export interface ShaderWarmupProps {
  /** Physical materials (desktop) or standard ones (mobile), as ModelLayers uses. */
  physical: boolean;
}

/**
 * Compiles the layers' shader programs while the models are still downloading, against the real
 * scene's lights, tone mapping and colour space, so the first complete frame only has to draw.
 * On a software or weak GPU the program link is most of that frame. `compileAsync` uses
 * KHR_parallel_shader_compile where available and never blocks the main thread. The warm-up
 * materials are kept until the canvas goes away: three shares a program between materials with
 * the same parameters and frees it with the last one, so disposing them early would throw the
 * work away. Draws nothing.
 */
export function ShaderWarmup({ physical }: ShaderWarmupProps) {
  const gl = useThree((s) => s.gl);
  const scene = useThree((s) => s.scene);
  const camera = useThree((s) => s.camera);
  const { layers, materials } = useViewerStore(
    useShallow((s) => ({ layers: s.layers, materials: s.materials })),
  );

  useEffect(() => {
    const defs = new Set(flattenLayers(layers).map((l) => materialDef(l.material, materials)));
    if (defs.size === 0) return;
    const geometry = new BufferGeometry();
    geometry.setAttribute('position', new BufferAttribute(new Float32Array(9), 3));
    geometry.setAttribute('normal', new BufferAttribute(new Float32Array(9), 3));
    const warm = new Scene();
    // Sidedness is known only once a model is decoded: both variants are compiled.
    const created = [...defs].flatMap((d) =>
      [true, false].map((doubleSided) => createLayerMaterial(d, physical, false, doubleSided)),
    );
    for (const m of created) warm.add(new Mesh(geometry, m));
    gl.compileAsync(warm, camera, scene).catch(() => {
      // Only a head start: the first frame compiles whatever is missing.
    });
    return () => {
      geometry.dispose();
      for (const m of created) m.dispose();
    };
  }, [gl, scene, camera, layers, materials, physical]);

  return null;
}
