import { z } from 'zod';
import { MATERIAL_KEYS } from '../domain/project.js';

/** `GET /api/materials`: the material table keyed by material key (domain/materials.ts). */

export const material = z.strictObject({
  name: z.string(),
  color: z.string().regex(/^#[0-9a-f]{6}$/i),
  roughness: z.number().min(0).max(1),
  metalness: z.number().min(0).max(1),
  opacity: z.number().min(0).max(1),
  clearcoat: z.number().min(0).max(1),
  transmission: z.number().min(0).max(1),
  vertexColors: z.boolean(),
});
export type MaterialAnswer = z.infer<typeof material>;

// An object with every key listed (not a record): its JSON Schema then names each property.
export const materialsAnswer = z.strictObject(
  Object.fromEntries(MATERIAL_KEYS.map((key) => [key, material])) as Record<
    (typeof MATERIAL_KEYS)[number],
    typeof material
  >,
);
export type MaterialsAnswer = z.infer<typeof materialsAnswer>;
