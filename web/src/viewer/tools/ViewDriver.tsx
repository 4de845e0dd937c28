/**
 * Flies the camera to the standard views and to restored poses, and lets the rest of the tools
 * read the live camera. Runs before the orbit controls' update each frame.
 */
import { useFrame, useThree } from '@react-three/fiber';
import { useEffect, useRef } from 'react';
import type { PerspectiveCamera } from 'three';
import { Vector3 } from 'three';
import type { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { syncOrbitUp, type PoseLike } from '../scene/cameraPose';
import { poseFor } from '../scene/viewFrame';
import { makeTween, stepTween, type CameraTween } from './cameraTween';
import { useToolStore } from './toolStore';
import { visibleFrame } from './visibleFrame';

let settledFlights = 0;

export function ViewDriver() {
  const camera = useThree((s) => s.camera) as PerspectiveCamera;
  const controls = useThree((s) => s.controls) as unknown as OrbitControls | null;
  const invalidate = useThree((s) => s.invalidate);
  const gl = useThree((s) => s.gl);
  const viewRequest = useToolStore((s) => s.viewRequest);
  const poseRequest = useToolStore((s) => s.poseRequest);
  const tween = useRef<CameraTween | null>(null);

  const flyTo = (pose: PoseLike) => {
    if (!controls) return;
    tween.current = makeTween(
      { position: camera.position, target: controls.target, up: camera.up },
      pose,
      performance.now(),
    );
    // The far plane must hold the destination before the flight starts.
    const far = Math.max(camera.far, (pose.far ?? 0) * 2);
    if (far !== camera.far) {
      camera.far = far;
      camera.updateProjectionMatrix();
    }
    invalidate();
  };

  useEffect(() => {
    if (!viewRequest) return;
    const frame = visibleFrame();
    if (frame) flyTo(poseFor(frame, viewRequest.view, camera.fov, camera.aspect));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [viewRequest]);

  useEffect(() => {
    if (poseRequest) flyTo(poseRequest.pose);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [poseRequest]);

  useEffect(() => {
    useToolStore.getState().register({
      readCamera: () => ({
        position: camera.position.toArray(),
        target: (controls?.target ?? new Vector3()).toArray(),
        up: camera.up.toArray(),
      }),
    });
    if (!controls) return;
    // The doctor moved the view by hand: no standard view is current any more.
    const onStart = () => {
      tween.current = null;
      useToolStore.getState().setLastView(null);
    };
    controls.addEventListener('start', onStart);
    return () => {
      controls.removeEventListener('start', onStart);
      useToolStore.getState().register({ readCamera: null });
    };
  }, [camera, controls]);

  useFrame(() => {
    const tw = tween.current;
    if (!tw || !controls) return;
    const done = stepTween(tw, performance.now(), camera, controls.target);
    syncOrbitUp(camera, controls);
    if (done) {
      tween.current = null;
      const d = camera.position.distanceTo(controls.target);
      camera.near = Math.max(d / 100, 1e-3);
      camera.far = Math.max(d * 20, (tw.pose.far ?? 0) * 2);
      camera.updateProjectionMatrix();
      controls.maxDistance = Math.max(controls.maxDistance, d * 6);
      // For the browser tests: the camera is where it was sent (as after a comment's pin flight).
      gl.domElement.dataset.cameraSettled = `view-${++settledFlights}`;
    }
    invalidate();
  }, -2);

  return null;
}
