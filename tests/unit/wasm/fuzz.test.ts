import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MeshModule } from '../../../wasm/src/core.js';
import { MeshError } from '../../../wasm/src/errors.js';
import { loadMeshModule } from '../../../wasm/src/node.js';
import { encodeHps, syntheticHpsMesh } from '../../support/hpsEncoder.js';
import {
  TETRA_MESH,
  asciiPly,
  asciiStl,
  binaryPly,
  binaryStl,
  cubeDcm,
  text,
} from '../../int/wasm/support/builders.js';

let mesh: MeshModule;
beforeAll(async () => {
  mesh = await loadMeshModule();
});

function soup(n: number): Float32Array {
  const a = new Float32Array(n * 9);
  for (let i = 0; i < a.length; i++) a[i] = Math.sin(i) * 20;
  return a;
}

const band = syntheticHpsMesh(300, 5);
const SEEDS: Record<string, Uint8Array> = {
  binaryStl: binaryStl(soup(40)),
  asciiStl: text(asciiStl(soup(12))),
  binaryPly: binaryPly(TETRA_MESH),
  binaryPlyBE: binaryPly(TETRA_MESH, { bigEndian: true }),
  asciiPly: asciiPly(TETRA_MESH),
  dcmCube: cubeDcm(),
  dcmBand: encodeHps(band, { facetStream: band.stream, wrap: 64 }),
};

/** Mutations: truncation, bit flips, count edits, spliced bytes. */
function mutation(seed: Uint8Array): fc.Arbitrary<Uint8Array> {
  const truncate = fc.nat(seed.length).map((n) => seed.slice(0, n));
  const flips = fc
    .array(fc.tuple(fc.nat(seed.length - 1), fc.nat(7)), { minLength: 1, maxLength: 8 })
    .map((fl) => {
      const b = seed.slice();
      for (const [i, bit] of fl) b[i] = b[i]! ^ (1 << bit);
      return b;
    });
  const countEdit = fc
    .tuple(
      fc.constantFrom(...countFields(seed)),
      fc.oneof(fc.nat(), fc.constantFrom(0, 1, 0xffffffff, 2 ** 31)),
    )
    .map(([[at, len, textual], v]) => {
      if (!textual) {
        const b = seed.slice();
        new DataView(b.buffer).setUint32(at, v >>> 0, true);
        return b;
      }
      const s = String(v);
      const out = new Uint8Array(seed.length - len + s.length);
      out.set(seed.subarray(0, at));
      out.set(text(s), at);
      out.set(seed.subarray(at + len), at + s.length);
      return out;
    });
  const splice = fc
    .tuple(fc.nat(seed.length), fc.uint8Array({ minLength: 1, maxLength: 16 }))
    .map(([at, junk]) => {
      const out = new Uint8Array(seed.length + junk.length);
      out.set(seed.subarray(0, at));
      out.set(junk, at);
      out.set(seed.subarray(at), at + junk.length);
      return out;
    });
  return fc.oneof(truncate, flips, countEdit, splice);
}

/** [offset, length, textual] of count fields: STL u32 at 80, decimal numbers in headers/XML. */
function countFields(seed: Uint8Array): [number, number, boolean][] {
  const s = new TextDecoder('latin1').decode(seed.subarray(0, Math.min(seed.length, 4096)));
  const out: [number, number, boolean][] = [];
  const re = /(?:element \w+ |_count="|_bytes="|list (?:\w+ ){2})?(\d+)/g;
  for (const m of s.matchAll(re)) {
    if (m[0].length > m[1]!.length && m.index !== undefined) {
      out.push([m.index + m[0].length - m[1]!.length, m[1]!.length, true]);
    }
  }
  if (seed.length >= 84) out.push([80, 4, false]);
  return out.length ? out : [[0, 0, true]];
}

type Op = 'sanitise' | 'parse' | 'decodeDcm';

function attempt(op: Op, bytes: Uint8Array): void {
  if (op === 'sanitise') mesh.validateAndSanitise(bytes);
  else if (op === 'parse') mesh.parseMesh(bytes);
  else mesh.decodeDcm(bytes);
}

describe('mesh module under fuzzing', () => {
  for (const [name, seed] of Object.entries(SEEDS)) {
    for (const op of ['sanitise', 'parse', 'decodeDcm'] as Op[]) {
      if (op === 'decodeDcm' && !name.startsWith('dcm')) continue;
      it(`${op} of mutated ${name} returns a result or a typed error, never hangs, stays within 16× the input`, () => {
        fc.assert(
          fc.property(mutation(seed), (bytes) => {
            const t0 = performance.now();
            try {
              attempt(op, bytes);
            } catch (e) {
              expect(e).toBeInstanceOf(MeshError);
              expect((e as MeshError).code).not.toBe('INTERNAL_ERROR');
            }
            // A hang guard, not a speed test: seeds are tiny, so seconds mean a runaway loop.
            expect(performance.now() - t0).toBeLessThan(5_000);
            expect(mesh.lastPeakBytes).toBeLessThanOrEqual(16 * bytes.length + 64 * 1024);
          }),
          { numRuns: 250 },
        );
      });
    }
  }

  it('keeps realistic files under 4× their size (the memory bound of the mesh module)', () => {
    for (const bytes of [SEEDS.binaryStl!, SEEDS.binaryPly!, SEEDS.asciiStl!]) {
      mesh.validateAndSanitise(bytes);
      expect(mesh.lastPeakBytes).toBeLessThanOrEqual(4 * bytes.length + 4096);
    }
    const dcm = SEEDS.dcmBand!;
    mesh.decodeDcm(dcm);
    expect(mesh.lastPeakBytes).toBeLessThanOrEqual(4 * dcm.length + 4096);
    // Conversion adds its output (the STL) on top.
    const { stl } = mesh.convertDcmToStl(dcm);
    expect(mesh.lastPeakBytes).toBeLessThanOrEqual(4 * dcm.length + stl.length + 4096);
  });

  it('never traps on arbitrary bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 2048 }), (bytes) => {
        try {
          mesh.parseMesh(bytes);
        } catch (e) {
          expect((e as MeshError).code).not.toBe('INTERNAL_ERROR');
        }
      }),
      { numRuns: 1000 },
    );
  });
});
