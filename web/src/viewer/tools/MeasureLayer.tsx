/**
 * The measure tool in the scene: a tap or click (not a drag, which orbits) picks the surface
 * under the pointer through the shared picking index, snapping to a mesh vertex within a few
 * pixels; the points and lines of every measurement are drawn in the scene, and every frame the
 * scene draws tells the labels over the page (MeasureLabels) where their anchors are now.
 */
import { Line } from '@react-three/drei';
import { useFrame, useThree } from '@react-three/fiber';
import { useEffect, useMemo } from 'react';
import { Vector3, type PerspectiveCamera } from 'three';
import { useShallow } from 'zustand/react/shallow';
import { createPickHit } from '../geometry/picking';
import { labelAnchor, labelFeed } from './labelFeed';
import type { Measurement } from './measureModel';
import { useToolStore } from './toolStore';
import type { ModelIndexes } from './useModelIndexes';

/** Farther than this (CSS px) between press and release: a drag, not a pick. */
const CLICK_SLOP_PX = 6;
const TOUCH_SLOP_PX = 12;
/** Snap to a vertex this close to the pointer (CSS px); a finger gets more room. */
const SNAP_PX = 12;
const TOUCH_SNAP_PX = 24;

export const MEASURE_COLOUR = '#ffb020';

export interface MeasureLayerProps {
  indexes: ModelIndexes;
  /** Size of a point marker (mm), from the size of the models. */
  marker: number;
}

export function MeasureLayer({ indexes, marker }: MeasureLayerProps) {
  const gl = useThree((s) => s.gl);
  const camera = useThree((s) => s.camera) as PerspectiveCamera;
  const invalidate = useThree((s) => s.invalidate);
  const { tool, measurements, draft } = useToolStore(
    useShallow((s) => ({
      tool: s.tool,
      measurements: s.measure.measurements,
      draft: s.measure.draft,
    })),
  );

  useEffect(() => {
    if (tool !== 'measure') return;
    const el = gl.domElement;
    const hit = createPickHit();
    const active = new Set<number>();
    let down: { x: number; y: number; id: number } | null = null;
    const onDown = (e: PointerEvent) => {
      active.add(e.pointerId);
      // A second finger makes it a pinch or a pan: no pick.
      down =
        active.size === 1 && (e.pointerType !== 'mouse' || e.button === 0)
          ? { x: e.clientX, y: e.clientY, id: e.pointerId }
          : null;
    };
    const onUp = (e: PointerEvent) => {
      active.delete(e.pointerId);
      const d = down;
      down = null;
      if (!d || d.id !== e.pointerId) return;
      const touch = e.pointerType !== 'mouse';
      if (Math.hypot(e.clientX - d.x, e.clientY - d.y) > (touch ? TOUCH_SLOP_PX : CLICK_SLOP_PX)) {
        return;
      }
      const r = el.getBoundingClientRect();
      const nx = ((e.clientX - r.left) / r.width) * 2 - 1;
      const ny = -((e.clientY - r.top) / r.height) * 2 + 1;
      camera.updateMatrixWorld();
      const got = indexes.picker.pickAt(nx, ny, camera, hit);
      if (!got) return;
      indexes.picker.snapToVertex(got, camera, r.width, r.height, touch ? TOUCH_SNAP_PX : SNAP_PX);
      useToolStore.getState().addPoint({
        modelId: got.modelId,
        point: [got.modelPoint.x, got.modelPoint.y, got.modelPoint.z],
      });
      invalidate();
    };
    const onCancel = (e: PointerEvent) => {
      active.delete(e.pointerId);
      down = null;
    };
    el.addEventListener('pointerdown', onDown);
    el.addEventListener('pointerup', onUp);
    el.addEventListener('pointercancel', onCancel);
    el.classList.add('viewer__canvas--measuring');
    return () => {
      el.removeEventListener('pointerdown', onDown);
      el.removeEventListener('pointerup', onUp);
      el.removeEventListener('pointercancel', onCancel);
      el.classList.remove('viewer__canvas--measuring');
    };
  }, [tool, gl, camera, indexes, invalidate]);

  useEffect(() => invalidate(), [measurements, draft, invalidate]);

  useEffect(() => {
    labelFeed.canvas = gl.domElement;
    return () => {
      labelFeed.canvas = null;
      labelFeed.anchors.clear();
      labelFeed.relayout?.();
    };
  }, [gl]);

  // After the orbit controls' update (priority −1): where each label's point is on the canvas now.
  const [v] = useMemo(() => [new Vector3()], []);
  useFrame(({ size }) => {
    const { measurements: list, draft: d } = useToolStore.getState().measure;
    const anchors = labelFeed.anchors;
    anchors.clear();
    for (const m of d ? [...list, d] : list) {
      const at = labelAnchor(m);
      if (!at) continue;
      v.set(at[0], at[1], at[2]).project(camera);
      if (v.z > 1 || v.z < -1) continue;
      anchors.set(m.id, { x: ((v.x + 1) / 2) * size.width, y: ((1 - v.y) / 2) * size.height });
    }
    labelFeed.relayout?.();
  });

  return (
    <group name="measurements">
      {measurements.map((m) => (
        <MeasurementShape key={m.id} m={m} marker={marker} />
      ))}
      {draft ? <MeasurementShape m={draft} marker={marker} draft /> : null}
    </group>
  );
}

function MeasurementShape({
  m,
  marker,
  draft,
}: {
  m: Measurement;
  marker: number;
  draft?: boolean;
}) {
  const pts = useMemo(() => m.points.map((p) => p.point), [m.points]);
  return (
    <group name={`measurement-${m.id}`}>
      {pts.map((p, i) => (
        <mesh key={i} position={p} renderOrder={10}>
          <sphereGeometry args={[marker, 12, 8]} />
          <meshBasicMaterial color={MEASURE_COLOUR} depthTest={false} transparent />
        </mesh>
      ))}
      {pts.length >= 2 ? (
        <Line
          points={pts}
          color={MEASURE_COLOUR}
          lineWidth={2.5}
          depthTest={false}
          transparent
          renderOrder={10}
          dashed={draft}
          dashSize={marker * 2}
          gapSize={marker}
        />
      ) : null}
    </group>
  );
}
