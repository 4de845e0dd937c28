/**
 * Section outline while dragging: the outline of a 1M-triangle
 * scan recomputed for a sequence of plane poses as a drag produces them (small translations
 * along the normal and small rotations), through the BVH (web/src/viewer/geometry/section.ts),
 * against a naive full scan of every triangle with the same chaining, side by side in one
 * process (round-robin, gc() before each batch, median of per-round ratios after warm-ups).
 * Two planes: across the front of the arch (a bucco-lingual cut through a front tooth, the
 * section a doctor checks a margin or a thickness with) and along the whole arch (a cut at
 * occlusal height through every tooth: the most segments a plane gives on this scan).
 * Gate: ≥ 30 updates/s through the BVH for each plane; the ratio to the full scan is reported.
 */
import { Matrix4, Vector3 } from 'three';
import { planeFrame, type PlaneFrame } from '../../web/src/viewer/geometry/planeFrame';
import {
  outlineLength,
  SectionSlicer,
  type SectionOutline,
} from '../../web/src/viewer/geometry/section';
import {
  finish,
  gate,
  gc,
  type Gate,
  loadLine,
  median,
  openMillionArchBench,
  quantile,
} from './support/geometryBench';

const ROUNDS = 7;
const WARMUPS = 2;
const POSES = 60;
/** Poses per round for the full scan (every triangle each time). */
const BASELINE_POSES = 6;

const arch = await openMillionArchBench(import.meta.url);
const center = arch.view.bounds.getCenter(new Vector3());

/**
 * A drag: the plane slides ±1.5 mm along its normal and tilts ±6° about an in-plane axis, in
 * small steps, as pointer moves at 60 Hz would move it.
 */
function drag(origin: Vector3, normal: Vector3, axis: Vector3): PlaneFrame[] {
  return Array.from({ length: POSES }, (_, i) => {
    const phase = (i / POSES) * 2 * Math.PI;
    const n = normal
      .clone()
      .applyMatrix4(new Matrix4().makeRotationAxis(axis, 0.105 * Math.sin(phase)));
    const o = origin.clone().addScaledVector(normal, 1.5 * Math.sin(2 * phase));
    return planeFrame(o, n, axis);
  });
}

const planes = [
  {
    name: 'across the front of the arch',
    poses: drag(
      new Vector3(center.x + 4, center.y, center.z),
      new Vector3(1, 0, 0),
      new Vector3(0, 0, 1),
    ),
  },
  {
    name: 'along the whole arch (occlusal height)',
    poses: drag(
      new Vector3(center.x, center.y, arch.view.bounds.min.z + 6),
      new Vector3(0, 0, 1),
      new Vector3(1, 0, 0),
    ),
  },
];

function summary(o: SectionOutline): string {
  const chains: string[] = [];
  for (let c = 0; c < o.chainCount; c++) {
    chains.push(`${o.chainClosed[c]}:${o.chainLength[c]}:${outlineLength(o, c).toFixed(6)}`);
  }
  return chains.sort().join(' ');
}

const gates: Gate[] = [];
const fast = new SectionSlicer(arch.mesh, arch.index);
const full = new SectionSlicer(arch.mesh, arch.index);
for (const plane of planes) {
  const updateMs: number[] = [];
  const subjectMs: number[] = [];
  const baselineMs: number[] = [];
  const ratios: number[] = [];
  let segments = 0;
  let tested = 0;
  let chains = 0;
  for (let r = 0; r < WARMUPS + ROUNDS; r++) {
    gc();
    const t0 = performance.now();
    for (const pose of plane.poses) {
      const t = performance.now();
      const o = fast.slice(pose);
      if (r >= WARMUPS) updateMs.push(performance.now() - t);
      segments += o.segments;
      tested += o.trianglesTested;
      chains += o.chainCount;
    }
    const s = (performance.now() - t0) / plane.poses.length;
    gc();
    const some = Array.from(
      { length: BASELINE_POSES },
      (_, k) => plane.poses[(r * 7 + k * 11) % POSES]!,
    );
    const t1 = performance.now();
    const expected = some.map((pose) => summary(full.slice(pose, { fullScan: true })));
    const b = (performance.now() - t1) / some.length;
    // Same outlines both ways (checked outside the timed part).
    some.forEach((pose, k) => {
      if (summary(fast.slice(pose)) !== expected[k]) throw new Error('BVH and full scan disagree');
    });
    if (r < WARMUPS) continue;
    subjectMs.push(s);
    baselineMs.push(b);
    ratios.push(b / s);
  }
  const n = (WARMUPS + ROUNDS) * POSES;
  console.log(`\nplane ${plane.name}:`);
  console.log(
    `  per update: ${(segments / n).toFixed(0)} segments in ${(chains / n).toFixed(1)} chains, ` +
      `${(tested / n).toFixed(0)} of ${arch.mesh.triangleCount.toLocaleString('en-US')} triangles tested`,
  );
  const rate = 1000 / median(subjectMs);
  const baseRate = 1000 / median(baselineMs);
  console.log(
    `  BVH ${median(subjectMs).toFixed(2)} ms/update = ${rate.toFixed(0)} updates/s ` +
      `(p95 ${quantile(updateMs, 0.95).toFixed(2)} ms, max ${Math.max(...updateMs).toFixed(2)} ms); ` +
      `full scan ${median(baselineMs).toFixed(1)} ms/update = ${baseRate.toFixed(1)} updates/s; ` +
      `ratio ${median(ratios).toFixed(1)}×; ${loadLine()}`,
  );
  gate(
    gates,
    `section updates while dragging, ${plane.name}`,
    rate >= 30,
    `${rate.toFixed(0)} updates/s (gate ≥ 30)`,
  );
}
finish(gates);
