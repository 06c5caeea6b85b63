/**
 * What a first visit's download of the whole app costs the gateway: every file the service worker
 * installs (the page's own chunks among them), fetched 6 at a time as a browser does, by a
 * browser on HTTPS (Brotli accepted) and on plain HTTP (gzip only). Measured against the same
 * build read from disk for each request (APP_FILES_MEMORY_MB=0), and without its precompressed
 * files (scripts/precompress.ts), which the gateway then compresses on the way, as it did before,
 * in the same run: the gateway's CPU time and the bytes sent for each download. Run `npm run
 * build` first (DIST_DIR for another build).
 *   npm run bench -- app-download [--rounds 10]
 */
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startGateway } from '../tests/helpers/gateway';
import { processCpuMs } from './gateway-process';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '10' } } });
const rounds = Number(values.rounds);
const distDir = path.resolve(process.env.DIST_DIR ?? 'dist');
const CONCURRENCY = 6;

/** The files the service worker installs, from its precache list in sw.js. */
async function appFiles(): Promise<string[]> {
  const sw = await readFile(path.join(distDir, 'sw.js'), 'utf8');
  const urls = [...sw.matchAll(/url:"([^"]+)"/g)].map((m) => `/${m[1]}`);
  if (urls.length === 0) throw new Error(`no precache list in ${distDir}/sw.js`);
  return urls;
}

/** GETs `url` with `encoding` accepted; answers the bytes sent (the body as it came). */
function download(agent: http.Agent, url: string, encoding: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers: { 'accept-encoding': encoding } }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () =>
          res.statusCode === 200 ? resolve(bytes) : reject(new Error(`${url}: ${res.statusCode}`)),
        );
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/** Downloads every file once, CONCURRENCY at a time on kept-alive connections; answers the bytes. */
async function downloadAll(base: string, files: string[], encoding: string): Promise<number> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const queue = [...files];
  let bytes = 0;
  const worker = async () => {
    for (let file = queue.shift(); file; file = queue.shift()) {
      // Not `bytes += await …`: that reads `bytes` before the wait, losing the other workers' sums.
      const sent = await download(agent, `${base}${file}`, encoding);
      bytes += sent;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  agent.destroy();
  return bytes;
}

/** A copy of the build without its .br and .gz files. */
async function withoutPrecompressed(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'cj-dist-plain-'));
  await cp(distDir, dir, { recursive: true, filter: (src) => !/\.(br|gz)$/.test(src) });
  return dir;
}

async function measure(dir: string, files: string[], env: Record<string, string> = {}) {
  const gateway = await startGateway({ embedded: true, env: { DIST_DIR: dir, ...env } });
  try {
    const figures: Record<string, { cpuMs: number; wallMs: number; bytes: number }> = {};
    for (const [name, encoding] of [
      ['HTTPS (br, gzip)', 'gzip, deflate, br, zstd'],
      ['HTTP (gzip)', 'gzip, deflate'],
    ] as const) {
      await downloadAll(gateway.url, files, encoding); // warm: the gateway's code, the disk cache
      const cpu = processCpuMs(gateway.pid);
      const started = performance.now();
      let bytes = 0;
      for (let round = 0; round < rounds; round++) {
        bytes += await downloadAll(gateway.url, files, encoding);
      }
      figures[name] = {
        cpuMs: (processCpuMs(gateway.pid) - cpu) / rounds,
        wallMs: (performance.now() - started) / rounds,
        bytes: bytes / rounds,
      };
    }
    return figures;
  } finally {
    await gateway.stop();
  }
}

async function main() {
  const files = await appFiles();
  const plainDir = await withoutPrecompressed();
  try {
    const ways = {
      'precompressed, hashed files from memory': await measure(distDir, files),
      'precompressed, every file from disk': await measure(distDir, files, {
        APP_FILES_MEMORY_MB: '0',
      }),
      'compressed on the way, from disk': await measure(plainDir, files, {
        APP_FILES_MEMORY_MB: '0',
      }),
    };
    console.log(
      `the whole app as the service worker installs it: ${files.length} files, ${CONCURRENCY} at a time, ` +
        `loopback, mean of ${rounds} downloads; the gateway's CPU for one download, ratios to the last way`,
    );
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
    const baseline = ways['compressed on the way, from disk'];
    for (const name of Object.keys(baseline)) {
      console.log(`  ${name}`);
      const base = baseline[name]!;
      for (const [way, figures] of Object.entries(ways)) {
        const f = figures[name]!;
        console.log(
          `    ${way.padEnd(40)} CPU ${f.cpuMs.toFixed(0).padStart(4)} ms (×${(f.cpuMs / base.cpuMs).toFixed(2)}),` +
            ` ${kb(f.bytes).padStart(7)} (×${(f.bytes / base.bytes).toFixed(2)}), ${f.wallMs.toFixed(0).padStart(4)} ms`,
        );
      }
    }
  } finally {
    await rm(plainDir, { recursive: true, force: true });
  }
}

await main();
