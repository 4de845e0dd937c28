import { describe, expect, it } from 'vitest';
import { cycles, folderCycles, importGraph } from '../../../scripts/importCycles.js';

const ROOTS = ['api/src', 'projections/src', 'web/src'];

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

  it('finds folders that import each other, leaving out the files of the root itself', () => {
    const graph = new Map([
      ['/r/a/x.ts', ['/r/b/y.ts']],
      ['/r/b/y.ts', ['/r/c/z.ts', '/r/main.ts']],
      ['/r/b/w.ts', ['/r/a/v.ts']],
      ['/r/a/v.ts', []],
      ['/r/c/z.ts', ['/r/c/u.ts']],
      ['/r/c/u.ts', []],
      ['/r/main.ts', ['/r/c/z.ts', '/r/b/y.ts']],
    ]);
    expect(folderCycles(graph, '/r')).toEqual([['a', 'b']]);
  });

  it('finds no circle of files in the server, the read side and the web app', () => {
    expect(cycles(importGraph(ROOTS))).toEqual([]);
  });

  it('finds no two folders of api/src, projections/src or web/src importing each other', () => {
    const graph = importGraph(ROOTS);
    expect(
      ROOTS.flatMap((r) => folderCycles(graph, r).map((pair) => `${r}: ${pair.join(' ↔ ')}`)),
    ).toEqual([]);
  });
});
