/**
 * JavaScript weight of the built app (architecture §11: first screen ≤ 250 KB gzip, aim 170 KB; later
 * screens in chunks of their own). Builds with the project's Vite config and a manifest into a temp
 * dir, then prints, gzip-compressed: the first screen (the entry with everything it imports
 * statically, plus the home route), the data layer loaded right after it (RxDB, needed before
 * listings show) and the device storage's worker (Dexie, on a thread of its own), and each lazily
 * loaded route chunk with what it adds beyond the entry.
 *
 *   npm run bench -- bundle-size
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const BUDGET_KB = 250;
const AIM_KB = 170;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = await mkdtemp(path.join(tmpdir(), 'cj-bench-bundle-'));
try {
  await build({
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, manifest: true },
  });
  const manifest = JSON.parse(
    await readFile(path.join(outDir, '.vite', 'manifest.json'), 'utf8'),
  ) as Manifest;
  const gzipKb = new Map<string, number>();
  const sizeOf = async (file: string) => {
    let kb = gzipKb.get(file);
    if (kb === undefined) {
      kb = gzipSync(await readFile(path.join(outDir, file))).length / 1024;
      gzipKb.set(file, kb);
    }
    return kb;
  };
  /** The JS files a chunk needs before it runs: itself and its static imports, recursively. */
  const closure = (key: string, into = new Set<string>()): Set<string> => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return into;
    if (chunk.file.endsWith('.js')) into.add(chunk.file);
    for (const dep of chunk.imports ?? []) closure(dep, into);
    return into;
  };
  const total = async (files: Iterable<string>) => {
    let kb = 0;
    for (const f of files) kb += await sizeOf(f);
    return kb;
  };
  const keyOf = (fragment: string) => {
    const key = Object.keys(manifest).find((k) => k.includes(fragment));
    if (!key) throw new Error(`no chunk for ${fragment} in the build manifest`);
    return key;
  };
  const kb = (x: number) => `${x.toFixed(1).padStart(6)} KB`;

  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
  // The entry and the app's shell (client/main.tsx imports it right after evaluating React).
  const entry = closure(keyOf('app/mount-app'), closure(entryKey));
  const home = closure(keyOf('features/home/home-screen'));
  const firstScreen = new Set([...entry, ...home]);
  const dataLayer = [...closure(keyOf('data/device-data'))].filter((f) => !firstScreen.has(f));
  const first = await total(firstScreen);

  console.log('gzip sizes of the production build (zlib default level)');
  console.log(
    `  entry + app shell (mount-app)     ${kb(await total(entry))}  (${entry.size} files)`,
  );
  console.log(`  first screen (entry + home route) ${kb(first)}  (${firstScreen.size} files)`);
  console.log(
    `  + data layer (RxDB, loaded next)  ${kb(await total(dataLayer))}  (${dataLayer.length} files)`,
  );
  // The data layer is evaluated in steps (client/app/sync/page-data.ts), a chunk each
  // (scripts/data-layer-chunks.ts): what each step adds.
  const stepped = new Set(firstScreen);
  const inDataLayer = new Set(dataLayer);
  const steps = ['libs', 'rxdb'].map((step) => {
    const key = Object.keys(manifest).find((k) => manifest[k]!.file.includes(`/data-${step}-`));
    if (!key) throw new Error(`no chunk for the data layer's ${step} step in the build manifest`);
    const files = [...closure(key)].filter((f) => inDataLayer.has(f) && !stepped.has(f));
    files.forEach((f) => stepped.add(f));
    return [step, files] as const;
  });
  steps.push(['its own modules', dataLayer.filter((f) => !stepped.has(f))]);
  for (const [step, files] of steps)
    console.log(`      step ${step.padEnd(16)} ${kb(await total(files))}  (${files.length} files)`);
  // Dexie runs in the device storage's worker (client/data/storage/storage-worker.ts), off the
  // page's thread.
  const worker = (await readdir(path.join(outDir, 'assets'))).find((f) =>
    /^storage-worker-.*\.js$/.test(f),
  );
  if (!worker) throw new Error('no storage worker in the build');
  console.log(
    `  storage worker (Dexie, own thread) ${kb(await sizeOf(`assets/${worker}`))}  (1 file)`,
  );
  console.log(
    `  first screen: budget ≤ ${BUDGET_KB} KB ${first <= BUDGET_KB ? 'met' : 'MISSED'}; aim ≤ ${AIM_KB} KB ${first <= AIM_KB ? 'met' : 'missed'}`,
  );
  if (process.env.BUNDLE_FILES) {
    // BUNDLE_FILES=1 npm run bench -- bundle-size: which files the entry's figure is made of.
    const rows = await Promise.all([...entry].map(async (f) => [f, await sizeOf(f)] as const));
    for (const [f, size] of rows.sort((a, b) => b[1] - a[1])) console.log(`    ${kb(size)}  ${f}`);
  }
  console.log('route chunks (own file + what each adds beyond the entry):');
  const routes = Object.entries(manifest)
    .filter(([k, c]) => c.isDynamicEntry && k.startsWith('features/') && k.endsWith('-screen.tsx'))
    .map(([k]) => k);
  const rows: [string, number, number][] = [];
  for (const key of routes) {
    const own = await sizeOf(manifest[key]!.file);
    const added = await total([...closure(key)].filter((f) => !entry.has(f)));
    rows.push([key.replace(/^features\//, ''), own, added]);
  }
  rows.sort((a, b) => b[2] - a[2]);
  for (const [name, own, added] of rows)
    console.log(`  ${name.padEnd(48)} own ${kb(own)}   adds ${kb(added)}`);
} finally {
  await rm(outDir, { recursive: true, force: true });
}
