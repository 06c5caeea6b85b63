/**
 * 资讯管理 (issue 14 item 2) in real Chromium against the real gateway (embedded store, demo data):
 * the admin writes an article in the rich-text editor (a heading, a list, a link, an image uploaded
 * through the toolbar) with a cover, as a draft; a visitor's open /news does not get it; once the
 * admin publishes it, the visitor's page shows it live and its detail shows the image.
 * Run `npm run build` first (`npm run test:e2e` does).
 */
import { withSavedOfflineNote } from '@couchdb/model/errors';
import type { Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { NEWS_MESSAGES } from '@couchdb/model/news-facts';
import type { News } from '@couchdb/model/news';
import { ACCESS_MESSAGES } from '@couchdb/rules/access';
import { saveScreenshot, SYNC_WAIT, UI_WAIT, VIEWPORTS } from '../helpers/browser';
import { pullAll, serverDocs } from '../helpers/sync-api';
import { AdminNewsPage } from './pages/admin-news-page';
import { Layout } from './pages/layout';
import { NewsPage } from './pages/news-page';
import { PwaChrome } from './pages/pwa-chrome';
import { photo } from './pages/publish-page';
import { useWorld } from './world';

// Each step waits for a device or the server up to 30 s (a replication retry on a busy machine).
vi.setConfig({ testTimeout: 240_000 });

const world = useWorld({ devices: ['admin', 'visitor'], accounts: ['admin'] });

const jpeg = async (name: string, hue: number) => ({
  name,
  mimeType: 'image/jpeg',
  buffer: await photo(hue),
});

/** The server's copy of the article with this title, as an admin pulls it. */
const stored = async (title: string): Promise<News | undefined> =>
  [
    ...(
      await serverDocs<News & { _deleted?: boolean }>(world.url, world.accounts.admin, 'news')
    ).values(),
  ].find((n) => n.title === title);

async function openConsole(viewport: { width: number; height: number } = VIEWPORTS.desktop) {
  const page = await world.signedIn(world.devices.admin, 'admin', { viewport });
  const news = new AdminNewsPage(page);
  await news.goto(world.url);
  return { page, news, layout: new Layout(page) };
}

describe('/admin/news', () => {
  it('is for admins only: a signed-in user sees 访问受限', async () => {
    const userDevice = await world.launch();
    const page = await world.signedIn(userDevice, 'user', {
      path: '/admin/news',
    });
    await page.getByText(ACCESS_MESSAGES.adminOnlyPage).waitFor();
    expect(await page.getByRole('button', { name: '添加资讯' }).count()).toBe(0);
  });

  it('a draft written in the editor stays off a visitor’s /news; published, it shows there live', async () => {
    const title = `资讯测试 市场观察 ${Date.now()}`;
    const visitor = await world.devices.visitor.openPage(`${world.url}/news`);
    const reader = new NewsPage(visitor);
    await reader.headlines.first().waitFor(SYNC_WAIT);

    const { page, news, layout } = await openConsole();
    await news.cards.first().waitFor(SYNC_WAIT);
    await news.openAdd();
    // Title and content are required after trim: a blank title is marked, says so and takes
    // the focus (typing can start at once).
    await news.field('标题').fill('   ');
    await news.save();
    await news.dialog.getByText(NEWS_MESSAGES.titleAndContent).waitFor();
    await expect.poll(() => news.field('标题').getAttribute('aria-invalid'), UI_WAIT).toBe('true');
    await expect
      .poll(() => news.field('标题').evaluate((el) => el === document.activeElement), UI_WAIT)
      .toBe(true);

    // Covers: images only, at most 5 MB.
    const notImage = { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('文字') };
    await news.chooseRefusedCover(notImage, NEWS_MESSAGES.coverNotImage);
    const tooLarge = {
      name: 'big.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.alloc(5 * 1024 * 1024 + 1),
    };
    await news.chooseRefusedCover(tooLarge, NEWS_MESSAGES.coverTooLarge);
    expect(await news.dialog.getByTestId('news-cover-preview').count()).toBe(0);

    await news.field('标题').fill(title);
    await news.field('摘要').fill('本月澄江楼市成交稳中有升。');
    await news.choose('分类', '市场动态');
    await news.uploadCover(await jpeg('cover.jpg', 30));

    await news.editor.click();
    await news.tool('二级标题').click();
    await page.keyboard.type('本月要点');
    await page.keyboard.press('Enter');
    await news.tool('无序列表').click();
    await page.keyboard.type('成交量上升');
    await page.keyboard.press('Enter');
    await page.keyboard.type('库存下降');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('详见统计局');
    await news.linkLast(3, 'https://www.stats.gov.cn/');
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await news.insertImage(await jpeg('chart.jpg', 120));
    await saveScreenshot(page, 'admin-news-dialog-desktop');
    await page.setViewportSize(VIEWPORTS.mobile);
    // Full screen on phones.
    await page.locator('.MuiDialog-paperFullScreen').waitFor(UI_WAIT);
    await layout.animationsFinished();
    await saveScreenshot(page, 'admin-news-dialog-mobile');
    await page.setViewportSize(VIEWPORTS.desktop);

    await news.save();
    await layout.waitForToast(NEWS_MESSAGES.created);
    await news.card(title).getByText('草稿').waitFor();

    // The device's write reaches the server as a draft with the editor's markup and the uploads.
    await expect.poll(async () => (await stored(title))?.status, SYNC_WAIT).toBe('draft');
    const draft = (await stored(title))!;
    expect(draft.image_url).toMatch(/^\/media\//);
    expect(draft.content).toContain('<h2>本月要点</h2>');
    expect(draft.content).toMatch(
      /<ul><li><p>成交量上升<\/p><\/li><li><p>库存下降<\/p><\/li><\/ul>/,
    );
    expect(draft.content).toMatch(/<a href="https:\/\/www\.stats\.gov\.cn\/"[^>]*>统计局<\/a>/);
    expect(draft.content).toMatch(/<img src="\/media\/[^"]+"/);

    // A visitor's device is never sent the draft.
    expect((await pullAll(world.url, null, 'news')).byId.has(draft.id)).toBe(false);
    expect(await visitor.getByText(title).count()).toBe(0);

    await saveScreenshot(page, 'admin-news-desktop');
    await page.setViewportSize(VIEWPORTS.mobile);
    await saveScreenshot(page, 'admin-news-mobile');
    await page.setViewportSize(VIEWPORTS.desktop);

    // Search and the status filter.
    await news.search.fill(title);
    await expect.poll(() => news.cards.count(), UI_WAIT).toBe(1);
    await news.filter('状态', '已发布');
    await page.getByText(NEWS_MESSAGES.empty).waitFor();
    await news.filter('状态', '草稿');
    await news.card(title).waitFor();
    await news.filter('状态', '全部');

    // Publish: edit → 已发布 → 保存.
    await news.openEdit(title);
    expect(await news.editor.locator('h2').textContent()).toBe('本月要点');
    await news.choose('状态', '已发布');
    await news.save();
    await layout.waitForToast(NEWS_MESSAGES.updated);
    await news.card(title).getByText('已发布').waitFor();
    await expect.poll(async () => (await stored(title))?.status, SYNC_WAIT).toBe('published');

    // The visitor's open page gets it without a reload, and its detail shows the image.
    const item = visitor.getByText(title).first();
    await item.waitFor(SYNC_WAIT);
    await item.click();
    await reader.content.getByRole('heading', { name: '本月要点' }).waitFor(UI_WAIT);
    const image = reader.content.locator('img');
    await image.waitFor(UI_WAIT);
    expect(await image.getAttribute('src')).toMatch(/^\/media\//);
    await expect
      .poll(
        () => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
        UI_WAIT,
      )
      .toBeGreaterThan(0);
    expect(await reader.content.getByRole('link', { name: '统计局' }).getAttribute('href')).toBe(
      'https://www.stats.gov.cn/',
    );
  });

  it('on a phone, 保存 without content brings 请填写标题和内容 into view', async () => {
    const { page, news } = await openConsole(VIEWPORTS.mobile);
    await news.cards.first().waitFor(SYNC_WAIT);
    await news.openAdd();
    await news.field('标题').fill('只有标题的资讯');
    await news.save();
    const message = news.dialog.getByTestId('news-form-error');
    await message.filter({ hasText: NEWS_MESSAGES.titleAndContent }).waitFor();
    // Under the editor, it starts below the fold of a 390 × 844 screen.
    await expect
      .poll(
        () =>
          message.evaluate((el) => {
            const box = el.getBoundingClientRect();
            return box.top >= 0 && box.bottom <= window.innerHeight;
          }),
        UI_WAIT,
      )
      .toBe(true);
    await saveScreenshot(page, 'admin-news-form-error-mobile');
    // Typing again takes the message away; the next save checks again.
    await news.field('标题').fill('只有标题的资讯 改');
    await message.waitFor({ state: 'detached', ...UI_WAIT });
    await news.save();
    await message.filter({ hasText: NEWS_MESSAGES.titleAndContent }).waitFor();
  });

  it('an article written offline stays on the device as 未同步 and reaches the server back online; then deleted', async () => {
    const title = `资讯测试 离线写的 ${Date.now()}`;
    const { page, news, layout } = await openConsole();
    await news.cards.first().waitFor(SYNC_WAIT);
    // The editor's code is loaded once online; the train has no network.
    await news.openAdd();
    await news.dialog.getByRole('button', { name: '取消' }).click();
    await news.dialog.waitFor({ state: 'detached' });
    await world.devices.admin.context.setOffline(true);
    try {
      await news.openAdd();
      // A cover cannot be uploaded without a connection: the dialog says so before one is chosen.
      await news.dialog
        .getByTestId('news-images-offline')
        .getByText(NEWS_MESSAGES.imagesNeedConnection)
        .waitFor();
      expect(await news.dialog.getByRole('button', { name: '上传封面' }).isDisabled()).toBe(true);
      await news.field('标题').fill(title);
      await news.editor.click();
      await page.keyboard.type('在火车上');
      // Chinese typed through an input method: composition updates, then the committed text.
      const ime = await page.context().newCDPSession(page);
      for (const text of ['x', 'xie', 'xie de', '写的']) {
        await ime.send('Input.imeSetComposition', {
          text,
          selectionStart: text.length,
          selectionEnd: text.length,
        });
      }
      await ime.send('Input.insertText', { text: '写的' });
      await page.keyboard.type('资讯。');
      await news.editor.getByText('在火车上写的资讯。', { exact: true }).waitFor();
      await news.save();
      await layout.waitForToast(withSavedOfflineNote(NEWS_MESSAGES.created));
      await news.card(title).getByText('未同步').waitFor();
      expect(await stored(title)).toBeUndefined();
    } finally {
      await world.devices.admin.context.setOffline(false);
    }
    await expect.poll(async () => (await stored(title))?.status, SYNC_WAIT).toBe('draft');
    expect((await stored(title))?.content).toBe('<p>在火车上写的资讯。</p>');
    await news
      .card(title)
      .getByText('未同步')
      .waitFor({ state: 'detached', ...SYNC_WAIT });

    await news.card(title).getByRole('button', { name: '删除' }).click();
    await page
      .getByRole('dialog', { name: '删除资讯' })
      .getByRole('button', { name: '删除' })
      .click();
    await layout.waitForToast(NEWS_MESSAGES.deleted);
    await news.card(title).waitFor({ state: 'detached' });
    await expect.poll(async () => stored(title), SYNC_WAIT).toBeUndefined();
  });

  it('the editor opens offline on an admin’s device that never opened it online; a visitor’s device never downloads it', async () => {
    /** Every URL of the news editor's chunk in this page's service worker caches. */
    const keptEditor = (page: Page) =>
      page.evaluate(async () => {
        const urls: string[] = [];
        for (const name of await caches.keys()) {
          for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
        }
        return urls.filter((url) => /\/assets\/news-editor-[^/]*\.js$/.test(url));
      });

    const visitor = await world.devices.visitor.context.newPage();
    const requested: string[] = [];
    visitor.on('request', (request) => requested.push(request.url()));
    await visitor.goto(world.url);
    await new PwaChrome(visitor).waitForServiceWorker();
    expect(await keptEditor(visitor)).toEqual([]);
    expect(requested.filter((url) => url.includes('/assets/news-editor-'))).toEqual([]);

    // A device of its own: nothing kept from an earlier test's editor.
    const device = await world.launch();
    const page = await world.signedIn(device, 'admin');
    await new PwaChrome(page).waitForServiceWorker();
    // Fetched once the page is idle after the sign-in, and kept by the service worker.
    await expect.poll(async () => (await keptEditor(page)).length, SYNC_WAIT).toBe(1);
    await device.context.setOffline(true);
    const news = new AdminNewsPage(page);
    await news.goto(world.url);
    await news.openAdd();
    await news.editor.click();
    await page.keyboard.type('离线打开的编辑器');
    await news.editor.getByText('离线打开的编辑器', { exact: true }).waitFor(UI_WAIT);
  });

  it('the dashboard’s 资讯管理 tile counts every article and opens the screen', async () => {
    const page = await world.signedIn(world.devices.admin, 'admin', {
      path: '/admin',
    });
    const count = (await serverDocs(world.url, world.accounts.admin, 'news')).size;
    const tile = page.getByRole('link', { name: /资讯管理/ });
    await expect
      .poll(() => tile.getByTestId('news-count').textContent(), SYNC_WAIT)
      .toBe(`${count} 篇`);
    expect(await tile.getByText('建设中').count()).toBe(0);
    await tile.click();
    await new AdminNewsPage(page).addButton.waitFor(UI_WAIT);
  });
});
