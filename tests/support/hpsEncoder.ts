/**
 * A 3Shape HPS (".dcm") writer for tests and benchmarks (the format `wasm/assembly/` decodes). It encodes any
 * triangle list exactly, in order and with its corner order, into the facet instruction stream:
 * a greedy encoder that replays the decoder's edge loop and picks, per triangle, the cheapest
 * instruction that emits it (VertexList, Previous, Next, Absolute, a few Ignores first), and a
 * Restart otherwise. Works in Node and in the browser (no Node imports).
 */

export interface HpsMesh {
  /** float32 x, y, z per vertex. */
  vertices: Float32Array;
  /** u32 triples. */
  faces: Uint32Array;
}

export interface HpsEncodeOptions {
  schema?: string;
  /** `Facets@color`. */
  color?: number;
  /** Width written after opcodes 5 and 7 (real files: 32). */
  indexWidth?: 16 | 32;
  /** Use Ignore (op 3) to look up to this many edges ahead for a match (default 8). */
  lookahead?: number;
  xmlDeclaration?: boolean;
  bom?: boolean;
  crlf?: boolean;
  /** Wrap base64 text at this many characters (0 = one line, like 3Shape). */
  wrap?: number;
  facetsFirst?: boolean;
  /** Overrides for count-edit tests. */
  vertexCount?: number | string;
  facetCount?: number | string;
  vertexBytes?: number | string | null;
  facetBytes?: number | string | null;
  /** Raw facet stream instead of encoding `faces` (for hand-made negative cases). */
  facetStream?: Uint8Array;
  /** Inserted verbatim inside <HPS> after Packed_geometry. */
  extraXml?: string;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

const CODES = Uint8Array.from(ALPHABET, (c) => c.charCodeAt(0));

/** Base64 as ASCII bytes, optionally wrapped with `nl` every `wrap` characters. */
export function base64EncodeBytes(bytes: Uint8Array, wrap = 0, nl = '\n'): Uint8Array {
  const chars = Math.ceil(bytes.length / 3) * 4;
  const lines = wrap > 0 ? Math.ceil(chars / wrap) : 0;
  const nlb = Uint8Array.from(nl, (c) => c.charCodeAt(0));
  const out = new Uint8Array(chars + (lines + (lines > 0 ? 1 : 0)) * nlb.length);
  let o = 0;
  let col = 0;
  const put = (c: number): void => {
    if (wrap > 0 && col === 0) {
      out.set(nlb, o);
      o += nlb.length;
    }
    out[o++] = c;
    if (wrap > 0 && ++col === wrap) col = 0;
  };
  let i = 0;
  const whole = bytes.length - (bytes.length % 3);
  if (wrap === 0) {
    for (; i < whole; i += 3) {
      const v = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
      out[o] = CODES[v >> 18]!;
      out[o + 1] = CODES[(v >> 12) & 63]!;
      out[o + 2] = CODES[(v >> 6) & 63]!;
      out[o + 3] = CODES[v & 63]!;
      o += 4;
    }
  } else {
    for (; i < whole; i += 3) {
      const v = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
      put(CODES[v >> 18]!);
      put(CODES[(v >> 12) & 63]!);
      put(CODES[(v >> 6) & 63]!);
      put(CODES[v & 63]!);
    }
  }
  const rest = bytes.length - whole;
  if (rest > 0) {
    const v = (bytes[i]! << 16) | (rest > 1 ? bytes[i + 1]! << 8 : 0);
    const pad = 0x3d;
    const tail = [
      CODES[v >> 18]!,
      CODES[(v >> 12) & 63]!,
      rest > 1 ? CODES[(v >> 6) & 63]! : pad,
      pad,
    ];
    for (const c of tail) {
      if (wrap > 0) put(c);
      else out[o++] = c;
    }
  }
  if (wrap > 0) {
    out.set(nlb, o);
    o += nlb.length;
  }
  return out.subarray(0, o);
}

export function base64Encode(bytes: Uint8Array): string {
  return new TextDecoder().decode(base64EncodeBytes(bytes));
}

/** Growable byte writer. */
class Bytes {
  buf = new Uint8Array(1024);
  len = 0;
  private room(n: number): void {
    if (this.len + n <= this.buf.length) return;
    let cap = this.buf.length * 2;
    while (cap < this.len + n) cap *= 2;
    const b = new Uint8Array(cap);
    b.set(this.buf.subarray(0, this.len));
    this.buf = b;
  }
  u8(v: number): void {
    this.room(1);
    this.buf[this.len++] = v;
  }
  idx(v: number, width: 16 | 32): void {
    this.room(4);
    this.buf[this.len++] = v & 0xff;
    this.buf[this.len++] = (v >>> 8) & 0xff;
    if (width === 32) {
      this.buf[this.len++] = (v >>> 16) & 0xff;
      this.buf[this.len++] = (v >>> 24) & 0xff;
    }
  }
  bytes(): Uint8Array {
    return this.buf.slice(0, this.len);
  }
}

/**
 * The decoder's edge loop (circular doubly linked list in flat arrays), used by the encoder
 * to know which instruction produces which triangle.
 */
class EdgeLoop {
  start: number[] = [];
  end: number[] = [];
  prev: number[] = [];
  next: number[] = [];
  cur = -1;
  length = 0;

  private node(s: number, e: number): number {
    this.start.push(s);
    this.end.push(e);
    this.prev.push(-1);
    this.next.push(-1);
    return this.start.length - 1;
  }

  restart(a: number, b: number, c: number): void {
    this.start = [];
    this.end = [];
    this.prev = [];
    this.next = [];
    const x = this.node(a, b);
    const y = this.node(b, c);
    const z = this.node(c, a);
    this.next[x] = y;
    this.next[y] = z;
    this.next[z] = x;
    this.prev[x] = z;
    this.prev[y] = x;
    this.prev[z] = y;
    this.cur = x;
    this.length = 3;
  }

  private unlink(i: number): void {
    const p = this.prev[i]!;
    const n = this.next[i]!;
    this.next[p] = n;
    this.prev[n] = p;
    this.length--;
  }

  glue(v: number): void {
    const c = this.cur;
    const e = this.end[c]!;
    const nn = this.node(v, e);
    this.end[c] = v;
    const nx = this.next[c]!;
    this.prev[nn] = c;
    this.next[nn] = nx;
    this.next[c] = nn;
    this.prev[nx] = nn;
    this.length++;
    this.cur = nx;
  }

  previous(): void {
    const c = this.cur;
    const p = this.prev[c]!;
    this.end[p] = this.end[c]!;
    this.unlink(c);
    this.cur = this.next[p]!;
  }

  nextOp(): void {
    const c = this.cur;
    const n = this.next[c]!;
    this.end[c] = this.end[n]!;
    this.unlink(n);
    this.cur = this.next[c]!;
  }
}

/** Greedy facet stream for `faces` (exact order and corner order). */
export function encodeFacets(
  faces: Uint32Array,
  opts: { indexWidth?: 16 | 32; lookahead?: number } = {},
): Uint8Array {
  const width = opts.indexWidth ?? 32;
  const look = opts.lookahead ?? 8;
  const out = new Bytes();
  const loop = new EdgeLoop();
  let vp = 0;
  for (let t = 0; t < faces.length; t += 3) {
    const a = faces[t]!;
    const b = faces[t + 1]!;
    const c = faces[t + 2]!;
    let done = false;
    if (loop.cur >= 0) {
      let k = 0;
      let cur = loop.cur;
      for (; k <= look && k < loop.length && !done; k++) {
        const s = loop.start[cur]!;
        const e = loop.end[cur]!;
        const pick = (op: number): void => {
          for (let i = 0; i < k; i++) out.u8(3);
          loop.cur = cur;
          out.u8(op);
          done = true;
        };
        if (b === e && c === s && (width === 32 || a < 0x10000)) {
          if (a === vp) {
            pick(0);
            vp++;
          } else {
            pick(7);
            out.idx(a, width);
          }
          loop.glue(a);
        } else if (loop.length >= 2 && a === s && c === e && loop.end[loop.next[cur]!] === b) {
          pick(2);
          loop.nextOp();
        } else if (loop.length >= 2 && a === s && c === e && loop.start[loop.prev[cur]!] === b) {
          pick(1);
          loop.previous();
        }
        cur = loop.next[cur]!;
      }
    }
    if (done) continue;
    if (a === vp && b === vp + 1 && c === vp + 2) {
      out.u8(4);
      vp += 3;
    } else {
      out.u8(6);
      out.idx(a, 32);
      out.idx(b, 32);
      out.idx(c, 32);
    }
    loop.restart(a, b, c);
  }
  return out.bytes();
}

function attr(name: string, v: number | string | null | undefined): string {
  return v === null || v === undefined ? '' : ` ${name}="${v}"`;
}

const enc = new TextEncoder();

function join(parts: (string | Uint8Array)[]): Uint8Array {
  const bufs = parts.map((p) => (typeof p === 'string' ? enc.encode(p) : p));
  const out = new Uint8Array(bufs.reduce((n, b) => n + b.length, 0));
  let o = 0;
  for (const b of bufs) {
    out.set(b, o);
    o += b.length;
  }
  return out;
}

/** The whole .dcm document as bytes. */
export function encodeHps(mesh: HpsMesh, opts: HpsEncodeOptions = {}): Uint8Array {
  const schema = opts.schema ?? 'CA';
  const nl = opts.crlf ? '\r\n' : '\n';
  const vbytes = new Uint8Array(
    mesh.vertices.buffer,
    mesh.vertices.byteOffset,
    mesh.vertices.byteLength,
  );
  const fbytes =
    opts.facetStream ??
    encodeFacets(mesh.faces, {
      ...(opts.indexWidth ? { indexWidth: opts.indexWidth } : {}),
      ...(opts.lookahead !== undefined ? { lookahead: opts.lookahead } : {}),
    });
  const vertexCount = opts.vertexCount ?? mesh.vertices.length / 3;
  const facetCount = opts.facetCount ?? mesh.faces.length / 3;
  const vb = opts.vertexBytes === undefined ? vbytes.length : opts.vertexBytes;
  const fb = opts.facetBytes === undefined ? fbytes.length : opts.facetBytes;
  const wrap = opts.wrap ?? 0;
  const vertices = [
    `<Vertices${attr('base64_encoded_bytes', vb)}${attr('vertex_count', vertexCount)}>`,
    base64EncodeBytes(vbytes, wrap, nl),
    '</Vertices>',
  ];
  const facets = [
    `<Facets${attr('base64_encoded_bytes', fb)}${attr('facet_count', facetCount)}${attr('color', opts.color)}>`,
    base64EncodeBytes(fbytes, wrap, nl),
    '</Facets>',
  ];
  const body = opts.facetsFirst ? [...facets, nl, ...vertices] : [...vertices, nl, ...facets];
  return join([
    opts.bom ? new Uint8Array([0xef, 0xbb, 0xbf]) : '',
    opts.xmlDeclaration ? `<?xml version="1.0" encoding="UTF-8"?>${nl}` : '',
    `<HPS version="1.1">${nl}`,
    `<Packed_geometry>${nl}<Schema>${schema}</Schema>${nl}<Binary_data>${nl}`,
    `<${schema} version="1.0">${nl}`,
    ...body,
    `${nl}</${schema}>${nl}</Binary_data>${nl}</Packed_geometry>${nl}`,
    opts.extraXml ?? '',
    `<Properties>${nl}<Property name="SourceApp" value="Cusp test encoder"/>${nl}</Properties>${nl}`,
    `</HPS>${nl}`,
  ]);
}

/** Deterministic pseudo-random numbers (mulberry32). */
export function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A mesh shaped like real 3Shape streams (mostly VertexList and Next, some Previous, Ignore and
 * Absolute): a band grown around a ring, with `faceCount` triangles. `stream` is the program
 * that built it (pass it as `facetStream`); the greedy encoder may choose a longer one.
 */
export function syntheticHpsMesh(faceCount: number, seed = 1): HpsMesh & { stream: Uint8Array } {
  const ops = new Bytes();
  const rand = rng(seed);
  const faces = new Uint32Array(faceCount * 3);
  const maxVertices = faceCount + 3;
  const vertices = new Float32Array(maxVertices * 3);
  const loop = new EdgeLoop();
  let nf = 0;
  const put = (a: number, b: number, c: number): void => {
    faces[nf * 3] = a;
    faces[nf * 3 + 1] = b;
    faces[nf * 3 + 2] = c;
    nf++;
  };
  const place = (v: number): void => {
    const ring = Math.floor(v / 64);
    const ang = (v % 64) * ((2 * Math.PI) / 64) + ring * 0.05;
    const r = 10 + 0.3 * Math.sin(ring * 0.1) + 0.05 * rand();
    vertices[v * 3] = r * Math.cos(ang);
    vertices[v * 3 + 1] = r * Math.sin(ang);
    vertices[v * 3 + 2] = ring * 0.02;
  };
  place(0);
  place(1);
  place(2);
  put(0, 1, 2);
  loop.restart(0, 1, 2);
  ops.u8(4);
  let vp = 3;
  while (nf < faceCount) {
    const c = loop.cur;
    const s = loop.start[c]!;
    const e = loop.end[c]!;
    const x = rand();
    if (loop.length < 48 || x < 0.5) {
      if (x < 0.03 && vp > 8) {
        // Absolute: re-use a recent vertex (real files do this around seams).
        const v = vp - 1 - Math.floor(rand() * 4);
        if (v !== s && v !== e) {
          put(v, e, s);
          loop.glue(v);
          ops.u8(7);
          ops.idx(v, 32);
          continue;
        }
      }
      place(vp);
      put(vp, e, s);
      loop.glue(vp);
      ops.u8(0);
      vp++;
    } else if (x < 0.9) {
      const n = loop.end[loop.next[c]!]!;
      put(s, n, e);
      loop.nextOp();
      ops.u8(2);
    } else if (x < 0.97) {
      const p = loop.start[loop.prev[c]!]!;
      put(s, p, e);
      loop.previous();
      ops.u8(1);
    } else {
      loop.cur = loop.next[c]!;
      ops.u8(3);
    }
  }
  return { vertices: vertices.slice(0, vp * 3), faces, stream: ops.bytes() };
}
