/**
 * The viewer registers only some three.js classes with R3F (web/src/viewer/scene/threeCatalogue.ts):
 * an intrinsic element whose class is missing would throw when its component first renders. Every
 * three element written in the viewer's JSX must be in the catalogue.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { THREE_CATALOGUE } from '../../../../../web/src/viewer/scene/threeCatalogue.js';
import { repoRoot } from '../../../../support/fixturePaths.js';

const VIEWER = join(repoRoot, 'web', 'src', 'viewer');
/** camelCase SVG elements: not three's. */
const SVG_CAMEL = new Set([
  'clipPath',
  'linearGradient',
  'radialGradient',
  'foreignObject',
  'textPath',
  'feGaussianBlur',
  'feOffset',
  'feMerge',
  'feMergeNode',
  'feFlood',
  'feComposite',
]);
/** one-word three elements (`line` is left out: it is an SVG element too). */
const THREE_SINGLE = new Set(['mesh', 'group', 'points', 'sprite', 'scene', 'fog']);

function tsxFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return tsxFiles(path);
    return name.endsWith('.tsx') ? [path] : [];
  });
}

function threeElements(source: string): string[] {
  const names = [...source.matchAll(/<([a-z][A-Za-z0-9]*)[\s/>]/g)].map((m) => m[1] ?? '');
  return names.filter((n) => (/[A-Z]/.test(n) && !SVG_CAMEL.has(n)) || THREE_SINGLE.has(n));
}

describe('three.js catalogue of the viewer', () => {
  it('registers the class of every three element the viewer writes in JSX', () => {
    const used = new Set(tsxFiles(VIEWER).flatMap((f) => threeElements(readFileSync(f, 'utf8'))));
    // The scene draws meshes and lights at least: the scan found the viewer's JSX.
    expect(used.has('mesh')).toBe(true);
    expect(used.has('directionalLight')).toBe(true);
    const registered = new Set(
      Object.keys(THREE_CATALOGUE).map((k) => k[0]!.toLowerCase() + k.slice(1)),
    );
    expect([...used].filter((n) => !registered.has(n))).toEqual([]);
  });
});
