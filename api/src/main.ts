/**
 * Process entry: configuration, adapters, listen, graceful shutdown. Everything else lives in
 * `buildApp` (app.ts) and `createDeps` (compose.ts).
 */
import { buildApp } from './app.js';
import { createDeps } from './compose.js';
import { ConfigError, loadConfig } from './config.js';
import { createLogger } from './logger.js';

let config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}

const log = createLogger(config.LOG_LEVEL);
let composed;
try {
  composed = await createDeps(config, log);
} catch (err) {
  // A setting found wrong while the adapters start (a missing S3 bucket): one line, no stack.
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
const { deps, close } = composed;
const app = await buildApp(deps, { loggerInstance: log });

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'shutting down: finishing in-flight requests');
  const force = setTimeout(() => {
    log.error('shutdown took too long; exiting');
    process.exit(1);
  }, 25_000);
  force.unref();
  try {
    await app.close();
    await close();
    log.info('stopped');
    process.exit(0);
  } catch (err) {
    log.error({ err }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.PORT, host: config.HOST });
log.info(
  { url: config.publicBaseUrl, db: deps.db.kind, dataDir: config.dataDir },
  `cusp is running at ${config.publicBaseUrl}`,
);
