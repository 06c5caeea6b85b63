import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
const manifest = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8'));
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry && k.endsWith('index.html'))!;
const files = new Set<string>();
const visit = (key: string) => { const c = manifest[key]; if (!c || files.has(c.file)) return; files.add(c.file); for (const i of c.imports ?? []) visit(i); };
visit(entryKey);
const home = Object.keys(manifest).find((k) => k.includes('home-screen'))!;
visit(home);
const bySource = new Map<string, number>();
let total = 0;
for (const file of files) {
  const code = readFileSync(`dist/${file}`, 'utf8');
  const gz = gzipSync(code).length; total += gz;
  console.log(file, (gz / 1024).toFixed(1));
  let map; try { map = new TraceMap(readFileSync(`dist/${file}.map`, 'utf8')); } catch { continue; }
  const lines = code.split('\n');
  lines.forEach((line, li) => {
    let last = 'unknown'; 
    for (let col = 0; col < line.length; col += 1) {
      if (col % 20 === 0) { const p = originalPositionFor(map, { line: li + 1, column: col }); last = p.source ?? last; }
      bySource.set(last, (bySource.get(last) ?? 0) + 1);
    }
  });
}
console.log('total gz', (total / 1024).toFixed(1));
const pkg = new Map<string, number>();
for (const [s, n] of bySource) { const m = s.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/); const k = m ? m[1] : s.replace(/^.*?(client|couchdb)\//, '$1/'); pkg.set(k, (pkg.get(k) ?? 0) + n); }
for (const [k, n] of [...pkg].sort((a, b) => b[1] - a[1]).slice(0, 70)) console.log((n / 1024).toFixed(1).padStart(7), k);
const want = process.argv[2];
if (want) {
  for (const file of files) {
    const code = readFileSync(`dist/${file}`, 'utf8');
    let map; try { map = new TraceMap(readFileSync(`dist/${file}.map`, 'utf8')); } catch { continue; }
    const lines = new Map<number, number>();
    code.split('\n').forEach((line, li) => {
      for (let col = 0; col < line.length; col += 20) {
        const p = originalPositionFor(map, { line: li + 1, column: col });
        if (p.source?.includes(want) && p.line) lines.set(p.line, (lines.get(p.line) ?? 0) + 20);
      }
    });
    if (lines.size) console.log(file, [...lines].sort((a, b) => a[0] - b[0]).map(([l, n]) => `${l}:${n}`).join(' '));
  }
}
