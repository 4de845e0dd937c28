import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { viewBlobKey } from '../../../../api/src/blobs/blobStore.js';
import { startTestApp, type TestApp } from '../../../support/app.js';
import { testDrivers } from '../../../support/db.js';
import { createProjectWith, filesUnder, fixture, signUp } from '../../../support/projects.js';

describe.each(testDrivers())('view derivative after upload on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(driver, { TRUST_PROXY: 'true' });
  });
  afterAll(async () => t.close());

  it('is built in the background right after the upload, before anyone opens the link', async () => {
    const user = await signUp(t);
    const { projectId } = await createProjectWith(t, user, [
      { filename: 'crown.stl', data: fixture('mesh', 'molar-crown-fdi16.stl') },
    ]);
    // The stored copy: not its view, nor the file as uploaded kept beside it.
    const original = filesUnder(t.dataDir).find(
      (f) =>
        f.includes(`projects/${projectId}/`) && !f.endsWith('-view') && !f.endsWith('-uploaded'),
    );
    expect(original).toBeDefined();
    const key = original!.slice(original!.indexOf('projects/'));

    let built = false;
    for (let i = 0; i < 300 && !built; i++) {
      built = await t.deps.blobs.exists(viewBlobKey(key));
      if (!built) await new Promise((r) => setTimeout(r, 100));
    }
    expect(built).toBe(true);
  });
});
