import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  paginateListObjectsV2,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { Readable } from 'node:stream';
import type { Logger } from 'pino';
import { invalidSetting } from '../config.js';
import { BlobNotFound, BlobStoreUnavailable, assertBlobKey, type BlobStore } from './blobStore.js';

export interface S3BlobStoreOptions {
  bucket: string;
  region: string;
  /** Unset: AWS's own endpoint for the region. */
  endpoint?: string | undefined;
  /** `https://host/bucket/key` instead of `https://bucket.host/key` (most self-hosted services). */
  forcePathStyle: boolean;
  /** Unset: the SDK's default chain (AWS_* variables, instance or container role). */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Connections to the service at most (one keep-alive pool for the process). */
  maxSockets?: number;
  /** Keys per listing request (S3's maximum, 1000, by default; tests page through smaller). */
  pageSize?: number;
  log?: Logger | undefined;
}

/** Bytes per multipart part: S3's minimum, so memory per upload stays small. */
const PART_SIZE = 5 * 1024 * 1024;
/** Parts of one write in flight at once. */
const QUEUE_SIZE = 2;
/** Objects deleted at once by `deletePrefix`. */
const DELETE_CONCURRENCY = 4;
/** No HTTP answer at all: the service is down or unreachable (not a refusal). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ECONNABORTED',
  'UND_ERR_SOCKET',
]);

interface SdkError {
  name?: string;
  code?: string;
  message?: string;
  $metadata?: { httpStatusCode?: number };
}

const statusOf = (err: unknown) => (err as SdkError).$metadata?.httpStatusCode;

/** A missing object: GetObject says `NoSuchKey`, HeadObject (no body) only `NotFound`. */
function isMissingObject(err: unknown): boolean {
  const name = (err as SdkError).name;
  return name === 'NoSuchKey' || (name === 'NotFound' && statusOf(err) === 404);
}

/**
 * S3 errors as the house errors: an outage (no answer, or a 5xx after the SDK's retries) becomes
 * `BlobStoreUnavailable` (503 + Retry-After). Refusals (access denied, no such bucket) stay as
 * they are: a configuration fault, answered 500 and logged.
 */
function mapS3Error(err: unknown, what: string): unknown {
  if (err instanceof BlobNotFound || err instanceof BlobStoreUnavailable) return err;
  const e = err as SdkError;
  const status = statusOf(err);
  const down =
    status !== undefined
      ? status >= 500
      : NETWORK_CODES.has(e.code ?? '') ||
        e.name === 'TimeoutError' ||
        /socket hang up|ECONNRESET|ECONNREFUSED/.test(e.message ?? '');
  if (!down) return err;
  return new BlobStoreUnavailable(`${what}: ${e.name ?? 'Error'} ${e.code ?? status ?? ''}`);
}

/**
 * BlobStore on any S3-compatible service. The bytes it receives are already
 * encrypted (`encrypted.ts`), so the service only ever holds ciphertext.
 *
 * - `write` streams through `@aws-sdk/lib-storage`'s `Upload`: a blob of one part is a single
 *   PUT, a larger one a multipart upload of PART_SIZE parts, QUEUE_SIZE in flight, so memory is
 *   bounded by `(QUEUE_SIZE + 2) × PART_SIZE` whatever the size. The object appears only when
 *   S3 completes the upload (atomic, durable once acknowledged); on any failure the multipart
 *   upload is aborted, and an abort that fails too is left to `sweepTemp` (and to a bucket
 *   lifecycle rule `AbortIncompleteMultipartUpload`, the backstop S3 recommends).
 * - The SDK's default request checksums (CRC32, sent as `aws-chunked` trailers on streamed
 *   bodies) are turned off (`WHEN_REQUIRED`): several S3-compatible services reject or store
 *   them verbatim, and every 64 KiB chunk of a blob carries its own GCM tag anyway.
 * - Objects are deleted one request each (`DeleteObject`), never with the batch `DeleteObjects`,
 *   which needs a `Content-MD5` header on many S3-compatible services that this SDK no longer
 *   sends.
 */
export class S3BlobStore implements BlobStore {
  readonly client: S3Client;
  private readonly bucket: string;
  private readonly pageSize: number;
  private readonly log: Logger | undefined;
  private uploadListingUnsupported = false;

  constructor(opts: S3BlobStoreOptions) {
    this.bucket = opts.bucket;
    this.pageSize = opts.pageSize ?? 1000;
    this.log = opts.log;
    const agent = { keepAlive: true, maxSockets: opts.maxSockets ?? 50 };
    this.client = new S3Client({
      region: opts.region,
      ...(opts.endpoint ? { endpoint: opts.endpoint } : {}),
      forcePathStyle: opts.forcePathStyle,
      ...(opts.credentials ? { credentials: opts.credentials } : {}),
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
      requestHandler: {
        // A service that does not accept the connection is down; one that goes silent
        // mid-transfer for a minute is too.
        connectionTimeout: 5_000,
        socketTimeout: 60_000,
        httpAgent: agent,
        httpsAgent: agent,
      },
    });
  }

  /**
   * Start-up check: a missing bucket or refused credentials stop the process with a message
   * naming the variable; a service that is merely down is logged, and requests answer 503 until
   * it is back (as with the database).
   */
  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (err) {
      const status = statusOf(err);
      if (status === 404) {
        throw invalidSetting('S3_BUCKET', `bucket "${this.bucket}" does not exist`);
      }
      if (status === 403 || status === 401) {
        throw invalidSetting(
          'S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY',
          `access to bucket "${this.bucket}" refused`,
        );
      }
      const mapped = mapS3Error(err, 'check bucket');
      if (!(mapped instanceof BlobStoreUnavailable)) throw mapped;
      this.log?.warn({ err }, 'S3 store unreachable at start-up; file requests answer 503');
    }
  }

  async write(key: string, source: AsyncIterable<Uint8Array>): Promise<{ bytes: number }> {
    assertBlobKey(key);
    let bytes = 0;
    let sourceFailed = false;
    let sourceError: unknown;
    async function* counted(): AsyncGenerator<Uint8Array> {
      try {
        for await (const chunk of source) {
          bytes += chunk.byteLength;
          yield chunk;
        }
      } catch (err) {
        sourceFailed = true;
        sourceError = err;
        throw err;
      }
    }
    const upload = new Upload({
      client: this.client,
      params: {
        Bucket: this.bucket,
        Key: key,
        Body: Readable.from(counted(), { objectMode: false }),
        ContentType: 'application/octet-stream',
      },
      partSize: PART_SIZE,
      queueSize: QUEUE_SIZE,
      // Aborted below, so that a failed abort cannot hide the error that caused it.
      leavePartsOnError: true,
    });
    try {
      await upload.done();
    } catch (err) {
      if (upload.uploadId) await this.abortUpload(key, upload.uploadId);
      // The source's own failure (a rejected mesh, a client gone) is reported as it is, even if
      // it is a network error; a source that failed only because the upload stopped reading is
      // not the cause.
      if (sourceFailed && err === sourceError) throw err;
      throw mapS3Error(err, `write ${key}`);
    }
    return { bytes };
  }

  private async abortUpload(key: string, uploadId: string): Promise<void> {
    try {
      await this.client.send(
        new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId }),
      );
    } catch (err) {
      // The parts are invisible (no object exists under the key); sweepTemp or the bucket's
      // lifecycle rule removes them later.
      this.log?.warn({ err, key }, 'multipart upload not aborted; left to the sweeper');
    }
  }

  async read(key: string): Promise<Readable> {
    assertBlobKey(key);
    let body: unknown;
    try {
      body = (await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }))).Body;
    } catch (err) {
      if (isMissingObject(err)) throw new BlobNotFound(key);
      throw mapS3Error(err, `read ${key}`);
    }
    if (!(body instanceof Readable)) throw new Error(`read ${key}: no body stream`);
    return body;
  }

  async exists(key: string): Promise<boolean> {
    assertBlobKey(key);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (err) {
      if (isMissingObject(err) || statusOf(err) === 404) return false;
      throw mapS3Error(err, `exists ${key}`);
    }
  }

  async delete(key: string): Promise<void> {
    assertBlobKey(key);
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (err) {
      if (isMissingObject(err)) return;
      throw mapS3Error(err, `delete ${key}`);
    }
  }

  async deletePrefix(prefix: string): Promise<void> {
    assertBlobKey(prefix);
    let page: string[] = [];
    const flush = async () => {
      for (let i = 0; i < page.length; i += DELETE_CONCURRENCY) {
        await Promise.all(page.slice(i, i + DELETE_CONCURRENCY).map((k) => this.delete(k)));
      }
      page = [];
    };
    // Each listed page is deleted before the next is asked for: memory stays at one page.
    for await (const b of this.list(prefix)) {
      page.push(b.key);
      if (page.length >= this.pageSize) await flush();
    }
    await flush();
  }

  async *list(prefix?: string): AsyncIterable<{ key: string; modifiedAt: Date; bytes: number }> {
    if (prefix !== undefined) assertBlobKey(prefix);
    const pages = paginateListObjectsV2(
      { client: this.client, pageSize: this.pageSize },
      { Bucket: this.bucket, ...(prefix !== undefined ? { Prefix: `${prefix}/` } : {}) },
    );
    try {
      for await (const page of pages) {
        for (const o of page.Contents ?? []) {
          if (!o.Key || !o.LastModified) continue;
          try {
            assertBlobKey(o.Key);
          } catch {
            continue; // not one of ours (a shared bucket)
          }
          yield { key: o.Key, modifiedAt: o.LastModified, bytes: o.Size ?? 0 };
        }
      }
    } catch (err) {
      throw mapS3Error(err, `list ${prefix ?? ''}`);
    }
  }

  async sweepTemp(olderThan: Date): Promise<number> {
    if (this.uploadListingUnsupported) return 0;
    let removed = 0;
    try {
      let keyMarker: string | undefined;
      let uploadIdMarker: string | undefined;
      do {
        const page = await this.client.send(
          new ListMultipartUploadsCommand({
            Bucket: this.bucket,
            KeyMarker: keyMarker,
            UploadIdMarker: uploadIdMarker,
            MaxUploads: this.pageSize,
          }),
        );
        for (const u of page.Uploads ?? []) {
          if (!u.Key || !u.UploadId || !u.Initiated || u.Initiated >= olderThan) continue;
          try {
            assertBlobKey(u.Key);
          } catch {
            continue;
          }
          await this.client.send(
            new AbortMultipartUploadCommand({
              Bucket: this.bucket,
              Key: u.Key,
              UploadId: u.UploadId,
            }),
          );
          removed++;
        }
        [keyMarker, uploadIdMarker] = page.IsTruncated
          ? [page.NextKeyMarker, page.NextUploadIdMarker]
          : [undefined, undefined];
      } while (keyMarker !== undefined);
    } catch (err) {
      if ((err as SdkError).name === 'NotImplemented' || statusOf(err) === 501) {
        this.uploadListingUnsupported = true;
        this.log?.warn(
          'the S3 service cannot list unfinished multipart uploads; give the bucket a lifecycle ' +
            'rule that aborts them (AbortIncompleteMultipartUpload)',
        );
        return removed;
      }
      throw mapS3Error(err, 'sweep unfinished uploads');
    }
    return removed;
  }

  close(): void {
    this.client.destroy();
  }
}
