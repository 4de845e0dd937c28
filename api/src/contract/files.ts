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

/**
 * The files as the lab uploaded them: one model's (`…/models/{modelId}/uploaded`, under the model's
 * original file name) or a whole version's as a zip (`…/versions/{version}/zip`: the files, a
 * `SHA256SUMS` for `sha256sum -c`, and a note naming any file that is not as uploaded). Through a
 * link only while the owner allows downloads (else 403 `downloads_not_allowed`).
 */
export const ownerUploadedParams = z.strictObject({ id: uuidParam, modelId: uuidParam });
export const publicUploadedParams = z.strictObject({
  token: z.string().max(200),
  modelId: z.string().max(100),
});
const versionNumber = z.coerce.number().int().min(1).max(100_000);
export const ownerVersionZipParams = z.strictObject({ id: uuidParam, version: versionNumber });
export const publicVersionZipParams = z.strictObject({
  token: z.string().max(200),
  version: versionNumber,
});
export const ZIP_CONTENT_TYPE = 'application/zip';
/**
 * On a download of files as uploaded: `true` when the bytes are exactly the lab's upload,
 * `false` when they are the stored copy of a model uploaded before Cusp kept uploads (its STL
 * header blanked, a DCM converted) — the zip says `false` when any of its files is such a copy.
 */
export const AS_UPLOADED_HEADER = 'x-cusp-as-uploaded';
/** The zip's checksum file, in the format `sha256sum -c` reads. */
export const SHA256SUMS_NAME = 'SHA256SUMS';

/** `POST /api/dcm/convert` (multipart field `file`): raw DEFLATE of a binary STL minus its header. */
export const DCM_CONVERT_FIELD = 'file';
export const DCM_CONVERT_CONTENT_TYPE = 'application/octet-stream';
