import { useFrame, useThree } from '@react-three/fiber';
import { useEffect, useRef, useState } from 'react';
import { Vector3, type PerspectiveCamera } from 'three';
import type { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { createPickHit } from '../geometry/picking';
import { FLIGHT_MS, poseAt, poseOf, type Pose } from './cameraFlight';
import { PinMarkers } from './PinMarkers';
import { useViewerStore } from '../store/useViewerStore';
import { useReviewStore } from './reviewStore';
import { usePicker } from './usePicker';

/** A click that moved less than this is a click, not an orbit. */
const CLICK_SLOP_PX = 5;
/** A touch held this long without moving places a pin. */
export const LONG_PRESS_MS = 550;
const PRESS_SLOP_PX = 10;

const vec = (v: Vector3): [number, number, number] => [v.x, v.y, v.z];

/**
 * The review's part of the scene, loaded after the first frame: picking for "Add pin" (a click
 * in pin mode, or a long-press on touch, through the models' BVH), the numbered pins, and the
 * camera's flight to a chosen comment's saved pose.
 */
export default function ReviewScene() {
  const picker = usePicker();
  const camera = useThree((s) => s.camera) as PerspectiveCamera;
  const gl = useThree((s) => s.gl);
  const invalidate = useThree((s) => s.invalidate);
  const controls = useThree((s) => s.controls) as OrbitControls | null;
  const [hit] = useState(createPickHit);

  // Placing a pin.
  useEffect(() => {
    const el = gl.domElement;
    let start: { x: number; y: number; id: number; touch: boolean } | null = null;
    let timer = 0;
    const place = (clientX: number, clientY: number) => {
      const rect = el.getBoundingClientRect();
      const x = ((clientX - rect.left) / rect.width) * 2 - 1;
      const y = -((clientY - rect.top) / rect.height) * 2 + 1;
      const h = picker.pickAt(x, y, camera, hit);
      if (!h) return;
      const normal = h.modelNormal.clone().normalize();
      // A pin on the inside of an open scan stands out of the surface towards the viewer.
      if (!h.frontFace) normal.negate();
      const target = controls?.target ?? new Vector3();
      const store = useReviewStore.getState();
      store.setPendingAnchor({
        modelId: h.modelId,
        point: vec(h.modelPoint),
        normal: vec(normal),
        camera: { position: vec(camera.position), target: vec(target), up: vec(camera.up) },
      });
      // The pin waits for its comment: the composer opens (and takes the keyboard).
      useViewerStore.getState().compose();
      invalidate();
    };
    const down = (e: PointerEvent) => {
      if (!e.isPrimary) {
        window.clearTimeout(timer);
        start = null;
        return;
      }
      const touch = e.pointerType === 'touch';
      start = { x: e.clientX, y: e.clientY, id: e.pointerId, touch };
      if (touch) {
        const { x, y } = start;
        timer = window.setTimeout(() => {
          start = null;
          place(x, y);
        }, LONG_PRESS_MS);
      }
    };
    const move = (e: PointerEvent) => {
      if (!start || e.pointerId !== start.id) return;
      const slop = start.touch ? PRESS_SLOP_PX : CLICK_SLOP_PX;
      if (Math.hypot(e.clientX - start.x, e.clientY - start.y) > slop) {
        window.clearTimeout(timer);
        start = null;
      }
    };
    const up = (e: PointerEvent) => {
      window.clearTimeout(timer);
      if (!start || e.pointerId !== start.id) return;
      const s = start;
      start = null;
      if (e.button !== 0 && !s.touch) return;
      if (useReviewStore.getState().pinMode) place(e.clientX, e.clientY);
    };
    const cancel = () => {
      window.clearTimeout(timer);
      start = null;
    };
    const noMenu = (e: Event) => {
      if (start?.touch || useReviewStore.getState().pinMode) e.preventDefault();
    };
    el.addEventListener('pointerdown', down);
    el.addEventListener('pointermove', move);
    el.addEventListener('pointerup', up);
    el.addEventListener('pointercancel', cancel);
    el.addEventListener('contextmenu', noMenu);
    return () => {
      window.clearTimeout(timer);
      el.removeEventListener('pointerdown', down);
      el.removeEventListener('pointermove', move);
      el.removeEventListener('pointerup', up);
      el.removeEventListener('pointercancel', cancel);
      el.removeEventListener('contextmenu', noMenu);
    };
  }, [gl, camera, controls, picker, hit, invalidate]);

  // Flying to a chosen comment's saved pose.
  const flight = useRef<{ from: Pose; to: Pose; t0: number } | null>(null);
  const [now] = useState<Pose>(() => ({
    position: new Vector3(),
    target: new Vector3(),
    up: new Vector3(),
  }));
  const flightSeq = useReviewStore((s) => s.flightSeq);
  useEffect(() => {
    const { selectedId, entries } = useReviewStore.getState();
    const chosen = entries.find((e) => e.id === selectedId);
    const anchor = chosen?.anchor;
    // A saved view brings its own camera (the tools fly there).
    if (!anchor || chosen.toolState) return;
    flight.current = {
      from: {
        position: camera.position.clone(),
        target: (controls?.target ?? new Vector3()).clone(),
        up: camera.up.clone(),
      },
      to: poseOf(anchor.camera),
      t0: performance.now(),
    };
    invalidate();
  }, [flightSeq, camera, controls, invalidate]);

  useFrame(() => {
    const f = flight.current;
    if (!f) return;
    const t = (performance.now() - f.t0) / FLIGHT_MS;
    poseAt(f.from, f.to, t, now);
    camera.position.copy(now.position);
    camera.up.copy(now.up);
    if (controls) controls.target.copy(now.target);
    camera.lookAt(now.target);
    if (t >= 1) {
      flight.current = null;
      gl.domElement.dataset.cameraSettled = String(useReviewStore.getState().flightSeq);
    } else {
      invalidate();
    }
  }, -2);

  return <PinMarkers />;
}
