/**
 * A forensic scan, as an attacker with a disk image would make it: every regular file under the
 * given roots (sockets, FIFOs and files that vanish mid-scan are skipped), searched byte for byte
 * for each needle. Text needles are searched as UTF-8 and as UTF-16LE.
 */
import { readFileSync, readdirSync, lstatSync } from 'node:fs';
import { join } from 'node:path';

export interface Needle {
  label: string;
  bytes: Buffer;
}

export const textNeedles = (label: string, text: string): Needle[] => [
  { label: `${label} (utf-8)`, bytes: Buffer.from(text, 'utf8') },
  { label: `${label} (utf-16le)`, bytes: Buffer.from(text, 'utf16le') },
];

export interface Hit {
  file: string;
  needle: string;
  offset: number;
}

export interface ScanResult {
  files: number;
  bytes: number;
  hits: Hit[];
}

function* regularFiles(dir: string): Generator<string> {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const p = join(dir, name);
    let s;
    try {
      s = lstatSync(p);
    } catch {
      continue;
    }
    if (s.isDirectory()) yield* regularFiles(p);
    else if (s.isFile()) yield p;
  }
}

export function scanFiles(roots: readonly string[], needles: readonly Needle[]): ScanResult {
  const out: ScanResult = { files: 0, bytes: 0, hits: [] };
  for (const root of roots) {
    for (const file of regularFiles(root)) {
      let bytes: Buffer;
      try {
        bytes = readFileSync(file);
      } catch {
        continue;
      }
      out.files++;
      out.bytes += bytes.length;
      for (const n of needles) {
        const offset = bytes.indexOf(n.bytes);
        if (offset >= 0) out.hits.push({ file, needle: n.label, offset });
      }
    }
  }
  return out;
}

/** The same search over text held in memory (captured logs). */
export function scanText(name: string, text: string, needles: readonly Needle[]): Hit[] {
  const bytes = Buffer.from(text, 'utf8');
  return needles.flatMap((n) => {
    const offset = bytes.indexOf(n.bytes);
    return offset >= 0 ? [{ file: name, needle: n.label, offset }] : [];
  });
}
