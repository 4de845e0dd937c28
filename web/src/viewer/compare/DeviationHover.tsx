import { useThree } from '@react-three/fiber';
import { useEffect } from 'react';
import { Mesh, Raycaster, Vector2, type Object3D } from 'three';
import { useCompareStore, type ModelDeviation } from './compareStore';

const raycaster = new Raycaster();
const ndc = new Vector2();

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
      ndc.set(((e.clientX - r.left) / r.width) * 2 - 1, -((e.clientY - r.top) / r.height) * 2 + 1);
      raycaster.setFromCamera(ndc, camera);
      const hit = raycaster.intersectObjects(deviationMeshes(scene), false)[0];
      const store = useCompareStore.getState();
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
