/**
 * Compiles the gateway to JavaScript for production (`npm run build` runs it after the app's build):
 * dist-server/index.js, the entry `node` runs, and dist-server/embedded-server.js, the embedded
 * store's process. Our own code (gateway, model, rules, the client's first-screen renderer, loaded
 * lazily as a chunk of its own) is bundled; packages stay in node_modules, loaded as Node loads them.
 *
 *   tsx scripts/build-gateway.ts [outDir]
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const GATEWAY_OUT_DIR = path.join(ROOT, 'dist-server');

/** Builds the gateway into `outDir` (emptied first); answers the files written. */
export async function buildGateway(outDir: string = GATEWAY_OUT_DIR): Promise<string[]> {
  await rm(outDir, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: {
      index: 'sync-server/index.ts',
      'embedded-server': 'sync-server/store/embedded-server.ts',
    },
    outdir: outDir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    tsconfig: 'tsconfig.json',
    sourcemap: true,
    metafile: true,
    logLevel: 'warning',
    // The compiled gateway is the production artefact: production unless told otherwise.
    banner: { js: "process.env.NODE_ENV ??= 'production';" },
    // The client modules the first-screen renderer shares are built for Vite's production mode.
    define: { 'import.meta.env.DEV': 'false', 'import.meta.env.PROD': 'true' },
  });
  return Object.keys(result.metafile.outputs);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const outDir = process.argv[2] ? path.resolve(process.argv[2]) : GATEWAY_OUT_DIR;
  const files = await buildGateway(outDir);
  console.warn(
    `gateway built: ${files.filter((f) => !f.endsWith('.map')).length} files in ${outDir}`,
  );
}
