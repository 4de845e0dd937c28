import { describe, expect, it } from 'vitest';
import {
  compareEsdbPositions,
  esdbPosition,
  parseEsdbPosition,
} from '../../../../api/src/store/esdb.js';
import type { Position } from '../../../../api/src/store/eventStore.js';

/** The parts of the EventStoreDB adapter that need no server (its contract needs ESDB_URL). */
describe('EventStoreDB positions', () => {
  it('round-trips commit and prepare beyond 2^53', () => {
    const big = { commit: 2n ** 60n + 7n, prepare: 2n ** 60n + 3n };
    expect(parseEsdbPosition(esdbPosition(big))).toEqual(big);
  });

  it('orders by commit, then prepare, numerically rather than as text', () => {
    const p = (commit: bigint, prepare: bigint) => esdbPosition({ commit, prepare });
    expect(compareEsdbPositions(p(99n, 5n), p(100n, 1n))).toBe(-1);
    expect(compareEsdbPositions(p(100n, 9n), p(100n, 10n))).toBe(-1);
    expect(compareEsdbPositions(p(100n, 10n), p(100n, 10n))).toBe(0);
    expect(compareEsdbPositions(p(101n, 0n), p(100n, 99n))).toBe(1);
  });

  it('refuses text that is not two decimal numbers', () => {
    expect(() => parseEsdbPosition('12:x' as Position)).toThrow(TypeError);
    expect(() => parseEsdbPosition('' as Position)).toThrow(TypeError);
  });
});
