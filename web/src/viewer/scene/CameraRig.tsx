import { useFrame, useThree } from '@react-three/fiber';
import { useEffect, useRef, useState } from 'react';
import type { Box3, PerspectiveCamera } from 'three';
import { MOUSE, Sphere, TOUCH, Vector3 } from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { applyPose } from './cameraPose';
import { projectedRect } from './screenRect';
import type { RenderProfile } from './renderProfile';
import { poseFor, type ModelFrame } from './viewFrame';

export interface CameraRigProps {
  /** World bounds of the loaded models; the camera frames them. Null until a model arrives. */
  bounds: Box3 | null;
  /** Frame-rate cap and idle timeout of the device class. */
  profile: RenderProfile;
  /**
   * Model frame of the loaded models: the opening view is three-quarter from above and in front
   * (occlusal anatomy in sight). Null: framed on the bounds from a fixed direction.
   */
  frame?: ModelFrame | null;
  /** Changing this number flies back to the framed view (the Reset view button). */
  resetSeq: number;
  /**
   * Called with true once the view has rested for REFINE_AFTER_MS after every model loaded, and
   * with false when it moves again (the canvas then switches pixel ratio).
   */
  onStill?: (still: boolean) => void;
  /** True once every model has loaded; nothing is reported before that. */
  complete?: boolean;
}

/** The view counts as still this long after the last movement (damping included). */
export const REFINE_AFTER_MS = 400;

/** Default viewing direction: from the front, a little above the occlusal plane. */
const VIEW_DIRECTION = new Vector3(0, 0.45, 1).normalize();

/**
 * Orbit (left drag / one finger), pan (right drag / two fingers), zoom (wheel / pinch) around the
 * models, framed on their bounds. With frameloop 'demand' nothing renders while idle; while the
 * view moves this drives frames at the device class's rate (60 desktop, ~15 mobile) and stops
 * `idleMs` after the last movement (damping included).
 */
export function CameraRig({ bounds, frame, profile, resetSeq, onStill, complete }: CameraRigProps) {
  const camera = useThree((s) => s.camera) as PerspectiveCamera;
  const refine = useRef<(grabbed: boolean) => void>(() => undefined);
  const domElement = useThree((s) => s.gl.domElement);
  const invalidate = useThree((s) => s.invalidate);
  const setThree = useThree((s) => s.set);
  const width = useThree((s) => s.size.width);
  const height = useThree((s) => s.size.height);
  // Set when the models were framed: the next frame writes where they landed (`data-model-rect`).
  const framedNow = useRef(false);
  const controlsRef = useRef<OrbitControls | null>(null);
  const userMoved = useRef(false);
  const [sphere] = useState(() => new Sphere());

  useEffect(() => {
    const controls = new OrbitControls(camera, domElement);
    controls.enableDamping = true;
    controls.dampingFactor = 0.15;
    controls.screenSpacePanning = true;
    controls.zoomToCursor = true;
    controls.mouseButtons = { LEFT: MOUSE.ROTATE, MIDDLE: MOUSE.DOLLY, RIGHT: MOUSE.PAN };
    controls.touches = { ONE: TOUCH.ROTATE, TWO: TOUCH.DOLLY_PAN };
    controlsRef.current = controls;
    // Shared as R3F's `controls`: the tools and the review's camera flights (loaded later) move them.
    setThree({ controls });

    let lastActivity = 0;
    let running = false;
    let handle = 0;
    const frameMs = 1000 / profile.fps;
    const useRaf = profile.fps >= 60;
    const tick = () => {
      if (performance.now() - lastActivity > profile.idleMs) {
        running = false;
        return;
      }
      invalidate();
      handle = useRaf ? requestAnimationFrame(tick) : window.setTimeout(tick, frameMs);
    };
    const kick = () => {
      lastActivity = performance.now();
      refine.current(false);
      if (!running) {
        running = true;
        tick();
      }
    };
    const onStart = () => {
      userMoved.current = true;
      delete domElement.dataset.modelRect;
      // The doctor grabs the view: back to the moving pixel ratio.
      refine.current(true);
      kick();
    };
    controls.addEventListener('start', onStart);
    controls.addEventListener('change', kick);
    return () => {
      controls.removeEventListener('start', onStart);
      controls.removeEventListener('change', kick);
      if (useRaf) cancelAnimationFrame(handle);
      else window.clearTimeout(handle);
      controls.dispose();
      controlsRef.current = null;
      setThree({ controls: null });
    };
  }, [camera, domElement, invalidate, setThree, profile.fps, profile.idleMs]);

  // Still or moving, for sharper still frames (ViewerCanvas raises the pixel ratio when still).
  useEffect(() => {
    if (!complete || !onStill) {
      refine.current = () => undefined;
      return;
    }
    let timer = 0;
    let sharp = false;
    const schedule = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        sharp = true;
        onStill(true);
      }, REFINE_AFTER_MS);
    };
    // `grabbed`: a drag, pinch or wheel began; any other change (damping) only postpones.
    refine.current = (grabbed) => {
      if (grabbed && sharp) {
        sharp = false;
        onStill(false);
      }
      schedule();
    };
    schedule();
    return () => {
      window.clearTimeout(timer);
      refine.current = () => undefined;
    };
  }, [complete, onStill]);

  // Frame the models: on every bounds or canvas size change until the user moves the view (a
  // panel that opens or folds resizes the canvas), and on reset.
  const lastReset = useRef(resetSeq);
  useEffect(() => {
    const controls = controlsRef.current;
    if (!controls || !bounds || bounds.isEmpty()) return;
    const isReset = lastReset.current !== resetSeq;
    lastReset.current = resetSeq;
    if (userMoved.current && !isReset) return;
    if (isReset) userMoved.current = false;
    bounds.getBoundingSphere(sphere);
    const radius = Math.max(sphere.radius, 1e-3);
    controls.minDistance = radius * 0.2;
    if (frame) {
      const pose = poseFor(frame, 'threeQuarter', camera.fov, camera.aspect);
      applyPose(camera, controls, pose);
      controls.maxDistance = pose.distance * 6;
      framedNow.current = true;
      invalidate();
      return;
    }
    const fov = (camera.fov * Math.PI) / 180;
    const fit = Math.min(fov, 2 * Math.atan(Math.tan(fov / 2) * camera.aspect));
    const distance = (radius / Math.sin(fit / 2)) * 1.05;
    const position = sphere.center.clone().addScaledVector(VIEW_DIRECTION, distance);
    applyPose(camera, controls, {
      position: position.toArray(),
      target: sphere.center.toArray(),
      up: [0, 1, 0],
    });
    controls.maxDistance = distance * 6;
    framedNow.current = true;
    invalidate();
  }, [bounds, frame, resetSeq, camera, sphere, invalidate, width, height]);

  useFrame(() => {
    controlsRef.current?.update();
    if (!framedNow.current || !bounds) return;
    framedNow.current = false;
    // Test hook, like FrameProbe's: where the framed models' box lies on the canvas.
    const r = projectedRect(bounds, camera, width, height);
    domElement.dataset.modelRect = [r.left, r.top, r.right, r.bottom]
      .map((v) => v.toFixed(1))
      .join(',');
  }, -1);

  return null;
}
