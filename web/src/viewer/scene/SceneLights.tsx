import { useThree } from '@react-three/fiber';
import { lazy, Suspense, useState } from 'react';
import { Object3D } from 'three';
import { useToolsGate } from '../tools/toolsGate';
import type { RenderProfile } from './renderProfile';

const RoomLight = lazy(() => import('./RoomLight'));

export interface SceneLightsProps {
  /** Intensities of the device class. */
  profile: RenderProfile;
}

/**
 * A key light from above and to the side (not from the eye: a headlight flattens cusps and
 * fissures), a fill and a rim that ride with the camera, so whatever side the doctor looks at is
 * modelled; a weak sky/ground fill; and, once the first frame is on screen, a room environment
 * (RoomLight.tsx) for the materials' roughness and metalness.
 */
export function SceneLights({ profile }: SceneLightsProps) {
  const camera = useThree((s) => s.camera);
  const afterFirstFrame = useToolsGate((s) => s.open);
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
        {/* Directions (position − target, camera space): key from above right and only a
            little from the front, fill from lower left, rim from behind. */}
        <directionalLight position={[8, 10, -6]} intensity={profile.key} target={target} />
        <directionalLight position={[-6, -2, -4]} intensity={profile.fill} target={target} />
        {profile.rim > 0 ? (
          <directionalLight position={[0, 6, -20]} intensity={profile.rim} target={target} />
        ) : null}
      </primitive>
      {afterFirstFrame ? (
        <Suspense fallback={null}>
          <RoomLight intensity={profile.environment} />
        </Suspense>
      ) : null}
    </>
  );
}
