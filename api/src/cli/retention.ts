/**
 * Operator CLI for the retention of anonymous projects: the sweep the server runs
 * at start-up and daily, on demand.
 *
 *   npm run retention                 delete the anonymous projects older than 365 days
 *   npm run retention -- --dry-run    list them (ids and creation times) and change nothing
 *
 * It uses the same configuration as the server (DATABASE_URL, DATA_DIR, CUSP_KEK, …). With the
 * embedded database (PGlite) stop the server first: one process owns `./data/pg` at a time.
 */
import pino from 'pino';
import { createDeps } from '../compose.js';
import { ConfigError, loadConfig } from '../config.js';
import { DataDirInUse, dataDirInUseMessage } from '../db/pglite.js';
import {
  PUBLIC_PROJECT_RETENTION_DAYS,
  sweepExpiredPublicProjects,
  type DueProject,
} from '../retention/sweep.js';

const USAGE = 'usage: npm run retention [-- --dry-run]';

const line = (p: DueProject) => `  ${p.projectId}  created ${p.createdAt}`;

async function main(argv: string[]): Promise<number> {
  if (argv.length > 1 || (argv.length === 1 && argv[0] !== '--dry-run')) {
    console.error(USAGE);
    return 2;
  }
  // `npm run retention --dry-run` (without `--`) hands the flag to npm, not to us: npm then
  // sets npm_config_dry_run, and the operator still gets the dry run they asked for.
  const dryRun = argv[0] === '--dry-run' || process.env.npm_config_dry_run === 'true';
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
  const log = pino({ level: 'warn' }, pino.destination(2));
  let composed;
  try {
    composed = await createDeps(config, log, { mailSender: false, sweepers: false });
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
    const report = await sweepExpiredPublicProjects(deps, { dryRun });
    console.log(
      `anonymous projects are deleted ${PUBLIC_PROJECT_RETENTION_DAYS} days after creation; ` +
        `due: created at or before ${report.cutoff.toISOString()}`,
    );
    if (dryRun) {
      console.log(`dry run: ${report.due.length} project(s) would be deleted, nothing changed`);
      for (const p of report.due) console.log(line(p));
      return 0;
    }
    const byId = new Map(report.due.map((p) => [p.projectId, p]));
    console.log(`deleted ${report.deleted.length} project(s)`);
    for (const id of report.deleted) console.log(line(byId.get(id)!));
    if (report.skipped.length > 0) {
      console.log(`already gone meanwhile: ${report.skipped.length}`);
    }
    if (report.failed.length > 0) {
      console.error(`failed: ${report.failed.length} (run again; the log above says why)`);
      for (const id of report.failed) console.error(line(byId.get(id)!));
      return 1;
    }
    return 0;
  } finally {
    await close();
  }
}

process.exitCode = await main(process.argv.slice(2));
