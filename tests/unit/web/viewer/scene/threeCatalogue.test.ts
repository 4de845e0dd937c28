/**
 * The viewer registers only some three.js classes with R3F (web/src/viewer/scene/threeCatalogue.ts):
 * an intrinsic element whose class is missing would throw when its component first renders. Every
 * three element written in the viewer's JSX, or in the drei components it imports, must be in the
 * catalogue.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { THREE_CATALOGUE } from '../../../../../web/src/viewer/scene/threeCatalogue.js';
import { repoRoot } from '../../../../support/fixturePaths.js';

const VIEWER = join(repoRoot, 'web', 'src', 'viewer');
const DREI = join(repoRoot, 'node_modules', '@react-three', 'drei');
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

const isThree = (n: string) => (/[A-Z]/.test(n) && !SVG_CAMEL.has(n)) || THREE_SINGLE.has(n);

function threeElements(source: string): string[] {
  return [...source.matchAll(/<([a-z][A-Za-z0-9]*)[\s/>]/g)].map((m) => m[1] ?? '').filter(isThree);
}

/** drei's components the viewer imports, as the files of drei's build that define them. */
function dreiFiles(sources: readonly string[]): string[] {
  const index = readFileSync(join(DREI, 'index.js'), 'utf8');
  const names = sources.flatMap((s) =>
    [...s.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@react-three\/drei'/g)].flatMap((m) =>
      (m[1] ?? '').split(',').map((n) => n.trim().split(/\s+as\s+/)[0] ?? ''),
    ),
  );
  return names
    .filter((n) => n && !n.startsWith('type '))
    .map((name) => {
      const m = new RegExp(`export \\{[^}]*\\b${name}\\b[^}]*\\} from '(\\./[^']+)'`).exec(index);
      if (!m?.[1]) throw new Error(`drei exports no ${name}`);
      return join(DREI, m[1]);
    });
}

/** Intrinsic three elements drei's build creates in a file and the drei files it imports. */
function dreiElements(entry: string, seen = new Set<string>()): string[] {
  if (seen.has(entry)) return [];
  seen.add(entry);
  const text = readFileSync(entry, 'utf8');
  const own = [...text.matchAll(/createElement\("([a-z][A-Za-z0-9]*)"/g)]
    .map((m) => m[1] ?? '')
    .filter(isThree);
  const deps = [...text.matchAll(/from '(\.{1,2}\/[^']+\.js)'/g)].flatMap((m) =>
    dreiElements(resolve(dirname(entry), m[1] ?? ''), seen),
  );
  return [...own, ...deps];
}

describe('three.js catalogue of the viewer', () => {
  it('registers the class of every three element the viewer writes in JSX', () => {
    const sources = tsxFiles(VIEWER).map((f) => readFileSync(f, 'utf8'));
    const used = new Set([
      ...sources.flatMap(threeElements),
      ...dreiFiles(sources).flatMap((f) => dreiElements(f)),
    ]);
    // The scene draws meshes and lights at least: the scan found the viewer's JSX.
    expect(used.has('mesh')).toBe(true);
    expect(used.has('directionalLight')).toBe(true);
    const registered = new Set(
      Object.keys(THREE_CATALOGUE).map((k) => k[0]!.toLowerCase() + k.slice(1)),
    );
    expect([...used].filter((n) => !registered.has(n))).toEqual([]);
  });
});
