/** Paths and expectations of the shared fixtures (resolved from the repository root). */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');
export const sharedFixtures = join(repoRoot, '..', 'shared', 'fixtures');

export { EXPECTED_ERROR_CODES, type ExpectedFixture } from './fixtureCodes.js';
import type { ExpectedFixture } from './fixtureCodes.js';

export function dcmFixtures(): { dir: string; expected: Record<string, ExpectedFixture> } {
  const dir = join(sharedFixtures, 'dcm');
  const raw = JSON.parse(readFileSync(join(dir, 'expected.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  const expected: Record<string, ExpectedFixture> = {};
  for (const [k, v] of Object.entries(raw))
    if (!k.startsWith('_')) expected[k] = v as ExpectedFixture;
  return { dir, expected };
}
