/** Small byte builders for STL, PLY and DCM inputs (browser-safe: no Node imports). */
import { encodeHps, type HpsEncodeOptions } from '../../../support/hpsEncoder.js';

const enc = new TextEncoder();
export const text = (s: string): Uint8Array => enc.encode(s);

export function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

/** A unit tetrahedron as a triangle soup (4 triangles). */
export const TETRA = new Float32Array([
  0, 0, 0, 0, 1, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 1, 0, 1, 0, 0, 0, 1, 0,
  0, 0, 1,
]);

export function binaryStl(
  soup: Float32Array,
  opts: { header?: string; count?: number; trailing?: number; records?: number } = {},
): Uint8Array {
  const n = soup.length / 9;
  const records = opts.records ?? n;
  const out = new Uint8Array(84 + 50 * records + (opts.trailing ?? 0));
  const dv = new DataView(out.buffer);
  if (opts.header) out.set(text(opts.header).subarray(0, 80));
  dv.setUint32(80, opts.count ?? n, true);
  for (let t = 0; t < records; t++) {
    for (let k = 0; k < 9; k++)
      dv.setFloat32(84 + t * 50 + 12 + k * 4, soup[(t % n) * 9 + k]!, true);
  }
  return out;
}

/** Shortest text that reads back to the same float32, keeping the sign of zero. */
const num = (v: number): string => (Object.is(v, -0) ? '-0' : String(v));

export function asciiStl(soup: Float32Array, name = 'part'): string {
  let s = `solid ${name}\n`;
  for (let t = 0; t < soup.length / 9; t++) {
    s += ' facet normal 0 0 0\n  outer loop\n';
    for (let v = 0; v < 3; v++) {
      const o = t * 9 + v * 3;
      s += `   vertex ${num(soup[o]!)} ${num(soup[o + 1]!)} ${num(soup[o + 2]!)}\n`;
    }
    s += '  endloop\n endfacet\n';
  }
  return s + `endsolid ${name}\n`;
}

export interface PlyMesh {
  positions: number[];
  faces: number[][];
  colors?: number[];
}

export const TETRA_MESH: PlyMesh = {
  positions: [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1],
  faces: [
    [0, 2, 1],
    [0, 1, 3],
    [0, 3, 2],
    [1, 2, 3],
  ],
  colors: [255, 0, 0, 0, 255, 0, 0, 0, 255, 128, 128, 128],
};

export function plyHeader(
  format: string,
  nv: number | string,
  nf: number | string,
  opts: { colors?: boolean; extra?: string[]; eol?: string; listType?: string } = {},
): string {
  const eol = opts.eol ?? '\n';
  const lines = [
    'ply',
    `format ${format} 1.0`,
    ...(opts.extra ?? []),
    `element vertex ${nv}`,
    'property float x',
    'property float y',
    'property float z',
    ...(opts.colors ? ['property uchar red', 'property uchar green', 'property uchar blue'] : []),
    `element face ${nf}`,
    `property list ${opts.listType ?? 'uchar int'} vertex_indices`,
    'end_header',
  ];
  return lines.join(eol) + eol;
}

export function asciiPly(m: PlyMesh, opts: { extra?: string[]; eol?: string } = {}): Uint8Array {
  const colors = !!m.colors;
  let s = plyHeader('ascii', m.positions.length / 3, m.faces.length, { ...opts, colors });
  for (let v = 0; v < m.positions.length / 3; v++) {
    const c = colors ? ` ${m.colors![v * 3]} ${m.colors![v * 3 + 1]} ${m.colors![v * 3 + 2]}` : '';
    s += `${m.positions[v * 3]} ${m.positions[v * 3 + 1]} ${m.positions[v * 3 + 2]}${c}\n`;
  }
  for (const f of m.faces) s += `${f.length} ${f.join(' ')}\n`;
  return text(s);
}

export function binaryPly(
  m: PlyMesh,
  opts: {
    bigEndian?: boolean;
    declaredBigEndian?: boolean;
    extra?: string[];
    eol?: string;
    listType?: 'uchar int' | 'uint uint';
    listLength?: number;
  } = {},
): Uint8Array {
  const be = opts.bigEndian ?? false;
  const declared = (opts.declaredBigEndian ?? be) ? 'binary_big_endian' : 'binary_little_endian';
  const colors = !!m.colors;
  const listType = opts.listType ?? 'uchar int';
  const header = text(
    plyHeader(declared, m.positions.length / 3, m.faces.length, {
      colors,
      listType,
      ...(opts.extra ? { extra: opts.extra } : {}),
      ...(opts.eol ? { eol: opts.eol } : {}),
    }),
  );
  const nv = m.positions.length / 3;
  const countSize = listType === 'uchar int' ? 1 : 4;
  const size =
    nv * (12 + (colors ? 3 : 0)) + m.faces.reduce((n, f) => n + countSize + 4 * f.length, 0);
  const body = new Uint8Array(size);
  const dv = new DataView(body.buffer);
  let o = 0;
  for (let v = 0; v < nv; v++) {
    for (let k = 0; k < 3; k++) {
      dv.setFloat32(o, m.positions[v * 3 + k]!, !be);
      o += 4;
    }
    if (colors) for (let k = 0; k < 3; k++) body[o++] = m.colors![v * 3 + k]!;
  }
  for (const f of m.faces) {
    const len = opts.listLength ?? f.length;
    if (countSize === 1) body[o++] = len & 0xff;
    else {
      dv.setUint32(o, len >>> 0, !be);
      o += 4;
    }
    for (const i of f) {
      dv.setInt32(o, i, !be);
      o += 4;
    }
  }
  return concat(header, body);
}

/** The cube as a mesh (8 vertices, 12 faces). */
export const CUBE = {
  vertices: new Float32Array([
    0, 0, 0, 0, 10, 0, 10, 10, 0, 0, 10, 10, 10, 10, 10, 10, 0, 0, 0, 0, 10, 10, 0, 10,
  ]),
  faces: new Uint32Array([
    0, 1, 2, 3, 1, 0, 4, 2, 1, 5, 0, 2, 6, 3, 0, 3, 4, 1, 4, 5, 2, 7, 0, 5, 0, 7, 6, 6, 4, 3, 7, 5,
    4, 6, 7, 4,
  ]),
};

export function cubeDcm(opts: HpsEncodeOptions = {}): Uint8Array {
  return encodeHps(CUBE, { schema: 'CC', color: 8421504, ...opts });
}

/** Replaces the first occurrence of `from` in a document. */
export function edit(doc: Uint8Array, from: string, to: string | Uint8Array): Uint8Array {
  const s = new TextDecoder('latin1').decode(doc);
  const i = s.indexOf(from);
  if (i < 0) throw new Error(`'${from}' not found`);
  const rep = typeof to === 'string' ? text(to) : to;
  return concat(doc.subarray(0, i), rep, doc.subarray(i + from.length));
}
