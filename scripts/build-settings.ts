/**
 * Build settings that vite.config.ts and the benchmarks' own builds (bench/) share: the path
 * aliases of tsconfig.json and the rewrites of RxDB's code, so a benchmark bundles the app's
 * code the way the app's build does.
 */
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { pageExitForUnload } from './page-exit-for-unload.js';
import { rxdbCodeUnitSort } from './rxdb-code-unit-sort.js';
import { rxdbDexieFields } from './rxdb-dexie-fields.js';

const root = (p: string) => fileURLToPath(new URL(`../${p}`, import.meta.url));

/** tsconfig.json's paths, for Vite. */
export const alias = {
  '@couchdb': root('couchdb'),
  '@client': root('client'),
  '@server': root('sync-server'),
  '@tests': root('tests'),
};

/**
 * The build's rewrites of RxDB's code (scripts/rxdb-*.ts) and of its leader election's exit
 * listener (scripts/page-exit-for-unload.ts), for the page and the storage worker.
 */
export const rxdbRewrites = (): Plugin[] => [
  rxdbCodeUnitSort(),
  rxdbDexieFields(),
  pageExitForUnload(),
];
