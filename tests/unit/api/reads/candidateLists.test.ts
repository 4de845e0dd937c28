import { describe, expect, it } from 'vitest';
import { CandidateLists } from '../../../../api/src/reads/candidateLists.js';

const list = (...ids: string[]) => ids.map((id) => ({ id, revision: '1' }));

describe('candidate lists', () => {
  it('reads a scope and filter once and serves it until some project changes', async () => {
    const lists = new CandidateLists();
    let reads = 0;
    const read = async () => list(`read ${++reads}`);
    expect(await lists.getOrRead('k', read)).toEqual(list('read 1'));
    expect(await lists.getOrRead('k', read)).toEqual(list('read 1'));
    lists.clear();
    expect(await lists.getOrRead('k', read)).toEqual(list('read 2'));
  });

  it('serves but does not keep a list read while a project changed', async () => {
    const lists = new CandidateLists();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const pending = lists.getOrRead('k', async () => {
      await gate;
      return list('stale');
    });
    lists.clear();
    release();
    expect(await pending).toEqual(list('stale'));
    expect(lists.size).toBe(0);
  });

  it('keeps a bounded number of lists, dropping the least recently used', async () => {
    const lists = new CandidateLists();
    for (let i = 0; i < 300; i++) await lists.getOrRead(`k${i}`, async () => list(`${i}`));
    expect(lists.size).toBe(256);
    let reread = false;
    await lists.getOrRead('k0', async () => {
      reread = true;
      return list('0');
    });
    expect(reread).toBe(true);
  });
});
