/**
 * drei's view cube, turned to the model frame: its faces are the dental views (occlusal, front,
 * left…), not the file's arbitrary axes. A face flies to that standard view; an edge or a corner
 * to the direction between them.
 */
import { GizmoHelper, GizmoViewcube } from '@react-three/drei';
import { useThree, type ThreeEvent } from '@react-three/fiber';
import { useMemo } from 'react';
import { Matrix4, Quaternion, Vector3, type PerspectiveCamera } from 'three';
import { useShallow } from 'zustand/react/shallow';
import { useViewerStore } from '../store/useViewerStore';
import { fitPose, type StandardView } from '../../../../wasm/src/views';
import { lensFor } from '../scene/viewFrame';
import { useToolStore } from './toolStore';
import { visibleFrame } from './visibleFrame';

export interface ViewCubeProps {
  compact: boolean;
}

export function ViewCube({ compact }: ViewCubeProps) {
  // The scene's camera (inside the helper, useThree answers the cube's own camera).
  const camera = useThree((s) => s.camera) as PerspectiveCamera;
  // Recomputed when the visible models change.
  const { meshes, layers } = useViewerStore(
    useShallow((s) => ({ meshes: s.meshes, layers: s.layers })),
  );
  // eslint-disable-next-line react-hooks/exhaustive-deps -- visibleFrame reads the same store
  const frame = useMemo(() => visibleFrame(), [meshes, layers]);
  const setup = useMemo(() => {
    if (!frame) return null;
    // Cube axes → frame: +y occlusal, −z front (drei's cube reads upright from its −z side and
    // from above with −z up: the front view and the occlusal view with the incisors up).
    const occ = new Vector3(...frame.occlusal);
    const back = new Vector3(...frame.front).negate();
    const x = new Vector3().crossVectors(occ, back);
    const xIsLeft = x.dot(new Vector3(...frame.left)) > 0;
    const basis = new Matrix4().makeBasis(x, occ, back);
    const q = new Quaternion().setFromRotationMatrix(basis);
    const faces = [
      xIsLeft ? 'Left' : 'Right',
      xIsLeft ? 'Right' : 'Left',
      'Occlusal',
      'Bottom',
      'Back',
      'Front',
    ];
    const views: StandardView[] = [
      xIsLeft ? 'left' : 'right',
      xIsLeft ? 'right' : 'left',
      'occlusal',
      'bottom',
      'back',
      'front',
    ];
    return { q, basis, faces, views };
  }, [frame]);
  if (!frame || !setup) return null;

  const onClick = (e: ThreeEvent<MouseEvent>): null => {
    e.stopPropagation();
    const local = e.object.position.clone();
    if (local.lengthSq() === 0 && e.face) local.copy(e.face.normal);
    const axis = [local.x, local.y, local.z].map((c) => Math.abs(c) > 1e-6);
    const store = useToolStore.getState();
    if (axis.filter(Boolean).length === 1) {
      const i = axis.indexOf(true);
      const positive = [local.x, local.y, local.z][i]! > 0;
      store.requestView(setup.views[i * 2 + (positive ? 0 : 1)]!);
      return null;
    }
    const dir = local.normalize().applyMatrix4(setup.basis);
    store.flyTo(fitPose(frame, dir.toArray(), frame.up, lensFor(camera.fov, camera.aspect)));
    return null;
  };

  return (
    <GizmoHelper
      // Phone: above the quick feedback box, clear of the measurement list at the top; desktop:
      // beside Reset view, below the side panels.
      alignment={compact ? 'bottom-left' : 'bottom-right'}
      margin={compact ? [44, 56] : [56, 92]}
    >
      <group quaternion={setup.q} scale={compact ? 0.7 : 0.85}>
        <GizmoViewcube
          faces={setup.faces}
          onClick={onClick}
          color="#f4f6f8"
          hoverColor="#9cc3ff"
          textColor="#1c2733"
          strokeColor="#8896a5"
        />
      </group>
    </GizmoHelper>
  );
}
