import { useFrame, useThree } from '@react-three/fiber';
import { useEffect, useLayoutEffect, useRef } from 'react';
import type { Group, PerspectiveCamera } from 'three';
import { materialDef } from '../mesh/materials';
import { LayerMesh } from '../scene/LayerMesh';
import { MODELS_GROUP } from '../scene/ModelLayers';
import { useViewerStore } from '../store/useViewerStore';
import type { OlderModel } from './compareStore';
import { splitLayout, type SplitRect } from './splitLayout';

export interface SideBySideSceneProps {
  models: OlderModel[];
  physical: boolean;
}

/**
 * Older | newer in one WebGL context: each frame (still only on demand) draws the scene twice,
 * into two scissored viewports, with the one camera the orbit controls move — once with the
 * older version's models, once with the shown ones. Taking a render priority makes this the
 * canvas's only draw while mounted.
 */
export function SideBySideScene({ models, physical }: SideBySideSceneProps) {
  const older = useRef<Group>(null);
  const materials = useViewerStore((s) => s.materials);
  const invalidate = useThree((s) => s.invalidate);
  const size = useThree((s) => s.size);

  useLayoutEffect(() => {
    invalidate();
    return () => invalidate();
  }, [models, size, invalidate]);

  useFrame(({ gl, scene, camera }) => {
    const newer = scene.getObjectByName(MODELS_GROUP);
    const old = older.current;
    if (!old) return;
    const cam = camera as PerspectiveCamera;
    const layout = splitLayout(size.width, size.height);
    const aspect = cam.aspect;
    const draw = (rect: SplitRect, showOlder: boolean) => {
      // three.js viewports count y from the bottom.
      const y = size.height - rect.y - rect.height;
      gl.setViewport(rect.x, y, rect.width, rect.height);
      gl.setScissor(rect.x, y, rect.width, rect.height);
      old.visible = showOlder;
      if (newer) newer.visible = !showOlder;
      cam.aspect = rect.width / rect.height;
      cam.updateProjectionMatrix();
      gl.render(scene, cam);
    };
    gl.setScissorTest(true);
    draw(layout.older, true);
    draw(layout.newer, false);
    gl.setScissorTest(false);
    gl.setViewport(0, 0, size.width, size.height);
    old.visible = false;
    if (newer) newer.visible = true;
    cam.aspect = aspect;
    cam.updateProjectionMatrix();
  }, 1);

  useEffect(() => {
    const scene = older.current?.parent;
    return () => {
      const newer = scene?.getObjectByName(MODELS_GROUP);
      if (newer) newer.visible = true;
    };
  }, []);

  return (
    <group ref={older} visible={false} name="older-version">
      {models.map((m, order) => (
        <LayerMesh
          key={m.id}
          mesh={m.mesh}
          material={materialDef(m.material, materials)}
          visible
          opacity={1}
          physical={physical}
          order={order}
        />
      ))}
    </group>
  );
}
