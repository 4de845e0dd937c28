/**
 * A clone with nothing beside it must pass its own tests: no code, script or config reads the
 * research folder that sat next to the repository while it was written.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dcmFixtures, fixturesDir, meshFixtures, repoRoot } from '../../support/fixturePaths';

const SELF = 'tests/unit/repo/standsAlone.test.ts';
const CODE = /\.(ts|tsx|js|mjs|cjs|json|sh|yml|yaml)$|^\.ci\/run$/;
const TEXT = /\.(ts|tsx|js|md|sql|css|html|sh|yml|yaml)$/;

function trackedFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '-z'], { cwd: repoRoot, encoding: 'utf8' });
  return out.split('\0').filter((f) => f.length > 0);
}

describe('the repository stands alone', () => {
  it('no tracked code, script or config refers to ../shared', () => {
    const offenders = trackedFiles()
      .filter((f) => CODE.test(f) && !f.startsWith('tests/fixtures/') && f !== SELF)
      .filter((f) => /\.\.\/(\.\.\/)*shared\b/.test(readFileSync(join(repoRoot, f), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('no tracked text cites a document that is not in the repository', () => {
    // Sections (§) of the design documents and issue numbers: the rule itself, or a file of the
    // repository that holds it, is written instead.
    const cites =
      /§|\b[Ii]ssues? #?\d|\b(?:architecture|security|performance|event-store|dcm-hps-format)\.md\b/;
    const offenders = trackedFiles()
      .filter((f) => TEXT.test(f) && !f.startsWith('tests/fixtures/') && f !== SELF)
      .filter((f) => cites.test(readFileSync(join(repoRoot, f), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('the fixtures carry their provenance and licence notices', () => {
    for (const dir of [meshFixtures, dcmFixtures]) {
      expect(readFileSync(join(dir, 'PROVENANCE.md'), 'utf8').length).toBeGreaterThan(200);
    }
    const licences = readFileSync(join(fixturesDir, 'LICENSES.md'), 'utf8');
    expect(licences).toMatch(/MIT License/i);
    expect(licences).toMatch(/Boost Software License/i);
  });
});
