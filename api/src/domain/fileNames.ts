/**
 * Model file names and the display names made from them, one rule for the create forms
 * and the server. Pure and import-free: the API and the web app both import it.
 */

/** Longest stored file name, in UTF-8 bytes (what file systems and `Content-Disposition` take). */
export const FILE_NAME_MAX_BYTES = 255;

/** Longest model display name, counted like the server's text rule (UTF-16 code units). */
export const MODEL_NAME_MAX_CHARS = 200;

/** The model files Cusp takes. */
export const MODEL_EXTENSIONS = ['stl', 'ply', 'dcm'] as const;
export type ModelExtension = (typeof MODEL_EXTENSIONS)[number];

const MODEL_EXTENSION = /\.(stl|ply|dcm)$/i;
/** Longest ending kept whole when a name is shortened (".stl" and friends, with room to spare). */
const EXTENSION_MAX_CHARS = 16;

const utf8Bytes = (s: string): number => new TextEncoder().encode(s).length;

/**
 * The name without a trailing `.stl`, `.ply` or `.dcm`; any other dot belongs to the name
 * ("Upper scan 2.5mm offset" stays whole).
 */
export function withoutModelExtension(name: string): string {
  return name.replace(MODEL_EXTENSION, '');
}

/** The lower-cased ending after the last dot; '' for none (a leading dot starts no ending). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

export function isModelFileName(name: string): boolean {
  return (MODEL_EXTENSIONS as readonly string[]).includes(extensionOf(name));
}

/** The longest prefix of `text`, in whole code points, that `fits`. */
function cutWhile(text: string, fits: (prefix: string) => boolean): string {
  let out = '';
  for (const ch of text) {
    if (!fits(out + ch)) break;
    out += ch;
  }
  return out;
}

/**
 * A file name of at most 255 UTF-8 bytes: longer names lose characters before their extension,
 * so `…long….stl` stays an STL. Never splits a character.
 */
export function shortenFileName(name: string, maxBytes = FILE_NAME_MAX_BYTES): string {
  if (utf8Bytes(name) <= maxBytes) return name;
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 && name.length - dot <= EXTENSION_MAX_CHARS ? name.slice(dot) : '';
  const room = maxBytes - utf8Bytes(ext);
  const stem = name.slice(0, name.length - ext.length);
  return cutWhile(stem, (prefix) => utf8Bytes(prefix) <= room) + ext;
}

/** The default display name of a file: its name without the model extension, at most 200 characters. */
export function defaultModelName(fileName: string): string {
  return cutWhile(
    withoutModelExtension(fileName),
    (prefix) => prefix.length <= MODEL_NAME_MAX_CHARS,
  ).trim();
}
