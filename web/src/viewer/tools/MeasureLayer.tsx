/**
 * The measure tool in the scene: a tap or click (not a drag, which orbits) picks the surface
 * under the pointer through the shared picking index, snapping to a mesh vertex within a few
 * pixels; the points, lines and labels of every measurement are drawn in the scene.
 */
import { Html, Line } from '@react-three/drei';
import { useThree } from '@react-three/fiber';
import { useEffect, useMemo } from 'react';
import type { PerspectiveCamera } from 'three';
import { useShallow } from 'zustand/react/shallow';
import { createPickHit } from '../geometry/picking';
import { labelOf, runningLabels, type Measurement, type Vec3 } from './measureModel';
import { useToolStore } from './toolStore';
import type { ModelIndexes } from './useModelIndexes';

/** Farther than this (CSS px) between press and release: a drag, not a pick. */
const CLICK_SLOP_PX = 6;
const TOUCH_SLOP_PX = 12;
/** Snap to a vertex this close to the pointer (CSS px); a finger gets more room. */
const SNAP_PX = 12;
const TOUCH_SNAP_PX = 24;

export const MEASURE_COLOUR = '#ffb020';

/** Labels never take a tap meant for the model under them (drei wraps them in its own div). */
const NO_POINTER = { pointerEvents: 'none' } as const;

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

  return (
    <group name="measurements">
      {measurements.map((m) => (
        <MeasurementShape key={m.id} m={m} marker={marker} />
      ))}
      {draft ? <MeasurementShape m={draft} marker={marker} draft /> : null}
    </group>
  );
}

const mid = (a: Vec3, b: Vec3): Vec3 => [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2, (a[2] + b[2]) / 2];

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
  const label = labelOf(m);
  const running = m.kind === 'polyline' ? runningLabels(m) : [];
  const at: Vec3 | undefined =
    m.kind === 'angle'
      ? pts[1]
      : m.kind === 'distance' && pts.length === 2
        ? mid(pts[0]!, pts[1]!)
        : pts[pts.length - 1];
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
      {m.kind === 'polyline'
        ? running.slice(0, -1).map((text, i) => (
            <Html key={i} position={pts[i + 1]} center zIndexRange={[30, 20]} style={NO_POINTER}>
              <div className="vmeasure-label vmeasure-label--minor">{text}</div>
            </Html>
          ))
        : null}
      {label && at ? (
        <Html position={at} center zIndexRange={[30, 20]} style={NO_POINTER}>
          <div className="vmeasure-label" data-testid="measure-label">
            {label}
          </div>
        </Html>
      ) : null}
    </group>
  );
}
