/**
 * The names of a zip's files: the models' own file names, made safe as entries and unique.
 */

// Control characters, and the separators that would make a name a path.
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f/\\]/g;

/** One name safe as a zip entry: no folders, no control characters, never empty, `.` or `..`. */
export function entryName(name: string): string {
  const cleaned = name.normalize('NFC').replace(UNSAFE, '_').trim();
  return cleaned === '' || cleaned === '.' || cleaned === '..' ? 'model' : cleaned;
}

/** `name.ext` → [`name`, `.ext`]; a leading dot starts no ending. */
function splitExtension(name: string): [string, string] {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
}

// Windows and macOS file systems do not tell `Upper.stl` from `upper.stl`.
const fold = (name: string) => name.normalize('NFC').toLowerCase();

/**
 * The names made safe and unique, in order: a repeated name (compared as the lab's file system
 * would, ignoring case) gets ` (2)`, ` (3)`… before its extension, and no name is one of
 * `reserved` (the zip's own files).
 */
export function uniqueNames(names: readonly string[], reserved: readonly string[] = []): string[] {
  const taken = new Set(reserved.map(fold));
  return names.map((raw) => {
    const name = entryName(raw);
    let candidate = name;
    const [stem, ext] = splitExtension(name);
    for (let n = 2; taken.has(fold(candidate)); n++) candidate = `${stem} (${n})${ext}`;
    taken.add(fold(candidate));
    return candidate;
  });
}
