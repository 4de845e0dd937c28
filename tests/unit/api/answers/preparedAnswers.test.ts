import { describe, expect, it } from 'vitest';
import { PreparedAnswers, type BuiltAnswer } from '../../../../api/src/answers/preparedAnswers.js';

const built = (projectId: string, value: unknown, validUntil?: number): BuiltAnswer => ({
  projectId,
  value,
  ...(validUntil === undefined ? {} : { validUntil }),
});

describe('prepared answers', () => {
  it('builds once and serves the same body and entity tag until its project is invalidated', async () => {
    const cache = new PreparedAnswers(10, () => 0);
    let builds = 0;
    const build = async () => built('p1', { n: ++builds });
    const a = await cache.getOrBuild('public:t', build);
    const b = await cache.getOrBuild('public:t', build);
    expect(b).toBe(a);
    expect(a?.body).toBe('{"n":1}');
    expect(a?.etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    cache.invalidateProject('p1');
    const c = await cache.getOrBuild('public:t', build);
    expect(c?.body).toBe('{"n":2}');
    expect(c?.etag).not.toBe(a?.etag);
  });

  it('drops every key of the invalidated project and only those', async () => {
    const cache = new PreparedAnswers(10, () => 0);
    await cache.getOrBuild('public:t1', async () => built('p1', 1));
    await cache.getOrBuild('owner:p1', async () => built('p1', 2));
    await cache.getOrBuild('public:t2', async () => built('p2', 3));
    cache.invalidateProject('p1');
    expect(cache.size).toBe(1);
    let rebuilt = false;
    await cache.getOrBuild('public:t2', async () => {
      rebuilt = true;
      return built('p2', 3);
    });
    expect(rebuilt).toBe(false);
  });

  it('keeps nothing for an unknown key: a guessed token takes no place', async () => {
    const cache = new PreparedAnswers(10, () => 0);
    expect(await cache.getOrBuild('public:guess', async () => null)).toBeNull();
    expect(cache.size).toBe(0);
  });

  it('serves but does not keep an answer whose project was invalidated while it was built', async () => {
    const cache = new PreparedAnswers(10, () => 0);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const pending = cache.getOrBuild('public:t', async () => {
      await gate;
      return built('p1', 'read before the event was applied');
    });
    cache.invalidateProject('p1');
    release();
    expect((await pending)?.body).toBe('"read before the event was applied"');
    expect(cache.size).toBe(0);
    // A build that starts after the drop is kept.
    await cache.getOrBuild('public:t', async () => built('p1', 'fresh'));
    expect(cache.size).toBe(1);
  });

  it('keeps no build that was in flight when everything was cleared', async () => {
    const cache = new PreparedAnswers(10, () => 0);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const pending = cache.getOrBuild('public:t', async () => {
      await gate;
      return built('p1', 1);
    });
    cache.clear();
    release();
    await pending;
    expect(cache.size).toBe(0);
  });

  it('stops serving an answer at its validUntil (a link that expires)', async () => {
    let now = 1_000;
    const cache = new PreparedAnswers(10, () => now);
    let builds = 0;
    const build = async () => built('p1', ++builds, 2_000);
    await cache.getOrBuild('public:t', build);
    now = 1_999;
    expect((await cache.getOrBuild('public:t', build))?.body).toBe('1');
    now = 2_000;
    expect((await cache.getOrBuild('public:t', build))?.body).toBe('2');
  });

  it('holds at most its bound, dropping the least recently used', async () => {
    const cache = new PreparedAnswers(2, () => 0);
    await cache.getOrBuild('a', async () => built('pa', 1));
    await cache.getOrBuild('b', async () => built('pb', 2));
    await cache.getOrBuild('a', async () => built('pa', 1)); // a is now the most recent
    await cache.getOrBuild('c', async () => built('pc', 3));
    expect(cache.size).toBe(2);
    let rebuiltA = false;
    await cache.getOrBuild('a', async () => {
      rebuiltA = true;
      return built('pa', 1);
    });
    expect(rebuiltA).toBe(false);
    let rebuiltB = false;
    await cache.getOrBuild('b', async () => {
      rebuiltB = true;
      return built('pb', 2);
    });
    expect(rebuiltB).toBe(true);
  });

  it('answers many keys in their order, building only the misses in one call', async () => {
    const cache = new PreparedAnswers(10, () => 0);
    await cache.getOrBuild('owner:p2', async () => built('p2', 'kept'));
    const asked: string[][] = [];
    const keys = ['p1', 'p2', 'p3'].map((id) => ({ key: `owner:${id}`, projectId: id }));
    const build = async (ids: string[]) => {
      asked.push(ids);
      // p3 is not found: it is left out, and not kept.
      return ids.filter((id) => id !== 'p3').map((id) => built(id, `new ${id}`));
    };
    const first = await cache.getOrBuildMany(keys, build);
    expect(first.map((a) => a.body)).toEqual(['"new p1"', '"kept"']);
    expect(asked).toEqual([['p1', 'p3']]);
    const again = await cache.getOrBuildMany(keys, build);
    expect(again.map((a) => a.body)).toEqual(['"new p1"', '"kept"']);
    expect(asked).toEqual([['p1', 'p3'], ['p3']]);
  });

  it('does not keep a batch member whose project was invalidated while the batch was built', async () => {
    const cache = new PreparedAnswers(10, () => 0);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const keys = ['p1', 'p2'].map((id) => ({ key: `owner:${id}`, projectId: id }));
    const pending = cache.getOrBuildMany(keys, async (ids) => {
      await gate;
      return ids.map((id) => built(id, id));
    });
    cache.invalidateProject('p2');
    release();
    expect((await pending).map((a) => a.body)).toEqual(['"p1"', '"p2"']);
    expect(cache.size).toBe(1);
  });

  it('rebuilds a batch member once its time has passed', async () => {
    let now = 0;
    const cache = new PreparedAnswers(10, () => now);
    const keys = [{ key: 'owner:p1', projectId: 'p1' }];
    let builds = 0;
    const build = async () => [built('p1', ++builds, 100)];
    await cache.getOrBuildMany(keys, build);
    await cache.getOrBuildMany(keys, build);
    expect(builds).toBe(1);
    now = 100;
    expect((await cache.getOrBuildMany(keys, build))[0]?.body).toBe('2');
  });
});
