/** Where the repository's own test fixtures live (copied in with their provenance and licences). */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const fixturesDir = join(repoRoot, 'tests', 'fixtures');
export const meshFixtures = join(fixturesDir, 'mesh');
export const dcmFixtures = join(fixturesDir, 'dcm');
