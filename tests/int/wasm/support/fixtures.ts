/** Paths and expectations of the DCM fixtures in `tests/fixtures`. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixturesDir } from '../../../support/fixturePaths.js';

export { fixturesDir, repoRoot } from '../../../support/fixturePaths.js';

export { EXPECTED_ERROR_CODES, type ExpectedFixture } from './fixtureCodes.js';
import type { ExpectedFixture } from './fixtureCodes.js';

export function dcmFixtures(): { dir: string; expected: Record<string, ExpectedFixture> } {
  const dir = join(fixturesDir, 'dcm');
  const raw = JSON.parse(readFileSync(join(dir, 'expected.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  const expected: Record<string, ExpectedFixture> = {};
  for (const [k, v] of Object.entries(raw))
    if (!k.startsWith('_')) expected[k] = v as ExpectedFixture;
  return { dir, expected };
}
