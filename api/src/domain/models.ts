import type { SealedField } from './sealed.js';

/** The materials a model can be shown in (the material table's keys). */
export const MATERIAL_KEYS = [
  'enamel',
  'teeth',
  'gingiva',
  'gypsum',
  'tissue',
  'metal',
  'preop',
  'default',
  'texture',
] as const;
export type MaterialKey = (typeof MATERIAL_KEYS)[number];

export type ModelFormat = 'stl' | 'ply';

/** One model file of a project as its events record it. */
export interface ModelRecord {
  id: string;
  /** Server-generated: `<id>.<format>`; the only name that appears in URLs. */
  filename: string;
  /** The uploaded file name, sealed (file names often carry patient names). */
  originalName: SealedField;
  /** Display name (custom name or file name without extension), sealed. */
  name: SealedField;
  size: number;
  type: ModelFormat;
  material: MaterialKey;
  /** Group label shared by the members of a group (e.g. `Teeth`), else null. */
  groupedFrom: string | null;
  /** Members in that group, else null. */
  groupSize: number | null;
  /** BlobStore key of the encrypted file. */
  blobKey: string;
  triangles: number;
  /**
   * SHA-256 of the stored file, as downloaded, sealed with the project's key (field
   * `FILE_SHA256_FIELD`); clear hex in events written before files were sealed (`openFileHash`); absent on
   * models stored before hashing.
   */
  sha256?: string;
  /** SHA-256 of the bytes as uploaded (before the header was blanked or DCM converted), sealed likewise. */
  uploadedSha256?: string;
}

/** The sealed-field names of a model's file hashes. */
export const FILE_SHA256_FIELD = 'fileSha256';
export const UPLOADED_SHA256_FIELD = 'uploadedSha256';

/** A file hash as recorded: clear hex (events from before files were sealed) or sealed. */
export const isClearHash = (v: string): boolean => /^[0-9a-f]{64}$/.test(v);
