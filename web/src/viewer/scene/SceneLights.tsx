import { useThree } from '@react-three/fiber';
import { useState } from 'react';
import { Object3D } from 'three';
import type { RenderProfile } from './renderProfile';

export interface SceneLightsProps {
  /** Intensities of the device class. */
  profile: RenderProfile;
}

/**
 * A soft sky/ground fill plus key, fill and rim lights that ride with the camera, so the side the
 * doctor looks at is always lit. No environment map: drei's presets fetch from a CDN, which the
 * viewer's CSP (and the capability-URL rule of no third parties) forbids.
 */
export function SceneLights({ profile }: SceneLightsProps) {
  const camera = useThree((s) => s.camera);
  const [target] = useState(() => {
    const o = new Object3D();
    o.position.set(0, 0, -10);
    return o;
  });
  return (
    <>
      <hemisphereLight args={['#ffffff', '#6b7785', profile.hemisphere]} />
      <primitive object={camera}>
        <primitive object={target} />
        <directionalLight position={[2.5, 3, 1]} intensity={profile.key} target={target} />
        <directionalLight position={[-3, -1, 0.5]} intensity={profile.fill} target={target} />
        {profile.rim > 0 ? (
          <directionalLight position={[0, 2, -4]} intensity={profile.rim} target={target} />
        ) : null}
      </primitive>
    </>
  );
}
