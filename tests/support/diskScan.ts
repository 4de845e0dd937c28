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

/**
 * A number as PostgreSQL stores it inside a jsonb value, so a scan finds the numbers of events
 * (`"size":123456` is text only until it is stored): jsonb keeps the parser's numeric datum
 * whole — a 4-byte varlena header, then the short numeric header (sign, display scale, weight
 * in base-10000 digits) and the base-10000 digits as little-endian int16, leading and trailing
 * zero digits dropped. `text` as JSON writes the number (`220534`, `-2.25`).
 */
export function jsonbNumeric(text: string): Buffer {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) throw new Error(`not a plain decimal: ${text}`);
  const negative = m[1] === '-';
  const whole = m[2]!.replace(/^0+/, '');
  const fraction = m[3] ?? '';
  const groups = (s: string) => (s.match(/\d{4}/g) ?? []).map(Number);
  const digits = [
    ...groups(whole.padStart(Math.ceil(whole.length / 4) * 4, '0')),
    ...groups(fraction.padEnd(Math.ceil(fraction.length / 4) * 4, '0')),
  ];
  let weight = Math.ceil(whole.length / 4) - 1;
  while (digits[0] === 0) {
    digits.shift();
    weight--;
  }
  while (digits.length > 0 && digits[digits.length - 1] === 0) digits.pop();
  if (digits.length === 0) throw new Error('zero has no digits to look for');
  const header =
    0x8000 |
    (negative ? 0x2000 : 0) |
    (fraction.length << 7) |
    (weight < 0 ? 0x40 : 0) |
    (weight & 0x3f);
  const out = Buffer.alloc(6 + 2 * digits.length);
  out.writeUInt32LE(out.length << 2, 0);
  out.writeUInt16LE(header, 4);
  digits.forEach((d, i) => out.writeInt16LE(d, 6 + 2 * i));
  return out;
}

/** A number as an event holds it: JSON text (a log, a copy) and the jsonb datum on disk. */
export const numberNeedles = (label: string, text: string, key?: string): Needle[] => [
  ...textNeedles(label, key ? `"${key}":${text}` : text),
  { label: `${label} (jsonb numeric)`, bytes: jsonbNumeric(text) },
];
