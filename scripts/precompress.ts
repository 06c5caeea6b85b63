/**
 * Compresses the built app once, at build time (`npm run build` runs it after Vite): beside each
 * text file of dist/ (scripts, styles, the shell, the service worker, icons), its Brotli (`.br`)
 * and gzip (`.gz`) versions at the highest levels. The gateway sends whichever the browser accepts
 * (sync-server/routes/built-app.ts) instead of gzipping each file again for each visitor: a first
 * visit and the service worker's install fetch every chunk of the app, about 1 ms of the
 * gateway's CPU each when compressed on the fly. Brotli at its highest level is smaller than gzip
 * (this app: 763 KB against 877; browsers ask for it over HTTPS and on localhost only).
 * Files under COMPRESS_MIN_BYTES, source maps and files that do not shrink are left alone.
 *
 *   tsx scripts/precompress.ts [dir]
 */
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The compression middleware's own threshold: a smaller answer goes as it is. */
export const COMPRESS_MIN_BYTES = 1024;

/** The kinds of file worth compressing (the rest, images and fonts, are compressed already). */
const TEXT_FILE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** The files of `dir` and below. */
async function filesIn(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * Writes `file.br` and `file.gz` beside each text file of `dir` worth compressing; answers the
 * files compressed with their sizes (original, brotli, gzip).
 */
export async function precompress(
  dir: string,
): Promise<{ file: string; bytes: number; br: number; gz: number }[]> {
  const files = (await filesIn(dir)).filter((file) => TEXT_FILE.test(file));
  const done: { file: string; bytes: number; br: number; gz: number }[] = [];
  // zlib runs in libuv's threads: a few files at a time keep them busy.
  const queue = [...files];
  const worker = async () => {
    for (let file = queue.shift(); file; file = queue.shift()) {
      if ((await stat(file)).size < COMPRESS_MIN_BYTES) {
        await Promise.all([rm(`${file}.gz`, { force: true }), rm(`${file}.br`, { force: true })]);
        continue;
      }
      const bytes = await readFile(file);
      const [br, gz] = await Promise.all([
        brotliAsync(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        }),
        gzipAsync(bytes, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      // A version not written now must not stay from an earlier run: the gateway would send it.
      if (gz.length >= bytes.length) {
        await Promise.all([rm(`${file}.gz`, { force: true }), rm(`${file}.br`, { force: true })]);
        continue;
      }
      await writeFile(`${file}.gz`, gz);
      if (br.length < gz.length) await writeFile(`${file}.br`, br);
      else await rm(`${file}.br`, { force: true });
      done.push({ file, bytes: bytes.length, br: Math.min(br.length, gz.length), gz: gz.length });
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return done;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const dir = path.resolve(process.argv[2] ?? path.join(ROOT, 'dist'));
  const done = await precompress(dir);
  const sum = (key: 'bytes' | 'br' | 'gz') => done.reduce((total, f) => total + f[key], 0);
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
  console.log(
    `precompressed ${done.length} files in ${path.relative(ROOT, dir) || '.'}: ` +
      `${kb(sum('bytes'))} → brotli ${kb(sum('br'))}, gzip ${kb(sum('gz'))}`,
  );
}
