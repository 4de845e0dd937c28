import { beforeAll, describe, expect, it } from 'vitest';
import type { MeshModule, ViewerMesh } from '../../../wasm/src/core.js';
import { MeshError } from '../../../wasm/src/errors.js';
import { loadMeshModule } from '../../../wasm/src/node.js';
import {
  FACE_RGB,
  VARIANT_MESH,
  ascii,
  asciiStlText,
  binaryStlFile,
  concatBytes,
  faceColors,
  faceElement,
  headerBytes,
  plyFile,
  type PlyProp,
  soup,
  vertexElement,
} from './support/meshVariants.js';

let mesh: MeshModule;
beforeAll(async () => {
  mesh = await loadMeshModule();
});

function refusal(bytes: Uint8Array): MeshError {
  try {
    mesh.parseMesh(bytes);
  } catch (e) {
    if (e instanceof MeshError) return e;
    throw e;
  }
  throw new Error('the file was read');
}

const tetraIndices = VARIANT_MESH.faces.flat();
const rgba = [0, 1, 2, 3].flatMap((v) => [...VARIANT_MESH.colors.slice(v * 3, v * 3 + 3), 255]);

function expectTetra(m: ViewerMesh): void {
  if (m.indices) {
    expect([...m.positions]).toEqual(VARIANT_MESH.positions);
    expect([...m.indices]).toEqual(tetraIndices);
  } else expect(m.positions).toEqual(soup());
}

// Rows of the variant table in wasm/README.md (same numbers).
describe('variant table: files read', () => {
  const read: [string, () => Uint8Array, string][] = [
    [
      'P1 ASCII PLY, no colours',
      () => plyFile('ascii', [vertexElement(), faceElement()]),
      'ply-ascii',
    ],
    [
      'P5 ASCII PLY, CRLF line ends',
      () => plyFile('ascii', [vertexElement(), faceElement()], { eol: '\r\n' }),
      'ply-ascii',
    ],
    [
      'P10 binary little-endian PLY',
      () => plyFile('binary_little_endian', [vertexElement(), faceElement()]),
      'ply-binary-le',
    ],
    [
      'P11 binary big-endian PLY',
      () => plyFile('binary_big_endian', [vertexElement(), faceElement()]),
      'ply-binary-be',
    ],
    ['S1 binary STL', () => binaryStlFile(), 'stl-binary'],
    [
      'S2 binary STL whose header starts with "solid"',
      () => binaryStlFile({ header: 'solid exported by CAD' }),
      'stl-binary',
    ],
    ['S3 ASCII STL', () => ascii(asciiStlText()), 'stl-ascii'],
  ];
  for (const [title, make, format] of read) {
    it(`${title}: reads the tetrahedron`, () => {
      const m = mesh.parseMesh(make());
      expect(m.format).toBe(format);
      expectTetra(m);
      expect(m.stats.warnings).toEqual([]);
    });
  }

  it('P2/P3/P12 PLY vertex colours (uchar, float, binary) come out as RGBA8', () => {
    for (const bytes of [
      plyFile('ascii', [vertexElement('uchar'), faceElement()]),
      plyFile('ascii', [vertexElement('float'), faceElement()]),
      plyFile('binary_little_endian', [vertexElement('uchar'), faceElement()]),
      plyFile('binary_big_endian', [vertexElement('float'), faceElement()]),
    ]) {
      const m = mesh.parseMesh(bytes);
      expectTetra(m);
      expect([...m.colors!]).toEqual(rgba);
    }
  });

  it('P4 PLY quads are split into triangles', () => {
    const quad = faceElement([], [[0, 1, 2, 3]]);
    const m = mesh.parseMesh(plyFile('ascii', [vertexElement(), quad]));
    expect([...m.indices!]).toEqual([0, 1, 2, 0, 2, 3]);
  });

  it('P9/P14 PLY per-face colours (uchar, float): corners split, each face in its colour', () => {
    const expected = FACE_RGB.flatMap((c) => [...c, 255, ...c, 255, ...c, 255]);
    for (const kind of ['uchar', 'float'] as const) {
      for (const enc of ['ascii', 'binary_little_endian', 'binary_big_endian'] as const) {
        // Vertex colours too: the face colours win.
        const v = vertexElement(kind);
        const m = mesh.parseMesh(plyFile(enc, [v, faceElement(faceColors(kind))]));
        expect(m.positions).toEqual(soup());
        expect([...m.indices!]).toEqual([...Array(12).keys()]);
        expect([...m.colors!]).toEqual(expected);
        expect(m.normals!.length).toBe(36);
      }
    }
  });

  it('P9 PLY face colours with alpha, after the indices or before them, on polygons', () => {
    const alpha: PlyProp = { name: 'alpha', type: 'uchar', values: [255, 128, 0, 255] };
    const before = {
      name: 'face',
      props: [...faceColors('uchar'), faceElement().props[0]!, alpha],
    };
    const m = mesh.parseMesh(plyFile('ascii', [vertexElement(), before]));
    expect([...m.colors!.subarray(0, 4)]).toEqual([200, 10, 10, 255]);
    expect([...m.colors!.subarray(12, 16)]).toEqual([10, 200, 10, 128]);
    const quad = faceElement(faceColors('uchar', [[200, 10, 10]]), [[0, 1, 2, 3]]);
    const q = mesh.parseMesh(plyFile('binary_little_endian', [vertexElement(), quad]));
    expect([...q.indices!]).toEqual([0, 1, 2, 3, 4, 5]);
    expect([...q.colors!]).toEqual(Array.from({ length: 6 }, () => [200, 10, 10, 255]).flat());
  });

  it('P9 the stored copy of a face-coloured PLY keeps its colours and vertex count', () => {
    const src = plyFile('binary_little_endian', [
      vertexElement(),
      faceElement(faceColors('uchar')),
    ]);
    const r = mesh.validateAndSanitise(src);
    expect(r.stats.vertexCount).toBe(4);
    expect(mesh.parseMesh(r.bytes).colors!.length).toBe(48);
  });

  // Materialise: the object's colour RGBA (0xff, 0x80, 0x40) and a diffuse colour.
  const materialiseHeader = headerBytes(
    'COLOR=',
    [0xff, 0x80, 0x40, 0x10],
    ' MATERIAL=',
    [0x20, 0x40, 0x60, 0xff, 0, 0, 0, 0xff, 0, 0, 0, 0xff],
  );

  it('S6 binary STL with a Materialise COLOR= header: facet colours (R low) or the object colour', () => {
    // bit 15 clear: own colour, 5 bits each, red in the low bits; bit 15 set: the header colour.
    const attributes = [0x001f, 0x03e0, 0x8000, 0x7c00];
    const m = mesh.parseMesh(binaryStlFile({ header: materialiseHeader, attributes }));
    expectTetra(m);
    // The header's alpha (0x10) is not drawn.
    const facet = [
      [255, 0, 0, 255],
      [0, 255, 0, 255],
      [0xff, 0x80, 0x40, 255],
      [0, 0, 255, 255],
    ];
    expect([...m.colors!]).toEqual(facet.flatMap((c) => [...c, ...c, ...c]));
  });

  it('S6 colours of a binary STL streamed over several windows land on their own facets', () => {
    const n = 6000;
    const file = new Uint8Array(84 + 50 * n);
    const dv = new DataView(file.buffer);
    file.set(materialiseHeader);
    dv.setUint32(80, n, true);
    const expected: number[] = [];
    const five = (v: number) => (v << 3) | (v >> 2);
    for (let t = 0; t < n; t++) {
      for (let k = 0; k < 9; k++) dv.setFloat32(84 + t * 50 + 12 + k * 4, (t % 97) + k, true);
      const w = t % 7 === 0 ? 0x8000 : (t * 37) & 0x7fff;
      dv.setUint16(84 + t * 50 + 48, w, true);
      const c =
        w & 0x8000
          ? [0xff, 0x80, 0x40, 255]
          : [five(w & 31), five((w >> 5) & 31), five((w >> 10) & 31), 255];
      expected.push(...c, ...c, ...c);
    }
    const m = mesh.parseMesh(file);
    expect(m.stats.triangleCount).toBe(n);
    expect([...m.colors!]).toEqual(expected);
  });

  it('S6 a Materialise MATERIAL= header alone gives the diffuse colour to facets without one', () => {
    const header = headerBytes('MATERIAL=', [0x20, 0x40, 0x60, 0xff, 1, 2, 3, 4, 5, 6, 7, 8]);
    const m = mesh.parseMesh(binaryStlFile({ header, attributes: [0x8000, 0x8000, 0x8000, 0] }));
    expect([...m.colors!.subarray(0, 4)]).toEqual([0x20, 0x40, 0x60, 255]);
    // Attribute 0 with bit 15 clear is the facet's own colour: black.
    expect([...m.colors!.subarray(36, 40)]).toEqual([0, 0, 0, 255]);
  });

  it('S6 the stored copy keeps COLOR= and MATERIAL= and blanks the rest of the header', () => {
    const header = concatBytes(headerBytes('Jane Doe '), materialiseHeader);
    const r = mesh.validateAndSanitise(binaryStlFile({ header, attributes: [0x001f, 0, 0, 0] }));
    const stored = r.bytes.subarray(0, 80);
    expect(new TextDecoder('latin1').decode(stored)).not.toContain('Jane');
    // The blank between the two keys is blanked too.
    const kept = [...materialiseHeader].map((b, i) => (i === 10 ? 0 : b));
    expect([...stored.subarray(9, 9 + kept.length)]).toEqual(kept);
    expect(stored.subarray(0, 9).every((b) => b === 0)).toBe(true);
    expect([...mesh.parseMesh(r.bytes).colors!.subarray(0, 4)]).toEqual([255, 0, 0, 255]);
  });

  it('S8 binary STL with VisCAM/SolidView facet colours (bit 15 set, blue low); others white', () => {
    const attributes = [0x801f, 0x83e0, 0xfc00, 0x0000];
    const facet = [
      [0, 0, 255, 255],
      [0, 255, 0, 255],
      [255, 0, 0, 255],
      [255, 255, 255, 255],
    ];
    // Also behind a header starting "solid" (binary by the size equation, row S2).
    for (const header of ['exported', 'solid exported by CAD']) {
      const m = mesh.parseMesh(binaryStlFile({ header, attributes }));
      expectTetra(m);
      expect([...m.colors!]).toEqual(facet.flatMap((c) => [...c, ...c, ...c]));
    }
  });

  it('S1 binary STL whose attribute words have bit 15 clear has no colours', () => {
    expect(mesh.parseMesh(binaryStlFile({ attributes: [0, 1, 0x7fff, 0] })).colors).toBeNull();
    expect(mesh.parseMesh(ascii(asciiStlText())).colors).toBeNull();
  });

  it('P16 PLY comment and obj_info lines are dropped from the stored copy', () => {
    const src = plyFile('ascii', [vertexElement(), faceElement()], {
      extraHeader: ['comment Jane Doe 1970-01-01', 'obj_info scanner 12345'],
    });
    const r = mesh.validateAndSanitise(src);
    const stored = new TextDecoder().decode(r.bytes);
    expect(stored).not.toMatch(/Jane|scanner/);
    expectTetra(mesh.parseMesh(r.bytes));
  });
});

describe('regressions of the format variants (each failed before its fix)', () => {
  it('P6 skips a free-text PLY header line without `comment`, warns with its line, stores without it', () => {
    const src = plyFile('ascii', [vertexElement(), faceElement()], {
      extraHeader: ['Jane Doe upper jaw scan'],
    });
    const m = mesh.parseMesh(src);
    expectTetra(m);
    expect(m.stats.warnings).toContain('HEADER_LINE_SKIPPED');
    expect(m.stats.warningDetails).toEqual([
      { code: 'HEADER_LINE_SKIPPED', line: 3, element: 'header', count: 1 },
    ]);
    const stored = new TextDecoder().decode(mesh.validateAndSanitise(src).bytes);
    expect(stored).not.toContain('Jane');
  });

  it('P7 ignores extra values on ASCII PLY face lines and warns once with the first line', () => {
    const src = plyFile('ascii', [vertexElement(), faceElement()], {
      appendToLine: { element: 'face', text: (r) => ` ${r} 255 0` },
    });
    const m = mesh.parseMesh(src);
    expectTetra(m);
    // 9 header lines, 4 vertex lines: the first face is on line 14.
    expect(m.stats.warningDetails).toEqual([
      { code: 'EXTRA_VALUES', line: 14, element: 'face', index: 0, count: 4 },
    ]);
  });

  it('P8 refuses a short ASCII PLY face line naming the face and its line', () => {
    const faces = [
      [0, 2, 1],
      [0, 1, 3],
      [0, 3],
      [1, 2, 3],
    ];
    const text = new TextDecoder()
      .decode(plyFile('ascii', [vertexElement(), faceElement([], faces)]))
      .replace('\n2 0 3\n', '\n3 0.0 3.0\n');
    const e = refusal(ascii(text));
    expect(e.code).toBe('PLY_SYNTAX');
    expect(e.message).toBe('PLY face 2 on line 16: the list says 3 values but the line has 2.');
    expect({ line: e.line, element: e.element, index: e.index }).toEqual({
      line: 16,
      element: 'face',
      index: 2,
    });
  });

  it('P8 refuses a short ASCII PLY vertex line naming the vertex and its line', () => {
    const text = new TextDecoder()
      .decode(plyFile('ascii', [vertexElement(), faceElement()]))
      .replace('\n0 1 0\n', '\n0.000 1.000\n');
    const e = refusal(ascii(text));
    expect(e.code).toBe('PLY_SYNTAX');
    expect(e.message).toBe('PLY vertex 2 on line 12: the line has 2 values where 3 are expected.');
  });

  it('P13 reads binary PLY vertex records that hold a list (variable size)', () => {
    const uv: number[][] = [[0.5, 0.25], [], [1, 0, 0.5], [0.75]];
    const v = vertexElement('uchar', [{ name: 'texcoord', list: ['uchar', 'float'], values: uv }]);
    for (const enc of ['binary_little_endian', 'binary_big_endian'] as const) {
      const m = mesh.parseMesh(plyFile(enc, [v, faceElement()]));
      expectTetra(m);
      expect([...m.colors!]).toEqual(rgba);
    }
  });

  it('S4 reads an ASCII STL holding one control byte as ASCII', () => {
    const withByte = ascii(asciiStlText('part\x01name'));
    const m = mesh.parseMesh(withByte);
    expect(m.format).toBe('stl-ascii');
    expectTetra(m);
    const nulAtEnd = concatBytes(ascii(asciiStlText()), new Uint8Array([0]));
    expect(mesh.parseMesh(nulAtEnd).format).toBe('stl-ascii');
  });

  it('PLY_HEADER names the header line at fault', () => {
    const text = new TextDecoder()
      .decode(plyFile('ascii', [vertexElement(), faceElement()]))
      .replace('element face 4', 'element face');
    const e = refusal(ascii(text));
    expect(e.code).toBe('PLY_HEADER');
    expect(e.line).toBe(7);
    expect(e.message).toBe('PLY header line 7: this header line cannot be read.');
  });

  it('LIST_TOO_LONG names the face and its line (ASCII) or byte offset (binary)', () => {
    const faces = [
      [0, 2, 1],
      [0, 1, 3],
      [0, 3, 2, 1, 0, 2, 1, 0, 3, 2, 1, 0, 2, 1, 0, 3, 2],
    ];
    const a = refusal(plyFile('ascii', [vertexElement(), faceElement([], faces)]));
    expect(a.code).toBe('LIST_TOO_LONG');
    expect(a.message).toBe('PLY face 2 on line 16: the face has 17 corners; 3 to 16 are allowed.');
    const bin = plyFile('binary_little_endian', [vertexElement(), faceElement([], faces)]);
    const b = refusal(bin);
    expect(b.code).toBe('LIST_TOO_LONG');
    // Header, 4 vertices of 12 bytes, two triangles of 13 bytes.
    const headerBytes = bin.length - 4 * 12 - 2 * 13 - (1 + 17 * 4);
    expect(b.offset).toBe(headerBytes + 48 + 26);
    expect(b.message).toBe(
      `PLY face 2 at byte ${headerBytes + 74}: the face has 17 corners; 3 to 16 are allowed.`,
    );
  });

  it('P15 INDEX_OUT_OF_RANGE names the face, the vertex and the byte offset', () => {
    const faces = [
      [0, 2, 1],
      [0, 1, 9],
      [0, 3, 2],
      [1, 2, 3],
    ];
    const bin = plyFile('binary_little_endian', [vertexElement(), faceElement([], faces)]);
    const e = refusal(bin);
    expect(e.code).toBe('INDEX_OUT_OF_RANGE');
    expect(e.element).toBe('face');
    expect(e.index).toBe(1);
    expect(e.message).toMatch(
      /^PLY face 1 at byte \d+: a corner refers to vertex 9 but the file has 4 vertices/,
    );
  });

  it('S5 STL_SYNTAX names the facet and its line', () => {
    const text = asciiStlText().replace('vertex 0 0 1', 'vertex 0 0');
    const e = refusal(ascii(text));
    expect(e.code).toBe('STL_SYNTAX');
    expect(e.element).toBe('facet');
    expect(e.index).toBe(1);
    expect(e.message).toMatch(/^STL facet 1 on line \d+: an unexpected word\.$/);
  });

  it('S7 a truncated binary STL names the count at byte 80', () => {
    const e = refusal(binaryStlFile().subarray(0, 84 + 50 * 3));
    expect(e.code).toBe('STL_TRUNCATED');
    expect(e.offset).toBe(80);
  });

  it('the place survives the worker thread boundary (toJSON / fromJSON)', () => {
    const e = refusal(ascii(asciiStlText().replace('vertex 0 0 1', 'vertex 0 0')));
    const back = MeshError.fromJSON(JSON.parse(JSON.stringify(e.toJSON())));
    expect(back.message).toBe(e.message);
    expect({ line: back.line, element: back.element, index: back.index }).toEqual({
      line: e.line,
      element: e.element,
      index: e.index,
    });
  });
});
