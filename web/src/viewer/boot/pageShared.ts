/**
 * State the page's copies of the first frame's chunk share. On a public link the viewer's HTML
 * carries that chunk inline (api/src/routes/viewerPage.ts) and the app, once loaded, imports the
 * same chunk from its file: two module instances of the same code. Whatever either instance
 * keeps for the other — the first frame, the prefetched project and models, the decode worker —
 * lives in one object on the page's global under `key`, created by whichever instance runs first.
 */
const GLOBAL_KEY = '__cuspPage';

type Bag = Record<string, unknown>;

export function pageShared<T extends object>(key: string, create: () => T): T {
  const g = globalThis as typeof globalThis & { [GLOBAL_KEY]?: Bag };
  const bag = (g[GLOBAL_KEY] ??= {});
  return (bag[key] ??= create()) as T;
}
