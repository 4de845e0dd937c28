import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coarseViewBlobKey, viewBlobKey } from '../../../../api/src/blobs/blobStore.js';
import { readGlbJson } from '../../../../api/src/mesh/viewDerivative.js';
import { startTestApp, type TestApp } from '../../../support/app.js';
import { testDrivers } from '../../../support/db.js';
import { createProjectWith, filesUnder, fixture, signUp } from '../../../support/projects.js';

interface ModelAnswer {
  id: string;
  triangles: number;
  coarse: boolean;
}

describe.each(testDrivers())('coarse level of a big model on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(driver, { TRUST_PROXY: 'true' });
  });
  afterAll(async () => t.close());

  it('is built beside the full level, encrypted at rest, served on ?lod=coarse and deleted with the project', async () => {
    const user = await signUp(t);
    const { projectId, publicLink } = await createProjectWith(t, user, [
      { filename: 'upper.stl', data: fixture('mesh', 'upper-arch-crowns.stl') },
      { filename: 'crown.stl', data: fixture('mesh', 'molar-crown-fdi16.stl') },
    ]);
    const token = publicLink.split('/').pop()!;

    // The answers say which models have a coarse level: owner and public alike.
    const owner = await t.app.inject({ url: `/api/projects/${projectId}`, headers: user.auth });
    const pub = await t.app.inject({ url: `/api/public/projects/${token}` });
    for (const answer of [owner, pub]) {
      expect(answer.statusCode, answer.body).toBe(200);
      const models = (answer.json() as { models: ModelAnswer[] }).models;
      expect(models.map((m) => [m.triangles > 50_000, m.coarse])).toEqual([
        [true, true],
        [false, false],
      ]);
    }
    const [big, small] = (owner.json() as { models: ModelAnswer[] }).models as [
      ModelAnswer,
      ModelAnswer,
    ];

    // Built in the background after the upload: both levels of the big model.
    const blobKeyOf = (modelId: string) => `projects/${projectId}/${modelId}`;
    const bigKey = blobKeyOf(big.id);
    let built = false;
    for (let i = 0; i < 600 && !built; i++) {
      built =
        (await t.deps.blobs.exists(viewBlobKey(bigKey))) &&
        (await t.deps.blobs.exists(viewBlobKey(blobKeyOf(small.id))));
      if (!built) await new Promise((r) => setTimeout(r, 100));
    }
    expect(built).toBe(true);
    expect(await t.deps.blobs.exists(coarseViewBlobKey(bigKey))).toBe(true);
    expect(await t.deps.blobs.exists(coarseViewBlobKey(blobKeyOf(small.id)))).toBe(false);

    const view = (modelId: string, query: string) =>
      t.app.inject({
        url: `/api/public/projects/${token}/view/${modelId}${query}`,
        headers: { 'accept-encoding': 'br' },
      });
    const coarse = await view(big.id, '?lod=coarse');
    const full = await view(big.id, '');
    expect(coarse.statusCode).toBe(200);
    expect(coarse.headers['x-cusp-lod']).toBe('coarse');
    expect(full.headers['x-cusp-lod']).toBe('full');
    expect(coarse.rawPayload.byteLength).toBeLessThan(full.rawPayload.byteLength / 5);
    const glb = new Uint8Array(brotliDecompressSync(coarse.rawPayload));
    expect(readGlbJson(glb).json.extensionsRequired).toEqual([
      'KHR_mesh_quantization',
      'KHR_meshopt_compression',
    ]);
    const ownerCoarse = await t.app.inject({
      url: `/api/projects/${projectId}/view/${big.id}?lod=coarse`,
      headers: { ...user.auth, 'accept-encoding': 'br' },
    });
    expect(ownerCoarse.headers['x-cusp-lod']).toBe('coarse');
    expect(Buffer.compare(ownerCoarse.rawPayload, coarse.rawPayload)).toBe(0);

    // A model without a coarse level answers its full one, and says so.
    const smallCoarse = await view(small.id, '?lod=coarse');
    expect(smallCoarse.statusCode).toBe(200);
    expect(smallCoarse.headers['x-cusp-lod']).toBe('full');
    expect(Buffer.compare(smallCoarse.rawPayload, (await view(small.id, '')).rawPayload)).toBe(0);

    const bad = await view(big.id, '?lod=medium');
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { code: string }).code).toBeTruthy();

    // At rest the coarse level is neither the GLB nor the brotli bytes sent: encrypted.
    const onDisk = filesUnder(t.dataDir).find((f) => f.endsWith(`${big.id}-view-coarse`));
    expect(onDisk).toBeDefined();
    const stored = readFileSync(onDisk!);
    expect(stored.includes(coarse.rawPayload.subarray(0, 32))).toBe(false);
    expect(stored.includes(Buffer.from('glTF'))).toBe(false);
    expect(stored.includes(Buffer.from('KHR_meshopt_compression'))).toBe(false);

    // The upload's background work (views, then the thumbnail) is done before the delete: the
    // files it would write after a delete are another test's (tests/int/api/mesh/thumbnails.test.ts).
    await expect
      .poll(
        async () =>
          (await t.app.inject({ url: `/api/projects/${projectId}/thumbnail`, headers: user.auth }))
            .statusCode,
        { timeout: 60_000, interval: 100 },
      )
      .toBe(200);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/projects/${projectId}`,
      headers: user.auth,
    });
    expect(del.statusCode).toBe(204);
    expect(await t.deps.blobs.exists(coarseViewBlobKey(bigKey))).toBe(false);
    expect(await t.deps.blobs.exists(viewBlobKey(bigKey))).toBe(false);
    expect(existsSync(onDisk!)).toBe(false);
    expect(filesUnder(join(t.dataDir)).filter((f) => f.includes(projectId))).toEqual([]);
  });
});
