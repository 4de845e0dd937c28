import { S3BlobStore } from '../../../api/src/blobs/s3.js';
import { startS3Server } from '../../support/s3Server.js';
import { blobStoreContract } from './blobStore.contract.js';

blobStoreContract('s3, on s3rver', async () => {
  const s3 = await startS3Server();
  // Small pages so that listing and prefix deletion go through several; few sockets so that a
  // leaked download connection would stall the next read.
  const store = new S3BlobStore({ ...s3.storeOptions, pageSize: 2, maxSockets: 2 });
  return {
    store,
    env: s3.env,
    backdate: (key, ageMs) => s3.backdate(key, ageMs),
    async close() {
      store.close();
      await s3.close();
    },
  };
});
