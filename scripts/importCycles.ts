/**
 * Lists import circles among the TypeScript files under the given folders (default: api/src,
 * projections/src and web/src), type-only imports included, and the pairs of folders that import
 * each other (a circle between folders, though no file circle may close); exits 1 when there is
 * either. `npx tsx scripts/importCycles.ts [folder …]`
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

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

/**
 * The folders directly under `root` that import each other, as sorted pairs. Files in `root`
 * itself (entry points, composition roots, app-wide types) belong to no folder: they join the
 * folders, so they may import any of them and be imported by them.
 */
export function folderCycles(graph: Map<string, string[]>, root: string): [string, string][] {
  const base = resolve(root);
  const folderOf = (file: string): string | undefined => {
    const parts = relative(base, file).split(sep);
    return parts.length > 1 && parts[0] !== '..' ? parts[0] : undefined;
  };
  const edges = new Set<string>();
  for (const [file, deps] of graph) {
    const from = folderOf(file);
    for (const dep of deps) {
      const to = graph.has(dep) ? folderOf(dep) : undefined;
      if (from && to && from !== to) edges.add(`${from}\n${to}`);
    }
  }
  const pairs: [string, string][] = [];
  for (const edge of edges) {
    const [a, b] = edge.split('\n') as [string, string];
    if (a < b && edges.has(`${b}\n${a}`)) pairs.push([a, b]);
  }
  return pairs.sort((x, y) => x.join('/').localeCompare(y.join('/')));
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const args = process.argv.slice(2);
  const roots = args.length ? args : ['api/src', 'projections/src', 'web/src'];
  const graph = importGraph(roots);
  const found = cycles(graph);
  for (const c of found)
    console.log(`circle: ${c.map((f) => relative(process.cwd(), f)).join(' ↔ ')}`);
  const pairs = roots.flatMap((r) => folderCycles(graph, r).map(([a, b]) => `${r}: ${a} ↔ ${b}`));
  for (const p of pairs) console.log(`folders: ${p}`);
  console.log(
    `${found.length} import circle(s) between files, ${pairs.length} pair(s) of folders importing each other`,
  );
  process.exitCode = found.length === 0 && pairs.length === 0 ? 0 : 1;
}
