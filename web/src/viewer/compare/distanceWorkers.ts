/**
 * The compare maps' distance queries on up to two mesh workers: a large query is split in two
 * contiguous halves (wasm/src/distanceSplit.ts), each worker indexes the target and answers its
 * half, so the larger part — the queries — runs on both cores. Small queries stay on one worker:
 * a second index build and worker start would cost more than they save.
 */
import { joinDistances, splitQuery } from '../../../../wasm/src/distanceSplit.js';
import type { DistanceTarget, SignedDistances } from '../../../../wasm/src/core.js';
import { MeshWorkerClient } from '../mesh/meshWorkerClient';

/** Query vertices from which the second worker pays off (its index build is ~⅓ of the work). */
export const SPLIT_FROM_VERTICES = 200_000;

const workers: MeshWorkerClient[] = [];

/** How many workers a query of `vertices` vertices uses on this device. */
export function workersFor(vertices: number, cores: number): number {
  return vertices >= SPLIT_FROM_VERTICES && cores >= 2 ? 2 : 1;
}

/** Signed distances of every query vertex to the target's surface (NaN beyond maxDistance). */
export async function signedDistancesOnWorkers(
  query: Float32Array,
  target: DistanceTarget,
  maxDistance: number,
): Promise<SignedDistances> {
  const cores = typeof navigator === 'undefined' ? 1 : (navigator.hardwareConcurrency ?? 1);
  const parts = splitQuery(query, workersFor(query.length / 3, cores));
  while (workers.length < parts.length) workers.push(new MeshWorkerClient());
  return joinDistances(
    await Promise.all(parts.map((q, i) => workers[i]!.signedDistances(q, target, { maxDistance }))),
  );
}
