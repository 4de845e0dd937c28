import { describe, expect, it } from 'vitest';
import { cycles, importGraph } from '../../../scripts/importCycles.js';

describe('import circles', () => {
  it('finds a circle of two files and a file importing itself, and nothing in a tree', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['a', 'c']],
      ['c', []],
      ['d', ['d']],
      ['e', ['c']],
    ]);
    expect(cycles(graph)).toEqual([['a', 'b'], ['d']]);
    expect(
      cycles(
        new Map([
          ['x', ['y']],
          ['y', []],
        ]),
      ),
    ).toEqual([]);
  });

  it('finds none in the server and the read side', () => {
    expect(cycles(importGraph(['api/src', 'projections/src']))).toEqual([]);
  });
});
