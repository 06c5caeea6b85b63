/**
 * The installable offline app in real Chromium against the real gateway serving the built PWA
 * (run `npm run build` first; `npm run test:e2e` does): installability, offline reload, the update
 * prompt between two builds, the install entry, the offline banner and storage on the profile page.
 */
import { spawn } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveScreenshot, VIEWPORTS, type TestBrowser } from '../helpers/browser';
import { startGateway, type RunningGateway } from '../helpers/gateway';
import { Layout } from './pages/layout';
import { LoginPage } from './pages/login-page';
import { PwaChrome } from './pages/pwa-chrome';
import { useWorld } from './world';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
// Where the gateway serves the app from (DIST_DIR when a run uses its own build).
const DIST = process.env.DIST_DIR || path.join(ROOT, 'dist');
const BUILD_B_ID = 'e2e-build-b';

/** `vite build` into `outDir` with APP_BUILD_ID stamped into its index.html. */
async function buildApp(outDir: string, buildId: string): Promise<void> {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.startsWith('VITEST')),
  );
  const child = spawn(
    process.execPath,
    [
      path.join(ROOT, 'node_modules/vite/bin/vite.js'),
      'build',
      '--outDir',
      outDir,
      '--emptyOutDir',
    ],
    { cwd: ROOT, env: { ...env, APP_BUILD_ID: buildId }, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`vite build of ${buildId} failed (exit ${code})`);
}

/** Puts the contents of `source` in `served`, where a gateway serves the app from. */
async function serveBuild(source: string, served: string): Promise<void> {
  await rm(served, { recursive: true, force: true });
  await cp(source, served, { recursive: true });
}

/** Fires the browser's install event the way Chromium does once the app is installable. */
async function offerInstall(page: Page): Promise<void> {
  await page.evaluate(() => {
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: async () => {
        (window as unknown as { installPrompted: boolean }).installPrompted = true;
      },
      userChoice: Promise.resolve({ outcome: 'accepted' }),
    });
    window.dispatchEvent(event);
  });
}

describe('installable offline app', () => {
  const world = useWorld({ gateway: {} });

  describe('with a fresh browser', () => {
    let browser: TestBrowser;

    beforeAll(async () => {
      browser = await world.launch();
    });

    it('is installable: manifest fields, a controlling service worker, no installability errors', async () => {
      const page = await browser.openPage(world.url, VIEWPORTS.desktop);
      const pwa = new PwaChrome(page);
      await pwa.waitForServiceWorker();

      const manifest = await page.evaluate(async () => {
        const href = document.querySelector('link[rel="manifest"]')?.getAttribute('href');
        return href ? ((await (await fetch(href)).json()) as Record<string, unknown>) : null;
      });
      expect(manifest).toMatchObject({
        name: '澄江房产',
        short_name: '澄江房产',
        lang: 'zh-CN',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#00ae66',
        background_color: '#f5f6f8',
      });
      expect(String(manifest?.description)).not.toBe('');
      const icons = manifest?.icons as { src: string; sizes: string; purpose?: string }[];
      expect(icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`)).toEqual(
        expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
      );
      const screenshots = manifest?.screenshots as { src: string; form_factor: string }[];
      expect(screenshots.map((s) => s.form_factor).sort()).toEqual(['narrow', 'wide']);
      for (const { src } of [...icons, ...screenshots]) {
        const res = await fetch(`${world.url}${src}`);
        expect(res.status, src).toBe(200);
        expect(res.headers.get('content-type'), src).toBe('image/png');
      }

      const cdp = await browser.context.newCDPSession(page);
      const { errors } = await cdp.send('Page.getAppManifest');
      expect(errors).toEqual([]);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);
      await page.close();
    });

    it('reloads home and the listing list offline after one online visit', async () => {
      const page = await browser.openPage(world.url, VIEWPORTS.mobile);
      const pwa = new PwaChrome(page);
      await pwa.waitForServiceWorker();
      await page.getByRole('heading', { name: '推荐房源' }).waitFor();

      await browser.context.setOffline(true);
      try {
        await page.reload();
        await page.getByRole('heading', { name: '推荐房源' }).waitFor();
        await pwa.offlineBanner.waitFor();
        expect(await pwa.offlineBanner.textContent()).toContain('当前处于离线状态');
        await saveScreenshot(page, 'pwa-offline-banner-mobile');

        // A route never opened online still gets the shell from the service worker.
        await page.goto(`${world.url}/properties`);
        await page.getByRole('heading', { name: '房源列表' }).waitFor();
        await pwa.offlineBanner.waitFor();
        await page.setViewportSize(VIEWPORTS.desktop);
        await saveScreenshot(page, 'pwa-offline-banner-desktop');
      } finally {
        await browser.context.setOffline(false);
      }
      await pwa.offlineBanner.waitFor({ state: 'detached' });
      await page.close();
    });

    it('offers 安装应用 when the browser allows it, and hides it once installed', async () => {
      const page = await browser.openPage(world.url, VIEWPORTS.desktop);
      const pwa = new PwaChrome(page);
      // Chromium fires its own beforeinstallprompt once the app is installable.
      await pwa.installButton.waitFor({ timeout: 30_000 });
      await saveScreenshot(page, 'pwa-install-entry-desktop');
      await offerInstall(page); // a stand-in whose prompt() the test can observe
      await pwa.installButton.click();
      await page.waitForFunction(() => 'installPrompted' in window);

      await page.evaluate(() => window.dispatchEvent(new Event('appinstalled')));
      await pwa.installButton.waitFor({ state: 'detached' });

      // Phones find it in the menu drawer.
      await page.setViewportSize(VIEWPORTS.mobile);
      await page.reload();
      await page.getByRole('heading', { name: '推荐房源' }).waitFor();
      await page.getByRole('button', { name: '打开菜单' }).click();
      await page.getByRole('button', { name: /安装应用/ }).waitFor();
      await saveScreenshot(page, 'pwa-install-entry-mobile');
      await page.close();
    });

    it('shows the share-sheet steps on iOS Safari', async () => {
      const page = await browser.context.newPage();
      await page.addInitScript(() => {
        // Safari never fires it; Chromium would.
        window.addEventListener('beforeinstallprompt', (e) => e.stopImmediatePropagation(), true);
        Object.defineProperty(navigator, 'userAgent', {
          get: () =>
            'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
        });
      });
      await page.setViewportSize(VIEWPORTS.mobile);
      await page.goto(world.url);
      await page.getByRole('button', { name: '打开菜单' }).click();
      await page.getByRole('button', { name: /安装应用/ }).click();
      const dialog = page.getByRole('dialog', { name: '安装应用' });
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain('添加到主屏幕');
      await new Layout(page).animationsFinished(); // the fade-in, for the screenshot
      await saveScreenshot(page, 'pwa-install-ios-mobile');
      await page.close();
    });

    it('asks for persistent storage at login and shows storage usage on the profile page', async () => {
      const { phone, password } = await world.register({ password: 'secret123', name: '存储测试' });

      const page = await browser.openPage(`${world.url}/profile`, VIEWPORTS.mobile);
      const login = new LoginPage(page);
      await login.waitUntilShown();
      await login.login(phone, password);
      await page.waitForURL((url) => url.pathname === '/profile');

      const pwa = new PwaChrome(page);
      await pwa.openAdvancedSettings();
      await pwa.storageUsage.waitFor();
      expect(await pwa.storageUsage.textContent()).toMatch(
        /^已用 \d+(\.\d)? (B|KB|MB|GB) \/ 可用 \d+(\.\d)? (B|KB|MB|GB|TB)$/,
      );
      await page.waitForFunction(
        async () =>
          (await navigator.storage.persisted()) || localStorage.getItem('cj.storage.persist'),
      );
      await saveScreenshot(page, 'pwa-profile-storage-mobile');

      // A full quota nobody handled is reported, not swallowed.
      await page.evaluate(() => {
        void Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError'));
      });
      const full = page.getByTestId('storage-full');
      await full.waitFor();
      expect(await full.textContent()).toContain('本机存储空间已满');
      await page.close();
    });
  });

  // A gateway of its own serving a copy of the build, which the test swaps: the build the other
  // files' gateways serve never changes under them.
  describe('update between two builds', () => {
    let browser: TestBrowser;
    let workDir: string;
    let served: string;
    let gateway: RunningGateway;

    beforeAll(async () => {
      workDir = await mkdtemp(path.join(tmpdir(), 'cj-pwa-builds-'));
      served = path.join(workDir, 'served');
      await cp(DIST, path.join(workDir, 'a'), { recursive: true });
      await buildApp(path.join(workDir, 'b'), BUILD_B_ID);
      await serveBuild(path.join(workDir, 'a'), served);
      gateway = await startGateway({ env: { DIST_DIR: served } });
      browser = await world.launch();
    });

    afterAll(async () => {
      await gateway?.stop();
      if (workDir) await rm(workDir, { recursive: true, force: true });
    });

    it('prompts for build B, keeps unsaved form input, and loads B when accepted', async () => {
      const page = await browser.openPage(`${gateway.url}/register`, VIEWPORTS.mobile);
      const pwa = new PwaChrome(page);
      await pwa.waitForServiceWorker();
      expect(await pwa.buildId()).toBeNull();

      await serveBuild(path.join(workDir, 'b'), served);
      const phone = page.getByRole('textbox', { name: '手机号' });
      await phone.fill('13800001111');
      await page.evaluate(() => Object.assign(window, { sameDocument: true }));

      await pwa.returnToAppLater();
      await pwa.updatePrompt.waitFor({ timeout: 30_000 });
      expect(await pwa.updatePrompt.textContent()).toContain('发现新版本');
      await saveScreenshot(page, 'pwa-update-prompt-mobile');

      // Unsaved input: no reload, the user is asked to save first.
      await pwa.refreshButton.click();
      await pwa.saveFirstMessage.waitFor();
      await saveScreenshot(page, 'pwa-update-prompt-unsaved-mobile');
      // The message is shown instead of applying the update (the app decides before asking the new
      // version to take over), and the new version is still waiting: nothing will reload the page.
      expect(await pwa.waitingVersion()).toBe('installed');
      expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
      expect(await phone.inputValue()).toBe('13800001111');
      expect(await pwa.buildId()).toBeNull();

      // Leaving the form (nothing typed on the login form) lets the update through.
      await page.getByRole('link', { name: '立即登录' }).click();
      await page.waitForURL((url) => url.pathname === '/login');
      await page.setViewportSize(VIEWPORTS.desktop);
      await saveScreenshot(page, 'pwa-update-prompt-desktop');
      await Promise.all([page.waitForEvent('load'), pwa.refreshButton.click()]);
      await page.waitForFunction(
        (id) => document.querySelector('meta[name="app-build"]')?.getAttribute('content') === id,
        BUILD_B_ID,
      );
      expect(await page.evaluate(() => 'sameDocument' in window)).toBe(false);
      await page.getByRole('heading', { name: '欢迎登录' }).waitFor();
      expect(await pwa.updatePrompt.count()).toBe(0);
      await page.close();
    });
  });
});
