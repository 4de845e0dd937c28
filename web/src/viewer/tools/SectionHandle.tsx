/**
 * The section plane's handle in the scene: a double arrow along the plane's normal, drawn on the
 * plane where the middle of the models meets it — or, when a panel covers that spot on screen, at
 * the nearest point of the plane that is clear — always on top and a fixed size on screen. Dragging it with the mouse or one finger moves the plane along its normal; the
 * press is taken before the orbit controls see it, so the view stays put while aiming.
 */
import { useFrame, useThree } from '@react-three/fiber';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Quaternion, Vector3, type Group, type PerspectiveCamera } from 'three';
import type { Vec3 } from './measureModel';
import { intersects } from './labelLayout';
import { obstacleRects } from './overlayObstacles';
import { distanceToSegment, dragMm } from './planeDrag';
import { handlePoint, movePlane, type Plane } from './sectionPlane';
import { useToolStore } from './toolStore';

export interface SectionHandleProps {
  plane: Plane;
  /** The middle of the visible models (mm): the handle sits where it meets the plane. */
  center: Vec3;
  /** Radius of the visible models (mm): how far along the plane the handle may step aside. */
  radius: number;
}

/** Where on the plane the handle may go, nearest first: fractions of the radius, 8 directions. */
const RINGS = [0, 0.12, 0.24, 0.36, 0.5, 0.65];
const STEPS = Array.from({ length: 8 }, (_, i) => (i * Math.PI) / 4);
/** Room kept around the handle's middle, from panels and the canvas's edge (CSS px). */
const CLEARANCE_PX = 24;

/** Half the arrow's length on screen (CSS px). */
const ARROW_PX = 56;
/** How near the pointer must come to the arrow to take it (CSS px); a finger gets more room. */
const REACH_PX = 14;
const TOUCH_REACH_PX = 28;
const COLOUR = '#5aa0ff';
const HOT = '#bcd9ff';

const Z = new Vector3(0, 0, 1);

interface Drag {
  pointerId: number;
  x: number;
  y: number;
  plane: Plane;
  axisPx: [number, number];
  pxPerMm: number;
  towardsViewer: boolean;
}

export function SectionHandle({ plane, center, radius }: SectionHandleProps) {
  const gl = useThree((s) => s.gl);
  const camera = useThree((s) => s.camera) as PerspectiveCamera;
  const invalidate = useThree((s) => s.invalidate);
  const group = useRef<Group>(null);
  const [hot, setHot] = useState(false);
  const at = useMemo(() => new Vector3(...handlePoint(plane, center)), [plane, center]);
  const normal = useMemo(() => new Vector3(...plane.normal).normalize(), [plane]);
  const turn = useMemo(() => new Quaternion().setFromUnitVectors(Z, normal), [normal]);
  // Two directions along the plane, for stepping the handle aside.
  const side = useMemo(() => {
    const u = new Vector3(1, 0, 0).applyQuaternion(turn);
    const w = new Vector3(0, 1, 0).applyQuaternion(turn);
    return { u, w };
  }, [turn]);
  // Read by the pointer handlers (registered once) and written every frame. `aside` is where on
  // the plane the handle stands, from `at`; it is kept while dragging.
  const live = useRef({
    plane,
    center,
    at,
    normal,
    worldPerPx: 1,
    spot: new Vector3(),
    aside: new Vector3(),
    dragging: false,
  });
  live.current.plane = plane;
  live.current.center = center;
  live.current.at = at;
  live.current.normal = normal;

  // A constant size on screen, clear of the panels: chosen again every frame the scene draws.
  useFrame(({ size }) => {
    const g = group.current;
    if (!g) return;
    const l = live.current;
    const screen = (v: Vector3): [number, number] => {
      const p = v.clone().project(camera);
      return [((p.x + 1) / 2) * size.width, ((1 - p.y) / 2) * size.height];
    };
    if (!l.dragging) {
      const canvasBox = gl.domElement.getBoundingClientRect();
      const panels = obstacleRects(canvasBox);
      const clear = (v: Vector3) => {
        const p = v.clone().project(camera);
        if (p.z > 1) return false;
        const [x, y] = screen(v);
        const c = CLEARANCE_PX;
        if (x < c || y < c || x > size.width - c || y > size.height - c) return false;
        const r = { x: x - c, y: y - c, w: 2 * c, h: 2 * c };
        return !panels.some((o) => intersects(r, o));
      };
      const aside = new Vector3();
      const found = RINGS.some((k) =>
        (k === 0 ? [0] : STEPS).some((a) => {
          aside
            .copy(side.u)
            .multiplyScalar(Math.cos(a) * k * radius)
            .addScaledVector(side.w, Math.sin(a) * k * radius);
          return clear(at.clone().add(aside));
        }),
      );
      l.aside.copy(found ? aside : new Vector3());
    }
    l.spot.copy(at).add(l.aside);
    g.position.copy(l.spot);
    const d = camera.position.distanceTo(l.spot);
    const worldPerPx = (2 * d * Math.tan((camera.fov * Math.PI) / 360)) / Math.max(1, size.height);
    l.worldPerPx = worldPerPx;
    g.scale.setScalar(worldPerPx * ARROW_PX);
    // For the browser tests: where the handle and its arrow's tip are on the canvas (CSS px).
    const px = (v: Vector3) => screen(v).map(Math.round).join(',');
    const spot = `${px(l.spot)} ${px(l.spot.clone().addScaledVector(normal, worldPerPx * ARROW_PX))}`;
    if (gl.domElement.dataset.sectionHandle !== spot) gl.domElement.dataset.sectionHandle = spot;
  });

  useEffect(() => {
    const canvas = gl.domElement;
    const host = canvas.parentElement ?? canvas;
    let drag: Drag | null = null;
    let frame = 0;
    let pending: Plane | null = null;
    const toScreen = (v: Vector3, r: DOMRect): [number, number] => {
      const p = v.clone().project(camera);
      return [((p.x + 1) / 2) * r.width, ((1 - p.y) / 2) * r.height];
    };
    /** The arrow's two tips on screen, and one millimetre of the normal there. */
    const arrow = (r: DOMRect) => {
      const { spot: a, normal: n, worldPerPx } = live.current;
      const len = worldPerPx * ARROW_PX;
      const tip = toScreen(a.clone().addScaledVector(n, len), r);
      const tail = toScreen(a.clone().addScaledVector(n, -len), r);
      const axisPx: [number, number] = [
        (tip[0] - tail[0]) / (2 * len),
        (tip[1] - tail[1]) / (2 * len),
      ];
      return { tip, tail, axisPx, pxPerMm: 1 / worldPerPx };
    };
    const near = (e: PointerEvent, r: DOMRect) => {
      const { tip, tail } = arrow(r);
      const reach = e.pointerType === 'mouse' ? REACH_PX : TOUCH_REACH_PX;
      const x = e.clientX - r.left;
      const y = e.clientY - r.top;
      return distanceToSegment(x, y, tail[0], tail[1], tip[0], tip[1]) <= reach;
    };
    const onDown = (e: PointerEvent) => {
      if (e.target !== canvas || drag) return;
      if (e.pointerType === 'mouse' && e.button !== 0) return;
      camera.updateMatrixWorld();
      const r = canvas.getBoundingClientRect();
      if (!near(e, r)) return;
      // Ours: neither the orbit controls nor the scene's own handlers see this press.
      e.stopImmediatePropagation();
      e.preventDefault();
      const { axisPx, pxPerMm } = arrow(r);
      const toCamera = camera.position.clone().sub(live.current.spot);
      live.current.dragging = true;
      drag = {
        pointerId: e.pointerId,
        x: e.clientX,
        y: e.clientY,
        plane: live.current.plane,
        axisPx,
        pxPerMm,
        towardsViewer: toCamera.dot(live.current.normal) > 0,
      };
      canvas.setPointerCapture(e.pointerId);
      canvas.classList.add('viewer__canvas--aiming');
      setHot(true);
      invalidate();
    };
    const onMove = (e: PointerEvent) => {
      if (!drag) {
        if (e.pointerType === 'mouse' && e.target === canvas && e.buttons === 0) {
          const over = near(e, canvas.getBoundingClientRect());
          canvas.classList.toggle('viewer__canvas--over-handle', over);
          setHot(over);
        }
        return;
      }
      if (e.pointerId !== drag.pointerId) return;
      e.stopImmediatePropagation();
      const mm = dragMm(
        e.clientX - drag.x,
        e.clientY - drag.y,
        drag.axisPx,
        drag.pxPerMm,
        drag.towardsViewer,
      );
      pending = movePlane(drag.plane, live.current.center, mm);
      // One slice per frame, however fast the pointer reports.
      if (!frame) {
        frame = requestAnimationFrame(() => {
          frame = 0;
          if (pending) useToolStore.getState().setSection(pending);
          pending = null;
        });
      }
    };
    const onEnd = (e: PointerEvent) => {
      if (!drag || e.pointerId !== drag.pointerId) return;
      e.stopImmediatePropagation();
      if (canvas.hasPointerCapture(e.pointerId)) canvas.releasePointerCapture(e.pointerId);
      drag = null;
      live.current.dragging = false;
      canvas.classList.remove('viewer__canvas--aiming');
      setHot(false);
      invalidate();
    };
    // Capture phase on the canvas's parent: before the orbit controls' listeners on the canvas.
    host.addEventListener('pointerdown', onDown, true);
    host.addEventListener('pointermove', onMove, true);
    host.addEventListener('pointerup', onEnd, true);
    host.addEventListener('pointercancel', onEnd, true);
    return () => {
      host.removeEventListener('pointerdown', onDown, true);
      host.removeEventListener('pointermove', onMove, true);
      host.removeEventListener('pointerup', onEnd, true);
      host.removeEventListener('pointercancel', onEnd, true);
      cancelAnimationFrame(frame);
      canvas.classList.remove('viewer__canvas--aiming', 'viewer__canvas--over-handle');
      delete canvas.dataset.sectionHandle;
    };
  }, [gl, camera, invalidate]);

  useEffect(() => invalidate(), [hot, invalidate]);

  const colour = hot ? HOT : COLOUR;
  return (
    <group ref={group} quaternion={turn} name="section-handle-arrow">
      {/* The shaft and the two heads along +z (the normal), one unit long each way. */}
      <mesh renderOrder={20} position={[0, 0, 0]} rotation={[Math.PI / 2, 0, 0]}>
        <cylinderGeometry args={[0.035, 0.035, 1.5, 8]} />
        <meshBasicMaterial color={colour} depthTest={false} transparent />
      </mesh>
      <mesh renderOrder={20} position={[0, 0, 0.82]} rotation={[Math.PI / 2, 0, 0]}>
        <coneGeometry args={[0.13, 0.36, 16]} />
        <meshBasicMaterial color={colour} depthTest={false} transparent />
      </mesh>
      <mesh renderOrder={20} position={[0, 0, -0.82]} rotation={[-Math.PI / 2, 0, 0]}>
        <coneGeometry args={[0.13, 0.36, 16]} />
        <meshBasicMaterial color={colour} depthTest={false} transparent />
      </mesh>
      {/* A disc lying on the plane: where the arrow holds it. */}
      <mesh renderOrder={20} rotation={[Math.PI / 2, 0, 0]}>
        <cylinderGeometry args={[0.22, 0.22, 0.02, 32]} />
        <meshBasicMaterial color={colour} depthTest={false} transparent opacity={0.55} />
      </mesh>
    </group>
  );
}
