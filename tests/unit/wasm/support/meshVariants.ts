/**
 * Generated mesh files, one per row of the variant table in wasm/README.md. Every file holds
 * the same tetrahedron (4 vertices, 4 triangles) so a reader's result can be compared with
 * VARIANT_MESH. No file is copied from elsewhere: these functions build the bytes.
 */

export const VARIANT_MESH = {
  positions: [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1],
  faces: [
    [0, 2, 1],
    [0, 1, 3],
    [0, 3, 2],
    [1, 2, 3],
  ],
  colors: [255, 0, 0, 0, 255, 0, 0, 0, 255, 128, 128, 128],
} as const;

type PlyType = 'char' | 'uchar' | 'short' | 'ushort' | 'int' | 'uint' | 'float' | 'double';

/** A scalar property, or a list (count type, item type) with its values per record. */
export type PlyProp =
  | { name: string; type: PlyType; values: readonly number[] }
  | { name: string; list: [PlyType, PlyType]; values: readonly (readonly number[])[] };

export interface PlyElement {
  name: string;
  props: PlyProp[];
}

export type PlyEncoding = 'ascii' | 'binary_little_endian' | 'binary_big_endian';

export interface PlyOptions {
  /** Header lines inserted after the format line (comments, free text…). */
  extraHeader?: string[];
  eol?: string;
  /** ASCII only: text appended to each record line of the named element. */
  appendToLine?: { element: string; text: (record: number) => string };
}

const SIZE: Record<PlyType, number> = {
  char: 1,
  uchar: 1,
  short: 2,
  ushort: 2,
  int: 4,
  uint: 4,
  float: 4,
  double: 8,
};

function count(e: PlyElement): number {
  return e.props[0]?.values.length ?? 0;
}

export function plyHeaderText(
  encoding: PlyEncoding,
  elements: PlyElement[],
  opts: PlyOptions = {},
): string {
  const lines = ['ply', `format ${encoding} 1.0`, ...(opts.extraHeader ?? [])];
  for (const e of elements) {
    lines.push(`element ${e.name} ${count(e)}`);
    for (const p of e.props) {
      lines.push(
        'list' in p
          ? `property list ${p.list[0]} ${p.list[1]} ${p.name}`
          : `property ${p.type} ${p.name}`,
      );
    }
  }
  lines.push('end_header');
  const eol = opts.eol ?? '\n';
  return lines.join(eol) + eol;
}

function put(dv: DataView, o: number, type: PlyType, v: number, le: boolean): number {
  switch (type) {
    case 'char':
      dv.setInt8(o, v);
      break;
    case 'uchar':
      dv.setUint8(o, v);
      break;
    case 'short':
      dv.setInt16(o, v, le);
      break;
    case 'ushort':
      dv.setUint16(o, v, le);
      break;
    case 'int':
      dv.setInt32(o, v, le);
      break;
    case 'uint':
      dv.setUint32(o, v, le);
      break;
    case 'float':
      dv.setFloat32(o, v, le);
      break;
    case 'double':
      dv.setFloat64(o, v, le);
      break;
  }
  return o + SIZE[type];
}

/** A whole PLY file of the given elements in the given encoding. */
export function plyFile(
  encoding: PlyEncoding,
  elements: PlyElement[],
  opts: PlyOptions = {},
): Uint8Array {
  const header = new TextEncoder().encode(plyHeaderText(encoding, elements, opts));
  if (encoding === 'ascii') {
    const eol = opts.eol ?? '\n';
    let body = '';
    for (const e of elements) {
      for (let r = 0; r < count(e); r++) {
        const vals: number[] = [];
        for (const p of e.props) {
          const v = p.values[r]!;
          if (typeof v === 'number') vals.push(v);
          else vals.push(v.length, ...v);
        }
        const extra = opts.appendToLine?.element === e.name ? opts.appendToLine.text(r) : '';
        body += vals.join(' ') + extra + eol;
      }
    }
    return concatBytes(header, new TextEncoder().encode(body));
  }
  const le = encoding === 'binary_little_endian';
  let size = 0;
  for (const e of elements) {
    for (const p of e.props) {
      for (const v of p.values) {
        size += typeof v === 'number' ? SIZE[(p as { type: PlyType }).type] : 0;
        if (typeof v !== 'number' && 'list' in p) {
          size += SIZE[p.list[0]] + v.length * SIZE[p.list[1]];
        }
      }
    }
  }
  const body = new Uint8Array(size);
  const dv = new DataView(body.buffer);
  let o = 0;
  for (const e of elements) {
    for (let r = 0; r < count(e); r++) {
      for (const p of e.props) {
        if ('list' in p) {
          const v = p.values[r]!;
          o = put(dv, o, p.list[0], v.length, le);
          for (const x of v) o = put(dv, o, p.list[1], x, le);
        } else o = put(dv, o, p.type, p.values[r]!, le);
      }
    }
  }
  return concatBytes(header, body);
}

export function concatBytes(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

const axis = (k: number): number[] => [0, 1, 2, 3].map((v) => VARIANT_MESH.positions[v * 3 + k]!);
const channel = (k: number): number[] => [0, 1, 2, 3].map((v) => VARIANT_MESH.colors[v * 3 + k]!);

/** The tetrahedron's vertex element: x, y, z (float) and optional colours. */
export function vertexElement(
  colors: 'none' | 'uchar' | 'float' = 'none',
  more: PlyProp[] = [],
): PlyElement {
  const props: PlyProp[] = [
    { name: 'x', type: 'float', values: axis(0) },
    { name: 'y', type: 'float', values: axis(1) },
    { name: 'z', type: 'float', values: axis(2) },
  ];
  if (colors !== 'none') {
    ['red', 'green', 'blue'].forEach((name, k) => {
      const values = channel(k).map((c) => (colors === 'float' ? c / 255 : c));
      props.push({ name, type: colors === 'float' ? 'float' : 'uchar', values });
    });
  }
  return { name: 'vertex', props: [...props, ...more] };
}

/** The tetrahedron's face element: vertex_indices (uchar int) and optional more properties. */
export function faceElement(
  more: PlyProp[] = [],
  faces: readonly (readonly number[])[] = VARIANT_MESH.faces,
): PlyElement {
  return {
    name: 'face',
    props: [{ name: 'vertex_indices', list: ['uchar', 'int'], values: faces }, ...more],
  };
}

/** The per-face colours of faceColors, in face order. */
export const FACE_RGB = [
  [200, 10, 10],
  [10, 200, 10],
  [10, 10, 200],
  [90, 90, 90],
] as const;

/** Per-face colour properties (uchar or float): one RGB per face, FACE_RGB unless told. */
export function faceColors(
  kind: 'uchar' | 'float',
  rgb: readonly (readonly number[])[] = FACE_RGB,
): PlyProp[] {
  return ['red', 'green', 'blue'].map((name, k) => ({
    name,
    type: kind === 'float' ? 'float' : 'uchar',
    values: rgb.map((c) => (kind === 'float' ? c[k]! / 255 : c[k]!)),
  }));
}

/** Header bytes: text with binary values spliced in (`parts` of text and byte arrays). */
export function headerBytes(...parts: (string | number[])[]): Uint8Array {
  return concatBytes(
    ...parts.map((p) => (typeof p === 'string' ? new TextEncoder().encode(p) : Uint8Array.from(p))),
  );
}

// ---- STL ----

/** The tetrahedron as a triangle soup in face order. */
export function soup(): Float32Array {
  const out: number[] = [];
  for (const f of VARIANT_MESH.faces) {
    for (const v of f) out.push(...VARIANT_MESH.positions.slice(v * 3, v * 3 + 3));
  }
  return new Float32Array(out);
}

/**
 * Binary STL: `header` (80 bytes max; text, or bytes for binary values such as a Materialise
 * `COLOR=` RGBA) and optional per-facet 16-bit attributes.
 */
export function binaryStlFile(
  opts: { header?: string | Uint8Array; attributes?: number[] } = {},
): Uint8Array {
  const s = soup();
  const n = s.length / 9;
  const out = new Uint8Array(84 + 50 * n);
  const dv = new DataView(out.buffer);
  if (opts.header) {
    const h = typeof opts.header === 'string' ? new TextEncoder().encode(opts.header) : opts.header;
    out.set(h.subarray(0, 80));
  }
  dv.setUint32(80, n, true);
  for (let t = 0; t < n; t++) {
    for (let k = 0; k < 9; k++) dv.setFloat32(84 + t * 50 + 12 + k * 4, s[t * 9 + k]!, true);
    dv.setUint16(84 + t * 50 + 48, opts.attributes?.[t] ?? 0, true);
  }
  return out;
}

/** ASCII STL text of the tetrahedron. */
export function asciiStlText(name = 'part'): string {
  const s = soup();
  let out = `solid ${name}\n`;
  for (let t = 0; t < s.length / 9; t++) {
    out += ' facet normal 0 0 0\n  outer loop\n';
    for (let v = 0; v < 3; v++) {
      const o = t * 9 + v * 3;
      out += `   vertex ${s[o]} ${s[o + 1]} ${s[o + 2]}\n`;
    }
    out += '  endloop\n endfacet\n';
  }
  return out + `endsolid ${name}\n`;
}

export const ascii = (s: string): Uint8Array => new TextEncoder().encode(s);
