import { MATERIALS, type Material } from '../../../../api/src/domain/materials';
import type { MaterialKey } from '../../../../api/src/domain/project';

/**
 * Materials: keyed by material key, each with a display name, a colour and rendering
 * properties. The local set is the API's own table (`api/src/domain/materials.ts`, what
 * GET /api/materials answers), so the fallback the spec mentions can never drift from the server.
 */

export type { MaterialKey };

/** What the viewer draws with: the table's entry minus what layers set themselves (opacity). */
export type MaterialDef = Pick<
  Material,
  'name' | 'color' | 'roughness' | 'metalness' | 'clearcoat' | 'vertexColors'
>;

/** Unknown material keys render white ("The colour defaults to white when unknown"). */
export const UNKNOWN_COLOR = '#ffffff';

const toDef = ({ name, color, roughness, metalness, clearcoat, vertexColors }: Material) => ({
  name,
  color,
  roughness,
  metalness,
  clearcoat,
  vertexColors,
});

export const DEFAULT_MATERIALS: Readonly<Record<MaterialKey, MaterialDef>> = Object.fromEntries(
  Object.entries(MATERIALS).map(([key, m]) => [key, toDef(m)]),
) as Record<MaterialKey, MaterialDef>;

export type MaterialMap = Readonly<Record<string, MaterialDef>>;

/** The default layer → material mapping, keyed by the model's layer type. */
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

/** sRGB hex → linear RGB, as three's colour management converts a material's colour. */
export function linearOfHex(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.replace('#', ''), 16);
  const toLinear = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return [toLinear((n >> 16) & 255), toLinear((n >> 8) & 255), toLinear(n & 255)];
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
