/**
 * A plain TypeScript DCM (HPS) → binary STL decoder: the same algorithm as the wasm module
 * (byte-level tag scan, strict base64 with a lookup table, the edge-loop instruction stream in
 * typed arrays, the STL writer), written as one would without WebAssembly. Benchmark baseline
 * only; it assumes well-formed CA/CC input and reuses the caller's output buffer.
 */

const LUT = new Int16Array(256).fill(-1);
for (let i = 0; i < 64; i++) {
  LUT['ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'.charCodeAt(i)] = i;
}
const WS = new Uint8Array(256);
for (const c of [9, 10, 13, 32]) WS[c] = 1;

/** Strict base64 of bytes[start, end) into out; returns the decoded length. */
export function jsBase64Decode(b: Uint8Array, start: number, end: number, out: Uint8Array): number {
  let o = 0;
  let acc = 0;
  let n = 0;
  let pad = 0;
  for (let i = start; i < end; i++) {
    const c = b[i]!;
    const v = LUT[c]!;
    if (v >= 0) {
      if (pad) throw new Error('bad base64');
      acc = (acc << 6) | v;
      if (++n === 4) {
        out[o++] = acc >> 16;
        out[o++] = (acc >> 8) & 255;
        out[o++] = acc & 255;
        n = 0;
        acc = 0;
      }
    } else if (WS[c]) {
      continue;
    } else if (c === 61 && n >= 2) {
      pad++;
      acc <<= 6;
      if (++n === 4) {
        out[o++] = acc >> 16;
        if (pad === 1) out[o++] = (acc >> 8) & 255;
        n = 0;
      }
    } else throw new Error('bad base64');
  }
  if (n !== 0) throw new Error('bad base64');
  return o;
}

function indexOfSeq(b: Uint8Array, s: string, from: number): number {
  const c0 = s.charCodeAt(0);
  for (let i = b.indexOf(c0, from); i >= 0; i = b.indexOf(c0, i + 1)) {
    let k = 1;
    while (k < s.length && b[i + k] === s.charCodeAt(k)) k++;
    if (k === s.length) return i;
  }
  return -1;
}

function attrValue(b: Uint8Array, tagStart: number, tagEnd: number, name: string): number {
  const at = indexOfSeq(b, ` ${name}="`, tagStart);
  if (at < 0 || at > tagEnd) return -1;
  let v = 0;
  for (let i = at + name.length + 3; b[i] !== 34; i++) v = v * 10 + (b[i]! - 48);
  return v;
}

function element(
  b: Uint8Array,
  name: string,
): { count: number; start: number; end: number; tagStart: number; tagEnd: number } {
  const tagStart = indexOfSeq(b, `<${name}`, 0);
  const tagEnd = b.indexOf(62, tagStart);
  const end = b.indexOf(60, tagEnd);
  return { count: 0, start: tagEnd + 1, end, tagStart, tagEnd };
}

export interface TsDecodeBuffers {
  scratch: Uint8Array;
  faces: Uint32Array;
  nodes: Int32Array;
  stl: Uint8Array;
}

/** Decodes an HPS document and writes the binary STL into bufs.stl; returns its length. */
export function tsHpsToStl(doc: Uint8Array, bufs: TsDecodeBuffers): number {
  if (indexOfSeq(doc, '<!DOCTYPE', 0) >= 0) throw new Error('DTD');
  const ve = element(doc, 'Vertices');
  const fe = element(doc, 'Facets');
  const nv = attrValue(doc, ve.tagStart, ve.tagEnd, 'vertex_count');
  const nf = attrValue(doc, fe.tagStart, fe.tagEnd, 'facet_count');
  const vlen = jsBase64Decode(doc, ve.start, ve.end, bufs.scratch);
  if (vlen !== nv * 12) throw new Error('vertex count');
  const vbytes = bufs.scratch.subarray(0, vlen);
  const fstart = (vlen + 15) & ~15;
  const flen = jsBase64Decode(doc, fe.start, fe.end, bufs.scratch.subarray(fstart));
  const s = bufs.scratch.subarray(fstart, fstart + flen);
  const verts = new Float32Array(bufs.scratch.buffer, bufs.scratch.byteOffset, nv * 3);
  for (let i = 0; i < verts.length; i++) if (!Number.isFinite(verts[i]!)) throw new Error('NaN');
  void vbytes;
  const faces = bufs.faces;
  // Edge loop: 4 ints per node (start, end, prev, next).
  const nd = bufs.nodes;
  let used = 0;
  let free = -1;
  let len = 0;
  let cur = -1;
  let vp = 0;
  let emitted = 0;
  const node = (a: number, e: number): number => {
    let i: number;
    if (free >= 0) {
      i = free;
      free = nd[i * 4 + 3]!;
    } else i = used++;
    nd[i * 4] = a;
    nd[i * 4 + 1] = e;
    return i;
  };
  const unlink = (i: number): void => {
    const p = nd[i * 4 + 2]!;
    const n = nd[i * 4 + 3]!;
    nd[p * 4 + 3] = n;
    nd[n * 4 + 2] = p;
    nd[i * 4 + 3] = free;
    free = i;
    len--;
  };
  const emit = (a: number, b: number, c: number): void => {
    if (emitted >= nf) throw new Error('count');
    faces[emitted * 3] = a;
    faces[emitted * 3 + 1] = b;
    faces[emitted * 3 + 2] = c;
    emitted++;
  };
  const glue = (v: number): void => {
    const st = nd[cur * 4]!;
    const en = nd[cur * 4 + 1]!;
    emit(v, en, st);
    const nn = node(v, en);
    nd[cur * 4 + 1] = v;
    const nx = nd[cur * 4 + 3]!;
    nd[nn * 4 + 2] = cur;
    nd[nn * 4 + 3] = nx;
    nd[cur * 4 + 3] = nn;
    nd[nx * 4 + 2] = nn;
    len++;
    cur = nx;
  };
  const restart = (a: number, b: number, c: number): void => {
    emit(a, b, c);
    used = 0;
    free = -1;
    const x = node(a, b);
    const y = node(b, c);
    const z = node(c, a);
    nd[x * 4 + 3] = y;
    nd[y * 4 + 3] = z;
    nd[z * 4 + 3] = x;
    nd[x * 4 + 2] = z;
    nd[y * 4 + 2] = x;
    nd[z * 4 + 2] = y;
    len = 3;
    cur = x;
  };
  const u32 = (p: number): number =>
    (s[p]! | (s[p + 1]! << 8) | (s[p + 2]! << 16) | (s[p + 3]! << 24)) >>> 0;
  let pos = 0;
  while (pos < flen) {
    const op = s[pos++]!;
    switch (op) {
      case 0:
        if (cur < 0 || vp >= nv) throw new Error('stream');
        glue(vp++);
        break;
      case 7:
      case 8: {
        const v = u32(pos);
        pos += 4;
        if (cur < 0 || v >= nv) throw new Error('stream');
        glue(v);
        break;
      }
      case 1: {
        if (len < 2) throw new Error('stream');
        const p = nd[cur * 4 + 2]!;
        const en = nd[cur * 4 + 1]!;
        emit(nd[cur * 4]!, nd[p * 4]!, en);
        nd[p * 4 + 1] = en;
        unlink(cur);
        cur = nd[p * 4 + 3]!;
        break;
      }
      case 2: {
        if (len < 2) throw new Error('stream');
        const n = nd[cur * 4 + 3]!;
        const ne = nd[n * 4 + 1]!;
        emit(nd[cur * 4]!, ne, nd[cur * 4 + 1]!);
        nd[cur * 4 + 1] = ne;
        unlink(n);
        cur = nd[cur * 4 + 3]!;
        break;
      }
      case 3:
        cur = nd[cur * 4 + 3]!;
        break;
      case 4:
        if (vp + 3 > nv) throw new Error('index');
        restart(vp, vp + 1, vp + 2);
        vp += 3;
        break;
      case 5:
      case 6:
        restart(u32(pos), u32(pos + 4), u32(pos + 8));
        pos += 12;
        break;
      case 9: {
        const q = nd[cur * 4 + 2]!;
        const en = nd[cur * 4 + 1]!;
        if (nd[q * 4] === en && len > 2) {
          const x = nd[cur * 4 + 3]!;
          const w = nd[q * 4 + 2]!;
          unlink(q);
          unlink(cur);
          nd[w * 4 + 1] = nd[x * 4]!;
          cur = x;
        } else if (len === 1) {
          unlink(cur);
          cur = -1;
        } else {
          nd[q * 4 + 1] = en;
          const x = nd[cur * 4 + 3]!;
          unlink(cur);
          cur = x;
        }
        break;
      }
      case 10:
        vp++;
        break;
      default:
        throw new Error('opcode');
    }
  }
  if (emitted !== nf) throw new Error('count');
  const out = bufs.stl;
  const dv = new DataView(out.buffer, out.byteOffset, out.byteLength);
  out.fill(32, 0, 80);
  dv.setUint32(80, nf, true);
  for (let t = 0; t < nf; t++) {
    const r = 84 + t * 50;
    const a = faces[t * 3]! * 3;
    const b = faces[t * 3 + 1]! * 3;
    const c = faces[t * 3 + 2]! * 3;
    const ax = verts[a]!,
      ay = verts[a + 1]!,
      az = verts[a + 2]!;
    const bx = verts[b]!,
      by = verts[b + 1]!,
      bz = verts[b + 2]!;
    const cx = verts[c]!,
      cy = verts[c + 1]!,
      cz = verts[c + 2]!;
    const ux = bx - ax,
      uy = by - ay,
      uz = bz - az;
    const vx = cx - ax,
      vy = cy - ay,
      vz = cz - az;
    let nx = uy * vz - uz * vy;
    let ny = uz * vx - ux * vz;
    let nz = ux * vy - uy * vx;
    const l = Math.sqrt(nx * nx + ny * ny + nz * nz);
    if (l > 0) {
      nx /= l;
      ny /= l;
      nz /= l;
    }
    dv.setFloat32(r, nx, true);
    dv.setFloat32(r + 4, ny, true);
    dv.setFloat32(r + 8, nz, true);
    dv.setFloat32(r + 12, ax, true);
    dv.setFloat32(r + 16, ay, true);
    dv.setFloat32(r + 20, az, true);
    dv.setFloat32(r + 24, bx, true);
    dv.setFloat32(r + 28, by, true);
    dv.setFloat32(r + 32, bz, true);
    dv.setFloat32(r + 36, cx, true);
    dv.setFloat32(r + 40, cy, true);
    dv.setFloat32(r + 44, cz, true);
    dv.setUint16(r + 48, 0, true);
  }
  return 84 + nf * 50;
}
