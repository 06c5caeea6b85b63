/**
 * Leaflet or MapLibre GL JS for the map screen (issue 65): both libraries draw the same 10,000
 * listing points, clustered (Leaflet with `supercluster` and DOM markers, MapLibre with its own
 * GeoJSON clustering in WebGL), over a plain background (no base map: pins only), in a phone's
 * profile (390×844, touch, CPU slowed 4×). For each: the gzip size of the JavaScript and CSS its page
 * loads, the time from navigation to the first frame with the clusters drawn, and the frame
 * intervals while a finger pans the map (two drags and their fling, real touch input); then the same
 * pan with the CPU not slowed, with the main thread's own time on the CPU. Each figure is the median
 * of several runs, each in a new browser, with MapLibre's as a ratio to Leaflet's of the same run.
 * The pages are bench/map-library/*.html, built here with Vite.
 *
 * Headless Chromium has no GPU here: WebGL runs on SwiftShader, a software renderer, which the
 * output names. MapLibre draws every frame in WebGL, so its frame figures are worse than a phone's
 * GPU would make them: when its frame times are the same unslowed as slowed, its frames wait on
 * SwiftShader rather than on its own JavaScript, and the unslowed pan's main-thread CPU time is the
 * fairer comparison of the two libraries' own work. Chromium's CPU slowdown applies to the page's
 * main thread only: MapLibre clusters in its worker, which runs unslowed, and that favours it in
 * the time to first pins.
 *
 *   npm run bench -- map-library [--runs 5] [--listings 10000] [--zoom 13] [--slowdown 4] [--dpr 2]
 * --zoom is Leaflet's zoom of the view (MapLibre's is one less, the same scale).
 */
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium, type CDPSession, type Page } from 'playwright-core';
import { build } from 'vite';
import { alias } from '../scripts/build-settings';
import { CHROMIUM_ARGS, CHROMIUM_PATH, VIEWPORTS } from '../tests/helpers/browser';
import { PINS_MARK } from './map-library/listings';
import {
  DRAGS,
  LONG_FRAME_MS,
  longFrames,
  median,
  percentile,
  PHONE_UA,
  touchDrag,
} from './touch-pan';

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    runs: { type: 'string', default: '5' },
    listings: { type: 'string', default: '10000' },
    zoom: { type: 'string', default: '13' },
    slowdown: { type: 'string', default: '4' },
    dpr: { type: 'string', default: '2' },
  },
  strict: false,
});
const runs = Number(values.runs);
const listings = Number(values.listings);
const zoom = Number(values.zoom);
const slowdown = Number(values.slowdown);
const dpr = Number(values.dpr);
const LIBRARIES = ['leaflet', 'maplibre'] as const;
type Library = (typeof LIBRARIES)[number];
const FINGER_PX = Math.round(Math.hypot(DRAGS[0].dx, DRAGS[0].dy));
/** Where each drag starts: the screen's middle. */
const SCREEN_MIDDLE = { x: VIEWPORTS.mobile.width / 2, y: VIEWPORTS.mobile.height / 2 };
/** How long a page may take to draw its first pins or to settle after a move. */
const PAGE_WAIT = { timeout: 180_000 };

const pagesDir = fileURLToPath(new URL('./map-library/', import.meta.url));
const dir = await mkdtemp(path.join(tmpdir(), 'cj-bench-map-library-'));

/** A static server for the built pages. */
function serve(root: string): Promise<Server> {
  const types: Record<string, string> = {
    '.html': 'text/html; charset=utf-8',
    '.js': 'text/javascript',
    '.mjs': 'text/javascript',
    '.css': 'text/css',
  };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://bench');
    const file = path.join(root, url.pathname);
    if (!file.startsWith(root)) {
      res.writeHead(403).end();
      return;
    }
    stat(file).then(
      () => {
        res.writeHead(200, { 'Content-Type': types[path.extname(file)] ?? 'text/plain' });
        createReadStream(file).pipe(res);
      },
      () => res.writeHead(404).end(),
    );
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

interface Asset {
  file: string;
  bytes: number;
  gzipBytes: number;
}

interface Pan {
  /** Each frame's interval, from the first touch until the map settled with its pins drawn. */
  frames: number[];
  /** The main thread's time on the CPU (thread time) meanwhile. */
  cpuMs: number;
  /** How far the first drag had moved the map when the finger lifted, in CSS px. */
  movedPx: number;
}

interface Run {
  assets: Asset[];
  firstPinsMs: number;
  drawn: number;
  /** The pan on the slowed CPU. */
  slowed: Pan;
  /** The same pan again, the CPU not slowed. */
  unslowed: Pan;
}

const describePan = (pan: Pan, withCpu: boolean) =>
  `${pan.frames.length} frames, median ${median(pan.frames).toFixed(1)} ms, ` +
  `p95 ${percentile(pan.frames, 95).toFixed(1)} ms, ${longFrames(pan.frames)} over ${LONG_FRAME_MS} ms` +
  (withCpu ? `; main thread on the CPU ${pan.cpuMs.toFixed(0)} ms` : '');

/**
 * The time the page's main thread has spent on the CPU so far (Chromium's TaskDuration in thread
 * time, with Performance.enable's threadTicks): the page's own work, without the time it waited
 * for a core or for the GPU process (where SwiftShader draws WebGL). Only meaningful unslowed:
 * Chromium's slowdown keeps the thread on the CPU too.
 */
async function mainThreadCpuMs(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  const task = metrics.find((m) => m.name === 'TaskDuration');
  if (!task) throw new Error('no TaskDuration in Performance.getMetrics');
  return task.value * 1000;
}

const settled = (page: Page) =>
  page.waitForFunction(() => window.mapBench.settled, undefined, PAGE_WAIT);

/** The drags of DRAGS on a settled map, its frames recorded until it settles again. */
async function pan(page: Page, cdp: CDPSession): Promise<Pan> {
  const before = await page.evaluate(() => window.mapBench.centre());
  await page.evaluate(() => window.mapBench.startFrames());
  const cpuBefore = await mainThreadCpuMs(cdp);
  let movedPx = NaN;
  for (const step of DRAGS) {
    await touchDrag(cdp, SCREEN_MIDDLE, step);
    if (!Number.isNaN(movedPx)) continue;
    // How far the first drag took the map as the finger lifted (the fling goes on after).
    const { x, y } = await page.evaluate((point) => window.mapBench.screenOf(point), before);
    movedPx = Math.hypot(x - VIEWPORTS.mobile.width / 2, y - VIEWPORTS.mobile.height / 2);
  }
  await settled(page);
  const cpuMs = (await mainThreadCpuMs(cdp)) - cpuBefore;
  const frames = await page.evaluate(() => window.mapBench.stopFrames());
  if (!(movedPx > 0)) throw new Error('the pan did not move the map');
  return { frames, cpuMs, movedPx };
}

/**
 * One first visit to `library`'s page in a new browser: its loads, first pins, and a pan on the
 * slowed CPU, then the same pan unslowed.
 */
async function measure(baseUrl: string, library: Library): Promise<Run> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({
      viewport: VIEWPORTS.mobile,
      deviceScaleFactor: dpr,
      isMobile: true,
      hasTouch: true,
      userAgent: PHONE_UA,
      locale: 'zh-CN',
    });
    const page = await context.newPage();
    page.on('pageerror', (err) => console.error(`[${library} page error] ${err.message}`));
    const loads: Promise<Asset>[] = [];
    page.on('response', (response) => {
      const file = new URL(response.url()).pathname;
      if (!/\.(m?js|css)$/.test(file)) return;
      loads.push(
        response.body().then((body) => ({
          file: path.basename(file),
          bytes: body.length,
          gzipBytes: gzipSync(body, { level: 9 }).length,
        })),
      );
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
    await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
    await page.goto(`${baseUrl}/${library}.html?listings=${listings}&zoom=${zoom}`);
    await page.waitForFunction(
      (mark) => performance.getEntriesByName(mark).length > 0,
      PINS_MARK,
      PAGE_WAIT,
    );
    const firstPinsMs = await page.evaluate(
      (mark) => performance.getEntriesByName(mark)[0]!.startTime,
      PINS_MARK,
    );
    await settled(page);
    const drawn = await page.evaluate(() => window.mapBench.drawn());
    if (drawn === 0) throw new Error(`${library}: no pins drawn`);

    const slowed = await pan(page, cdp);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const unslowed = await pan(page, cdp);
    const assets = await Promise.all(loads);
    return { assets, firstPinsMs, drawn, slowed, unslowed };
  } finally {
    await browser.close();
  }
}

/** The WebGL renderer the browser gives pages (SwiftShader when it has no GPU). */
async function webglRenderer(): Promise<string> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    return await page.evaluate(() => {
      const gl = document.createElement('canvas').getContext('webgl2');
      if (!gl) return 'no WebGL 2';
      const info = gl.getExtension('WEBGL_debug_renderer_info');
      return String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
    });
  } finally {
    await browser.close();
  }
}

let site: Server | null = null;
try {
  await build({
    configFile: false,
    root: pagesDir,
    mode: 'production',
    logLevel: 'warn',
    resolve: { alias },
    build: {
      outDir: dir,
      emptyOutDir: true,
      target: 'es2022',
      // MapLibre's own module is over a megabyte: the sizes are printed below, not warned about.
      chunkSizeWarningLimit: 4096,
      rollupOptions: {
        input: Object.fromEntries(LIBRARIES.map((l) => [l, path.join(pagesDir, `${l}.html`)])),
      },
    },
  });
  site = await serve(dir);
  const baseUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  const renderer = await webglRenderer();
  console.log(
    `${listings} listings, view at zoom ${zoom} (Leaflet's) on the county's centre; phone profile: ` +
      `${VIEWPORTS.mobile.width}×${VIEWPORTS.mobile.height}, device pixel ratio ${dpr}, touch, ` +
      `CPU slowed ${slowdown}×; ${runs} run(s) each, a new browser each run`,
  );
  console.log(`WebGL renderer: ${renderer}`);
  if (/swiftshader|llvmpipe|software/i.test(renderer))
    console.log(
      '  software GL: MapLibre draws every frame in WebGL on the CPU here, on cores the page ' +
        'shares; its frame times are worse than a phone GPU would give (Leaflet is not affected).',
    );
  console.log(
    `  the CPU slowdown applies to the page's main thread: MapLibre's worker (its clustering) runs ` +
      `unslowed; a MapLibre frame median the same at 1× as at ${slowdown}× means its frames wait on ` +
      'the GL renderer, not on its JavaScript (compare the main-thread CPU at 1×)',
  );

  const results = new Map<Library, Run[]>(LIBRARIES.map((l) => [l, []]));
  for (let run = 1; run <= runs; run++) {
    // Alternate which goes first, so a change in the machine's load falls on both.
    const order = run % 2 === 1 ? LIBRARIES : [...LIBRARIES].reverse();
    for (const library of order) {
      const figures = await measure(baseUrl, library);
      results.get(library)!.push(figures);
      console.log(
        `  ${library.padEnd(9)} #${run}: first pins ${figures.firstPinsMs.toFixed(0).padStart(5)} ms, ` +
          `${figures.drawn} in view; first drag moved the map ${figures.slowed.movedPx.toFixed(0)} px ` +
          `of ${FINGER_PX}\n${' '.repeat(16)}pan ${slowdown}×: ${describePan(figures.slowed, false)}` +
          `\n${' '.repeat(16)}pan 1×: ${describePan(figures.unslowed, true)}`,
      );
    }
  }

  console.log('\nwhat each page loads (JavaScript and CSS; gzip -9):');
  for (const library of LIBRARIES) {
    for (const asset of results.get(library)![0]!.assets)
      console.log(
        `  ${library.padEnd(9)} ${asset.file.padEnd(40)} ${(asset.bytes / 1024).toFixed(1).padStart(7)} KiB` +
          `  gzip ${(asset.gzipBytes / 1024).toFixed(1).padStart(6)} KiB`,
      );
  }

  /** Each library's figures: medians over the runs (the frame figures over each run's own). */
  const summary = (library: Library) => {
    const all = results.get(library)!;
    const assets = all[0]!.assets;
    return {
      gzipKiB: assets.reduce((sum, a) => sum + a.gzipBytes, 0) / 1024,
      firstPinsMs: median(all.map((r) => r.firstPinsMs)),
      frameMedianMs: median(all.map((r) => median(r.slowed.frames))),
      frameP95Ms: median(all.map((r) => percentile(r.slowed.frames, 95))),
      longFrames: median(all.map((r) => longFrames(r.slowed.frames))),
      unslowedFrameMedianMs: median(all.map((r) => median(r.unslowed.frames))),
      unslowedCpuMs: median(all.map((r) => r.unslowed.cpuMs)),
    };
  };
  const base = summary('leaflet');
  const columns: [string, keyof typeof base, number][] = [
    ['bundle gzip KiB', 'gzipKiB', 1],
    [`first pins ms (${slowdown}×)`, 'firstPinsMs', 0],
    [`pan frame median ms (${slowdown}×)`, 'frameMedianMs', 1],
    [`pan frame p95 ms (${slowdown}×)`, 'frameP95Ms', 1],
    [`pan frames > ${LONG_FRAME_MS} ms (${slowdown}×)`, 'longFrames', 0],
    ['pan frame median ms (1×)', 'unslowedFrameMedianMs', 1],
    ['pan main-thread CPU ms (1×)', 'unslowedCpuMs', 0],
  ];
  console.log(
    `\nmedians of ${runs} run(s); ratio to Leaflet of the same run (below 1: MapLibre does better)`,
  );
  console.log(
    `  ${''.padEnd(30)} ${'leaflet'.padStart(9)} ${'maplibre'.padStart(9)} ${'ratio'.padStart(7)}`,
  );
  const other = summary('maplibre');
  for (const [label, key, digits] of columns) {
    const ratio = base[key] === 0 ? '—' : `×${(other[key] / base[key]).toFixed(2)}`;
    console.log(
      `  ${label.padEnd(30)} ${base[key].toFixed(digits).padStart(9)} ${other[key].toFixed(digits).padStart(9)} ${ratio.padStart(7)}`,
    );
  }
} finally {
  await new Promise((resolve) => (site ? site.close(resolve) : resolve(undefined)));
  await rm(dir, { recursive: true, force: true });
}
