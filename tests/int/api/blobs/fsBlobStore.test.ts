import { mkdtempSync, readdirSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FsBlobStore } from '../../../../api/src/blobs/fs.js';
import { blobStoreContract } from './blobStore.contract.js';

blobStoreContract('fs', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cusp-blobs-'));
  const root = join(dataDir, 'blobs');
  return {
    store: new FsBlobStore(root),
    env: { BLOB_STORE: 'fs', DATA_DIR: dataDir },
    backdate(key, ageMs) {
      const when = new Date(Date.now() - ageMs);
      utimesSync(join(root, ...key.split('/')), when, when);
    },
    unfinishedWrites: () => {
      try {
        return readdirSync(join(root, '.tmp'));
      } catch {
        return [];
      }
    },
    async close() {
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
});
