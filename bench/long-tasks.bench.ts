/**
 * Main-thread tasks over 50 ms after first paint (architecture §11) on a CPU slowed 4× as Lighthouse's
 * mobile profile does, on a first visit to home, the listing list and a listing's own page, at a
 * phone's and a laptop's width, against the production gateway with demo data. For each long task:
 * when it started after first paint, how long it ran, and the functions it spent most time in
 * (self time, mapped through the build's source maps to the original files); at the end, each
 * page's time over 50 ms summed (about its share of Lighthouse's TBT), the median of the runs, and
 * the same with each task counted by its time on the CPU (its thread time): on a shared host a task
 * waits for a core for much of its length, and that figure is the page's own work alone.
 * Run `npm run build` first.
 * --inclusive also prints, for each long task, the app's own functions (client/, couchdb/) it spent
 * most time in, callees included: which of the app's callbacks and components drove the task.
 * --by-package also prints where all of the main thread's JavaScript time after first paint went (long
 * tasks or not), summed by package: what moving a library's work elsewhere would take off the thread.
 *   npm run bench -- long-tasks [--runs 1] [--slowdown 4] [--top 4] [--pages home,listings,listing]
 *     [--by-package] [--inclusive] [--listings 10000]
 * --trace-dir DIR keeps each run's trace (Chrome's JSON trace format, for chrome://tracing or the
 * DevTools performance panel) in DIR.
 * --listings N adds N generated public listings to the demo data (a county-sized store): a first
 * visit is then also the first sync of every public listing, right after the first paint.
 * --lantern measures as Lighthouse's default (simulated) throttling counts: the CPU is not slowed,
 * and each task's time is multiplied by 4 (a task of 13 ms counts as one of 52). Work the page
 * splits into slices (React's, of about 5 ms) then counts by each slice's real length.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, VIEWPORTS } from '../tests/helpers/browser';
import { countyGateway } from '../tests/helpers/county-gateway';
import { sharedListingPath } from '../tests/helpers/shared-listing';
import { sourcePositions } from './source-position';

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    runs: { type: 'string', default: '1' },
    slowdown: { type: 'string', default: '4' },
    top: { type: 'string', default: '4' },
    pages: { type: 'string', default: 'home,listings,listing' },
    'by-package': { type: 'boolean', default: false },
    inclusive: { type: 'boolean', default: false },
    listings: { type: 'string', default: '0' },
    lantern: { type: 'boolean', default: false },
    'trace-dir': { type: 'string' },
  },
  strict: false,
});
const runs = Number(values.runs);
const lantern = values.lantern === true;
const slowdown = lantern ? 1 : Number(values.slowdown);
/** How much each task's measured time counts (Lighthouse's simulation multiplies by 4). */
const SCALE = lantern ? 4 : 1;
const top = Number(values.top);
const pageNames = String(values.pages).split(',');
const byPackage = values['by-package'] === true;
const inclusive = values.inclusive === true;
const extraListings = Number(values.listings);
const LONG_MS = 50;
/** The page is done once it has had no long task for this long (or after QUIET_MAX_MS). */
const QUIET_MS = 3_000;
const QUIET_MAX_MS = 90_000;
const distDir = path.resolve(process.env.DIST_DIR ?? 'dist');

const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  /** The thread's own (on-CPU) time of a complete event, when the trace has thread clocks. */
  tdur?: number;
  pid: number;
  tid: number;
  id?: string;
  args: Record<string, unknown>;
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  parent?: number;
}

/** Collects the trace of `run` (timeline and the V8 sampler, one clock). */
async function traced(page: Page, run: () => Promise<void>): Promise<TraceEvent[]> {
  const cdp = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => {
    events.push(...(e.value as unknown as TraceEvent[]));
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
  await cdp.send('Tracing.start', {
    categories: [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'blink.user_timing',
      'loading',
      'v8.execute',
      'disabled-by-default-v8.cpu_profiler',
    ].join(','),
    transferMode: 'ReportEvents',
  });
  await run();
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.end');
  await done;
  return events;
}

const sourceOf = sourcePositions(distDir);

/** A profile node's function and its place in the original sources. */
async function labelOf(node: ProfileNode): Promise<string> {
  const frame = node.callFrame;
  const where = frame.url
    ? await sourceOf(frame.url, frame.lineNumber, frame.columnNumber)
    : `(${frame.functionName || 'native'})`;
  return frame.url && frame.functionName ? `${frame.functionName} ${where}` : where;
}

/** A source position's package (`@mui/material`, `dexie`), or for the app's own code its file. */
function packageOf(where: string): string {
  const file = where.split(/[: ]/)[0] ?? where;
  if (file.startsWith('client/') || file.startsWith('couchdb/')) return file;
  const scoped = /^(@[^/]+\/[^/]+)/.exec(file);
  if (scoped) return scoped[1]!;
  if (file.startsWith('/')) return file.replace(/-[\w-]{8}\.js$/, '.js').split(':')[0]!;
  return file.split('/')[0]!;
}

/** Trace events of the browser's own work worth naming beside the JavaScript. */
const BROWSER_WORK = new Set([
  'ParseHTML',
  'UpdateLayoutTree',
  'Layout',
  'Paint',
  'PrePaint',
  'ParseAuthorStyleSheet',
  'EvaluateScript',
  'v8.compileModule',
  'v8.evaluateModule',
  'Decode Image',
  'HitTest',
]);

interface LongTask {
  work: [string, number][];
  afterPaintMs: number;
  ms: number;
  /** Of `ms`, the time the thread ran (the rest it waited for a core), when the trace says. */
  cpuMs: number | null;
  top: [string, number][];
  /** With --inclusive: the app's own functions by time with their callees, the most first. */
  app: [string, number][];
}

/** The main thread's tasks over 50 ms after first paint, with where their time went. */
async function longTasksOf(
  events: TraceEvent[],
): Promise<{ tasks: LongTask[]; fcpMs: number; packages: Map<string, number> }> {
  // The page's renderer is the process that painted it (not the one of about:blank before it).
  const paint = events.find((e) => e.name === 'firstContentfulPaint');
  if (!paint) throw new Error('no first contentful paint in the trace');
  const main = events.find(
    (e) => e.name === 'thread_name' && e.pid === paint.pid && e.args.name === 'CrRendererMain',
  );
  if (!main) throw new Error('no renderer main thread in the trace');
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid);
  const navigation = events.find((e) => e.name === 'navigationStart' && e.pid === main.pid);
  const tasks = onMain.filter(
    (e) =>
      e.name === 'RunTask' &&
      e.ph === 'X' &&
      ((e.dur ?? 0) / 1000) * SCALE > LONG_MS &&
      e.ts >= paint.ts,
  );

  // The sampler's profile of the renderer: nodes and samples with their times (µs, trace clock).
  const nodes = new Map<number, ProfileNode>();
  const samples: { ts: number; node: number }[] = [];
  // The main thread's profile only: a worker of the page (the device storage's) is profiled too,
  // in the same process, under a profile of its own.
  const profile = events.find(
    (e) => e.pid === main.pid && e.tid === main.tid && e.name === 'Profile',
  );
  const chunks = events.filter(
    (e) => e.pid === main.pid && e.name === 'ProfileChunk' && e.id === profile?.id,
  );
  let clock = Number((profile?.args.data as { startTime?: number } | undefined)?.startTime ?? 0);
  for (const chunk of chunks) {
    const data = chunk.args.data as {
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
      timeDeltas?: number[];
    };
    for (const node of data.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    const ids = data.cpuProfile?.samples ?? [];
    const deltas = data.timeDeltas ?? [];
    ids.forEach((id, i) => {
      clock += deltas[i] ?? 0;
      samples.push({ ts: clock, node: id });
    });
  }

  const out: LongTask[] = [];
  for (const task of tasks) {
    const end = task.ts + (task.dur ?? 0);
    const inTask = samples.filter((s) => s.ts >= task.ts && s.ts <= end);
    const self = new Map<string, number>();
    const app = new Map<string, number>();
    for (let i = 0; i < inTask.length; i++) {
      const next = inTask[i + 1]?.ts ?? end;
      const ms = (next - inTask[i]!.ts) / 1000;
      const node = nodes.get(inTask[i]!.node);
      if (!node) continue;
      const label = await labelOf(node);
      self.set(label, (self.get(label) ?? 0) + ms);
      if (!inclusive) continue;
      // Each of the app's functions on the sample's stack, once (recursion counted once).
      const seen = new Set<string>();
      for (
        let n: ProfileNode | undefined = node;
        n;
        n = n.parent ? nodes.get(n.parent) : undefined
      ) {
        const caller = await labelOf(n);
        if (/^\S+ (client|couchdb)\//.test(caller) && !seen.has(caller)) {
          seen.add(caller);
          app.set(caller, (app.get(caller) ?? 0) + ms);
        }
      }
    }
    // The browser's own work in the task (style, layout, parsing…), by event name.
    const work = new Map<string, number>();
    for (const e of onMain) {
      if (e.ph !== 'X' || e === task || e.ts < task.ts || e.ts > end || !BROWSER_WORK.has(e.name))
        continue;
      work.set(e.name, (work.get(e.name) ?? 0) + (e.dur ?? 0) / 1000);
    }
    out.push({
      work: [...work].filter(([, ms]) => ms >= 5).sort((a, b) => b[1] - a[1]),
      afterPaintMs: (task.ts - paint.ts) / 1000,
      ms: ((task.dur ?? 0) / 1000) * SCALE,
      cpuMs: task.tdur === undefined ? null : (task.tdur / 1000) * SCALE,
      top: [...self].sort((a, b) => b[1] - a[1]).slice(0, top),
      app: [...app].sort((a, b) => b[1] - a[1]).slice(0, top * 2),
    });
  }
  const fcpMs = navigation ? (paint.ts - navigation.ts) / 1000 : NaN;
  const packages = new Map<string, number>();
  if (byPackage) {
    const after = samples.filter((s) => s.ts >= paint.ts);
    for (let i = 0; i < after.length; i++) {
      const frame = nodes.get(after[i]!.node)?.callFrame;
      if (!frame || frame.functionName === '(idle)') continue;
      const next = after[i + 1]?.ts ?? after[i]!.ts;
      const where = frame.url
        ? packageOf(await sourceOf(frame.url, frame.lineNumber, frame.columnNumber))
        : `(${frame.functionName || 'native'})`;
      packages.set(where, (packages.get(where) ?? 0) + (next - after[i]!.ts) / 1000);
    }
  }
  return { tasks: out, fcpMs, packages };
}

/**
 * Waits until the page has had no long task and no pull for QUIET_MS (its first sync and idle work
 * done), or QUIET_MAX_MS. `lastPull` is when a pull last started or ended (performance.now() of Node).
 */
async function settle(page: Page, lastPull: () => number): Promise<void> {
  const started = performance.now();
  for (;;) {
    const sinceLongTask = Number(
      await page.evaluate('performance.now() - (window.__lastLongTaskEnd ?? 0)'),
    );
    const quiet = Math.min(sinceLongTask, performance.now() - lastPull());
    if (quiet >= QUIET_MS || performance.now() - started >= QUIET_MAX_MS) return;
    await new Promise((resolve) => setTimeout(resolve, Math.max(250, QUIET_MS - quiet)));
  }
}

const gateway = await countyGateway(extraListings);
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_ARGS.filter((flag) => flag !== '--headless'),
});
try {
  const pages = [
    { name: 'home', path: '/' },
    { name: 'listings', path: '/properties' },
    { name: 'listing', path: await sharedListingPath(gateway.url) },
  ].filter((p) => pageNames.includes(p.name));
  console.log(
    `main-thread tasks > ${LONG_MS} ms after first paint, ` +
      (lantern
        ? 'CPU not slowed, times ×4 (Lighthouse simulated), '
        : `CPU slowed ${slowdown}×, `) +
      'first visits, ' +
      `demo data${extraListings > 0 ? ` + ${extraListings} listings` : ''}, ${gateway.url}`,
  );
  /** Each page and width's time over 50 ms summed, a figure a run (for the medians at the end). */
  const summed = new Map<string, number[]>();
  /** The same, each task counted by its time on the CPU. */
  const summedOnCpu = new Map<string, number[]>();
  for (const { name, path: pagePath } of pages) {
    for (const [width, viewport] of Object.entries({
      phone: VIEWPORTS.mobile,
      laptop: VIEWPORTS.desktop,
    })) {
      for (let run = 1; run <= runs; run++) {
        const context = await browser.newContext({
          viewport,
          locale: 'zh-CN',
          timezoneId: 'Asia/Shanghai',
          ...(width === 'phone' ? { userAgent: PHONE_UA, isMobile: true, hasTouch: true } : {}),
        });
        // When the page's last long task ended (its own clock), watched from before its first script.
        // A string, not a function: tsx's helpers (__name) do not exist in the page.
        await context.addInitScript(`new PerformanceObserver((list) => {
          for (const entry of list.getEntries())
            if (entry.duration > ${LONG_MS})
              window.__lastLongTaskEnd = Math.max(window.__lastLongTaskEnd ?? 0, entry.startTime + entry.duration);
        }).observe({ type: 'longtask' });`);
        const page = await context.newPage();
        let lastPull = performance.now();
        const onPull = (request: { url(): string }) => {
          if (request.url().includes('/pull?')) lastPull = performance.now();
        };
        page.on('request', onPull);
        page.on('requestfinished', onPull);
        page.on('requestfailed', onPull);
        const events = await traced(page, async () => {
          await page.goto(`${gateway.url}${pagePath}`, { waitUntil: 'load' });
          await settle(page, () => lastPull);
        });
        if (values['trace-dir']) {
          const file = path.join(String(values['trace-dir']), `${name}-${width}-${run}.json`);
          await writeFile(file, JSON.stringify({ traceEvents: events }));
        }
        const { tasks, fcpMs, packages } = await longTasksOf(events);
        const blocking = tasks.reduce((sum, t) => sum + t.ms - LONG_MS, 0);
        // The same sum over each task's time on the CPU: on a host whose other processes (the
        // gateway, the browser's) hold its cores, a task waits for one for much of its length,
        // which a phone running the page alone would not (a task of less than 50 ms on the CPU
        // adds nothing).
        const blockingOnCpu = tasks.reduce(
          (sum, t) => sum + Math.max(0, (t.cpuMs ?? t.ms) - LONG_MS),
          0,
        );
        const key = `${name} (${width})`;
        summed.set(key, [...(summed.get(key) ?? []), blocking]);
        summedOnCpu.set(key, [...(summedOnCpu.get(key) ?? []), blockingOnCpu]);
        console.log(
          `\n${name} (${width}${runs > 1 ? ` #${run}` : ''}): FCP ${fcpMs.toFixed(0)} ms; ` +
            `${tasks.length} long tasks, ${blocking.toFixed(0)} ms over 50 ms summed ` +
            `(on the CPU: ${blockingOnCpu.toFixed(0)} ms)`,
        );
        for (const task of tasks) {
          console.log(
            `  +${task.afterPaintMs.toFixed(0).padStart(5)} ms  ${task.ms.toFixed(0).padStart(4)} ms` +
              `${task.cpuMs === null ? '' : ` (on CPU ${task.cpuMs.toFixed(0)})`}  ` +
              task.top.map(([label, ms]) => `${label} ${ms.toFixed(0)}`).join(' | ') +
              (task.work.length > 0
                ? `\n${' '.repeat(22)}browser: ${task.work.map(([n, ms]) => `${n} ${ms.toFixed(0)}`).join(', ')}`
                : '') +
              (task.app.length > 0
                ? `\n${' '.repeat(22)}app, callees included: ${task.app.map(([n, ms]) => `${n} ${ms.toFixed(0)}`).join(' | ')}`
                : ''),
          );
        }
        if (byPackage) {
          const total = [...packages.values()].reduce((a, b) => a + b, 0);
          console.log(`  main thread after first paint, by package (${total.toFixed(0)} ms):`);
          for (const [name, ms] of [...packages].sort((a, b) => b[1] - a[1]).slice(0, 20)) {
            console.log(`    ${name.padEnd(40)} ${ms.toFixed(0).padStart(5)} ms`);
          }
        }
        await context.close();
      }
    }
  }
  // One line a page: single runs vary a lot on a shared machine, the median of several less so.
  const median = (figures: number[]) =>
    [...figures].sort((a, b) => a - b)[Math.floor(figures.length / 2)]!;
  const runsOf = (figures: number[]) => `[${figures.map((f) => f.toFixed(0)).join(', ')}]`;
  console.log(
    `\nover ${LONG_MS} ms summed, median of ${runs} run(s) [each run]; ` +
      `then each task counted by its time on the CPU:`,
  );
  for (const [key, figures] of summed) {
    const onCpu = summedOnCpu.get(key) ?? [];
    console.log(
      `  ${key.padEnd(18)} ${median(figures).toFixed(0).padStart(5)} ms  ${runsOf(figures).padEnd(22)}` +
        `on the CPU ${median(onCpu).toFixed(0).padStart(4)} ms  ${runsOf(onCpu)}`,
    );
  }
} finally {
  await browser.close();
  await gateway.stop();
}
