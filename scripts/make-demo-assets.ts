/**
 * Builds the /viewer/demo assets (seven layers) into web/public/demo:
 *
 *   upper and lower teeth  the real arches of tests/fixtures/mesh (MIT, see PROVENANCE.md),
 *                          placed in occlusion-like positions, grouped as Teeth;
 *   gingiva (upper/lower)  a gum ridge swept along each arch, wrapping the cervical third of the
 *                          crowns with interdental papillae;
 *   tissue (upper/lower)   a horseshoe gypsum base under each gingiva;
 *   metal abutment         a lathed implant abutment standing distal to the last lower molar.
 *
 * Every layer goes through the same buildViewDerivative the server uses on upload, so the demo
 * exercises the fast path (GLB + KHR_mesh_quantization + KHR_meshopt_compression). Output is
 * deterministic; run `npx tsx scripts/make-demo-assets.ts` after changing it and commit the result
 * (~1 MB in total).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildViewDerivative } from '../api/src/mesh/viewDerivative.js';
import { fixtureObj, repoRoot } from '../tests/support/meshFiles.js';

interface Indexed {
  positions: Float32Array;
  indices: Uint32Array;
}

const OUT = join(repoRoot, 'web', 'public', 'demo');

/** Arch description: a centre-line in the occlusal (XZ) plane and the crown extents along it. */
interface ArchProfile {
  /** Per station: centre-line point (x, z), outward (buccal) unit normal, crown inner/outer radius offsets. */
  x: number[];
  z: number[];
  nx: number[];
  nz: number[];
  inner: number[];
  outer: number[];
  /** Cervical height of the crowns at each station (y of the crown end towards the gum). */
  cervical: number[];
}

const BINS = 72;

/**
 * Measures an arch: crowns binned by angle around a point behind the molars, each bin giving the
 * lingual and buccal radius and the cervical height; then smoothed and extended 9 mm past both
 * ends so the base and the abutment have room.
 */
function measureArch(mesh: Indexed, cervicalUp: boolean): ArchProfile {
  const p = mesh.positions;
  const n = p.length / 3;
  let zmin = Infinity;
  let cx = 0;
  for (let i = 0; i < n; i++) {
    zmin = Math.min(zmin, p[i * 3 + 2]!);
    cx += p[i * 3]!;
  }
  cx /= n;
  const cz = zmin - 6;
  const rmin = new Array<number>(BINS).fill(Infinity);
  const rmax = new Array<number>(BINS).fill(-Infinity);
  const yc = new Array<number>(BINS).fill(cervicalUp ? -Infinity : Infinity);
  for (let i = 0; i < n; i++) {
    const dx = p[i * 3]! - cx;
    const dz = p[i * 3 + 2]! - cz;
    const a = Math.atan2(dz, dx);
    const b = Math.min(BINS - 1, Math.max(0, Math.floor((a / Math.PI) * BINS)));
    const r = Math.hypot(dx, dz);
    rmin[b] = Math.min(rmin[b]!, r);
    rmax[b] = Math.max(rmax[b]!, r);
    const y = p[i * 3 + 1]!;
    yc[b] = cervicalUp ? Math.max(yc[b]!, y) : Math.min(yc[b]!, y);
  }
  const used = [...rmin.keys()].filter((b) => Number.isFinite(rmin[b]!));
  const first = used[0]!;
  const last = used[used.length - 1]!;
  // Fill gaps by interpolation, then smooth (a box filter, three passes ≈ Gaussian).
  const fill = (arr: number[]) => {
    const out = arr.slice(first, last + 1);
    for (let i = 0; i < out.length; i++) {
      if (Number.isFinite(out[i]!)) continue;
      let j = i + 1;
      while (j < out.length && !Number.isFinite(out[j]!)) j++;
      const prev = out[i - 1]!;
      const next = out[j] ?? prev;
      for (let k = i; k < j; k++) out[k] = prev + ((next - prev) * (k - i + 1)) / (j - i + 1);
    }
    return out;
  };
  const smooth = (arr: number[]) => {
    let a = arr;
    for (let pass = 0; pass < 3; pass++) {
      a = a.map((_, i) => {
        let s = 0;
        let c = 0;
        for (let k = -2; k <= 2; k++) {
          const v = a[Math.min(a.length - 1, Math.max(0, i + k))]!;
          s += v;
          c++;
        }
        return s / c;
      });
    }
    return a;
  };
  const lo = smooth(fill(rmin));
  const hi = smooth(fill(rmax));
  const cerv = smooth(fill(yc));
  const mid = lo.map((v, i) => (v + hi[i]!) / 2);
  const angles = lo.map((_, i) => (((first + i + 0.5) / BINS) * Math.PI) as number);

  const prof: ArchProfile = { x: [], z: [], nx: [], nz: [], inner: [], outer: [], cervical: [] };
  const push = (
    a: number,
    r: number,
    inner: number,
    outer: number,
    c: number,
    shift: [number, number],
  ) => {
    prof.x.push(cx + r * Math.cos(a) + shift[0]);
    prof.z.push(cz + r * Math.sin(a) + shift[1]);
    prof.nx.push(Math.cos(a));
    prof.nz.push(Math.sin(a));
    prof.inner.push(inner);
    prof.outer.push(outer);
    prof.cervical.push(c);
  };
  const station = (i: number) => ({
    a: angles[i]!,
    r: mid[i]!,
    inner: lo[i]! - mid[i]!,
    outer: hi[i]! - mid[i]!,
    c: cerv[i]!,
  });
  // Extend along the end tangents (the distal ends run roughly towards -z).
  const extend = (from: number, towards: number, steps: number, reverse: boolean) => {
    const s0 = station(from);
    const s1 = station(towards);
    const p0 = [cx + s0.r * Math.cos(s0.a), cz + s0.r * Math.sin(s0.a)];
    const p1 = [cx + s1.r * Math.cos(s1.a), cz + s1.r * Math.sin(s1.a)];
    const len = Math.hypot(p0[0]! - p1[0]!, p0[1]! - p1[1]!) || 1;
    const dir = [(p0[0]! - p1[0]!) / len, (p0[1]! - p1[1]!) / len];
    const list: number[] = [];
    for (let k = steps; k >= 1; k--) list.push(k);
    if (!reverse) list.reverse();
    for (const k of list) {
      const d = k * 1.5;
      push(s0.a, s0.r, s0.inner, s0.outer, s0.c, [dir[0]! * d, dir[1]! * d]);
    }
  };
  extend(0, 1, 6, true);
  for (let i = 0; i < lo.length; i++) {
    const s = station(i);
    push(s.a, s.r, s.inner, s.outer, s.c, [0, 0]);
  }
  extend(lo.length - 1, lo.length - 2, 6, false);
  return prof;
}

/**
 * Sweeps a closed cross-section along the arch. `section(i)` returns points (n, u): n along the
 * buccal normal from the centre-line, u from the cervical height towards the gum (away from the
 * teeth). Ends are capped with fans around the section centroid.
 */
function sweep(
  prof: ArchProfile,
  cervicalUp: boolean,
  section: (i: number) => [number, number][],
): Indexed {
  const stations = prof.x.length;
  const sections = Array.from({ length: stations }, (_, i) => section(i));
  const ring = sections[0]!.length;
  const pos: number[] = [];
  const idx: number[] = [];
  const sign = cervicalUp ? 1 : -1;
  for (let i = 0; i < stations; i++) {
    for (const [n, u] of sections[i]!) {
      pos.push(
        prof.x[i]! + prof.nx[i]! * n,
        prof.cervical[i]! + sign * u,
        prof.z[i]! + prof.nz[i]! * n,
      );
    }
  }
  const flip = !cervicalUp;
  const tri = (a: number, b: number, c: number) => (flip ? idx.push(a, c, b) : idx.push(a, b, c));
  for (let i = 0; i + 1 < stations; i++) {
    for (let k = 0; k < ring; k++) {
      const a = i * ring + k;
      const b = i * ring + ((k + 1) % ring);
      const c = (i + 1) * ring + k;
      const d = (i + 1) * ring + ((k + 1) % ring);
      tri(a, c, b);
      tri(b, c, d);
    }
  }
  for (const [i, outward] of [
    [0, false],
    [stations - 1, true],
  ] as const) {
    const centre = pos.length / 3;
    let sx = 0;
    let sy = 0;
    let sz = 0;
    for (let k = 0; k < ring; k++) {
      sx += pos[(i * ring + k) * 3]!;
      sy += pos[(i * ring + k) * 3 + 1]!;
      sz += pos[(i * ring + k) * 3 + 2]!;
    }
    pos.push(sx / ring, sy / ring, sz / ring);
    for (let k = 0; k < ring; k++) {
      const a = i * ring + k;
      const b = i * ring + ((k + 1) % ring);
      if (outward) tri(centre, a, b);
      else tri(centre, b, a);
    }
  }
  return { positions: Float32Array.from(pos), indices: Uint32Array.from(idx) };
}

/** Rounded closed profile through the given (n, u) control points, resampled smoothly. */
function smoothLoop(points: [number, number][], perSegment: number): [number, number][] {
  const out: [number, number][] = [];
  const m = points.length;
  for (let i = 0; i < m; i++) {
    const p0 = points[(i - 1 + m) % m]!;
    const p1 = points[i]!;
    const p2 = points[(i + 1) % m]!;
    const p3 = points[(i + 2) % m]!;
    for (let s = 0; s < perSegment; s++) {
      const t = s / perSegment;
      const t2 = t * t;
      const t3 = t2 * t;
      // Catmull–Rom
      const f = (a: number, b: number, c: number, d: number) =>
        0.5 *
        (2 * b + (-a + c) * t + (2 * a - 5 * b + 4 * c - d) * t2 + (-a + 3 * b - 3 * c + d) * t3);
      out.push([f(p0[0], p1[0], p2[0], p3[0]), f(p0[1], p1[1], p2[1], p3[1])]);
    }
  }
  return out;
}

function gingiva(prof: ArchProfile, cervicalUp: boolean): Indexed {
  const stations = prof.x.length;
  return sweep(prof, cervicalUp, (i) => {
    const inner = prof.inner[i]!;
    const outer = prof.outer[i]!;
    // Papillae: the gum margin climbs between teeth (~every 8 mm of arch), scalloped.
    const papilla = 0.9 * Math.max(0, Math.cos((i / stations) * Math.PI * 2 * 9));
    const margin = -2.4 - papilla;
    return smoothLoop(
      [
        [outer - 0.2, margin],
        [outer + 1.3, 0.2],
        [outer + 2.1, 3.5],
        [outer + 1.6, 7],
        [(inner + outer) / 2, 8.2],
        [inner - 1.6, 7],
        [inner - 2.1, 3.5],
        [inner - 1.3, 0.2],
        [inner + 0.2, margin],
        [(inner + outer) / 2, -0.5],
      ],
      3,
    );
  });
}

function tissueBase(prof: ArchProfile, cervicalUp: boolean): Indexed {
  return sweep(prof, cervicalUp, (i) => {
    const inner = prof.inner[i]! - 3.2;
    const outer = prof.outer[i]! + 3.2;
    return smoothLoop(
      [
        [outer - 0.6, 5.5],
        [outer, 8],
        [outer, 16.5],
        [outer - 0.8, 18],
        [inner + 0.8, 18],
        [inner, 16.5],
        [inner, 8],
        [inner + 0.6, 5.5],
      ],
      3,
    );
  });
}

/** Lathed abutment: hex-ish base, flared collar, tapered post with a chamfered top. */
function abutment(base: [number, number, number], up: 1 | -1): Indexed {
  const profile: [number, number][] = [
    [0, 0],
    [1.75, 0],
    [1.75, 1.2],
    [2.05, 1.6],
    [2.6, 2.6],
    [2.45, 3],
    [2.0, 3.2],
    [1.85, 7.4],
    [1.55, 8.1],
    [0.9, 8.3],
    [0, 8.3],
  ];
  const seg = 48;
  const pos: number[] = [];
  const idx: number[] = [];
  for (const [r, h] of profile) {
    for (let s = 0; s < seg; s++) {
      const a = (s / seg) * Math.PI * 2;
      pos.push(base[0] + r * Math.cos(a), base[1] + up * h, base[2] + r * Math.sin(a));
    }
  }
  for (let k = 0; k + 1 < profile.length; k++) {
    for (let s = 0; s < seg; s++) {
      const a = k * seg + s;
      const b = k * seg + ((s + 1) % seg);
      const c = (k + 1) * seg + s;
      const d = (k + 1) * seg + ((s + 1) % seg);
      if (up === 1) idx.push(a, b, c, b, d, c);
      else idx.push(a, c, b, b, c, d);
    }
  }
  return { positions: Float32Array.from(pos), indices: Uint32Array.from(idx) };
}

function translate(mesh: Indexed, dx: number, dy: number, dz: number): Indexed {
  const p = mesh.positions.slice();
  for (let i = 0; i < p.length; i += 3) {
    p[i] = p[i]! + dx;
    p[i + 1] = p[i + 1]! + dy;
    p[i + 2] = p[i + 2]! + dz;
  }
  return { positions: p, indices: mesh.indices };
}

function yRange(mesh: Indexed): [number, number] {
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 1; i < mesh.positions.length; i += 3) {
    lo = Math.min(lo, mesh.positions[i]!);
    hi = Math.max(hi, mesh.positions[i]!);
  }
  return [lo, hi];
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const lowerRaw = fixtureObj('lower-arch-crowns.obj');
  const upperRaw = fixtureObj('upper-arch-crowns.obj');
  // The fixtures share one frame: y up, incisors towards +z. Upper crowns hang down (cervical at
  // +y), lower crowns stand up (cervical at -y). Separate the arches so their cusps just meet.
  const [, lowerTop] = yRange(lowerRaw);
  const [upperBottom] = yRange(upperRaw);
  const upper = translate(upperRaw, 0, lowerTop - upperBottom + 0.6, 0);
  const lower = lowerRaw;

  const upperProf = measureArch(upper, true);
  const lowerProf = measureArch(lower, false);

  // Abutment distal to the last lower molar on the patient's right (x > 0 end).
  const endIdx =
    lowerProf.x[0]! > lowerProf.x[lowerProf.x.length - 1]! ? 2 : lowerProf.x.length - 3;
  const abutBase: [number, number, number] = [
    lowerProf.x[endIdx]!,
    lowerProf.cervical[endIdx]! - 3.5,
    lowerProf.z[endIdx]!,
  ];

  const layers: {
    id: string;
    name: string;
    type: string;
    material?: string;
    groupedFrom?: string;
    mesh: Indexed;
  }[] = [
    { id: 'upper-teeth', name: 'Upper Teeth', type: 'teeth', groupedFrom: 'Teeth', mesh: upper },
    { id: 'lower-teeth', name: 'Lower Teeth', type: 'teeth', groupedFrom: 'Teeth', mesh: lower },
    { id: 'upper-gingiva', name: 'Upper Gingiva', type: 'gingiva', mesh: gingiva(upperProf, true) },
    {
      id: 'lower-gingiva',
      name: 'Lower Gingiva',
      type: 'gingiva',
      mesh: gingiva(lowerProf, false),
    },
    { id: 'upper-tissue', name: 'Upper Tissue', type: 'tissue', mesh: tissueBase(upperProf, true) },
    {
      id: 'lower-tissue',
      name: 'Lower Tissue',
      type: 'tissue',
      mesh: tissueBase(lowerProf, false),
    },
    {
      id: 'metal-abutment',
      name: 'Metal Abutment',
      type: 'metal_abut',
      mesh: abutment(abutBase, 1),
    },
  ];

  const manifest: unknown[] = [];
  let total = 0;
  for (const l of layers) {
    const d = await buildViewDerivative(l.mesh);
    const file = `${l.id}.glb`;
    writeFileSync(join(OUT, file), d.glb);
    total += d.glb.byteLength;
    const stlBytes = 84 + 50 * (l.mesh.indices.length / 3);
    manifest.push({
      id: l.id,
      name: l.name,
      file,
      size: stlBytes,
      type: l.type,
      ...(l.material ? { material: l.material } : {}),
      ...(l.groupedFrom ? { groupedFrom: l.groupedFrom } : {}),
    });
    console.log(
      `${file}: ${d.stats.triangles} triangles, ${d.glb.byteLength} B glb (${((d.glb.byteLength / stlBytes) * 100).toFixed(1)} % of STL), max error ${(d.stats.maxError * 1000).toFixed(2)} µm`,
    );
  }
  writeFileSync(join(OUT, 'demo.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`total ${total} B in ${OUT}`);
}

await main();
