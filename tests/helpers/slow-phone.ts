/**
 * A phone on a slow connection, as Lighthouse's mobile profile applies it in the browser (its
 * "devtools" throttling): a CPU slowed 4×, and slow 4G (150 ms round trips, 1.6 Mbit/s down and
 * 750 kbit/s up, with Lighthouse's factors for applying them per request: ×3.75 latency, ×0.9
 * throughput). For the e2e tests and benches that tap a page as it appears.
 */
import type { Page } from 'playwright-core';

/** A phone's user agent: the gateway renders a phone's layout for it. */
export const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36';

export const SLOW_4G = {
  offline: false,
  latency: 150 * 3.75,
  downloadThroughput: ((1.6 * 1024 * 1024) / 8) * 0.9,
  uploadThroughput: ((750 * 1024) / 8) * 0.9,
} as const;

export const PHONE_CPU_SLOWDOWN = 4;

/**
 * Slows `page` (its CPU and its network) as a phone on slow 4G and sends a phone's user agent;
 * gives the function that lifts the slowing (the page then runs at the machine's own speed).
 */
export async function emulateSlowPhone(page: Page): Promise<() => Promise<void>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE_CPU_SLOWDOWN });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await page.setExtraHTTPHeaders({ 'User-Agent': PHONE_UA });
  return async () => {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
  };
}

/**
 * An init script recording, on every page, when it first painted content (`__firstPaintAt`) and
 * when React first owned its <main> (`__reactAt`: the app has loaded and is hydrating, or has
 * rendered), in the page's own clock (performance.now()).
 */
export const RECORD_PAINT_AND_REACT = `(() => {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      if (e.name === 'first-contentful-paint') window.__firstPaintAt = e.startTime;
  }).observe({ type: 'paint', buffered: true });
  const check = () => {
    const main = document.querySelector('#root main');
    if (main && Object.keys(main).some((k) => k.startsWith('__reactProps'))) {
      window.__reactAt = performance.now();
      return;
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})();`;

declare global {
  interface Window {
    __firstPaintAt?: number;
    __reactAt?: number;
  }
}

/** Whether React owns the page's <main> yet (the app has loaded). */
export function reactOwnsPage(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const main = document.querySelector('#root main');
    return Boolean(main && Object.keys(main).some((k) => k.startsWith('__reactProps')));
  });
}
