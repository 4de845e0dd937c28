import { useThree } from '@react-three/fiber';
import { useEffect, useState } from 'react';
import { Object3D, PMREMGenerator } from 'three';
import { RoomEnvironment } from 'three/examples/jsm/environments/RoomEnvironment.js';
import type { RenderProfile } from './renderProfile';

export interface SceneLightsProps {
  /** Intensities of the device class. */
  profile: RenderProfile;
}

/**
 * Image-based light from three's RoomEnvironment, prefiltered here through PMREMGenerator
 * (generated locally: drei's presets fetch HDR files from a CDN, which the viewer's CSP and the
 * capability-URL rule of no third parties forbid), so the material table's roughness and
 * metalness read as they should — metal reflects a room instead of a black void. A key light
 * from above and to the side (not from the eye: a headlight flattens cusps and fissures), a fill
 * and a rim ride with the camera, so whatever side the doctor looks at is modelled. The
 * environment is built once, when the canvas is created, while the models still download.
 */
export function SceneLights({ profile }: SceneLightsProps) {
  const camera = useThree((s) => s.camera);
  const gl = useThree((s) => s.gl);
  const scene = useThree((s) => s.scene);
  const invalidate = useThree((s) => s.invalidate);
  const [target] = useState(() => {
    const o = new Object3D();
    o.position.set(0, 0, -10);
    return o;
  });

  useEffect(() => {
    const pmrem = new PMREMGenerator(gl);
    const room = new RoomEnvironment();
    const env = pmrem.fromScene(room, 0.04).texture;
    room.dispose();
    pmrem.dispose();
    scene.environment = env;
    invalidate();
    return () => {
      if (scene.environment === env) scene.environment = null;
      env.dispose();
    };
  }, [gl, scene, invalidate]);

  useEffect(() => {
    scene.environmentIntensity = profile.environment;
    invalidate();
  }, [scene, profile.environment, invalidate]);

  return (
    <>
      <hemisphereLight args={['#ffffff', '#6b7785', profile.hemisphere]} />
      <primitive object={camera}>
        <primitive object={target} />
        {/* Directions (position − target, camera space): key from above right and only a
            little from the front, fill from lower left, rim from behind. */}
        <directionalLight position={[8, 10, -6]} intensity={profile.key} target={target} />
        <directionalLight position={[-6, -2, -4]} intensity={profile.fill} target={target} />
        {profile.rim > 0 ? (
          <directionalLight position={[0, 6, -20]} intensity={profile.rim} target={target} />
        ) : null}
      </primitive>
    </>
  );
}
