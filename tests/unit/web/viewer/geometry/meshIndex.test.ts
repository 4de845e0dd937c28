import { Ray, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import {
  attachMeshIndex,
  buildMeshIndexData,
  meshIndexTransferables,
} from '../../../../../web/src/viewer/geometry/meshIndex';
import { requestMeshIndexData } from '../../../../../web/src/viewer/geometry/meshIndexClient';
import { handleMeshIndexRequest } from '../../../../../web/src/viewer/geometry/meshIndexProtocol';
import { createPickHit, Picker } from '../../../../../web/src/viewer/geometry/picking';
import { weldMap } from '../../../../../web/src/viewer/geometry/weld';
import { fixtureStl, readBinaryStl } from '../../../../support/meshFiles';
import { viewerModelFromDerivative } from '../../../../support/viewerMeshes';
import { unitCube, unitCubeSoup } from './meshes';

describe('model spatial index', () => {
  it('is built from copies of the arrays, as in the worker, and answers like one built in place', async () => {
    const soup = readBinaryStl(fixtureStl('molar-crown-fdi16.stl'));
    const crown = await viewerModelFromDerivative({ positions: soup });
    const positions = crown.mesh.positions.slice();
    const indices = crown.mesh.indices!.slice();
    const reply = handleMeshIndexRequest(
      { id: 7, mesh: { ...crown.mesh, positions, indices } },
      buildMeshIndexData,
    );
    expect(reply.id).toBe(7);
    if (!('data' in reply)) throw new Error(reply.error);
    const transfer = meshIndexTransferables(reply.data);
    expect(transfer).toContain(reply.data.weld.buffer);
    expect(transfer).toContain(reply.data.triangleOrder.buffer);
    expect(reply.data.triangleOrder.length).toBe(crown.mesh.triangleCount);
    // Bound to the scene's own geometry, which it leaves as it was.
    const indexBefore = crown.view.geometry.getIndex()!.array.slice();
    const remote = attachMeshIndex(crown.view.geometry, reply.data);
    expect(crown.view.geometry.getIndex()!.array).toEqual(indexBefore);
    const local = attachMeshIndex(crown.view.geometry, buildMeshIndexData(crown.mesh));
    const a = new Picker();
    a.add({ id: 'c', mesh: crown.mesh, index: remote });
    const b = new Picker();
    b.add({ id: 'c', mesh: crown.mesh, index: local });
    const center = crown.view.bounds.getCenter(new Vector3());
    const ha = createPickHit();
    const hb = createPickHit();
    for (const dir of [new Vector3(0, 0, -1), new Vector3(1, 0, 0), new Vector3(0.3, -1, 0.2)]) {
      const ray = new Ray(center.clone().addScaledVector(dir, -50), dir.normalize());
      expect(a.pick(ray, ha)).not.toBeNull();
      expect(b.pick(ray, hb)).not.toBeNull();
      expect(ha.faceIndex).toBe(hb.faceIndex);
      expect(ha.point.equals(hb.point)).toBe(true);
    }
  });

  it('answers an error, not a throw, for arrays it cannot index', () => {
    const cube = unitCube();
    const cases: [typeof cube, string][] = [
      [
        { ...cube, indices: Uint32Array.from([0, 1, 8]), triangleCount: 1 },
        'a triangle index is out of range',
      ],
      [{ ...cube, triangleCount: 13 }, 'the triangle count does not match the arrays'],
      [{ ...cube, positions: cube.positions.subarray(0, 21) }, 'positions are too short'],
      [{ ...cube, stride: 5 as 3 }, 'positions must have 3 or 4 values a vertex'],
      [{ ...cube, scale: 0 }, 'the model transform must be finite with a positive scale'],
    ];
    for (const [mesh, error] of cases) {
      expect(handleMeshIndexRequest({ id: 3, mesh }, buildMeshIndexData)).toEqual({ id: 3, error });
    }
  });

  it('builds inline where no worker can start (here: Node)', async () => {
    expect(typeof Worker).toBe('undefined');
    const data = await requestMeshIndexData(unitCube());
    expect(data.triangleOrder.length).toBe(12);
    expect(Array.from(data.weld)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });
});

describe('weld map', () => {
  it('gives every copy of a position the id of its first vertex', () => {
    const w = weldMap(unitCubeSoup());
    const soup = unitCubeSoup().positions;
    const seen = new Map<string, number>();
    for (let v = 0; v < 36; v++) {
      const key = `${soup[v * 3]},${soup[v * 3 + 1]},${soup[v * 3 + 2]}`;
      if (!seen.has(key)) seen.set(key, v);
      expect(w[v]).toBe(seen.get(key));
    }
    expect(seen.size).toBe(8);
  });

  it('welds −0 with +0 and keeps positions one float step apart distinct', () => {
    const positions = Float32Array.from([0, 0, 0, -0, 0, -0, 1, 1, 1, 1, 1, 1 + 2 ** -23]);
    expect(Array.from(weldMap({ positions, stride: 3, vertexCount: 4 }))).toEqual([0, 0, 2, 3]);
  });

  it('reads the 16-bit grid with its fourth padding value ignored', () => {
    const positions = Uint16Array.from([1, 2, 3, 0, 1, 2, 3, 9, 1, 2, 4, 0]);
    expect(Array.from(weldMap({ positions, stride: 4, vertexCount: 3 }))).toEqual([0, 0, 2]);
  });
});
