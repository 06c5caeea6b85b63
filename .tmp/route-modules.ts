import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
const manifest = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8'));
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry && k.endsWith('index.html'))!;
const closure = (key: string, set = new Set<string>()) => { const c = manifest[key]; if (!c || set.has(c.file)) return set; set.add(c.file); for (const i of c.imports ?? []) closure(i, set); return set; };
const base = closure(entryKey);
const route = Object.keys(manifest).find((k) => k.includes(process.argv[2]!))!;
const files = [...closure(route)].filter((f) => !base.has(f));
const bySource = new Map<string, number>();
let total = 0;
for (const file of files) {
  const code = readFileSync(`dist/${file}`, 'utf8');
  const gz = gzipSync(code).length; total += gz;
  console.log(file, (gz / 1024).toFixed(1));
  let map; try { map = new TraceMap(readFileSync(`dist/${file}.map`, 'utf8')); } catch { continue; }
  code.split('\n').forEach((line, li) => {
    let last = 'unknown';
    for (let col = 0; col < line.length; col += 1) {
      if (col % 20 === 0) { const p = originalPositionFor(map, { line: li + 1, column: col }); last = p.source ?? last; }
      bySource.set(last, (bySource.get(last) ?? 0) + 1);
    }
  });
}
console.log('total gz', (total / 1024).toFixed(1));
const agg = new Map<string, number>();
for (const [s, n] of bySource) { const m = s.match(/node_modules\/((?:@[^/]+\/)?[^/]+)(\/[^/]+)?/); const k = m ? (m[1]!.startsWith('@mui') ? m[1] + (m[2] ?? '') : m[1]!) : s.replace(/^.*?(client|couchdb)\//, '$1/'); agg.set(k, (agg.get(k) ?? 0) + n); }
for (const [k, n] of [...agg].sort((a, b) => b[1] - a[1]).slice(0, 60)) console.log((n / 1024).toFixed(1).padStart(7), k);
