import { z } from 'zod';
import { VIEW_LODS } from '../domain/viewLevels.js';
import { uuidParam } from './common.js';

/**
 * Binary answers: the original model files, the viewer's compact derivatives and the DCM
 * conversion. Their bodies are bytes, so the contract names the parameters and content types.
 */

/** A stored model file: `<uuid>.stl` or `<uuid>.ply`. */
export const MODEL_FILENAME =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(stl|ply)$/;

export const ownerFileParams = z.strictObject({ id: uuidParam, filename: z.string().max(200) });
export const publicFileParams = z.strictObject({
  token: z.string().max(200),
  filename: z.string().max(200),
});
export const FILE_CONTENT_TYPE = 'application/octet-stream';

export const ownerViewParams = z.strictObject({ id: uuidParam, modelId: uuidParam });
export const publicViewParams = z.strictObject({
  token: z.string().max(200),
  modelId: z.string().max(100),
});
/**
 * `?lod=coarse` asks for a model's coarse level (models over 50k triangles, `coarse: true` in the
 * model answers); a model without one answers its full level. The level sent is named in the
 * `x-cusp-lod` response header.
 */
export const viewQuery = z.strictObject({ lod: z.enum(VIEW_LODS).default('full') });

/** `POST /api/dcm/convert` (multipart field `file`): raw DEFLATE of a binary STL minus its header. */
export const DCM_CONVERT_FIELD = 'file';
export const DCM_CONVERT_CONTENT_TYPE = 'application/octet-stream';
