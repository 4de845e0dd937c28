import { MeshoptDecoder } from 'meshoptimizer';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildViewDerivative } from '../../../../../api/src/mesh/viewDerivative';
import { areaWeightedNormals, gridNormalsJs } from '../../../../../web/src/viewer/mesh/gridNormals';
import { parseViewGlb } from '../../../../../web/src/viewer/mesh/viewGlb';
import { ViewMeshError } from '../../../../../web/src/viewer/mesh/viewMeshError';
import type { MeshModule } from '../../../../../wasm/src/core';
import { loadMeshModule } from '../../../../../wasm/src/node';
import { fixtureObj, fixtureStl, readBinaryStl } from '../../../../support/meshFiles';

describe("the first frame's normals in JavaScript", () => {
  let mod: MeshModule;
  beforeAll(async () => {
    mod = await loadMeshModule();
    await MeshoptDecoder.ready;
  });

  it("match the wasm module's area-weighted grid normals on a real arch's view derivative", async () => {
    const view = await buildViewDerivative({
      positions: readBinaryStl(fixtureStl('upper-arch-crowns.stl')),
    });
    const glb = view.glb.buffer.slice(
      view.glb.byteOffset,
      view.glb.byteOffset + view.glb.byteLength,
    ) as ArrayBuffer;
    const grid = parseViewGlb(glb, MeshoptDecoder);
    const js = gridNormalsJs(grid.positions, grid.indices);
    const wasm = mod.gridNormals(grid.positions, grid.indices);
    expect(js.length).toBe(grid.vertexCount * 3);
    expect(wasm.length).toBe(js.length);
    let worst = 0;
    for (let i = 0; i < js.length; i++) worst = Math.max(worst, Math.abs(js[i]! - wasm[i]!));
    expect(worst).toBeLessThan(1e-5);
    // Unit length where a vertex has any area around it.
    const len = Math.hypot(js[0]!, js[1]!, js[2]!);
    expect(len).toBeCloseTo(1, 5);
  });

  it("match the wasm module's vertex normals on a float mesh (the benchmark's baseline)", async () => {
    const { positions, indices } = fixtureObj('molar-crown-fdi16.obj');
    const wasm = mod.vertexNormals(positions, indices);
    const js = areaWeightedNormals(positions, 3, indices);
    expect(js.length).toBe(wasm.length);
    let worst = 0;
    for (let i = 0; i < js.length; i++) worst = Math.max(worst, Math.abs(js[i]! - wasm[i]!));
    expect(worst).toBeLessThan(1e-5);
  });

  it('leaves a vertex without area at zero and refuses an index out of range', () => {
    // Two vertices of a degenerate triangle and one unused vertex.
    const positions = new Uint16Array([0, 0, 0, 0, 10, 0, 0, 0, 20, 0, 0, 0, 5, 5, 5, 0]);
    expect([...gridNormalsJs(positions, new Uint16Array([0, 1, 2]))]).toEqual(
      new Array(12).fill(0),
    );
    expect(() => gridNormalsJs(positions, new Uint32Array([0, 1, 4]))).toThrow(ViewMeshError);
  });
});
