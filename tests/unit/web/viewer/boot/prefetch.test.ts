import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clearPrefetch,
  prefetchViewer,
  takeModel,
  takeProject,
} from '../../../../../web/src/viewer/boot/prefetch.js';

const TOKEN = 'pub_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde';
const BASE = `/api/public/projects/${TOKEN}`;
const M1 = '6f0c8f7e-1d7a-4a4e-9b1e-0a7e5c1d2b3f';
const M2 = '0b4e3f0a-9c2d-4e8f-8a1b-2c3d4e5f6a7b';

/** The browser's fetch, recorded: each URL answers with a small JSON or bytes. */
function recordFetch(project: unknown) {
  const urls: string[] = [];
  let answerProject: (() => void) | undefined;
  vi.stubGlobal('fetch', (url: string) => {
    urls.push(url);
    if (url === BASE) {
      return new Promise<Response>((resolve) => {
        answerProject = () => resolve(new Response(JSON.stringify(project)));
      });
    }
    return Promise.resolve(new Response(new Uint8Array([1, 2, 3])));
  });
  return { urls, answerProject: () => answerProject?.() };
}

describe('viewer prefetch', () => {
  afterEach(() => {
    clearPrefetch();
    vi.unstubAllGlobals();
  });

  it("requests the models the page listed at once, before the project's answer", async () => {
    const net = recordFetch({
      models: [
        { id: M1, filename: 'a.stl' },
        { id: M2, filename: 'b.stl' },
      ],
    });
    prefetchViewer(`/viewer/${TOKEN}`, undefined, [`${BASE}/view/${M1}`, `${BASE}/view/${M2}`]);
    expect(net.urls).toEqual([`${BASE}/view/${M1}`, `${BASE}/view/${M2}`, BASE]);

    net.answerProject();
    const answer = await takeProject(TOKEN);
    expect(answer?.ok).toBe(true);
    // Listed models are not requested a second time once the project names them.
    expect(net.urls).toHaveLength(3);
    expect(takeModel(`${BASE}/view/${M1}`)).toBeDefined();
    expect(takeModel(`${BASE}/view/${M1}`)).toBeUndefined();
  });

  it('starts once per link: a second call (the entry, after the early script) only loads the viewer', async () => {
    const net = recordFetch({ models: [{ id: M1, filename: 'a.stl' }] });
    prefetchViewer(`/viewer/${TOKEN}`, undefined, [`${BASE}/view/${M1}`]);
    let viewerLoads = 0;
    prefetchViewer(
      `/viewer/${TOKEN}`,
      async () => {
        viewerLoads++;
      },
      [`${BASE}/view/${M1}`],
    );
    expect(viewerLoads).toBe(1);
    expect(net.urls).toEqual([`${BASE}/view/${M1}`, BASE]);
    net.answerProject();
    expect((await takeProject(TOKEN))?.ok).toBe(true);
    expect(net.urls).toHaveLength(2);
  });

  it('ignores listed URLs of another link and requests the project’s models when it answers', async () => {
    const net = recordFetch({ models: [{ id: M1, filename: 'a.stl' }] });
    prefetchViewer(`/viewer/${TOKEN}`, undefined, [
      '/api/public/projects/pub_other/view/x',
      '/evil',
    ]);
    expect(net.urls).toEqual([BASE]);
    net.answerProject();
    await takeProject(TOKEN);
    expect(net.urls).toEqual([BASE, `${BASE}/view/${M1}`]);
  });

  it('asks for a coarse level first and for its full level only once every coarse level landed', async () => {
    const urls: string[] = [];
    const coarse = `${BASE}/view/${M1}?lod=coarse`;
    let releaseCoarse: (() => void) | undefined;
    vi.stubGlobal('fetch', (url: string) => {
      // The inline decoder's own wasm fetch is not a model request.
      if (url.startsWith(BASE)) urls.push(url);
      if (url === BASE) {
        const body = {
          models: [
            { id: M1, filename: 'a.stl', coarse: true },
            { id: M2, filename: 'b.stl', coarse: false },
          ],
        };
        return Promise.resolve(new Response(JSON.stringify(body)));
      }
      if (url === coarse) {
        return new Promise<Response>((resolve) => {
          releaseCoarse = () => resolve(new Response(new Uint8Array([1, 2, 3])));
        });
      }
      return Promise.resolve(new Response(new Uint8Array([1, 2, 3])));
    });
    // The page lists the coarse level of the big model (api/src/routes/viewerPage.ts).
    prefetchViewer(`/viewer/${TOKEN}`, undefined, [coarse, `${BASE}/view/${M2}`]);
    await takeProject(TOKEN);
    await new Promise((r) => setTimeout(r, 20));
    expect(urls).toEqual([coarse, `${BASE}/view/${M2}`, BASE]);
    const full = takeModel(`${BASE}/view/${M1}`);
    expect(full).toBeDefined();
    releaseCoarse?.();
    await full?.catch(() => undefined);
    expect(urls).toEqual([coarse, `${BASE}/view/${M2}`, BASE, `${BASE}/view/${M1}`]);
  });

  it('does nothing on an owner or demo path', () => {
    const net = recordFetch({});
    prefetchViewer(`/viewer/${M1}`, undefined, [`${BASE}/view/${M1}`]);
    prefetchViewer('/viewer/demo');
    expect(net.urls).toEqual([]);
  });
});
