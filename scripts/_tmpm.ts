import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, dirname } from 'node:path';
const IMPORT = /(?:import|export)\s[^'";]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
function files(d: string): string[] { return readdirSync(d).flatMap(n => { const p = join(d, n); return statSync(p).isDirectory() ? files(p) : /\.tsx?$/.test(n) ? [p] : []; }); }
const root = resolve(process.argv[2]!);
const m = new Map<string, Set<string>>();
for (const f of files(root)) {
  const rel = relative(root, f).split('/'); if (rel.length < 2) continue;
  const from = rel.slice(0, process.argv[3] ? Number(process.argv[3]) : 1).join('/');
  for (const x of readFileSync(f, 'utf8').matchAll(IMPORT)) {
    const spec = (x[1] ?? x[2])!;
    let to: string;
    if (spec.startsWith('.')) {
      const abs = resolve(dirname(f), spec); const r = relative(root, abs);
      if (r.startsWith('..')) to = relative(resolve('.'), abs).replace(/\/[^/]*$/, '/');
      else { const p = r.split('/'); to = p.length > 1 ? p.slice(0, process.argv[3] ? Number(process.argv[3]) : 1).join('/') + '/' : p[0]!; }
    } else to = 'pkg:' + spec.split('/')[0];
    if (!m.has(from)) m.set(from, new Set()); m.get(from)!.add(to);
  }
}
for (const [k, v] of [...m].sort()) console.log(k, ':', [...v].filter(t => !t.startsWith(k + '/')).sort().join(' '));
