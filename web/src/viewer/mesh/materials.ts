/**
 * Materials (spec §3): keyed by material key, each with a display name, a colour and rendering
 * properties. The server's GET /api/materials may override name and colour; this local set is the
 * fallback the spec mentions and the source of the rendering properties.
 */

export type MaterialKey =
  'enamel' | 'teeth' | 'gingiva' | 'gypsum' | 'tissue' | 'metal' | 'preop' | 'default' | 'texture';

export interface MaterialDef {
  /** Display name shown in the layers panel. */
  name: string;
  /** CSS hex colour of the surface and of the panel's colour dot. */
  color: string;
  /** PBR roughness 0–1. */
  roughness: number;
  /** PBR metalness 0–1. */
  metalness: number;
  /** Clear-coat strength (desktop only; a glossy layer over enamel). */
  clearcoat: number;
  /** Use the mesh's vertex colours (PLY scans with texture colour). */
  vertexColors: boolean;
}

/** Unknown material keys render white (spec §3: "The colour defaults to white when unknown"). */
export const UNKNOWN_COLOR = '#ffffff';

export const DEFAULT_MATERIALS: Readonly<Record<MaterialKey, MaterialDef>> = {
  enamel: {
    name: 'Enamel',
    color: '#f3eee2',
    roughness: 0.38,
    metalness: 0,
    clearcoat: 0.35,
    vertexColors: false,
  },
  teeth: {
    name: 'Teeth',
    color: '#efe7d6',
    roughness: 0.45,
    metalness: 0,
    clearcoat: 0.2,
    vertexColors: false,
  },
  gingiva: {
    name: 'Gingiva',
    color: '#d98b94',
    roughness: 0.55,
    metalness: 0,
    clearcoat: 0.15,
    vertexColors: false,
  },
  gypsum: {
    name: 'Gypsum',
    color: '#e6e1d3',
    roughness: 0.9,
    metalness: 0,
    clearcoat: 0,
    vertexColors: false,
  },
  tissue: {
    name: 'Soft Tissue',
    color: '#e3a7a2',
    roughness: 0.6,
    metalness: 0,
    clearcoat: 0.1,
    vertexColors: false,
  },
  metal: {
    name: 'Metal',
    color: '#b9bec6',
    roughness: 0.28,
    metalness: 0.85,
    clearcoat: 0,
    vertexColors: false,
  },
  preop: {
    name: 'Pre-op',
    color: '#9cc3e6',
    roughness: 0.5,
    metalness: 0,
    clearcoat: 0,
    vertexColors: false,
  },
  default: {
    name: 'Default',
    color: '#d4d8dc',
    roughness: 0.5,
    metalness: 0,
    clearcoat: 0,
    vertexColors: false,
  },
  texture: {
    name: 'Texture',
    color: '#ffffff',
    roughness: 0.6,
    metalness: 0,
    clearcoat: 0,
    vertexColors: true,
  },
};

export type MaterialMap = Readonly<Record<string, MaterialDef>>;

/** Spec §3 default layer → material mapping, keyed by the model's layer type. */
export const DEFAULT_LAYER_MATERIAL: Readonly<Record<string, MaterialKey>> = {
  teeth: 'enamel',
  tissue: 'gypsum',
  gingiva: 'gingiva',
  metal_abut: 'metal',
};

/**
 * The material key of a layer: its own material when it has one, else the spec's default for its
 * layer type (teeth → enamel, tissue → gypsum, gingiva → gingiva, metal_abut → metal), else none.
 */
export function materialKeyForLayer(
  material: string | null | undefined,
  layerType: string | null | undefined,
): string | undefined {
  const own = material?.trim();
  if (own) return own;
  const type = layerType?.trim().toLowerCase();
  return type ? DEFAULT_LAYER_MATERIAL[type] : undefined;
}

/** Display name of a material key, or 'Unknown' when there is none or it is not known. */
export function materialName(
  key: string | undefined,
  materials: MaterialMap = DEFAULT_MATERIALS,
): string {
  if (!key) return 'Unknown';
  return materials[key]?.name ?? 'Unknown';
}

/** Colour of a material key; white when unknown. */
export function materialColor(
  key: string | undefined,
  materials: MaterialMap = DEFAULT_MATERIALS,
): string {
  if (!key) return UNKNOWN_COLOR;
  return materials[key]?.color ?? UNKNOWN_COLOR;
}

/** Rendering properties of a material key; an unknown key renders like 'default' but white. */
export function materialDef(
  key: string | undefined,
  materials: MaterialMap = DEFAULT_MATERIALS,
): MaterialDef {
  const found = key ? materials[key] : undefined;
  if (found) return found;
  return { ...DEFAULT_MATERIALS.default, name: 'Unknown', color: UNKNOWN_COLOR };
}

const HEX = /^#[0-9a-f]{6}$/i;

/**
 * Merges the server's materials (name and colour per key, as GET /api/materials answers) over the
 * local set. Rendering properties of known keys are kept; unknown keys get the default ones. Bad
 * entries are skipped, never thrown: a material failure must not stop the viewer.
 */
export function mergeMaterials(
  remote: unknown,
  base: MaterialMap = DEFAULT_MATERIALS,
): MaterialMap {
  const out: Record<string, MaterialDef> = { ...base };
  if (!remote || typeof remote !== 'object') return out;
  for (const [key, value] of Object.entries(remote as Record<string, unknown>)) {
    if (!value || typeof value !== 'object') continue;
    const { name, color } = value as { name?: unknown; color?: unknown };
    const prev = out[key] ?? { ...DEFAULT_MATERIALS.default, vertexColors: key === 'texture' };
    out[key] = {
      ...prev,
      name: typeof name === 'string' && name.trim() ? name : prev.name,
      color: typeof color === 'string' && HEX.test(color) ? color.toLowerCase() : prev.color,
    };
  }
  return out;
}
