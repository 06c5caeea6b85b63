/**
 * Takes the install dialog's screenshots (manifest `screenshots`, narrow and wide) from the real
 * app in Chromium: `npm run build && npx tsx scripts/generate-screenshots.ts`, then commit the PNGs
 * in public/screenshots/ (re-run when the home screen changes noticeably).
 */
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_PATH } from '../tests/helpers/browser';
import { startGateway } from '../tests/helpers/gateway';

const outDir = fileURLToPath(new URL('../public/screenshots/', import.meta.url));

/** Sizes must match client/pwa/pwa-options.ts (manifest.screenshots). */
const SHOTS = [
  { file: 'home-narrow.png', viewport: { width: 390, height: 844 }, scale: 2 },
  { file: 'home-wide.png', viewport: { width: 1280, height: 800 }, scale: 1 },
];

async function main() {
  await mkdir(outDir, { recursive: true });
  const gateway = await startGateway({ embedded: true });
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
  });
  try {
    for (const shot of SHOTS) {
      const context = await browser.newContext({
        viewport: shot.viewport,
        deviceScaleFactor: shot.scale,
        locale: 'zh-CN',
        serviceWorkers: 'block',
      });
      const page = await context.newPage();
      await page.goto(gateway.url, { waitUntil: 'networkidle' });
      await page.getByRole('heading', { name: '推荐房源' }).waitFor();
      await page.screenshot({ path: `${outDir}${shot.file}` });
      await context.close();
      console.log(`wrote public/screenshots/${shot.file}`);
    }
  } finally {
    await browser.close();
    await gateway.stop();
  }
}

await main();
