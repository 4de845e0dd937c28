import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../../../api/src/domain/canonicalJson.js';

describe('canonical JSON (RFC 8785)', () => {
  it('sorts keys at every level by code unit, keeps array order, writes no whitespace', () => {
    const value = { b: [3, { z: 1, a: null }], a: 'x', B: true, é: 1, e: 2 };
    expect(canonicalJson(value)).toBe('{"B":true,"a":"x","b":[3,{"a":null,"z":1}],"e":2,"é":1}');
  });

  it('writes strings and numbers as JSON.stringify does, and leaves undefined members out', () => {
    expect(canonicalJson({ s: 'line\n"quoted" \u2028', n: 1e21, f: 0.1, u: undefined })).toBe(
      '{"f":0.1,"n":1e+21,"s":"line\\n\\"quoted\\" \u2028"}',
    );
  });

  it('gives the same text whatever the order the keys were written in', () => {
    expect(canonicalJson({ x: 1, y: { p: 1, q: 2 } })).toBe(
      canonicalJson({ y: { q: 2, p: 1 }, x: 1 }),
    );
  });

  it('refuses what JSON cannot hold exactly', () => {
    expect(() => canonicalJson({ n: Number.NaN })).toThrow(TypeError);
    expect(() => canonicalJson({ n: Infinity })).toThrow(TypeError);
    expect(() => canonicalJson(() => 1)).toThrow(TypeError);
  });
});
