import { describe, expect, it } from 'vitest';
import {
  coarseStorageBytes,
  countOf,
  isClearCount,
  MIB,
  sealedCountText,
  storageMiB,
  storageMiBOf,
} from '../../../../api/src/domain/models.js';

describe('model sizes and triangle counts as recorded', () => {
  it('rounds a size up to whole MiB, at least one', () => {
    expect([0, 1, 684, MIB - 1, MIB, MIB + 1, 5 * MIB].map(storageMiB)).toEqual([
      1, 1, 1, 1, 1, 2, 5,
    ]);
  });

  it('takes the recorded MiB, or rounds the clear size of an older event', () => {
    expect(storageMiBOf({ size: 'v1:sealed', storageMiB: 3 })).toBe(3);
    expect(storageMiBOf({ size: 3 * MIB + 1 })).toBe(4);
    expect(coarseStorageBytes([{ size: 'v1:a', storageMiB: 2 }, { size: 10 }])).toBe(3 * MIB);
  });

  it('seals counts as 16 digits, so the sealed length does not tell the magnitude', () => {
    expect(sealedCountText(220_534)).toBe('0000000000220534');
    expect(sealedCountText(12)).toHaveLength(sealedCountText(9_999_999).length);
  });

  it('reads a clear count as it is and opens a sealed one', () => {
    const opened: string[] = [];
    const open = (v: string) => {
      opened.push(v);
      return sealedCountText(4409);
    };
    expect(countOf(684, open)).toBe(684);
    expect(countOf('684', open)).toBe(684);
    expect(opened).toEqual([]);
    expect(countOf('v1:abc:def:ghi', open)).toBe(4409);
    expect(opened).toEqual(['v1:abc:def:ghi']);
    expect(isClearCount(0)).toBe(true);
    expect(isClearCount('v1:abc:def:ghi')).toBe(false);
  });
});
