import { describe, expect, it } from 'vitest';
import { joinDistances, splitQuery } from '../../../wasm/src/distanceSplit.js';

describe('splitting a distance computation over workers', () => {
  it('splits the query into contiguous whole-vertex shares covering every vertex once', () => {
    const query = Float32Array.from({ length: 7 * 3 }, (_, i) => i);
    const parts = splitQuery(query, 2);
    expect(parts.map((p) => p.length / 3)).toEqual([3, 4]);
    expect(Array.from(parts[0]!).concat(Array.from(parts[1]!))).toEqual(Array.from(query));
    // Views, not copies: the caller's buffer goes to the workers as is.
    expect(parts[1]!.buffer).toBe(query.buffer);
  });

  it('never makes more shares than vertices, nor fewer than one', () => {
    expect(splitQuery(new Float32Array(6), 8)).toHaveLength(2);
    expect(splitQuery(new Float32Array(6), 0)).toHaveLength(1);
  });

  it('joins the answers in query order, keeping optional arrays only when every share has them', () => {
    const a = {
      distances: Float32Array.of(1, 2),
      closestPoints: Float32Array.of(0, 0, 0, 1, 1, 1),
      triangles: Int32Array.of(5, 6),
    };
    const b = {
      distances: Float32Array.of(3),
      closestPoints: Float32Array.of(2, 2, 2),
      triangles: Int32Array.of(7),
    };
    const joined = joinDistances([a, b]);
    expect(Array.from(joined.distances)).toEqual([1, 2, 3]);
    expect(Array.from(joined.closestPoints!)).toEqual([0, 0, 0, 1, 1, 1, 2, 2, 2]);
    expect(Array.from(joined.triangles!)).toEqual([5, 6, 7]);
    expect(joinDistances([a, { ...b, triangles: null }]).triangles).toBeNull();
  });
});
