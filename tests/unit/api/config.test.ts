import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../api/src/config.js';

describe('config', () => {
  it('runs on embedded defaults when nothing is set', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.EVENT_STORE).toBe('postgres');
    expect(c.dataDir).toMatch(/data$/);
    expect(c.publicBaseUrl).toBe('http://localhost:3000');
    expect(c.PUBLIC_UPLOAD_MAX_BYTES).toBe(50 * 1024 * 1024);
  });

  it('stops with a message naming the variable when a value is bad', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
    expect(() => loadConfig({ CUSP_KEK: 'short' })).toThrow(/CUSP_KEK/);
  });

  it('keeps the keyring in DATA_DIR/keyring unless KEYRING_DIR says otherwise, in 256 buckets', () => {
    const c = loadConfig({ DATA_DIR: '/srv/cusp' });
    expect(c.keyringDir).toBe('/srv/cusp/keyring');
    expect(c.KEYRING_BUCKETS).toBe(256);
    const apart = loadConfig({
      DATA_DIR: '/srv/cusp',
      KEYRING_DIR: '/mnt/keys',
      KEYRING_BUCKETS: '16',
    });
    expect(apart.keyringDir).toBe('/mnt/keys');
    expect(apart.KEYRING_BUCKETS).toBe(16);
    expect(() => loadConfig({ KEYRING_BUCKETS: '0' })).toThrow(/KEYRING_BUCKETS/);
    expect(() => loadConfig({ KEYRING_BUCKETS: 'many' })).toThrow(/KEYRING_BUCKETS/);
  });

  it('requires ESDB_URL when the event store is EventStoreDB', () => {
    expect(() => loadConfig({ EVENT_STORE: 'esdb' })).toThrow(/ESDB_URL/);
    expect(
      loadConfig({ EVENT_STORE: 'esdb', ESDB_URL: 'esdb://localhost:2113?tls=false' }).ESDB_URL,
    ).toBe('esdb://localhost:2113?tls=false');
  });

  it('builds links from PUBLIC_BASE_URL without a trailing slash', () => {
    expect(loadConfig({ PUBLIC_BASE_URL: 'https://cusp.example/' }).publicBaseUrl).toBe(
      'https://cusp.example',
    );
  });

  it('lower-cases and splits ADMIN_EMAILS', () => {
    expect(loadConfig({ ADMIN_EMAILS: ' A@x.org, b@Y.org ,' }).ADMIN_EMAILS).toEqual([
      'a@x.org',
      'b@y.org',
    ]);
  });

  it('parses the test-only FAULT_AT hook and refuses it in production', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).FAULT_AT).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'test', FAULT_AT: 'after-blob-fsync' }).FAULT_AT).toBe(
      'after-blob-fsync',
    );
    expect(loadConfig({ NODE_ENV: 'test', FAULT_AT: 'after-append' }).FAULT_AT).toBe(
      'after-append',
    );
    expect(() => loadConfig({ NODE_ENV: 'test', FAULT_AT: 'somewhere' })).toThrow(/FAULT_AT/);
    expect(() => loadConfig({ FAULT_AT: 'after-append' })).toThrow(
      /FAULT_AT: is a test hook; not allowed with NODE_ENV=production/,
    );
  });

  it('reads the orphan-blob grace in seconds (default one hour)', () => {
    expect(loadConfig({}).BLOB_SWEEP_GRACE_SECONDS).toBe(3600);
    expect(loadConfig({ BLOB_SWEEP_GRACE_SECONDS: '0' }).BLOB_SWEEP_GRACE_SECONDS).toBe(0);
    expect(() => loadConfig({ BLOB_SWEEP_GRACE_SECONDS: '-1' })).toThrow(
      /BLOB_SWEEP_GRACE_SECONDS/,
    );
  });

  it('keeps files in the local folder by default and on S3 with BLOB_STORE=s3 and a bucket', () => {
    expect(loadConfig({}).BLOB_STORE).toBe('fs');
    expect(() => loadConfig({ BLOB_STORE: 's3' })).toThrow(
      /S3_BUCKET: required when BLOB_STORE=s3/,
    );
    const c = loadConfig({
      BLOB_STORE: 's3',
      S3_BUCKET: 'cusp-files',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(c).toMatchObject({
      BLOB_STORE: 's3',
      S3_BUCKET: 'cusp-files',
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
    });
    expect(c.S3_FORCE_PATH_STYLE).toBeUndefined();
    expect(loadConfig({ S3_FORCE_PATH_STYLE: 'false' }).S3_FORCE_PATH_STYLE).toBe(false);
  });

  it('names the S3 variable that is wrong', () => {
    const s3 = { BLOB_STORE: 's3', S3_BUCKET: 'cusp-files' };
    expect(() => loadConfig({ ...s3, BLOB_STORE: 'ftp' })).toThrow(/BLOB_STORE/);
    expect(() => loadConfig({ ...s3, S3_BUCKET: 'Cusp_Files' })).toThrow(/S3_BUCKET: must be/);
    expect(() => loadConfig({ ...s3, S3_ENDPOINT: 'ftp://files' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ ...s3, S3_REGION: 'EU Central' })).toThrow(/S3_REGION/);
    expect(() => loadConfig({ ...s3, S3_FORCE_PATH_STYLE: 'yes' })).toThrow(/S3_FORCE_PATH_STYLE/);
    expect(() => loadConfig({ ...s3, S3_ACCESS_KEY_ID: 'id' })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ ...s3, S3_SECRET_ACCESS_KEY: 'secret' })).toThrow(/S3_ACCESS_KEY_ID/);
  });

  it('reads TRUST_PROXY as a hop count or a list of proxy addresses, true being one hop', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.8.0.0/16,::1' }).TRUST_PROXY).toEqual([
      '10.0.0.1',
      '10.8.0.0/16',
      '::1',
    ]);
    expect(loadConfig({ TRUST_PROXY: 'loopback' }).TRUST_PROXY).toEqual(['loopback']);
    for (const bad of ['yes', '99', '-1', '10.0.0.300', '10.0.0.0/33', 'proxy.local']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });

  it('caps comments per link per hour at 60 unless COMMENTS_PER_LINK_PER_HOUR says otherwise', () => {
    expect(loadConfig({}).COMMENTS_PER_LINK_PER_HOUR).toBe(60);
    expect(loadConfig({ COMMENTS_PER_LINK_PER_HOUR: '12' }).COMMENTS_PER_LINK_PER_HOUR).toBe(12);
    expect(() => loadConfig({ COMMENTS_PER_LINK_PER_HOUR: '0' })).toThrow(
      /COMMENTS_PER_LINK_PER_HOUR/,
    );
  });

  it('tries a mail 150 times unless MAIL_MAX_ATTEMPTS says otherwise, at least once', () => {
    expect(loadConfig({}).MAIL_MAX_ATTEMPTS).toBe(150);
    expect(loadConfig({ MAIL_MAX_ATTEMPTS: '3' }).MAIL_MAX_ATTEMPTS).toBe(3);
    expect(() => loadConfig({ MAIL_MAX_ATTEMPTS: '0' })).toThrow(/MAIL_MAX_ATTEMPTS/);
  });
});
