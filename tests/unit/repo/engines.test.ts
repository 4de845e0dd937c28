import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../support/fixturePaths.js';

interface LockPackage {
  version?: string;
  engines?: { node?: string } | string[];
  optional?: boolean;
  os?: string[];
}

const json = <T>(file: string): T => JSON.parse(readFileSync(join(repoRoot, file), 'utf8')) as T;

/**
 * `npm install` on the oldest Node the project accepts prints no EBADENGINE warning: every
 * installed package's own `engines.node` includes the lowest version `engines` allows.
 */
describe('engines', () => {
  it("every locked package's Node range includes the project's lowest Node", () => {
    const range = json<{ engines: { node: string } }>('package.json').engines.node;
    const lowest = semver.minVersion(range)!.version;
    const lock = json<{ packages: Record<string, LockPackage> }>('package-lock.json');
    const refusing = Object.entries(lock.packages)
      .filter(([path, p]) => path !== '' && !Array.isArray(p.engines) && p.engines?.node)
      // Platform binaries npm skips on this OS never reach the engine check.
      .filter(([, p]) => !(p.optional && p.os && !p.os.includes(process.platform)))
      .filter(([, p]) => !semver.satisfies(lowest, (p.engines as { node: string }).node))
      .map(([path, p]) => `${path}@${p.version}: ${(p.engines as { node: string }).node}`);
    expect(lowest).toBe('20.19.0');
    expect(refusing).toEqual([]);
  });
});
