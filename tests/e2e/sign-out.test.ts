/**
 * Nothing unsent is lost at sign-out, on a shared phone, or when a tab closes (issue 21), in real
 * Chromium against the real gateway: an agent who signs out with a listing and its photo still
 * unsent is told so and keeps them for the next sign-in (they are sent then) or discards them after
 * a second confirmation; a sign-out without a connection succeeds, the next account on the browser
 * sees none of the first one's data, and the first session is revoked once the connection returns;
 * closing a tab with a half-filled publish form asks first.
 * Run `npm run build` first (`npm run test:e2e` does).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@couchdb/model/errors';
import type { Property } from '@couchdb/model/property';
import { PROPERTY_MESSAGES } from '@couchdb/model/property-facts';
import { DEMAND_MESSAGES } from '@couchdb/model/demand-facts';
import { REFRESH_COOKIE, REFRESH_COOKIE_PATH } from '@couchdb/model/session-cookies';
import { SIGN_OUT_MESSAGES } from '@couchdb/model/sign-out-facts';
import { FAVORITE_MESSAGES } from '@couchdb/model/favorite-facts';
import { explainFailure, saveScreenshot, SYNC_WAIT, UI_WAIT, VIEWPORTS } from '../helpers/browser';
import { insert, serverDocs } from '../helpers/sync-api';
import { buildFavorite, buildNewDemand } from '../fixtures/builders';
import { demoAccount, publishApproved, publishPending } from './pages/browse-fixtures';
import { chooseOption, FavoritesPage } from './pages/favorites-page';
import { Layout } from './pages/layout';
import { LoginPage } from './pages/login-page';
import { PropertyDetailPage } from './pages/property-detail-page';
import { PublishPropertyPage } from './pages/publish-page';
import { PwaChrome } from './pages/pwa-chrome';
import { PENDING_REVOCATION_KEY } from '@client/lib/session/pending-revocation';
import { USER_KEY } from '@client/lib/session/user-cache';
import { UNSAVED_CHANGES_MESSAGES } from '@client/pwa/unsaved-changes-messages';
import { SignOutDialog } from './pages/sign-out-dialog';
import { useWorld } from './world';

/** Each test's own browser: a fresh profile, no session or device data from another test. */
const world = useWorld({ browser: 'test', accounts: ['agent', 'admin'] });

/** Whether the server holds the agent's favourite of listing `id`. */
async function agentFavourited(id: string): Promise<boolean> {
  const favourites = await serverDocs<{ id: string; property_id: string }>(
    world.url,
    world.accounts.agent,
    'favorites',
  );
  return [...favourites.values()].some((f) => f.property_id === id);
}

/**
 * At an online moment the device sends the revocation it owes: the record goes, and the signed-out
 * session's refresh token is refused.
 */
async function expectRevokedOnceOnline(page: Page, refreshToken: string): Promise<void> {
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect
    .poll(
      () => page.evaluate((key) => localStorage.getItem(key), PENDING_REVOCATION_KEY),
      SYNC_WAIT,
    )
    .toBeNull();
  const refresh = await fetch(`${world.url}/api/auth/refresh`, {
    method: 'POST',
    headers: { Cookie: `${REFRESH_COOKIE}=${refreshToken}` },
  });
  expect(refresh.status).toBe(401);
}

/** The listings of this title on the server (the admin sees every listing). */
async function serverListings(title: string): Promise<Property[]> {
  const all = await serverDocs<Property>(world.url, world.accounts.admin, 'properties');
  return [...all.values()].filter((p) => p.title === title);
}

/** The device's outbox listings with this title (IndexedDB, whoever they belong to). */
function outboxTitles(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('cjfc_media_outbox');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const req = db.transaction('publications').objectStore('publications').getAll();
          req.onerror = () => reject(req.error);
          req.onsuccess = () => {
            db.close();
            resolve((req.result as { listing: { title: string } }[]).map((p) => p.listing.title));
          };
        };
      }),
  );
}

/**
 * Offline, the agent publishes a listing with one photo; back online the photo cannot upload (the
 * uploads are held back), so the listing and its photo wait on the device.
 */
async function publishWithHeldBackPhoto(page: Page, title: string): Promise<void> {
  const form = new PublishPropertyPage(page);
  const layout = new Layout(page);
  await form.goto(world.url);
  await world.browser.context.setOffline(true);
  try {
    await form.fillValid(title);
    await form.choosePhotos(['photo-1.jpg']);
    await expect.poll(() => form.media.locator('img').count(), UI_WAIT).toBe(1);
    await form.submitButton.click();
    await layout.waitForToast(PROPERTY_MESSAGES.publishSavedOffline);
    await page.waitForURL((url) => url.pathname === '/manage');
    await page.route('**/api/uploads**', (route) => route.abort());
  } finally {
    await world.browser.context.setOffline(false);
  }
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
}

describe('signing out with unsent items', () => {
  it('says what is unsent; kept ones are sent at the next sign-in, discarding asks twice', async () => {
    // A Safari-like browser: storage is not persistent and a request for it is refused.
    await world.browser.context.addInitScript(() => {
      const calls = { persist: 0 };
      Object.assign(window, { persistCalls: calls });
      StorageManager.prototype.persisted = () => Promise.resolve(false);
      StorageManager.prototype.persist = () => {
        calls.persist += 1;
        return Promise.resolve(false);
      };
    });
    const persistCalls = () =>
      page.evaluate(
        () => (window as unknown as { persistCalls: { persist: number } }).persistCalls.persist,
      );
    const page = await world.signedIn(world.browser, 'agent');
    const layout = new Layout(page);
    const login = new LoginPage(page);
    const dialog = new SignOutDialog(page);
    await new PwaChrome(page).waitForServiceWorker();

    // Keep: the listing and its photo stay on the device, and the next sign-in sends both.
    const kept = `退出前未发送 保留 ${Date.now() % 100000}`;
    await publishWithHeldBackPhoto(page, kept);
    // The first unsent item: persistence is asked for then (the page's only request: the one at
    // sign-in was on the login page and is not repeated), and the user is told to install.
    await page.getByTestId('unsent-storage-alert').waitFor();
    expect(await persistCalls()).toBe(1);
    await layout.signOut();
    expect(await dialog.lines()).toEqual(['1 条房源', '1 张图片']);
    await dialog.waitButton.waitFor();
    await layout.animationsFinished();
    await saveScreenshot(page, 'sign-out-unsent-desktop');
    await page.setViewportSize(VIEWPORTS.mobile);
    await layout.animationsFinished();
    await saveScreenshot(page, 'sign-out-unsent-mobile');
    await page.setViewportSize(VIEWPORTS.desktop);
    await dialog.keepButton.click();
    await layout.waitForToast(SIGN_OUT_MESSAGES.keptForNextSignIn);
    await layout.loginLink.waitFor();
    expect(await outboxTitles(page)).toContain(kept);
    expect(await serverListings(kept)).toEqual([]);

    await page.unroute('**/api/uploads**');
    await login.goto(world.url);
    await login.signIn(demoAccount('agent'));
    await expect
      .poll(async () => (await serverListings(kept)).map((p) => p.images.length), SYNC_WAIT)
      .toEqual([1]);
    await expect.poll(() => outboxTitles(page), UI_WAIT).not.toContain(kept);

    // Discard: asked a second time; then the listing and its photo leave the device.
    const discarded = `退出前未发送 放弃 ${Date.now() % 100000}`;
    await publishWithHeldBackPhoto(page, discarded);
    await layout.signOut();
    expect(await dialog.lines()).toEqual(['1 条房源', '1 张图片']);
    await dialog.discardButton.click();
    await dialog.confirmDiscard.waitFor();
    await layout.animationsFinished();
    await saveScreenshot(page, 'sign-out-discard-confirm-desktop');
    // Not yet: still signed in, the listing still waiting.
    expect(await page.evaluate((key) => localStorage.getItem(key), USER_KEY)).not.toBeNull();
    expect(await outboxTitles(page)).toContain(discarded);
    await dialog.confirmDiscard
      .getByRole('button', { name: SIGN_OUT_MESSAGES.discardConfirm })
      .click();
    await layout.waitForToast(AUTH_MESSAGES.loggedOut);
    await layout.loginLink.waitFor();
    expect(await outboxTitles(page)).not.toContain(discarded);
    await page.unroute('**/api/uploads**');
    expect(await serverListings(discarded)).toEqual([]);
    await page.close();
  });
});

describe('a change made offline, then the app opened again offline', () => {
  it('is still counted at sign-out; kept, it reaches the server at the next sign-in', async () => {
    const id = await publishApproved(world.url, world.accounts.agent, world.accounts.admin, {
      title: `离线收藏后重开 ${Date.now() % 100000}`,
    });
    const page = await world.signedIn(world.browser, 'agent');
    const layout = new Layout(page);
    const dialog = new SignOutDialog(page);
    const detail = new PropertyDetailPage(page);
    await new PwaChrome(page).waitForServiceWorker();
    await detail.goto(world.url, id);
    await page.getByRole('status', { name: '同步状态：已同步' }).waitFor(SYNC_WAIT);

    await world.browser.context.setOffline(true);
    try {
      await detail.favoriteButton.click();
      await layout.waitForToast(FAVORITE_MESSAGES.added);
      // Reopened without a connection: the replications start paused, and the change still counts.
      await page.reload();
      await page.getByRole('status', { name: '同步状态：离线（1）' }).waitFor(UI_WAIT);
      await layout.signOut();
      expect(await dialog.lines()).toEqual(['1 项其他更改']);
      await dialog.keepButton.click();
      await layout.waitForToast(SIGN_OUT_MESSAGES.keptForNextSignIn);
      await layout.loginLink.waitFor();
    } finally {
      await world.browser.context.setOffline(false);
    }
    const login = new LoginPage(page);
    await login.goto(world.url);
    await login.signIn(demoAccount('agent'));
    await expect.poll(() => agentFavourited(id), SYNC_WAIT).toBe(true);
    await page.close();
  });
});

describe('two tabs of one browser', () => {
  it('follow each other: a sign-out in one signs the other out, a sign-in signs it in', async () => {
    const page = await world.signedIn(world.browser, 'user');
    const first = new Layout(page);
    await first.userMenuButton.waitFor(UI_WAIT);
    const other = await world.browser.context.newPage();
    await other.goto(`${world.url}/favorites`);
    const second = new Layout(other);
    await second.userMenuButton.waitFor(UI_WAIT);

    await second.signOut();
    await second.loginLink.waitFor(UI_WAIT);
    // The sign-out ends on the home page (the guard swaps /favorites for /login first; going to
    // /login while that is shown would reload it, with its way back to /favorites).
    await other.waitForURL((url) => url.pathname === '/', UI_WAIT);
    // The first tab follows without a reload.
    await first.loginLink.waitFor(UI_WAIT);

    const login = new LoginPage(other);
    await login.goto(world.url);
    await login.signIn(demoAccount('agent'));
    // Failed once in a full CI run: what the first tab showed, held and logged tells why.
    await explainFailure(page, 'two-tabs-sign-in-followed', () =>
      first.header.getByText('李建华').waitFor(UI_WAIT),
    );
    await first.userMenuButton.waitFor(UI_WAIT);
    await other.close();
    await page.close();
  });

  it('show the same unsent count: a change made offline in the second tab counts in both and goes out', async () => {
    const id = await publishApproved(world.url, world.accounts.agent, world.accounts.admin, {
      title: `第二个标签页收藏 ${Date.now() % 100000}`,
    });
    // The first tab opens the database, so it leads (only the leader replicates and counts).
    const page = await world.signedIn(world.browser, 'agent', { path: '/favorites' });
    const chip = (p: Page, label: string) => p.getByRole('status', { name: `同步状态：${label}` });
    await chip(page, '已同步').waitFor(SYNC_WAIT);
    const other = await world.browser.context.newPage();
    const detail = new PropertyDetailPage(other);
    await detail.goto(world.url, id);
    await chip(other, '已同步').waitFor(SYNC_WAIT);

    await world.browser.context.setOffline(true);
    try {
      await detail.favoriteButton.click();
      await new Layout(other).waitForToast(FAVORITE_MESSAGES.added);
      await chip(page, '离线（1）').waitFor(UI_WAIT);
      await chip(other, '离线（1）').waitFor(UI_WAIT);
    } finally {
      await world.browser.context.setOffline(false);
    }
    await expect.poll(() => agentFavourited(id), SYNC_WAIT).toBe(true);
    await chip(page, '已同步').waitFor(SYNC_WAIT);
    await chip(other, '已同步').waitFor(SYNC_WAIT);
    await other.close();
    await page.close();
  });
});

describe('a session the server ended while the device was offline', () => {
  it('sends the user to sign in again, saying why and that nothing on the device is lost', async () => {
    const page = await world.signedIn(world.browser, 'user');
    // A page load renews the session with the cookie. Were the cookie cleared while that renewal
    // is on its way, the renewal would still rotate it and the session would go on: wait for it.
    const renewed = page.waitForResponse(
      (r) => r.url().endsWith('/api/auth/refresh') && r.request().method() === 'POST',
      UI_WAIT,
    );
    await page.goto(`${world.url}/profile`);
    expect((await renewed).status()).toBe(200);
    const layout = new Layout(page);
    await layout.userMenuButton.waitFor(UI_WAIT);
    await world.browser.context.setOffline(true);
    // The refresh cookie is gone (expired, or the session revoked): the next renewal is refused.
    await world.browser.context.clearCookies();
    await world.browser.context.setOffline(false);
    await page
      .getByTestId('session-ended')
      .getByText(AUTH_MESSAGES.sessionEnded)
      .waitFor(SYNC_WAIT);
    await page.waitForURL((url) => url.pathname === '/login');
    // The account whose session ended is filled in: only the password is asked again.
    expect(await new LoginPage(page).phone.inputValue()).toBe(demoAccount('user').phone);
    await saveScreenshot(page, 'login-session-ended-desktop');
    await page.close();
  });
});

describe('the warning that unsent items may be cleared', () => {
  it('shows while something waits and goes once it is sent', async () => {
    // Storage that is not persistent (as in the test above).
    await world.browser.context.addInitScript(() => {
      StorageManager.prototype.persisted = () => Promise.resolve(false);
      StorageManager.prototype.persist = () => Promise.resolve(false);
    });
    const page = await world.signedIn(world.browser, 'agent');
    await new PwaChrome(page).waitForServiceWorker();
    const title = `未发送提醒 ${Date.now() % 100000}`;
    await publishWithHeldBackPhoto(page, title);
    const alert = page.getByTestId('unsent-storage-alert');
    await alert.waitFor(UI_WAIT);
    await page.unroute('**/api/uploads**');
    await expect
      .poll(async () => (await serverListings(title)).map((p) => p.images.length), SYNC_WAIT)
      .toEqual([1]);
    await alert.waitFor({ state: 'detached', ...UI_WAIT });
    await page.close();
  });
});

describe('waiting until the unsent items are sent', () => {
  it('shows the progress, sends them once uploads go through, then signs out', async () => {
    const page = await world.signedIn(world.browser, 'agent');
    const layout = new Layout(page);
    const dialog = new SignOutDialog(page);
    await new PwaChrome(page).waitForServiceWorker();
    const title = `退出前未发送 等待 ${Date.now() % 100000}`;
    await publishWithHeldBackPhoto(page, title);

    await layout.signOut();
    expect(await dialog.lines()).toEqual(['1 条房源', '1 张图片']);
    await dialog.waitButton.click();
    await dialog.dialog.getByRole('progressbar', { name: SIGN_OUT_MESSAGES.waiting }).waitFor();
    await dialog.dialog.getByText(SIGN_OUT_MESSAGES.waiting).waitFor();
    // Still signed in while it waits.
    expect(await page.evaluate((key) => localStorage.getItem(key), USER_KEY)).not.toBeNull();

    await page.unroute('**/api/uploads**');
    await layout.waitForToast(AUTH_MESSAGES.loggedOut);
    await layout.loginLink.waitFor();
    const [sent] = await serverListings(title);
    expect(sent?.images).toHaveLength(1);
    expect(await outboxTitles(page)).not.toContain(title);
  });
});

describe('signing out without a connection', () => {
  it('succeeds; the next account sees none of the first one’s data; the session is revoked once online', async () => {
    const stamp = Date.now() % 100000;
    const privateTitle = `经纪人待审核房源 ${stamp}`;
    const pendingId = await publishPending(world.url, world.accounts.agent, {
      title: privateTitle,
    });
    const favouriteId = await publishApproved(
      world.url,
      world.accounts.agent,
      world.accounts.admin,
      {
        title: `经纪人收藏的房源 ${stamp}`,
      },
    );
    const page = await world.signedIn(world.browser, 'agent');
    const layout = new Layout(page);
    const form = new PublishPropertyPage(page);
    const detail = new PropertyDetailPage(page);
    await new PwaChrome(page).waitForServiceWorker();

    // The agent's own data on this browser: a favourite (written on the server, so nothing waits
    // to be sent), a draft, a listing only the agent sees.
    await insert(
      world.url,
      world.accounts.agent,
      'favorites',
      buildFavorite({
        user_id: world.accounts.agent.userId,
        property_id: favouriteId,
        created_at: new Date().toISOString(),
      }),
    );
    const favourites = new FavoritesPage(page);
    await favourites.goto(world.url);
    await expect.poll(() => favourites.ids(), SYNC_WAIT).toContain(favouriteId);
    await form.goto(world.url);
    await form.fillBasics({ title: `草稿 ${stamp}` });
    await page.goto(`${world.url}/properties/${pendingId}`);
    await detail.title.filter({ hasText: privateTitle }).waitFor();

    const cookies = await world.browser.context.cookies(`${world.url}${REFRESH_COOKIE_PATH}`);
    const refreshToken = cookies.find((c) => c.name === REFRESH_COOKIE)?.value;
    expect(refreshToken).toBeTruthy();

    await world.browser.context.setOffline(true);
    try {
      await layout.signOut();
      await layout.waitForToast(SIGN_OUT_MESSAGES.loggedOutOffline);
      await layout.loginLink.waitFor();
    } finally {
      await world.browser.context.setOffline(false);
    }
    // Once online the device sends the revocation: the old refresh token is refused.
    await expectRevokedOnceOnline(page, refreshToken!);

    // Another account signs in on the same browser: none of the agent's data.
    const login = new LoginPage(page);
    await login.goto(world.url);
    await login.signIn(demoAccount('user'));
    await favourites.goto(world.url);
    await page.getByText(FAVORITE_MESSAGES.empty).waitFor();
    expect(await favourites.cards.count()).toBe(0);
    await page.goto(`${world.url}/properties/${pendingId}`);
    await detail.notFound.waitFor();
    await form.goto(world.url);
    expect(await form.title.inputValue()).toBe('');
    await page.close();
  });
});

describe('signing out while the server is slow to answer', () => {
  it('signs out here within the wait; the revocation is sent as soon as the server answers', async () => {
    const page = await world.signedIn(world.browser, 'user');
    const layout = new Layout(page);
    const cookies = await world.browser.context.cookies(`${world.url}${REFRESH_COOKIE_PATH}`);
    const refreshToken = cookies.find((c) => c.name === REFRESH_COOKIE)?.value;
    expect(refreshToken).toBeTruthy();

    // The revocation reaches the gateway only when the test lets it.
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/logout', async (route) => {
      await released;
      await route.continue().catch(() => undefined);
    });
    let givenUp = false;
    page.on('requestfailed', (req) => {
      if (new URL(req.url()).pathname === '/api/auth/logout') givenUp = true;
    });
    await layout.signOut();
    await layout.waitForToast(SIGN_OUT_MESSAGES.loggedOutOffline);
    await layout.loginLink.waitFor();
    // Signed out while the revocation still waits for its answer (not after giving up on it).
    expect(givenUp).toBe(false);
    expect(
      await page.evaluate((key) => localStorage.getItem(key), PENDING_REVOCATION_KEY),
    ).not.toBeNull();

    release();
    // Had the wait outlasted the request's own timeout, the next online moment sends it again.
    await expectRevokedOnceOnline(page, refreshToken!);
    await page.close();
  });
});

describe('a half-filled form', () => {
  it('publish form: asks before the app leaves the screen, saying the draft is kept; the tab closes without asking', async () => {
    const page = await world.signedIn(world.browser, 'agent', { path: '/publish/property' });
    const form = new PublishPropertyPage(page);
    await form.title.click();
    const title = `写了一半的房源 ${Date.now() % 100000}`;
    await form.fillBasics({ title });

    // In the app: a link away asks, and says the draft stays on the device; staying keeps the
    // form as it was.
    const leave = page.getByRole('dialog', { name: UNSAVED_CHANGES_MESSAGES.title });
    await new Layout(page).header.getByRole('link', { name: '首页' }).first().click();
    await leave.waitFor();
    await leave.getByText(UNSAVED_CHANGES_MESSAGES.keptMessage).waitFor();
    await leave.getByRole('button', { name: UNSAVED_CHANGES_MESSAGES.stay }).click();
    await leave.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/publish/property');
    expect(await form.title.inputValue()).toBe(title);

    // The draft is on the device: closing the tab does not ask, and the form comes back with it.
    let asked = false;
    page.on('dialog', (dialog) => {
      asked = true;
      void dialog.accept();
    });
    const closed = new Promise<void>((resolve) => page.once('close', () => resolve()));
    await page.close({ runBeforeUnload: true });
    await closed;
    expect(asked).toBe(false);
    const again = await world.browser.context.newPage();
    await again.goto(`${world.url}/publish/property`);
    const reopened = new PublishPropertyPage(again);
    await reopened.toFirstStep();
    await expect.poll(() => reopened.title.inputValue(), { timeout: 15_000 }).toBe(title);
    await reopened.discardDraft();
    await again.close();
  });

  it('demand form: the text is kept as it is typed; the tab closes without asking and a new one brings it back', async () => {
    const page = await world.signedIn(world.browser, 'agent', { path: '/publish/demand' });
    const title = `写了一半的需求 ${Date.now() % 100000}`;
    await page.getByLabel('需求标题').fill(title);
    await page.getByRole('button', { name: '求租' }).click();
    await chooseOption(page, '期望区域', '海口镇');
    await page.getByLabel('需求描述').fill('在村口填了一半');

    let asked = false;
    page.on('dialog', (dialog) => {
      asked = true;
      void dialog.accept();
    });
    const closed = new Promise<void>((resolve) => page.once('close', () => resolve()));
    await page.close({ runBeforeUnload: true });
    await closed;
    expect(asked).toBe(false);

    const again = await world.browser.context.newPage();
    await again.goto(`${world.url}/publish/demand`);
    const titleField = again.getByLabel('需求标题');
    await expect.poll(() => titleField.inputValue(), { timeout: 15_000 }).toBe(title);
    expect(await again.getByLabel('需求描述').inputValue()).toBe('在村口填了一半');
    expect(await again.getByRole('button', { name: '求租' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await again.getByRole('combobox', { name: '期望区域' }).getByText('海口镇').waitFor();
    await again.setViewportSize(VIEWPORTS.mobile);
    await saveScreenshot(again, 'demand-draft-mobile');

    // 清空草稿 empties the form, and a reload finds nothing.
    await again.getByRole('button', { name: PROPERTY_MESSAGES.discardDraft }).click();
    const confirm = again.getByRole('dialog', { name: PROPERTY_MESSAGES.discardDraft });
    await confirm.getByText(DEMAND_MESSAGES.discardDraftConfirm).waitFor();
    await confirm.getByRole('button', { name: '清空' }).click();
    await new Layout(again).waitForToast(PROPERTY_MESSAGES.draftDiscarded);
    expect(await titleField.inputValue()).toBe('');
    await again.reload();
    await again.getByRole('button', { name: '发布需求', exact: true }).last().waitFor();
    expect(await titleField.inputValue()).toBe('');
    await again.close();
  });

  it('editing a demand (nothing kept): asks before the tab closes', async () => {
    const demand = buildNewDemand(world.accounts.agent.userId, {
      title: `要改的需求 ${Date.now() % 100000}`,
    });
    await insert(world.url, world.accounts.agent, 'demands', demand);
    const page = await world.signedIn(world.browser, 'agent', {
      path: `/publish/demand?edit=${demand.id}`,
    });
    const titleField = page.getByLabel('需求标题');
    await expect.poll(() => titleField.inputValue(), { timeout: 30_000 }).toBe(demand.title);
    await titleField.fill(`${demand.title}（改了一半）`);

    // The first time the user stays: the tab is still open.
    const asked = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.type());
        void dialog.dismiss();
      }),
    );
    await page.close({ runBeforeUnload: true });
    expect(await asked).toBe('beforeunload');
    await titleField.waitFor();
    expect(page.isClosed()).toBe(false);

    // The second time the user leaves.
    const closed = new Promise<void>((resolve) => page.once('close', () => resolve()));
    page.once('dialog', (dialog) => void dialog.accept());
    await page.close({ runBeforeUnload: true });
    await closed;
    expect(page.isClosed()).toBe(true);
  });
});
