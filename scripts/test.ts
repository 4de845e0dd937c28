/**
 * `npm test`: lint, typecheck, unit + integration (vitest), then the browser suite (Playwright),
 * against embedded PGlite — and also against PostgreSQL when DATABASE_URL is set. Ends with one
 * line `tests: N passed, N failed` counting every test case of both runners.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildIfNeeded } from './build-if-needed.js';

const root = process.cwd();
const reports = join(root, 'test-results');
mkdirSync(reports, { recursive: true });

interface Step {
  name: string;
  cmd: string[];
  env?: Record<string, string>;
  count?: () => { passed: number; failed: number; skipped: number };
}

function vitestCounts(file: string) {
  if (!existsSync(file)) return { passed: 0, failed: 1, skipped: 0 };
  const r = JSON.parse(readFileSync(file, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
  };
  return {
    passed: r.numPassedTests,
    failed: r.numFailedTests,
    skipped: r.numPendingTests + r.numTodoTests,
  };
}

function playwrightCounts(file: string) {
  if (!existsSync(file)) return { passed: 0, failed: 1, skipped: 0 };
  const r = JSON.parse(readFileSync(file, 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  };
  return {
    passed: r.stats.expected + r.stats.flaky,
    failed: r.stats.unexpected,
    skipped: r.stats.skipped,
  };
}

const vitestJson = join(reports, 'vitest.json');
const playwrightJson = join(reports, 'playwright.json');
rmSync(vitestJson, { force: true });
rmSync(playwrightJson, { force: true });

const only = process.argv[2];
const steps: Step[] = [
  { name: 'lint', cmd: ['npx', 'eslint', '.'] },
  { name: 'format', cmd: ['npx', 'prettier', '--check', '.', '--log-level', 'warn'] },
  { name: 'typecheck', cmd: ['npx', 'tsc', '-p', 'tsconfig.json', '--noEmit'] },
  {
    name: 'unit+integration',
    cmd: [
      'npx',
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${vitestJson}`,
    ],
    count: () => vitestCounts(vitestJson),
  },
];
if (existsSync(join(root, 'tests/e2e/playwright.config.ts'))) {
  steps.push({
    name: 'browser',
    cmd: [
      'npx',
      'playwright',
      'test',
      '--config',
      'tests/e2e/playwright.config.ts',
      '--reporter=list,json',
    ],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson },
    count: () => playwrightCounts(playwrightJson),
  });
}

buildIfNeeded(root);
console.log(
  `database: ${process.env.DATABASE_URL ? 'embedded PGlite and PostgreSQL (DATABASE_URL)' : 'embedded PGlite'}`,
);

let passed = 0;
let failed = 0;
let skipped = 0;
const failedSteps: string[] = [];
for (const step of steps) {
  if (only && step.name !== only) continue;
  console.log(`\n──── ${step.name}: ${step.cmd.join(' ')}`);
  const started = Date.now();
  const r = spawnSync(step.cmd[0]!, step.cmd.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, ...step.env },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (step.count) {
    const c = step.count();
    passed += c.passed;
    failed += c.failed;
    skipped += c.skipped;
  } else if (r.status === 0) {
    passed += 1;
  }
  if (r.status !== 0) {
    failedSteps.push(step.name);
    if (!step.count) failed += 1;
  }
  console.log(`──── ${step.name}: ${r.status === 0 ? 'ok' : 'FAILED'} in ${seconds} s`);
}

console.log('');
if (failedSteps.length) console.log(`failed steps: ${failedSteps.join(', ')}`);
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failedSteps.length ? 1 : 0);
