import { useThree } from '@react-three/fiber';
import { useEffect } from 'react';
import { Mesh, PerspectiveCamera, Raycaster, Vector2, type Camera, type Object3D } from 'three';
import { useCompareStore, type ModelDeviation } from './compareStore';
import { halfAt, splitLayout } from './splitLayout';

const raycaster = new Raycaster();
const ndc = new Vector2();
const halfCamera = new PerspectiveCamera();

function deviationMeshes(root: Object3D): Mesh[] {
  const out: Mesh[] = [];
  root.traverseVisible((o) => {
    if (o instanceof Mesh && o.userData.deviation) out.push(o);
  });
  return out;
}

/**
 * The value under the pointer while a deviation map is shown: the first coloured model the ray
 * meets, the deviation of the corner of the hit face nearest to the hit point.
 */
export function DeviationHover() {
  const { gl, camera, scene } = useThree();
  const active = useCompareStore((s) => Object.keys(s.deviations).length > 0);
  useEffect(() => {
    if (!active) return;
    const el = gl.domElement;
    const onMove = (e: PointerEvent) => {
      const r = el.getBoundingClientRect();
      const store = useCompareStore.getState();
      let view: Camera = camera;
      let rect = { x: 0, y: 0, width: r.width, height: r.height };
      const [px, py] = [e.clientX - r.left, e.clientY - r.top];
      if (store.split && camera instanceof PerspectiveCamera) {
        // Side by side: the coloured models are in the newer half, seen with its aspect.
        const layout = splitLayout(r.width, r.height);
        rect = layout.newer;
        halfCamera.copy(camera);
        halfCamera.aspect = rect.width / rect.height;
        halfCamera.updateProjectionMatrix();
        view = halfCamera;
        if (halfAt(layout, px, py) === 'older') {
          if (store.hover !== null) store.set({ hover: null });
          return;
        }
      }
      ndc.set(((px - rect.x) / rect.width) * 2 - 1, -((py - rect.y) / rect.height) * 2 + 1);
      raycaster.setFromCamera(ndc, view);
      const hit = raycaster.intersectObjects(deviationMeshes(scene), false)[0];
      if (!hit?.face) {
        if (store.hover !== null) store.set({ hover: null });
        return;
      }
      const mesh = hit.object as Mesh;
      const local = mesh.worldToLocal(hit.point.clone());
      const pos = mesh.geometry.getAttribute('position');
      let best = hit.face.a;
      let bestD = Infinity;
      for (const v of [hit.face.a, hit.face.b, hit.face.c]) {
        const d =
          (pos.getX(v) - local.x) ** 2 +
          (pos.getY(v) - local.y) ** 2 +
          (pos.getZ(v) - local.z) ** 2;
        if (d < bestD) [best, bestD] = [v, d];
      }
      const deviation = mesh.userData.deviation as ModelDeviation;
      store.set({ hover: deviation.distances[best] ?? null });
    };
    el.addEventListener('pointermove', onMove);
    return () => el.removeEventListener('pointermove', onMove);
  }, [active, gl, camera, scene]);
  return null;
}
