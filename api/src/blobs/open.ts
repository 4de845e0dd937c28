import { join } from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { BlobStore } from './blobStore.js';
import { FsBlobStore } from './fs.js';

export interface OpenedBlobStore {
  blobs: BlobStore;
  close(): Promise<void>;
}

/** Builds the configured blob store (`BLOB_STORE`); the S3 one checks its bucket first. */
export async function openBlobStore(config: Config, log: Logger): Promise<OpenedBlobStore> {
  if (config.BLOB_STORE === 'fs') {
    return { blobs: new FsBlobStore(join(config.dataDir, 'blobs')), close: async () => {} };
  }
  if (!config.S3_BUCKET) throw new Error('S3_BUCKET is required when BLOB_STORE=s3');
  // Loaded only when used: the AWS SDK is large and the embedded default never needs it.
  const { S3BlobStore } = await import('./s3.js');
  const store = new S3BlobStore({
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    // Self-hosted services rarely have a DNS name per bucket; AWS itself wants virtual hosts.
    forcePathStyle: config.S3_FORCE_PATH_STYLE ?? config.S3_ENDPOINT !== undefined,
    credentials:
      config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
        : undefined,
    log,
  });
  try {
    await store.check();
  } catch (err) {
    store.close();
    throw err;
  }
  return {
    blobs: store,
    close: async () => store.close(),
  };
}
