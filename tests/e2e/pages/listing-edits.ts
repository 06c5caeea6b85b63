/**
 * An owner's edits of a listing and where its title then shows: the edit form's save, 我的房源's
 * card and the detail page on the device, and the server's version read through the sync API, read
 * again and again while a test's steps run so that a title that came back for a moment is seen.
 */
import type { Page } from 'playwright-core';
import type { Property } from '@couchdb/model/property';
import { explainFailure, SYNC_WAIT } from '../../helpers/browser';
import { master, serverDocs, type Session } from '../../helpers/sync-api';
import { publishPending } from './browse-fixtures';
import { Layout } from './layout';
import { PropertyDetailPage } from './property-detail-page';
import { PublishPropertyPage } from './publish-page';

/**
 * A listing of `owner`'s, waiting for review (its edits change it at once), that the edit form can
 * save as it is: a phone and a photo (one of the demo data's, already on the server).
 */
export async function editableListing(base: string, owner: Session, title: string) {
  const demo = [...(await serverDocs<Property>(base, owner, 'properties')).values()];
  const photo = demo.find((p) => p.images.length > 0)!.images[0]!;
  return publishPending(base, owner, {
    title,
    contact: { name: '测试联系人', phone: '13812345678' },
    contact_phone: '13812345678',
    images: [{ ...photo, is_cover: true, sort_order: 0 }],
  });
}

/** The listing's title on the server, as its owner pulls it. */
export async function serverTitle(base: string, owner: Session, id: string): Promise<string> {
  return (await master<Property>(base, owner, 'properties', id)).title;
}

/** Every title the server holds for the listing while `during` runs, read again and again. */
export async function serverTitlesDuring(
  base: string,
  owner: Session,
  id: string,
  during: () => Promise<void>,
): Promise<string[]> {
  const seen = new Set<string>();
  let done = false;
  const watching = (async () => {
    while (!done) {
      seen.add(await serverTitle(base, owner, id));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  try {
    await during();
  } finally {
    done = true;
    await watching;
  }
  seen.add(await serverTitle(base, owner, id));
  return [...seen];
}

/** Opens the listing's edit form on `page` (a load), on its first step. */
export async function openEditForm(
  page: Page,
  base: string,
  id: string,
): Promise<PublishPropertyPage> {
  const form = new PublishPropertyPage(page);
  await form.goto(base, id);
  await form.toFirstStep();
  return form;
}

/** Saves the open edit form from whatever step it is on; `saved`: the toast then. */
export async function saveEdit(form: PublishPropertyPage, saved: string): Promise<void> {
  await form.toMediaStep();
  await form.saveButton.click();
  await new Layout(form.page).waitForToast(saved);
  await form.page.waitForURL((url) => url.pathname === '/my-properties');
}

/** The owner sets the listing's title in its edit form and saves it; `saved`: the toast then. */
export async function editTitle(
  page: Page,
  base: string,
  id: string,
  title: string,
  saved: string,
): Promise<void> {
  const form = await openEditForm(page, base, id);
  await form.title.fill(title);
  await saveEdit(form, saved);
}

/** Until the header says 已同步: the device's sync has sent what it holds and taken the server's. */
export function synced(page: Page): Promise<void> {
  return explainFailure(page, 'sync-wait-timeout', () =>
    page.getByRole('status', { name: '同步状态：已同步' }).waitFor(SYNC_WAIT),
  );
}

/** The listing's card on 我的房源 or 发布管理. */
export const ownCard = (page: Page, id: string) =>
  page.locator(`[data-testid="own-property-card"][data-property-id="${id}"]`);

/**
 * The listing's title as 我的房源 (open on `page`) shows it, then as its detail page shows it,
 * reached by the card's 查看 and left by going back (the app's own navigation, no load).
 */
export async function shownTitles(
  page: Page,
  id: string,
): Promise<{ list: string; detail: string }> {
  const card = ownCard(page, id);
  const list = (await card.getByRole('heading', { level: 2 }).textContent()) ?? '';
  await card.getByRole('link', { name: '查看' }).click();
  await page.waitForURL((url) => url.pathname === `/properties/${id}`);
  await page.getByRole('region', { name: '房源概要' }).waitFor();
  const detail = (await new PropertyDetailPage(page).title.textContent()) ?? '';
  await page.goBack();
  await page.waitForURL((url) => url.pathname === '/my-properties');
  return { list, detail };
}
