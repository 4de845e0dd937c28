/**
 * s3rver in a process of its own: `node --openssl-legacy-provider --import tsx s3rverProcess.ts
 * <directory> <bucket>`. Prints `{"port":N}` once listening on 127.0.0.1; stops on SIGTERM.
 *
 * The flag is needed because s3rver encrypts ListObjectsV2 continuation tokens with DES, which
 * OpenSSL 3 only offers through its legacy provider: without it every truncated listing is a 500.
 */
import S3rver from 's3rver';

const [directory, bucket] = process.argv.slice(2);
const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory: directory!,
  configureBuckets: [{ name: bucket! }],
});
const { port } = await server.run();
console.log(JSON.stringify({ port }));
process.on('SIGTERM', () => {
  server.httpServer?.closeAllConnections();
  void server.close().then(() => process.exit(0));
});
