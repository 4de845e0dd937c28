/**
 * Runs in Chromium (bundled by Vite in browser.test.ts): the fixture and bad-input checks
 * through the real Web Worker and its client. Results go back to the test as plain data.
 */
import { MeshError, MeshWorkerClient } from '../../../../web/src/viewer/mesh/meshWorkerClient.js';
import { cube } from '../../../support/distanceShapes.js';
import { BAD_INPUT_CASES } from './badInputCases.js';
import { EXPECTED_ERROR_CODES, type ExpectedFixture } from './fixtureCodes.js';

export interface BrowserResult {
  name: string;
  ok: boolean;
  detail: string;
}

async function sha256(b: ArrayBufferView): Promise<string> {
  const d = await crypto.subtle.digest(
    'SHA-256',
    new Uint8Array(b.buffer, b.byteOffset, b.byteLength).slice(),
  );
  return [...new Uint8Array(d)].map((x) => x.toString(16).padStart(2, '0')).join('');
}

async function fetchBytes(url: string): Promise<Uint8Array> {
  const r = await fetch(url);
  if (!r.ok) throw new Error(`HTTP ${r.status} for ${url}`);
  return new Uint8Array(await r.arrayBuffer());
}

async function fixtureChecks(client: MeshWorkerClient): Promise<BrowserResult[]> {
  const out: BrowserResult[] = [];
  const expected = (await (await fetch('/fixtures/dcm/expected.json')).json()) as Record<
    string,
    ExpectedFixture
  >;
  for (const [name, exp] of Object.entries(expected)) {
    if (name.startsWith('_')) continue;
    const bytes = await fetchBytes(`/fixtures/dcm/${name}`);
    try {
      const m = await client.decodeDcm(bytes);
      const soup = new Float32Array(m.faces.length * 3);
      m.faces.forEach((v, i) => soup.set(m.vertices.subarray(v * 3, v * 3 + 3), i * 3));
      const got = [
        m.vertexCount,
        m.triangleCount,
        await sha256(m.vertices),
        await sha256(m.faces),
        await sha256(soup),
      ];
      const want = [
        exp.vertex_count,
        exp.face_count,
        exp.vertices_sha256,
        exp.faces_sha256,
        exp.triangles_sha256,
      ];
      out.push({
        name: `fixture ${name}`,
        ok: exp.expect === 'ok' && JSON.stringify(got) === JSON.stringify(want),
        detail: JSON.stringify(got),
      });
    } catch (e) {
      const code = e instanceof MeshError ? e.code : String(e);
      const want = EXPECTED_ERROR_CODES[exp.expected_error ?? ''];
      out.push({
        name: `fixture ${name}`,
        ok: exp.expect === 'error' && code === want,
        detail: code,
      });
    }
  }
  const ce = await fetchBytes('/fixtures/dcm/example_ce.dcm');
  try {
    await client.convertDcm(ce);
    out.push({ name: 'convert example_ce.dcm', ok: false, detail: 'converted' });
  } catch (e) {
    const msg = e instanceof Error ? e.message : '';
    out.push({
      name: 'convert example_ce.dcm',
      ok: e instanceof MeshError && /export .*STL\/PLY/i.test(msg),
      detail: msg,
    });
  }
  const ca = await client.convertDcm(await fetchBytes('/fixtures/dcm/example_ca.dcm'));
  const n = new DataView(ca.stl.buffer, ca.stl.byteOffset).getUint32(80, true);
  out.push({
    name: 'convert example_ca.dcm',
    ok: n === 15510 && ca.stl.length === 84 + 50 * n,
    detail: String(n),
  });
  const molar = await client.parse(await fetchBytes('/fixtures/mesh/molar-crown-fdi16.stl'));
  out.push({
    name: 'parse molar-crown-fdi16.stl',
    ok:
      molar.stats.triangleCount === 5404 &&
      molar.positions.length === 5404 * 9 &&
      molar.normals?.length === 5404 * 9,
    detail: String(molar.stats.triangleCount),
  });
  return out;
}

async function badInputChecks(client: MeshWorkerClient): Promise<BrowserResult[]> {
  const out: BrowserResult[] = [];
  for (const c of BAD_INPUT_CASES) {
    if (c.heavy || (c.op === 'sanitise' && c.kind)) continue;
    const name = `row ${c.row}: ${c.title}`;
    const bytes = c.make();
    try {
      // The browser worker offers parse and convert; sanitising is a server job.
      if (c.op === 'convertDcm') await client.convertDcm(bytes);
      else await client.parse(bytes);
      out.push({ name, ok: c.expect === 'ok', detail: 'ok' });
    } catch (e) {
      const code = e instanceof MeshError ? e.code : String(e);
      out.push({
        name,
        ok: [c.expect, ...(c.alsoAccept ?? [])].includes(code as never),
        detail: code,
      });
    }
  }
  return out;
}

/** The distance engine through the worker: signs, max distance, transfer, errors, the v2 crown. */
async function distanceChecks(client: MeshWorkerClient): Promise<BrowserResult[]> {
  const out: BrowserResult[] = [];
  const target = cube(1);
  const query = Float32Array.from([1.5, 0, 0, 0, 0, 0.5, 5, 5, 5]);
  const copied = await client.signedDistances(query, target, { maxDistance: 2 });
  const moved = query.slice();
  const given = cube(1);
  const transferred = await client.signedDistances(moved, given, {
    maxDistance: 2,
    transfer: true,
  });
  out.push({
    name: 'distances: signs, max distance and transfer',
    ok:
      JSON.stringify([...copied.distances]) === JSON.stringify([0.5, -0.5, null]) &&
      Number.isNaN(copied.distances[2]) &&
      query.length === 9 &&
      moved.length === 0 &&
      given.positions.length === 0 &&
      target.positions.length === 24 &&
      JSON.stringify([...transferred.distances]) === JSON.stringify([...copied.distances]),
    detail: `${[...copied.distances].join()} / query ${query.length} / moved ${moved.length}`,
  });
  try {
    await client.signedDistances(query, {
      positions: target.positions,
      indices: Uint32Array.from([0, 1, 8]),
    });
    out.push({ name: 'distances: bad index', ok: false, detail: 'no error' });
  } catch (e) {
    const code = e instanceof MeshError ? e.code : String(e);
    out.push({ name: 'distances: bad index', ok: code === 'INDEX_OUT_OF_RANGE', detail: code });
  }
  const [v1, v2] = await Promise.all(
    ['molar-crown-fdi16.stl', 'molar-crown-fdi16-v2.stl'].map(async (f) =>
      client.parse(await fetchBytes(`/fixtures/mesh/${f}`), { normals: false }),
    ),
  );
  const dev = await client.signedDistances(v2!.positions, { positions: v1!.positions });
  let worst = 0;
  let region = 0;
  dev.distances.forEach((d, i) => {
    const still = [0, 1, 2].every((k) => v2!.positions[i * 3 + k] === v1!.positions[i * 3 + k]);
    if (!still) region++;
    worst = Math.max(worst, Math.abs(d - (still ? 0 : 0.1)));
  });
  out.push({
    name: 'distances: crown v2 against v1',
    ok: region > 0 && worst <= 0.002,
    detail: `${region} moved corners, worst error ${worst} mm`,
  });
  return out;
}

declare global {
  interface Window {
    runMeshChecks(): Promise<BrowserResult[]>;
  }
}

window.runMeshChecks = async () => {
  const client = new MeshWorkerClient();
  try {
    return [
      ...(await fixtureChecks(client)),
      ...(await badInputChecks(client)),
      ...(await distanceChecks(client)),
    ];
  } finally {
    client.terminate();
  }
};
