import type { MaterialKey } from './project.js';

/**
 * The material catalogue: a name, a colour and the rendering properties the
 * viewer hands to three.js `MeshPhysicalMaterial`. Pure data, shared by `GET /api/materials` and
 * the web app's local fallback set (spec: "A local fallback default set exists").
 */
export interface Material {
  name: string;
  /** CSS hex colour; the viewer uses white when a key is unknown. */
  color: string;
  roughness: number;
  metalness: number;
  /** 0–1; below 1 the layer is drawn transparent. */
  opacity: number;
  clearcoat: number;
  /** Sheen-like translucency hint for enamel-like surfaces, 0–1. */
  transmission: number;
  /** Use the file's per-vertex colours (PLY scans with texture colours). */
  vertexColors: boolean;
}

export const MATERIALS: Readonly<Record<MaterialKey, Material>> = {
  enamel: {
    name: 'Enamel',
    color: '#f5f1e6',
    roughness: 0.25,
    metalness: 0,
    opacity: 1,
    clearcoat: 0.6,
    transmission: 0.05,
    vertexColors: false,
  },
  teeth: {
    name: 'Teeth',
    color: '#f2ecdc',
    roughness: 0.35,
    metalness: 0,
    opacity: 1,
    clearcoat: 0.4,
    transmission: 0,
    vertexColors: false,
  },
  gingiva: {
    name: 'Gingiva',
    color: '#d97a7a',
    roughness: 0.55,
    metalness: 0,
    opacity: 1,
    clearcoat: 0.2,
    transmission: 0,
    vertexColors: false,
  },
  gypsum: {
    name: 'Gypsum',
    color: '#e8e3d3',
    roughness: 0.9,
    metalness: 0,
    opacity: 1,
    clearcoat: 0,
    transmission: 0,
    vertexColors: false,
  },
  tissue: {
    name: 'Tissue',
    color: '#e8a1a1',
    roughness: 0.6,
    metalness: 0,
    opacity: 0.85,
    clearcoat: 0.1,
    transmission: 0,
    vertexColors: false,
  },
  metal: {
    name: 'Metal',
    color: '#b8bcc4',
    roughness: 0.25,
    metalness: 0.9,
    opacity: 1,
    clearcoat: 0,
    transmission: 0,
    vertexColors: false,
  },
  preop: {
    name: 'Pre-op',
    color: '#9db8d9',
    roughness: 0.6,
    metalness: 0,
    opacity: 0.6,
    clearcoat: 0,
    transmission: 0,
    vertexColors: false,
  },
  default: {
    name: 'Default',
    color: '#d9d9d9',
    roughness: 0.5,
    metalness: 0,
    opacity: 1,
    clearcoat: 0,
    transmission: 0,
    vertexColors: false,
  },
  texture: {
    name: 'Texture',
    color: '#ffffff',
    roughness: 0.6,
    metalness: 0,
    opacity: 1,
    clearcoat: 0,
    transmission: 0,
    vertexColors: true,
  },
};
