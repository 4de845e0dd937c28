/**
 * The three.js classes the viewer's JSX may name (`<mesh>`, `<directionalLight>`…). R3F's
 * `<Canvas>` would register the whole THREE namespace, which keeps every class of three in the
 * viewer's chunk; the build drops that call (web/vite.config.ts, `r3fCatalogue`) and the viewer
 * registers only these, so three tree-shakes to what is really used. A new intrinsic element in the
 * viewer's scene needs its class here (tests/unit/web/viewer/scene/threeCatalogue.test.ts checks every JSX
 * element under src/viewer against this list). `<primitive>` needs no entry.
 */
import { extend } from '@react-three/fiber';
import {
  DirectionalLight,
  Group,
  HemisphereLight,
  Mesh,
  PlaneGeometry,
  SphereGeometry,
} from 'three';

export const THREE_CATALOGUE = {
  DirectionalLight,
  Group,
  HemisphereLight,
  Mesh,
  PlaneGeometry,
  SphereGeometry,
};

extend(THREE_CATALOGUE);
