import { describe, expect, it } from 'vitest';
import {
  defaultModelName,
  shortenFileName,
  withoutModelExtension,
} from '../../../../api/src/domain/fileNames';

const bytes = (s: string) => Buffer.byteLength(s, 'utf8');

describe('withoutModelExtension', () => {
  it('strips only a real .stl, .ply or .dcm ending', () => {
    expect(withoutModelExtension('Upper scan 2.5mm offset')).toBe('Upper scan 2.5mm offset');
    expect(withoutModelExtension('Crown v1.2')).toBe('Crown v1.2');
    expect(withoutModelExtension('Crown 16.STL')).toBe('Crown 16');
    expect(withoutModelExtension('scan.ply')).toBe('scan');
    expect(withoutModelExtension('example_ca.dcm')).toBe('example_ca');
    expect(withoutModelExtension('archive.stl.zip')).toBe('archive.stl.zip');
  });
});

describe('shortenFileName', () => {
  it('leaves a name of at most 255 bytes alone', () => {
    const name = `${'a'.repeat(251)}.stl`;
    expect(shortenFileName(name)).toBe(name);
  });

  it('shortens a longer name before its extension, to 255 bytes at most', () => {
    const out = shortenFileName(`${'a'.repeat(296)}.stl`);
    expect(out).toBe(`${'a'.repeat(251)}.stl`);
    expect(bytes(out)).toBe(255);
  });

  it('never splits a multi-byte character', () => {
    const out = shortenFileName(`${'é'.repeat(200)}.ply`); // 404 bytes
    expect(out.endsWith('.ply')).toBe(true);
    expect(bytes(out)).toBeLessThanOrEqual(255);
    expect(out).toBe(`${'é'.repeat(125)}.ply`);
    const emoji = shortenFileName(`${'🦷'.repeat(70)}.dcm`); // 4 bytes each
    expect(emoji).toBe(`${'🦷'.repeat(62)}.dcm`);
  });

  it('cuts a name whose "extension" is no extension like any other text', () => {
    const out = shortenFileName(`scan.${'b'.repeat(300)}`);
    expect(bytes(out)).toBe(255);
    expect(out.startsWith('scan.b')).toBe(true);
  });
});

describe('defaultModelName', () => {
  it('is the file name without its extension, at most 200 characters', () => {
    expect(defaultModelName('Upper scan 2.5mm offset.stl')).toBe('Upper scan 2.5mm offset');
    expect(defaultModelName(`${'a'.repeat(251)}.stl`)).toBe('a'.repeat(200));
    expect(defaultModelName(`${'🦷'.repeat(150)}.stl`)).toBe('🦷'.repeat(100));
  });
});
