import type { MaterialsAnswer } from './contract';
import { api } from './client';
import { paths } from './paths';

/** The server's material table (open: the viewer's public mode needs it). */
export const fetchMaterials = (signal?: AbortSignal) =>
  api.get<MaterialsAnswer>(paths.materials, { auth: false, signal });
