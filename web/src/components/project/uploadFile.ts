import {
  defaultModelName,
  extensionOf,
  shortenFileName,
} from '../../../../api/src/domain/fileNames';

/** One file in a create form's list. */
export interface UploadFile {
  key: number;
  /** What is sent: the original, or the STL converted from a DCM. */
  file: File | null;
  /** The file name as sent (at most 255 UTF-8 bytes, extension kept). */
  originalName: string;
  format: 'stl' | 'ply';
  converting: boolean;
  material: string;
  customName: string;
  teeth: boolean;
}

/**
 * A chosen file as the form keeps it: an over-long name shortened before its extension (the
 * server takes at most 255 bytes), PLY on the texture material, a DCM waiting to be converted.
 */
export function toUploadFile(f: File, key: number, defaultMaterial: string): UploadFile {
  const ext = extensionOf(f.name);
  const name = shortenFileName(f.name);
  const file = name === f.name ? f : new File([f], name, { type: f.type });
  return {
    key,
    file: ext === 'dcm' ? null : file,
    originalName: name,
    format: ext === 'ply' ? 'ply' : 'stl',
    converting: ext === 'dcm',
    material: ext === 'ply' ? 'texture' : defaultMaterial,
    customName: defaultModelName(name),
    teeth: false,
  };
}
