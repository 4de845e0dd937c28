/**
 * The section in the scene: the models are clipped at the plane (the near half removed), the cut
 * outline of every visible model is drawn in its layer's colour made readable (outlineColour.ts)
 * over a dark edge (scans are open shells: the plane–mesh intersection, no cap), and while the
 * tool is on, a see-through plane with its handle (SectionHandle) on it.
 */
import { Line } from '@react-three/drei';
import { useThree } from '@react-three/fiber';
import { useEffect, useMemo, useState } from 'react';
import {
  DoubleSide,
  Mesh,
  Plane,
  Quaternion,
  Vector3,
  type Material,
  type Object3D,
  type Side,
} from 'three';
import { useShallow } from 'zustand/react/shallow';
import { useViewerStore } from '../store/useViewerStore';
import { flattenLayers } from '../mesh/layers';
import { materialDef } from '../mesh/materials';
import { copyOutline, outlineSegments, useSectionResult, type SectionPart } from './sectionResult';
import { outlineColours } from './outlineColour';
import { SectionHandle } from './SectionHandle';
import { handlePoint, panelFrame } from './sectionPlane';
import { useToolStore } from './toolStore';
import type { ModelIndexes } from './useModelIndexes';
import { visibleFrame } from './visibleFrame';

export interface SectionLayerProps {
  indexes: ModelIndexes;
  /** Radius of the visible models (mm): sizes the see-through plane. */
  radius: number;
}

const Z = new Vector3(0, 0, 1);

export function SectionLayer({ indexes, radius }: SectionLayerProps) {
  const scene = useThree((s) => s.scene);
  const gl = useThree((s) => s.gl);
  const invalidate = useThree((s) => s.invalidate);
  const section = useToolStore((s) => s.section);
  const editing = useToolStore((s) => s.tool === 'section');
  const { meshes, layers, materials } = useViewerStore(
    useShallow((s) => ({ meshes: s.meshes, layers: s.layers, materials: s.materials })),
  );
  const [clip] = useState(() => new Plane());

  // Clip every model at the plane.
  useEffect(() => {
    const geometries = new Set(Object.values(meshes).map((m) => m.geometry));
    const touched: { mat: Material; side: Side }[] = [];
    if (section) {
      clip.setFromNormalAndCoplanarPoint(
        new Vector3(...section.normal).normalize(),
        new Vector3(...section.origin),
      );
      gl.localClippingEnabled = true;
      scene.traverse((o: Object3D) => {
        if (!(o instanceof Mesh) || !geometries.has(o.geometry)) return;
        for (const m of Array.isArray(o.material) ? o.material : [o.material]) {
          const mat = m as Material;
          touched.push({ mat, side: mat.side });
          // A closed surface cut open shows its inside: its back faces must be drawn.
          mat.side = DoubleSide;
          mat.clippingPlanes = [clip];
          mat.needsUpdate = true;
        }
      });
    }
    invalidate();
    return () => {
      for (const { mat, side } of touched) {
        mat.clippingPlanes = null;
        mat.side = side;
        mat.needsUpdate = true;
      }
      invalidate();
    };
  }, [section, meshes, layers, scene, gl, clip, invalidate]);

  // Outlines of the visible models.
  const parts = useMemo<SectionPart[]>(() => {
    if (!section) return [];
    const frame = panelFrame(section, visibleFrame());
    const out: SectionPart[] = [];
    // Colours over every layer, shown or not: one keeps its colour while others come and go.
    const all = flattenLayers(layers);
    const colours = outlineColours(all.map((l) => materialDef(l.material, materials).color));
    for (const [i, layer] of all.entries()) {
      const slicer = indexes.slicers.get(layer.id);
      if (!slicer || !layer.visible || layer.opacity <= 0) continue;
      const outline = slicer.slice(frame);
      if (outline.pointCount === 0) continue;
      out.push({
        modelId: layer.id,
        name: layer.name,
        colour: colours[i]!,
        outline: copyOutline(outline),
      });
    }
    useSectionResult.setState({ frame, parts: out });
    return out;
  }, [section, layers, materials, indexes]);

  useEffect(() => {
    if (!section) useSectionResult.setState({ frame: null, parts: [] });
  }, [section]);
  useEffect(() => () => useSectionResult.setState({ frame: null, parts: [] }), []);

  // The see-through plane is centred on the handle (the middle of the models on the plane).
  // visibleFrame keeps its answer while the visible models stay: the same array every render.
  const center = visibleFrame()?.center ?? null;
  const sheet = useMemo(() => {
    if (!section || !center) return null;
    const q = new Quaternion().setFromUnitVectors(Z, new Vector3(...section.normal).normalize());
    return { at: handlePoint(section, center), q };
  }, [section, center]);

  useEffect(() => invalidate(), [parts, invalidate]);

  if (!section) return null;
  return (
    <group name="section">
      {parts.map((p) => (
        <OutlineLines key={p.modelId} part={p} />
      ))}
      {editing && sheet && center ? (
        <group name="section-handle" userData={{ noSnapshot: true }}>
          <mesh renderOrder={5} position={sheet.at} quaternion={sheet.q}>
            <planeGeometry args={[radius * 1.6, radius * 1.6]} />
            <meshBasicMaterial
              color="#5aa0ff"
              transparent
              opacity={0.12}
              side={DoubleSide}
              depthWrite={false}
            />
          </mesh>
          <SectionHandle plane={section} center={center} radius={radius} />
        </group>
      ) : null}
    </group>
  );
}

function OutlineLines({ part }: { part: SectionPart }) {
  const segments = useMemo(() => Array.from(outlineSegments(part.outline)), [part]);
  if (segments.length < 6) return null;
  // A dark edge under the colour: the line reads over the pale models as well as the backdrop.
  return (
    <>
      <Line
        points={segments}
        segments
        color="#0b141c"
        lineWidth={6}
        depthTest={false}
        transparent
        opacity={0.8}
        renderOrder={8}
      />
      <Line
        points={segments}
        segments
        color={part.colour}
        lineWidth={3}
        depthTest={false}
        transparent
        renderOrder={9}
      />
    </>
  );
}
