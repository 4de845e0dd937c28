/**
 * Lists import circles among the TypeScript files under the given folders (default: api/src and
 * projections/src), type-only imports included; exits 1 when there is one.
 * `npx tsx scripts/importCycles.ts [folder …]`
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const IMPORT =
  /(?:import|export)\s[^'";]*?from\s+['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : filesUnder(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The file an import specifier names: `./x.js` is `./x.ts` (or `.tsx`) in the sources. */
function target(from: string, spec: string): string {
  const base = resolve(dirname(from), spec).replace(/\.js$/, '');
  for (const ext of ['.ts', '.tsx', '/index.ts']) {
    try {
      if (statSync(base + ext).isFile()) return base + ext;
    } catch {
      /* try the next */
    }
  }
  return base;
}

export function importGraph(roots: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of roots.flatMap((r) => filesUnder(resolve(r)))) {
    const text = readFileSync(file, 'utf8');
    const deps: string[] = [];
    for (const m of text.matchAll(IMPORT)) deps.push(target(file, (m[1] ?? m[2])!));
    graph.set(file, deps);
  }
  return graph;
}

/** Strongly connected components of more than one file (or a file importing itself). */
export function cycles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1 || (graph.get(v) ?? []).includes(v)) out.push(scc.sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return out;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const roots = process.argv.slice(2);
  const found = cycles(importGraph(roots.length ? roots : ['api/src', 'projections/src']));
  for (const c of found)
    console.log(`circle: ${c.map((f) => relative(process.cwd(), f)).join(' ↔ ')}`);
  console.log(found.length === 0 ? 'no import circles' : `${found.length} import circle(s)`);
  process.exitCode = found.length === 0 ? 0 : 1;
}
