/**
 * Benchmarks of the wasm mesh module. Every figure is a
 * ratio against a baseline timed side by side in the same process (round-robin, gc() before
 * each call, median of per-round ratios after warm-ups). Run by `npm run bench` (tests/bench/run.ts).
 *
 * First touch of fresh memory is ~0.3 GB/s on this VM, so the script re-runs itself with the
 * glibc settings of `support/geometryBench.ts` and pre-faults a heap; wasm memory and baseline
 * destination buffers are reserved once and reused.
 */
import { loadavg } from 'node:os';
import type { BufferGeometry } from 'three';
import { PLYLoader } from 'three/examples/jsm/loaders/PLYLoader.js';
import { STLLoader } from 'three/examples/jsm/loaders/STLLoader.js';
import type { MeshModule } from '../../wasm/src/core.js';
import { loadMeshModule } from '../../wasm/src/node.js';
import { buildWasmIfNeeded } from '../support/buildWasm.js';
import { encodeHps, syntheticHpsMesh } from '../support/hpsEncoder.js';
import { jsBase64Decode, tsHpsToStl, type TsDecodeBuffers } from './support/tsHpsDecoder.js';
import { jsStlPositions, jsVertexNormals } from './support/jsKernels.js';
import { gc, median, prefault, rerunWithBenchMemory, timeMs } from './support/geometryBench.js';

rerunWithBenchMemory(import.meta.url);

const MB = (n: number): string => `${(n / 1e6).toFixed(1)} MB`;

interface Pair {
  /** Median time of the subject and of the baseline (ms) and the median per-round ratio. */
  subjectMs: number;
  baselineMs: number;
  ratio: number;
}

/** ratio = baseline time / subject time (higher = subject faster). */
function pair(subject: () => unknown, baseline: () => unknown, rounds = 9, warmups = 3): Pair {
  for (let i = 0; i < warmups; i++) {
    subject();
    baseline();
  }
  const s: number[] = [];
  const b: number[] = [];
  const r: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const ts = timeMs(subject);
    const tb = timeMs(baseline);
    s.push(ts);
    b.push(tb);
    r.push(tb / ts);
  }
  return { subjectMs: median(s), baselineMs: median(b), ratio: median(r) };
}

const results: { name: string; pass: boolean }[] = [];

function report(name: string, p: Pair, gate: string, pass: boolean, note = ''): void {
  results.push({ name, pass });
  console.log(
    `${pass ? 'PASS' : 'FAIL'}  ${name}: wasm ${p.subjectMs.toFixed(2)} ms, baseline ${p.baselineMs.toFixed(2)} ms, ` +
      `ratio ${p.ratio.toFixed(2)} (gate ${gate})${note ? ` — ${note}` : ''}`,
  );
}

function soup(n: number): Float32Array {
  const a = new Float32Array(n * 9);
  for (let t = 0; t < n; t++) {
    const x = (t % 1000) * 0.05;
    const y = Math.floor(t / 1000) * 0.05;
    a.set([x, y, Math.sin(x), x + 0.05, y, Math.sin(x + 0.05), x, y + 0.05, Math.sin(x)], t * 9);
  }
  return a;
}

function binaryStl(positions: Float32Array): Uint8Array {
  const n = positions.length / 9;
  const out = new Uint8Array(84 + 50 * n);
  const dv = new DataView(out.buffer);
  dv.setUint32(80, n, true);
  for (let t = 0; t < n; t++) {
    for (let k = 0; k < 9; k++)
      dv.setFloat32(84 + t * 50 + 12 + k * 4, positions[t * 9 + k]!, true);
  }
  return out;
}

function asciiStl(positions: Float32Array): Uint8Array {
  const parts: string[] = ['solid bench\n'];
  for (let t = 0; t < positions.length / 9; t++) {
    parts.push(' facet normal 0 0 1\n  outer loop\n');
    for (let v = 0; v < 3; v++) {
      const o = t * 9 + v * 3;
      parts.push(`   vertex ${positions[o]} ${positions[o + 1]} ${positions[o + 2]}\n`);
    }
    parts.push('  endloop\n endfacet\n');
  }
  parts.push('endsolid bench\n');
  return new TextEncoder().encode(parts.join(''));
}

function colouredPly(vertices: Float32Array, faces: Uint32Array): Uint8Array {
  const nv = vertices.length / 3;
  const nf = faces.length / 3;
  const header = new TextEncoder().encode(
    `ply\nformat binary_little_endian 1.0\nelement vertex ${nv}\nproperty float x\nproperty float y\nproperty float z\n` +
      `property uchar red\nproperty uchar green\nproperty uchar blue\nelement face ${nf}\n` +
      'property list uchar int vertex_indices\nend_header\n',
  );
  const out = new Uint8Array(header.length + nv * 15 + nf * 13);
  out.set(header);
  const dv = new DataView(out.buffer);
  let o = header.length;
  for (let v = 0; v < nv; v++) {
    dv.setFloat32(o, vertices[v * 3]!, true);
    dv.setFloat32(o + 4, vertices[v * 3 + 1]!, true);
    dv.setFloat32(o + 8, vertices[v * 3 + 2]!, true);
    out[o + 12] = v & 255;
    out[o + 13] = (v >> 8) & 255;
    out[o + 14] = 200;
    o += 15;
  }
  for (let f = 0; f < nf; f++) {
    out[o] = 3;
    dv.setUint32(o + 1, faces[f * 3]!, true);
    dv.setUint32(o + 5, faces[f * 3 + 1]!, true);
    dv.setUint32(o + 9, faces[f * 3 + 2]!, true);
    o += 13;
  }
  return out;
}

/** ASCII PLY of the same mesh with uchar colours: one record per line, as scanners write it. */
function asciiColouredPly(vertices: Float32Array, faces: Uint32Array): Uint8Array {
  const nv = vertices.length / 3;
  const nf = faces.length / 3;
  const lines: string[] = [
    'ply',
    'format ascii 1.0',
    `element vertex ${nv}`,
    'property float x',
    'property float y',
    'property float z',
    'property uchar red',
    'property uchar green',
    'property uchar blue',
    `element face ${nf}`,
    'property list uchar int vertex_indices',
    'end_header',
  ];
  for (let v = 0; v < nv; v++) {
    const [x, y, z] = [vertices[v * 3]!, vertices[v * 3 + 1]!, vertices[v * 3 + 2]!];
    lines.push(`${x.toFixed(6)} ${y.toFixed(6)} ${z.toFixed(6)} ${v & 255} ${(v >> 8) & 255} 200`);
  }
  for (let f = 0; f < nf; f++)
    lines.push(`3 ${faces[f * 3]} ${faces[f * 3 + 1]} ${faces[f * 3 + 2]}`);
  return new TextEncoder().encode(lines.join('\n') + '\n');
}

/** Both sides must do the same work: positions equal bit for bit before anything is timed. */
function samePositions(what: string, wasm: Float32Array, three: BufferGeometry): void {
  const ref = three.getAttribute('position').array;
  const a = new Uint32Array(wasm.buffer, wasm.byteOffset, wasm.length);
  const b = new Uint32Array(ref.buffer, ref.byteOffset, ref.length);
  if (a.length !== b.length || a.some((v, i) => v !== b[i])) {
    throw new Error(`${what}: wasm and STLLoader positions differ`);
  }
}

const arrayBufferOf = (u: Uint8Array): ArrayBuffer =>
  u.buffer.slice(u.byteOffset, u.byteOffset + u.byteLength) as ArrayBuffer;

async function main(): Promise<void> {
  buildWasmIfNeeded();
  prefault(1536 * 1024 * 1024);
  gc();
  const mesh: MeshModule = await loadMeshModule();
  mesh.reserve(400 * 1024 * 1024);

  // 1. DCM → binary STL, synthetic 1,000,000-face CA file.
  const band = syntheticHpsMesh(1_000_000, 11);
  const dcm = encodeHps(band, { schema: 'CA', facetStream: band.stream });
  const stlLen = 84 + 50 * 1_000_000;
  const copyDst = new Uint8Array(stlLen).fill(1);
  const refStl = mesh.convertDcmToStl(dcm).stl;
  const tsBufs: TsDecodeBuffers = {
    scratch: new Uint8Array(dcm.length).fill(1),
    faces: new Uint32Array(3_000_000).fill(1),
    nodes: new Int32Array(4 * 1_000_010).fill(1),
    stl: new Uint8Array(stlLen).fill(1),
  };
  if (tsHpsToStl(dcm, tsBufs) !== stlLen) throw new Error('TS decoder: wrong length');
  // Corners must agree bit for bit (normals may differ in the last bit: f64 vs f32 math).
  for (let t = 0; t < 1_000_000; t += 997) {
    const r = 84 + t * 50 + 12;
    if (Buffer.compare(tsBufs.stl.subarray(r, r + 36), refStl.subarray(r, r + 36)) !== 0) {
      throw new Error(`TS decoder and wasm disagree at triangle ${t}`);
    }
  }
  console.log(
    `DCM: ${MB(dcm.length)} CA file, ${band.vertices.length / 3} vertices, 1,000,000 faces → ${MB(stlLen)} STL`,
  );
  const wasmDcm = (): unknown => mesh.convertDcmToStl(dcm, { view: true });
  let p = pair(wasmDcm, () => copyDst.set(refStl));
  const slowdown = 1 / p.ratio;
  report(
    'DCM → STL vs memcpy of the STL bytes',
    p,
    '≤ 10× memcpy time',
    slowdown <= 10,
    `${slowdown.toFixed(2)}× memcpy`,
  );
  p = pair(wasmDcm, () => tsHpsToStl(dcm, tsBufs));
  report('DCM → STL vs plain TypeScript decoder', p, '≥ 1.5× faster', p.ratio >= 1.5);

  // 2. Binary STL → positions, 1M triangles.
  const stl = binaryStl(soup(1_000_000));
  console.log(`binary STL: ${MB(stl.length)}, 1,000,000 triangles`);
  p = pair(
    () => mesh.parseMesh(stl, { normals: false, view: true }),
    () => stl.slice(),
  );
  report(
    'G1 binary STL → positions (copy in, view out) vs memcpy (slice)',
    p,
    '≥ 0.5 of memcpy speed',
    p.ratio >= 0.5,
  );
  const ab = arrayBufferOf(stl);
  const loader = new STLLoader();
  samePositions('binary STL', mesh.parseMesh(stl, { view: true }).positions, loader.parse(ab));
  p = pair(
    () => mesh.parseMesh(stl, { normals: true, view: true }),
    () => loader.parse(ab),
    7,
    2,
  );
  report('binary STL → positions + normals vs three STLLoader', p, '≥ 2×', p.ratio >= 2);

  // 3. G4: wasm vs plain JS.
  p = pair(
    () => mesh.parseMesh(stl, { normals: false }),
    () => jsStlPositions(stl),
  );
  report('G4 STL parse (copy out) vs JS DataView reader', p, '≥ 1.5×', p.ratio >= 1.5);
  const pos = band.vertices;
  const idx = band.faces;
  console.log(`vertex normals: ${pos.length / 3} vertices, ${idx.length / 3} triangles`);
  p = pair(
    () => mesh.vertexNormals(pos, idx),
    () => jsVertexNormals(pos, idx),
  );
  report('G4 vertex normals (copy in/out) vs JS', p, '≥ 1.5×', p.ratio >= 1.5);
  const raw = new Uint8Array(12_000_000);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761) >>> 24;
  const b64 = new TextEncoder().encode(Buffer.from(raw).toString('base64'));
  const b64Out = new Uint8Array(raw.length + 4).fill(1);
  console.log(`base64: ${MB(b64.length)} text → ${MB(raw.length)}`);
  p = pair(
    () => mesh.decodeBase64(b64),
    () => jsBase64Decode(b64, 0, b64.length, b64Out),
  );
  report('G4 base64 decode (copy in/out) vs JS lookup-table decoder', p, '≥ 1.5×', p.ratio >= 1.5);

  // 4. G7: binary PLY with colours, 1M faces.
  const ply = colouredPly(band.vertices, band.faces);
  console.log(
    `binary PLY with colours: ${MB(ply.length)}, ${band.vertices.length / 3} vertices, 1,000,000 faces`,
  );
  const plyAb = arrayBufferOf(ply);
  const plyLoader = new PLYLoader();
  p = pair(
    () => mesh.parseMesh(ply, { normals: false }),
    () => plyLoader.parse(plyAb),
    5,
    2,
  );
  report('G7 binary PLY (colours) vs three PLYLoader', p, '≥ 20×', p.ratio >= 20);

  // 5. ASCII STL.
  const ascii = asciiStl(soup(200_000));
  console.log(`ASCII STL: ${MB(ascii.length)}, 200,000 triangles`);
  const asciiAb = arrayBufferOf(ascii);
  samePositions(
    'ASCII STL',
    mesh.parseMesh(ascii, { view: true }).positions,
    loader.parse(asciiAb),
  );
  p = pair(
    () => mesh.parseMesh(ascii, { normals: true, view: true }),
    () => loader.parse(asciiAb),
    5,
    2,
  );
  report('ASCII STL → positions + normals vs three STLLoader', p, '≥ 3×', p.ratio >= 3);

  // 6. ASCII PLY: the line-by-line reader against PLYLoader, same run.
  const asciiPly = asciiColouredPly(band.vertices, band.faces);
  const asciiPlyAb = arrayBufferOf(asciiPly);
  console.log(`ASCII PLY with colours: ${MB(asciiPly.length)}, 1,000,000 faces`);
  const [load1] = loadavg();
  p = pair(
    () => mesh.parseMesh(asciiPly, { normals: false, view: true }),
    () => plyLoader.parse(asciiPlyAb),
    5,
    2,
  );
  const mbps = asciiPly.length / 1e6 / (p.subjectMs / 1000);
  report(
    'ASCII PLY (colours) vs three PLYLoader',
    p,
    '≥ 3×',
    p.ratio >= 3,
    `${mbps.toFixed(0)} MB/s, load average ${load1?.toFixed(2)}`,
  );

  const failed = results.filter((r) => !r.pass);
  console.log(`\n${results.length - failed.length}/${results.length} targets met`);
  process.exit(failed.length ? 1 : 0);
}

await main();
