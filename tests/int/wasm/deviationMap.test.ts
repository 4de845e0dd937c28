import { beforeAll, describe, expect, it } from 'vitest';
import type { MeshModule } from '../../../wasm/src/core.js';
import { loadMeshModule } from '../../../wasm/src/node.js';
import {
  bandOf,
  colorize,
  deviationBands,
  SEARCH_DISTANCE_MM,
} from '../../../web/src/viewer/compare/deviationScale.js';
import { fixtureStl } from '../../support/meshFiles.js';

let mesh: MeshModule;
beforeAll(async () => {
  mesh = await loadMeshModule();
});

describe('the deviation map of the crown v2 fixture against v1', () => {
  it('reads +100 µm (within 2 µm) on the displaced region, colours only it, the rest is within tolerance', () => {
    const v1 = mesh.parseMesh(fixtureStl('molar-crown-fdi16.stl'), { normals: false }).positions;
    const v2 = mesh.parseMesh(fixtureStl('molar-crown-fdi16-v2.stl'), { normals: false }).positions;
    // As the viewer asks the engine: v2's vertices against v1's surface, with the search distance.
    const { distances } = mesh.signedDistances(
      v2,
      { positions: v1 },
      { maxDistance: SEARCH_DISTANCE_MM },
    );
    let moved = 0;
    for (let i = 0; i < distances.length; i++) {
      const same = [0, 1, 2].every((k) => v2[i * 3 + k] === v1[i * 3 + k]);
      const d = distances[i]!;
      if (same) expect(Math.abs(d)).toBeLessThanOrEqual(0.002);
      else {
        expect(Math.abs(d - 0.1)).toBeLessThanOrEqual(0.002);
        moved++;
      }
    }
    expect(moved).toBeGreaterThan(0);
    const { counts } = colorize(distances);
    const bands = deviationBands();
    const around100 = counts[bandOf(99)]! + counts[bandOf(101)]!;
    expect(around100).toBe(moved);
    expect(counts[bandOf(0)]).toBe(distances.length - moved);
    expect(counts[bands.length]).toBe(0);
  });
});

describe('the clearance map of the crown v1 against v2', () => {
  it('finds penetration where v2 bulges out, contact elsewhere, and lists contact points', async () => {
    const { clearanceColorize, contactPoints } =
      await import('../../../web/src/viewer/compare/clearanceScale.js');
    const v1 = mesh.parseMesh(fixtureStl('molar-crown-fdi16.stl'), { normals: false }).positions;
    const v2 = mesh.parseMesh(fixtureStl('molar-crown-fdi16-v2.stl'), { normals: false }).positions;
    // v1 against the v2 surface: inside v2 (−100 µm) on the moved region, on it elsewhere.
    const { distances } = mesh.signedDistances(v1, { positions: v2 }, { maxDistance: 2 });
    const { counts } = clearanceColorize(distances);
    expect(counts[0]).toBeGreaterThan(0); // penetration
    expect(counts[1]).toBeGreaterThan(counts[0]!); // contact
    const points = contactPoints(v1, distances);
    expect(points[0]!.distance).toBeLessThan(-0.09);
    expect(points[0]!.distance).toBeGreaterThan(-0.102);
  });
});
