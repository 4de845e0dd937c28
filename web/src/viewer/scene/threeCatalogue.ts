/**
 * The three.js classes the viewer's JSX may name (`<mesh>`, `<directionalLight>`…), its own and
 * that of the drei components its tools and review layers use (view cube, pivot controls, `Html`).
 * R3F's `<Canvas>` would register the whole THREE namespace, which keeps every class of three in
 * the viewer's chunk; the build drops that call (web/vite.config.ts, `r3fCatalogue`) and the viewer
 * registers only these, so three tree-shakes to what is really used. A new intrinsic element needs
 * its class here (tests/unit/web/viewer/scene/threeCatalogue.test.ts checks every JSX element
 * under src/viewer, and inside the drei components it imports, against this list). `<primitive>`
 * needs no entry.
 */
import { extend } from '@react-three/fiber';
import {
  BoxGeometry,
  ConeGeometry,
  CylinderGeometry,
  DirectionalLight,
  Group,
  HemisphereLight,
  Mesh,
  MeshBasicMaterial,
  OrthographicCamera,
  PlaneGeometry,
  ShaderMaterial,
  SphereGeometry,
} from 'three';

export const THREE_CATALOGUE = {
  BoxGeometry,
  ConeGeometry,
  CylinderGeometry,
  DirectionalLight,
  Group,
  HemisphereLight,
  Mesh,
  MeshBasicMaterial,
  OrthographicCamera,
  PlaneGeometry,
  ShaderMaterial,
  SphereGeometry,
};

extend(THREE_CATALOGUE);
