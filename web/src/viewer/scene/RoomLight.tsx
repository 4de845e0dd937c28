/**
 * Image-based light from three's RoomEnvironment, prefiltered here through PMREMGenerator
 * (generated locally: drei's presets fetch HDR files from a CDN, which the viewer's CSP and the
 * capability-URL rule of no third parties forbid), so the material table's roughness and
 * metalness read as they should: metal reflects a room instead of a black void.
 *
 * Loaded and built only after the first complete frame (SceneLights): the prefilter's shaders
 * take a software GPU (SwiftShader) many seconds to compile, which before the first frame cost
 * the arches' first frame 2.4 s → 20–25 s in the viewer benchmark. The canvas gets
 * `data-environment="ready"` once it is in the scene.
 */
import { useThree } from '@react-three/fiber';
import { useEffect } from 'react';
import { PMREMGenerator } from 'three';
import { RoomEnvironment } from 'three/examples/jsm/environments/RoomEnvironment.js';

/** Face size of the prefiltered cube (texels): a room light this weak needs no sharper one. */
const ENV_SIZE = 64;

export interface RoomLightProps {
  /** Strength of the image-based light (scene.environmentIntensity). */
  intensity: number;
}

export default function RoomLight({ intensity }: RoomLightProps) {
  const gl = useThree((s) => s.gl);
  const scene = useThree((s) => s.scene);
  const invalidate = useThree((s) => s.invalidate);

  useEffect(() => {
    const pmrem = new PMREMGenerator(gl);
    const room = new RoomEnvironment();
    const env = pmrem.fromScene(room, 0, 0.1, 100, { size: ENV_SIZE }).texture;
    room.dispose();
    pmrem.dispose();
    scene.environment = env;
    gl.domElement.dataset.environment = 'ready';
    invalidate();
    return () => {
      if (scene.environment === env) scene.environment = null;
      delete gl.domElement.dataset.environment;
      env.dispose();
    };
  }, [gl, scene, invalidate]);

  useEffect(() => {
    scene.environmentIntensity = intensity;
    invalidate();
  }, [scene, intensity, invalidate]);

  return null;
}
