/**
 * Operator CLI for roles (there is no default admin account):
 *
 *   npm run admin -- grant <email>    make the account an admin
 *   npm run admin -- revoke <email>   make it a plain user again
 *
 * It uses the same configuration as the server (DATABASE_URL, DATA_DIR, CUSP_KEK, …). With the
 * embedded database (PGlite) stop the server first: one process owns `./data/pg` at a time.
 * The users read model catches up when the server (or `npm run projections`) runs.
 */
import pino from 'pino';
import { setRole } from '../commands/roles.js';
import { createDeps } from '../compose.js';
import { ConfigError, loadConfig } from '../config.js';
import { DataDirInUse, dataDirInUseMessage } from '../db/pglite.js';
import { AppError } from '../errors.js';

const USAGE = 'usage: npm run admin -- grant <email> | revoke <email>';

async function main(argv: string[]): Promise<number> {
  const [command, email, ...rest] = argv;
  if ((command !== 'grant' && command !== 'revoke') || !email || rest.length > 0) {
    console.error(USAGE);
    return 2;
  }
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  }
  const log = pino({ level: 'warn' });
  let composed;
  try {
    composed = await createDeps(config, log, { mailSender: false });
  } catch (err) {
    if (err instanceof DataDirInUse) {
      console.error(dataDirInUseMessage(err));
      return 1;
    }
    if (err instanceof ConfigError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  }
  const { deps, close } = composed;
  try {
    const user = await setRole(
      deps,
      { email, role: 'admin', grant: command === 'grant' },
      'system',
    );
    console.log(
      command === 'grant'
        ? `granted admin to user ${user.id}`
        : `revoked admin from user ${user.id} (now ${user.role})`,
    );
    return 0;
  } catch (err) {
    if (err instanceof AppError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  } finally {
    await close();
  }
}

process.exitCode = await main(process.argv.slice(2));
