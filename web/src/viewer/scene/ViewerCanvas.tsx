import { Canvas, useThree } from '@react-three/fiber';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { ACESFilmicToneMapping, Box3, SRGBColorSpace } from 'three';
import { useShallow } from 'zustand/react/shallow';
import { useCompareStore } from '../compare/compareStore';
import { SideBySideLabels } from '../compare/SideBySideLabels';
import { SideBySideScene } from '../compare/SideBySideScene';
import { meshArraysOf } from '../geometry/meshArrays';
import { flattenLayers } from '../mesh/layers';
import { isRefining, useViewerStore } from '../store/useViewerStore';
import { ToolsSceneSlot } from '../tools/LazyTools';
import { closeToolsGate } from '../tools/toolsGate';
import { CameraRig } from './CameraRig';
import { FirstFrameSlot } from './FirstFrameSlot';
import { FrameProbe } from './FrameProbe';
import { ModelLayers } from './ModelLayers';
import { cappedDpr, RENDER_PROFILES, stillDpr, type DeviceClass } from './renderProfile';
import { SceneLights } from './SceneLights';
import './threeCatalogue';
import { ShaderWarmup } from './ShaderWarmup';
import { frameOfModels, jawOfNames, VIEWER_FOV_DEG } from './viewFrame';

/** Pins, picking and camera flights: loaded after the first frame, never before it. */
const ReviewScene = lazy(() => import('../review/ReviewScene'));

export interface ViewerCanvasProps {
  /** Device class: drives frame rate, idle stop, pixel ratio, lights and materials. */
  deviceClass: DeviceClass;
}

/**
 * The full-screen WebGL canvas. frameloop 'demand': a frame is drawn only when something changes
 * (a model arrives, a layer toggles, the camera moves), never in an idle loop.
 */
export function ViewerCanvas({ deviceClass }: ViewerCanvasProps) {
  const profile = RENDER_PROFILES[deviceClass];
  const { meshes, phase, resetSeq, layers, review, refining } = useViewerStore(
    useShallow((s) => ({
      meshes: s.meshes,
      refining: isRefining(s),
      phase: s.phase,
      resetSeq: s.resetViewSeq,
      layers: s.layers,
      review: s.firstFrame && (s.mode === 'review' || s.mode === 'owner'),
    })),
  );
  const bounds = useMemo(() => {
    const list = Object.values(meshes);
    if (list.length === 0) return null;
    const box = new Box3();
    for (const m of list) box.union(m.bounds);
    return box;
  }, [meshes]);
  // Side by side: pins and tools draw for one full-canvas view, so they step aside (the compare
  // panel says so) and the split view takes over drawing.
  const split = useCompareStore((s) => s.split);
  const shownVersion = useViewerStore((s) => s.project?.shownVersion);
  // Compare maps and the older version's models belong to the version shown when they were made.
  useEffect(() => () => useCompareStore.getState().clear(), [shownVersion]);
  const meshCount = Object.keys(meshes).length;
  // 'ready' means every model finished (loaded or failed).
  const complete = phase === 'ready' && meshCount > 0;
  // The opening view looks at the occlusal anatomy: computed once every model is in, and kept
  // when full levels replace coarse ones (same models: no camera jump).
  const framed = complete ? Object.keys(meshes).sort().join(' ') : '';
  const frame = useMemo(() => {
    if (!complete) return null;
    const loaded = flattenLayers(layers).filter((l) => meshes[l.id]);
    return frameOfModels(
      loaded.map((l) => meshArraysOf(meshes[l.id]!.geometry, meshes[l.id]!)),
      jawOfNames(loaded.map((l) => l.name)),
    );
    // Layer names do not change once loaded; visibility changes must not re-frame.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [complete, framed]);
  useEffect(() => closeToolsGate, []);
  const dpr = useMemo(() => {
    const device = typeof window === 'undefined' ? 1 : window.devicePixelRatio;
    const base = cappedDpr(device, profile);
    return { base, still: profile.antialias ? base : stillDpr(device, profile) };
  }, [profile]);
  // First frame and movement at the base ratio; 2×2 supersampled once the view rests (no MSAA:
  // on a weak GPU it would double the first frame). A ratio change redraws once.
  const [still, setStill] = useState(false);

  return (
    <>
      <Canvas
        className="viewer__canvas"
        frameloop="demand"
        // Measured at once: R3F's default tracks scrolling with a 50 ms debounce, and its first
        // measurement — which gates creating the renderer — goes through that debounce. The viewer
        // fills a page that does not scroll.
        resize={{ scroll: false, debounce: 0 }}
        dpr={still ? dpr.still : dpr.base}
        camera={{ fov: VIEWER_FOV_DEG, near: 0.1, far: 5000, position: [0, 60, 160] }}
        gl={{
          antialias: profile.antialias,
          alpha: true,
          powerPreference: deviceClass === 'mobile' ? 'low-power' : 'high-performance',
          preserveDrawingBuffer: false,
        }}
        onCreated={({ gl }) => {
          gl.toneMapping = ACESFilmicToneMapping;
          gl.outputColorSpace = SRGBColorSpace;
          gl.setClearAlpha(0);
        }}
        aria-label="3D view of the project's models"
        role="img"
      >
        <Exposure value={profile.exposure} />
        <SceneLights profile={profile} />
        <ShaderWarmup physical={profile.physicalMaterials} />
        <ModelLayers physical={profile.physicalMaterials} />
        <CameraRig
          bounds={bounds}
          frame={frame}
          profile={profile}
          resetSeq={resetSeq}
          onStill={dpr.still > dpr.base ? setStill : undefined}
          complete={complete}
        />
        <FrameProbe meshCount={meshCount} complete={complete} lod={refining ? 'coarse' : 'full'} />
        <ToolsSceneSlot viewsOnly={!!split} />
        {split ? (
          <SideBySideScene models={split.models} physical={profile.physicalMaterials} />
        ) : null}
        {review && !split ? (
          <Suspense fallback={null}>
            <ReviewScene />
          </Suspense>
        ) : null}
      </Canvas>
      <FirstFrameSlot />
      {split ? <SideBySideLabels older={split.version} /> : null}
    </>
  );
}

/** Tone-mapping exposure of the device class; follows a class change (rotation, resize). */
function Exposure({ value }: { value: number }) {
  const gl = useThree((s) => s.gl);
  const invalidate = useThree((s) => s.invalidate);
  useEffect(() => {
    gl.toneMappingExposure = value;
    invalidate();
  }, [gl, value, invalidate]);
  return null;
}
