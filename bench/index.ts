/**
 * Runs the benchmarks in bench/ (each `*.bench.ts` prints its own figures).
 *   npm run bench                 all of them, one after another
 *   npm run bench -- <name> ...   one, with its own options (e.g. store-throughput --listings 2000)
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('.', import.meta.url));
const all = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .map((f) => f.replace(/\.bench\.ts$/, ''))
  .sort();
const [name, ...rest] = process.argv.slice(2);
if (name && !all.includes(name)) {
  console.error(`Unknown benchmark "${name}". Available: ${all.join(', ')}`);
  process.exit(2);
}
let failed = false;
for (const bench of name ? [name] : all) {
  console.log(`\n## ${bench}`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', `${dir}${bench}.bench.ts`, ...rest], {
    stdio: 'inherit',
  });
  if (run.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
