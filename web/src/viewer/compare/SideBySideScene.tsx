import { useFrame, useThree } from '@react-three/fiber';
import { useEffect, useRef } from 'react';
import type { Group, PerspectiveCamera } from 'three';
import { materialDef } from '../mesh/materials';
import { LayerMesh } from '../scene/LayerMesh';
import { MODELS_GROUP } from '../scene/ModelLayers';
import { useViewerStore } from '../store/useViewerStore';
import { useCompareStore, type OlderModel } from './compareStore';
import { halfFov, insetsOf, sameLayout, splitLayout, type SplitRect } from './splitLayout';

export interface SideBySideSceneProps {
  models: OlderModel[];
  physical: boolean;
}

/**
 * What floats over the canvas: a narrow screen's open sheet (wide screens dock their panels
 * beside the canvas); the halves are placed in the space it leaves.
 */
const PANELS = '.vsheet';

/** Measures the free part of the canvas and stores the halves' layout; true when it changed. */
function measure(canvas: HTMLCanvasElement): boolean {
  const c = canvas.getBoundingClientRect();
  const panels = [...document.querySelectorAll(PANELS)].map((el) => {
    const r = el.getBoundingClientRect();
    return { x: r.left - c.left, y: r.top - c.top, width: r.width, height: r.height };
  });
  const layout = splitLayout(c.width, c.height, insetsOf(c.width, c.height, panels));
  const store = useCompareStore.getState();
  if (sameLayout(store.layout, layout)) return false;
  store.set({ layout });
  return true;
}

/**
 * Older | newer in one WebGL context: each frame (still only on demand) draws the scene twice,
 * into two scissored viewports, with the one camera the orbit controls move — once with the
 * older version's models, once with the shown ones. Taking a render priority makes this the
 * canvas's only draw while mounted. Panels opening, closing or resizing move the halves.
 */
export function SideBySideScene({ models, physical }: SideBySideSceneProps) {
  const older = useRef<Group>(null);
  const materials = useViewerStore((s) => s.materials);
  const invalidate = useThree((s) => s.invalidate);
  const size = useThree((s) => s.size);
  const gl = useThree((s) => s.gl);

  useEffect(() => {
    const canvas = gl.domElement;
    const update = () => {
      if (measure(canvas)) invalidate();
    };
    update();
    invalidate();
    const resized = new ResizeObserver(update);
    const watch = () => {
      resized.disconnect();
      for (const el of document.querySelectorAll(PANELS)) resized.observe(el);
      update();
    };
    const changed = new MutationObserver(watch);
    const stage = canvas.closest('.viewer__stage');
    if (stage) changed.observe(stage, { childList: true });
    watch();
    return () => {
      changed.disconnect();
      resized.disconnect();
      useCompareStore.getState().set({ layout: null });
      invalidate();
    };
  }, [gl, size, models, invalidate]);

  useFrame(({ gl, scene, camera }) => {
    const layout = useCompareStore.getState().layout;
    const old = older.current;
    if (!old || !layout) return;
    const newer = scene.getObjectByName(MODELS_GROUP);
    const cam = camera as PerspectiveCamera;
    const { aspect, fov } = cam;
    // The canvas outside the halves (under the panels) stays empty.
    gl.setScissorTest(false);
    gl.clear();
    const draw = (rect: SplitRect, showOlder: boolean) => {
      // three.js viewports count y from the bottom.
      const y = size.height - rect.y - rect.height;
      gl.setViewport(rect.x, y, rect.width, rect.height);
      gl.setScissor(rect.x, y, rect.width, rect.height);
      old.visible = showOlder;
      if (newer) newer.visible = !showOlder;
      cam.aspect = rect.width / rect.height;
      cam.fov = halfFov(fov, layout, rect);
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
    cam.fov = fov;
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
