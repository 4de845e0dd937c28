/**
 * The clearance map of two layers of one version: each layer's vertices measured against the
 * other's surface in the mesh workers, coloured on the clearance scale, with the contact points.
 */
import type { ViewMesh } from '../mesh/viewMesh';
import { clearanceColorize, contactPoints, type ContactPoint } from './clearanceScale';
import type { ModelDeviation } from './compareStore';
import { SEARCH_DISTANCE_MM } from './deviationScale';
import { signedDistancesOnWorkers } from './distanceWorkers';
import { meshArraysOf } from './meshArraysOf';

export interface LayerClearance extends ModelDeviation {
  counts: number[];
  contacts: ContactPoint[];
}

export async function computeClearance(
  a: ViewMesh,
  b: ViewMesh,
): Promise<{ a: LayerClearance; b: LayerClearance }> {
  const A = meshArraysOf(a);
  const B = meshArraysOf(b);
  const one = async (q: typeof A, t: typeof B): Promise<LayerClearance> => {
    const { distances } = await signedDistancesOnWorkers(q.positions, t, SEARCH_DISTANCE_MM);
    const { colors, counts } = clearanceColorize(distances);
    return { distances, colors, counts, contacts: contactPoints(q.positions, distances) };
  };
  return { a: await one(A, B), b: await one(B, A) };
}
