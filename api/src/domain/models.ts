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
  /**
   * The file's exact size in bytes (as stored and downloaded), sealed with the project's key
   * (field `FILE_SIZE_FIELD`, `sealedCountText`); a clear number in events written before sizes
   * were sealed. Read it with `countOf`.
   */
  size: number | SealedField;
  /**
   * The size rounded up to whole MiB, at least 1 (`storageMiB`): the one size left in clear, which
   * the read models sum; absent on events written before sizes were sealed (`storageMiBOf`).
   */
  storageMiB?: number;
  type: ModelFormat;
  material: MaterialKey;
  /** Group label shared by the members of a group (e.g. `Teeth`), else null. */
  groupedFrom: string | null;
  /** Members in that group, else null. */
  groupSize: number | null;
  /** BlobStore key of the encrypted file. */
  blobKey: string;
  /** Triangle count, sealed like `size` (field `TRIANGLES_FIELD`); clear in older events. */
  triangles: number | SealedField;
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

/**
 * A model as new events record it: size and triangle count sealed, the coarse size in clear. A
 * size, with a candidate file, would confirm the file was in the case (and a binary STL's size
 * gives its triangle count), so neither outlives the project's key.
 */
export type SealedModelRecord = ModelRecord & {
  size: SealedField;
  triangles: SealedField;
  storageMiB: number;
};

/** The sealed-field names of a model's exact size and triangle count. */
export const FILE_SIZE_FIELD = 'fileSize';
export const TRIANGLES_FIELD = 'triangleCount';

export const MIB = 1_048_576;

/** Bytes rounded up to whole MiB, at least 1: the coarse size kept in clear. */
export const storageMiB = (bytes: number): number => Math.max(1, Math.ceil(bytes / MIB));

/** A model's coarse size in MiB: as recorded, or from the clear size of an older event. */
export function storageMiBOf(m: Pick<ModelRecord, 'size' | 'storageMiB'>): number {
  if (m.storageMiB !== undefined) return m.storageMiB;
  return typeof m.size === 'number' ? storageMiB(m.size) : 1;
}

/**
 * The bytes models add to a storage figure of the read models: each one's size rounded up to
 * whole MiB, the only size events keep in clear.
 */
export const coarseStorageBytes = (models: readonly Pick<ModelRecord, 'size' | 'storageMiB'>[]) =>
  models.reduce((s, m) => s + storageMiBOf(m) * MIB, 0);

/**
 * The text a count is sealed as: 16 digits, zero-padded, so the sealed field's length (AES-GCM
 * keeps it) does not tell how many digits the count has.
 */
export const sealedCountText = (n: number): string => String(n).padStart(16, '0');

/**
 * A count as recorded: a clear number of an older event (or its decimal text in a read-model
 * column) rather than a sealed field.
 */
export const isClearCount = (v: number | string): boolean =>
  typeof v === 'number' || /^\d+$/.test(v);

/** A recorded count as a number: a clear one as it is, a sealed one opened by `open`. */
export function countOf(v: number | string, open: (sealed: string) => string): number {
  return typeof v === 'number' ? v : Number(isClearCount(v) ? v : open(v));
}
