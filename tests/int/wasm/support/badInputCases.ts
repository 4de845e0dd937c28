/**
 * Bad-input cases for the mesh module, as data shared by the Node tests and
 * the Chromium test (browser-safe). Each case names its row; `expect` is an error code or 'ok'.
 */
import type { MeshErrorCode } from '../../../../wasm/src/errors.js';
import type { MeshKind } from '../../../../wasm/src/core.js';
import {
  CUBE,
  TETRA,
  TETRA_MESH,
  asciiPly,
  asciiStl,
  binaryPly,
  binaryStl,
  concat,
  cubeDcm,
  edit,
  plyHeader,
  text,
} from './builders.js';
import { encodeHps } from '../../../support/hpsEncoder.js';

export type CaseOp = 'sanitise' | 'parse' | 'convertDcm';

export interface BadInputCase {
  row: number;
  title: string;
  op: CaseOp;
  expect: MeshErrorCode | 'ok';
  /** Alternatives accepted by the row's wording (e.g. "non-finite or out-of-range"). */
  alsoAccept?: MeshErrorCode[];
  /** Extension-derived kind passed to validateAndSanitise. */
  kind?: MeshKind;
  /** Large inputs (tens of MB): skipped in the browser run. */
  heavy?: boolean;
  make(): Uint8Array;
}

const ZIP = new Uint8Array([
  0x50,
  0x4b,
  0x03,
  0x04,
  20,
  0,
  0,
  0,
  8,
  0,
  ...new Array<number>(40).fill(0),
]);
const GZIP = new Uint8Array([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3, ...new Array<number>(40).fill(7)]);
const PNG = new Uint8Array([
  0x89,
  0x50,
  0x4e,
  0x47,
  0x0d,
  0x0a,
  0x1a,
  0x0a,
  ...new Array<number>(120).fill(1),
]);
const ELF = new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, ...new Array<number>(120).fill(0)]);

function deepXml(depth: number): Uint8Array {
  return text('<HPS version="1.1">' + '<a>'.repeat(depth) + '</a>'.repeat(depth) + '</HPS>');
}

function bigVertexDcm(vertexCount: number): Uint8Array {
  const vertices = new Float32Array(vertexCount * 3);
  for (let i = 0; i < vertices.length; i++) vertices[i] = (i % 1000) * 0.01;
  return encodeHps({ vertices, faces: new Uint32Array([0, 1, 2]) }, { schema: 'CA' });
}

export const BAD_INPUT_CASES: BadInputCase[] = [
  {
    row: 1,
    title: '0-byte file',
    op: 'sanitise',
    expect: 'EMPTY_FILE',
    make: () => new Uint8Array(0),
  },
  {
    row: 2,
    title: 'binary STL whose count says 1,000,000 triangles but holds 10',
    op: 'sanitise',
    expect: 'STL_TRUNCATED',
    make: () => binaryStl(TETRA, { count: 1_000_000, records: 10 }),
  },
  {
    row: 3,
    title: 'binary STL with N = 0xFFFFFFFF in a 100-byte file',
    op: 'sanitise',
    expect: 'STL_TRUNCATED',
    make: () => {
      const b = new Uint8Array(100);
      new DataView(b.buffer).setUint32(80, 0xffffffff, true);
      return b;
    },
  },
  {
    row: 4,
    title: 'binary STL whose header starts with "solid " is accepted as binary',
    op: 'sanitise',
    expect: 'ok',
    make: () => binaryStl(TETRA, { header: 'solid exported by CAD for Jane Doe' }),
  },
  {
    row: 5,
    title: 'ASCII STL with vertex NaN inf -inf',
    op: 'sanitise',
    expect: 'NON_FINITE_COORDINATE',
    make: () => text(asciiStl(TETRA).replace(/vertex 0 0 0/, 'vertex NaN inf -inf')),
  },
  {
    row: 5,
    title: 'ASCII STL with a 1e400 coordinate',
    op: 'sanitise',
    expect: 'NON_FINITE_COORDINATE',
    make: () => text(asciiStl(TETRA).replace(/vertex 0 0 0/, 'vertex 1e400 0 0')),
  },
  {
    row: 6,
    title: 'binary STL with a NaN bit pattern (0x7FC00000)',
    op: 'sanitise',
    expect: 'NON_FINITE_COORDINATE',
    make: () => {
      const b = binaryStl(TETRA);
      new DataView(b.buffer).setUint32(84 + 50 + 16, 0x7fc00000, true);
      return b;
    },
  },
  {
    row: 6,
    title: 'binary STL with an infinity bit pattern (0x7F800000)',
    op: 'parse',
    expect: 'NON_FINITE_COORDINATE',
    make: () => {
      const b = binaryStl(TETRA);
      new DataView(b.buffer).setUint32(84 + 3 * 50 + 44, 0x7f800000, true);
      return b;
    },
  },
  {
    row: 7,
    title: 'ASCII STL facet with 2 vertices',
    op: 'sanitise',
    expect: 'STL_SYNTAX',
    make: () => text(asciiStl(TETRA).replace(/ {3}vertex 1 0 0\n/, '')),
  },
  {
    row: 7,
    title: 'ASCII STL facet with 4 vertices',
    op: 'sanitise',
    expect: 'STL_SYNTAX',
    make: () => text(asciiStl(TETRA).replace(/( {3}vertex 1 0 0\n)/, '$1$1')),
  },
  {
    row: 7,
    title: 'ASCII STL missing endloop',
    op: 'sanitise',
    expect: 'STL_SYNTAX',
    make: () => text(asciiStl(TETRA).replace('  endloop\n', '')),
  },
  {
    row: 7,
    title: 'ASCII STL missing endsolid',
    op: 'sanitise',
    expect: 'STL_SYNTAX',
    make: () => text(asciiStl(TETRA).replace(/endsolid part\n$/, '')),
  },
  {
    row: 8,
    title: 'ASCII STL with a 100 MB line and no newline',
    op: 'sanitise',
    expect: 'LINE_TOO_LONG',
    heavy: true,
    make: () => {
      const b = new Uint8Array(100 * 1024 * 1024).fill(0x61);
      b.set(text('solid x\nfacet normal '));
      return b;
    },
  },
  {
    row: 8,
    title: 'ASCII STL with a 2 KiB line',
    op: 'sanitise',
    expect: 'LINE_TOO_LONG',
    make: () => text('solid x\nfacet normal ' + '1'.repeat(2048) + ' 0 0\n'),
  },
  {
    row: 9,
    title: '50 MB of whitespace, zero facets',
    op: 'sanitise',
    expect: 'NO_GEOMETRY',
    heavy: true,
    make: () => new Uint8Array(50 * 1024 * 1024).fill(0x20),
  },
  {
    row: 9,
    title: 'an ASCII STL solid with only whitespace inside',
    op: 'sanitise',
    expect: 'NO_GEOMETRY',
    make: () => text('solid empty\n' + ' \n'.repeat(10000) + 'endsolid empty\n'),
  },
  {
    row: 10,
    title: 'one triangle with identical vertices at 1e30 is accepted',
    op: 'parse',
    expect: 'ok',
    make: () => binaryStl(new Float32Array(9).fill(1e30)),
  },
  {
    row: 12,
    title: 'ASCII STL with several solid blocks is merged',
    op: 'parse',
    expect: 'ok',
    make: () => text(asciiStl(TETRA, 'a') + asciiStl(TETRA, 'b')),
  },
  {
    row: 13,
    title: 'PLY element vertex 4294967295 with a tiny body',
    op: 'sanitise',
    expect: 'DECLARED_COUNT_MISMATCH',
    make: () => concat(text(plyHeader('binary_little_endian', 4294967295, 1)), new Uint8Array(64)),
  },
  {
    row: 14,
    title: 'PLY element face 10 with 5 faces in the body',
    op: 'sanitise',
    expect: 'DECLARED_COUNT_MISMATCH',
    make: () => {
      const m = { positions: TETRA_MESH.positions, faces: [...TETRA_MESH.faces, [0, 1, 2]] };
      return edit(binaryPly(m), 'element face 5', 'element face 10');
    },
  },
  {
    row: 14,
    title: 'ASCII PLY element face 10 with 4 faces in the body',
    op: 'sanitise',
    expect: 'DECLARED_COUNT_MISMATCH',
    make: () => edit(asciiPly(TETRA_MESH), 'element face 4', 'element face 10'),
  },
  {
    row: 15,
    title: 'PLY list uint uint vertex_indices with list length 2^32-1',
    op: 'sanitise',
    expect: 'LIST_TOO_LONG',
    make: () => binaryPly(TETRA_MESH, { listType: 'uint uint', listLength: 0xffffffff }),
  },
  {
    row: 15,
    title: 'PLY face list length 255',
    op: 'sanitise',
    expect: 'LIST_TOO_LONG',
    make: () => binaryPly(TETRA_MESH, { listLength: 255 }),
  },
  {
    row: 16,
    title: 'PLY face index equal to the vertex count',
    op: 'sanitise',
    expect: 'INDEX_OUT_OF_RANGE',
    make: () => binaryPly({ ...TETRA_MESH, faces: [[0, 1, 4], ...TETRA_MESH.faces] }),
  },
  {
    row: 16,
    title: 'PLY negative face index',
    op: 'sanitise',
    expect: 'INDEX_OUT_OF_RANGE',
    make: () => asciiPly({ ...TETRA_MESH, faces: [[0, -1, 2], ...TETRA_MESH.faces] }),
  },
  {
    row: 17,
    title: 'PLY declared binary_little_endian holding big-endian data',
    op: 'sanitise',
    expect: 'INDEX_OUT_OF_RANGE',
    alsoAccept: ['NON_FINITE_COORDINATE'],
    make: () => binaryPly(TETRA_MESH, { bigEndian: true, declaredBigEndian: false }),
  },
  {
    row: 18,
    title: 'PLY header with CRLF line ends and a binary body is accepted',
    op: 'sanitise',
    expect: 'ok',
    make: () => binaryPly(TETRA_MESH, { eol: '\r\n' }),
  },
  {
    row: 19,
    title: 'PLY without end_header in the first 64 KiB',
    op: 'sanitise',
    expect: 'PLY_HEADER',
    make: () => text('ply\nformat ascii 1.0\n' + 'comment padding padding padding\n'.repeat(3000)),
  },
  {
    row: 19,
    title: 'PLY header only (no end_header, no body)',
    op: 'sanitise',
    expect: 'PLY_HEADER',
    make: () => text('ply\nformat binary_little_endian 1.0\nelement vertex 3\nproperty float x\n'),
  },
  {
    row: 20,
    title: 'PLY with comment and obj_info lines is accepted and served without them',
    op: 'sanitise',
    expect: 'ok',
    make: () =>
      binaryPly(TETRA_MESH, { extra: ['comment Patient: Jane Doe', 'obj_info born 1970-01-01'] }),
  },
  {
    row: 21,
    title: 'PLY with an unknown property type',
    op: 'sanitise',
    expect: 'PLY_UNSUPPORTED',
    make: () => edit(asciiPly(TETRA_MESH), 'property float z', 'property foo z'),
  },
  {
    row: 21,
    title: 'PLY format ascii 2.0',
    op: 'sanitise',
    expect: 'PLY_UNSUPPORTED',
    make: () => edit(asciiPly(TETRA_MESH), 'format ascii 1.0', 'format ascii 2.0'),
  },
  {
    row: 22,
    title: 'DCM with a DOCTYPE and entity declarations',
    op: 'convertDcm',
    expect: 'XML_DTD_FORBIDDEN',
    make: () =>
      text(
        '<?xml version="1.0"?><!DOCTYPE HPS [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;&a;">]><HPS>&b;</HPS>',
      ),
  },
  {
    row: 25,
    title: 'XML nesting depth 100,000',
    op: 'convertDcm',
    expect: 'XML_TOO_DEEP',
    make: () => deepXml(100_000),
  },
  {
    row: 26,
    title: 'DCM with <Schema>CE</Schema>',
    op: 'convertDcm',
    expect: 'DCM_ENCRYPTED_UNSUPPORTED',
    make: () => cubeDcm({ schema: 'CE' }),
  },
  {
    row: 27,
    title: 'vertex_count="1000000000" with a short base64 payload',
    op: 'convertDcm',
    expect: 'DECLARED_COUNT_MISMATCH',
    make: () => cubeDcm({ vertexCount: 1_000_000_000 }),
  },
  {
    row: 28,
    title: 'base64_encoded_bytes not equal to the decoded length',
    op: 'convertDcm',
    expect: 'DECLARED_COUNT_MISMATCH',
    make: () => cubeDcm({ facetBytes: 19 }),
  },
  {
    row: 29,
    title: 'base64 with a $ character',
    op: 'convertDcm',
    expect: 'BAD_BASE64',
    make: () => edit(cubeDcm(), '>AAAA', '>AA$A'),
  },
  {
    row: 29,
    title: 'base64 with an embedded =',
    op: 'convertDcm',
    expect: 'BAD_BASE64',
    make: () => edit(cubeDcm(), '>AAAA', '>AA=A'),
  },
  {
    row: 29,
    title: 'base64 with a non-XML space character (U+00A0)',
    op: 'convertDcm',
    expect: 'BAD_BASE64',
    make: () => edit(cubeDcm(), '>AAAA', '>AA\u00a0AA'),
  },
  {
    row: 29,
    title: 'base64 whose length is not a multiple of 4',
    op: 'convertDcm',
    expect: 'BAD_BASE64',
    make: () => edit(cubeDcm(), '>AAAA', '>AAA'),
  },
  {
    row: 29,
    title: 'base64 wrapped with XML whitespace (CR, LF, tab, space) is accepted',
    op: 'convertDcm',
    expect: 'ok',
    make: () =>
      edit(cubeDcm({ wrap: 16, crlf: true }), 'vertex_count="8">', 'vertex_count="8">\t '),
  },
  {
    row: 30,
    title: 'a 3M-vertex DCM (48 MB of base64) is accepted within the caps',
    op: 'convertDcm',
    expect: 'ok',
    heavy: true,
    make: () => bigVertexDcm(3_000_000),
  },
  {
    row: 30,
    title: 'a DCM above the 5M vertex cap',
    op: 'convertDcm',
    expect: 'MESH_TOO_LARGE',
    heavy: true,
    make: () => bigVertexDcm(5_000_001),
  },
  {
    row: 31,
    title: 'DCM facet indices beyond vertex_count',
    op: 'convertDcm',
    expect: 'INDEX_OUT_OF_RANGE',
    make: () =>
      encodeHps({ vertices: CUBE.vertices, faces: new Uint32Array([0, 1, 8]) }, { schema: 'CC' }),
  },
  {
    row: 32,
    title: 'UTF-16 XML with a BOM',
    op: 'convertDcm',
    expect: 'XML_ENCODING',
    make: () => {
      const s = '<?xml version="1.0" encoding="UTF-16"?><HPS></HPS>';
      const b = new Uint8Array(2 + s.length * 2);
      b[0] = 0xff;
      b[1] = 0xfe;
      for (let i = 0; i < s.length; i++) b[2 + i * 2] = s.charCodeAt(i);
      return b;
    },
  },
  {
    row: 32,
    title: 'invalid UTF-8 bytes outside the mesh elements are tolerated',
    op: 'convertDcm',
    expect: 'ok',
    make: () => edit(cubeDcm(), 'test', new Uint8Array([0xff, 0xfe, 0xc3, 0x28])),
  },
  {
    row: 33,
    title: '.dcm that is really a ZIP',
    op: 'convertDcm',
    expect: 'CONTENT_MISMATCH',
    make: () => ZIP,
  },
  {
    row: 33,
    title: '.dcm that is really gzip',
    op: 'convertDcm',
    expect: 'CONTENT_MISMATCH',
    make: () => GZIP,
  },
  {
    row: 35,
    title: '.stl that is a PNG',
    op: 'sanitise',
    kind: 'stl',
    expect: 'CONTENT_MISMATCH',
    make: () => PNG,
  },
  {
    row: 35,
    title: '.stl that is a PDF',
    op: 'sanitise',
    kind: 'stl',
    expect: 'CONTENT_MISMATCH',
    make: () => text('%PDF-1.7\n' + 'x'.repeat(200)),
  },
  {
    row: 35,
    title: '.stl that is an ELF program',
    op: 'sanitise',
    kind: 'stl',
    expect: 'CONTENT_MISMATCH',
    make: () => ELF,
  },
  {
    row: 35,
    title: '.stl that is HTML',
    op: 'sanitise',
    kind: 'stl',
    expect: 'CONTENT_MISMATCH',
    make: () => text('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>'),
  },
  {
    row: 35,
    title: '.stl that is SVG',
    op: 'sanitise',
    kind: 'stl',
    expect: 'CONTENT_MISMATCH',
    make: () => text('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>'),
  },
  {
    row: 35,
    title: '.ply that contains an STL',
    op: 'sanitise',
    kind: 'ply',
    expect: 'CONTENT_MISMATCH',
    make: () => binaryStl(TETRA),
  },
];
