/**
 * Where the home is (issue 64) in real Chromium against the real gateway: an agent with no
 * connection takes the phone's position (granted, mocked) with 使用当前位置 on the publish form,
 * opens the map, reloads (the draft keeps the point), publishes; once online the listing reaches the server with the exact point, and
 * after an admin's approval a visitor sees it only to about 100 m. A refused permission and a
 * position outside the county each say so.
 */
import { describe, expect, it } from 'vitest';
import { LOCATION_MESSAGES } from '@couchdb/model/location-facts';
import type { Property } from '@couchdb/model/property';
import { PROPERTY_MESSAGES } from '@couchdb/model/property-facts';
import { saveScreenshot, SYNC_WAIT, UI_WAIT, VIEWPORTS } from '../helpers/browser';
import { master, serverDocs, updateAccepted } from '../helpers/sync-api';
import { Layout } from './pages/layout';
import { PropertyDetailPage } from './pages/property-detail-page';
import { PublishPropertyPage, VALID_DETAILS, VALID_PLACE } from './pages/publish-page';
import { PwaChrome } from './pages/pwa-chrome';
import { useWorld } from './world';

const world = useWorld({ browser: 'file', accounts: ['agent', 'admin'] });

/** Where the phone is: a home in 凤麓街道, as its GPS reports it. */
const HERE = { latitude: 24.671234, longitude: 102.912345, accuracy: 15 };

/** The agent's listing of this title as the server holds it for them, or null. */
async function ownListing(title: string): Promise<Property | null> {
  const mine = await serverDocs<Property>(world.url, world.accounts.agent, 'properties');
  return [...mine.values()].find((p) => p.title === title) ?? null;
}

describe('a listing’s location', () => {
  it('taken offline with 使用当前位置 reaches the server exact; a visitor sees it rounded', async () => {
    const title = `定位房源 湖畔两居 ${Date.now() % 100000}`;
    const { context } = world.browser;
    await context.grantPermissions(['geolocation'], { origin: world.url });
    await context.setGeolocation(HERE);
    const page = await world.signedIn(world.browser, 'agent', {
      viewport: VIEWPORTS.mobile,
      path: '/publish/property',
    });
    const form = new PublishPropertyPage(page);
    // Offline, the map's code comes from the service worker's cache.
    await new PwaChrome(page).waitForServiceWorker();

    await context.setOffline(true);
    try {
      await form.fillBasics({ title });
      await form.next.click();
      await form.fillDetails(VALID_DETAILS);
      await form.next.click();
      await form.fillPlace(VALID_PLACE);
      await form.useCurrentPosition();
      await form.locationAccuracy
        .filter({ hasText: LOCATION_MESSAGES.accuracyAbout(15) })
        .waitFor();
      expect(await form.locationValue.textContent()).toContain('北纬 24.671234°，东经 102.912345°');
      expect(await form.showExactLocation.isChecked()).toBe(false);
      await form.showLocation();
      await saveScreenshot(page, 'location-step-mobile', { fullPage: false });
      await form.openMap();
      await form.showLocation();
      await saveScreenshot(page, 'location-step-map-mobile', { fullPage: false });

      // The draft keeps the point: a reload (still offline) reopens step 3 with it.
      await page.reload();
      await form.locationAccuracy
        .filter({ hasText: LOCATION_MESSAGES.accuracyAbout(15) })
        .waitFor();

      await form.toMediaStep();
      await form.choosePhotos(['photo-1.jpg']);
      await form.tiles.first().waitFor();
      await form.submitButton.click();
      await new Layout(page).waitForToast(PROPERTY_MESSAGES.publishSavedOffline);
    } finally {
      await context.setOffline(false);
    }
    await page.evaluate(() => window.dispatchEvent(new Event('online')));

    // Online: the listing reaches the server with the exact point, for its owner.
    await expect.poll(() => ownListing(title), SYNC_WAIT).not.toBeNull();
    const listing = (await ownListing(title))!;
    expect(listing.location).toEqual({
      latitude: HERE.latitude,
      longitude: HERE.longitude,
      accuracy_m: 15,
      public_exact: false,
    });

    // Approved, a visitor gets only the point on the 0.001° grid, over the API and on the page.
    await updateAccepted(world.url, world.accounts.admin, 'properties', listing.id, {
      audit_status: 'approved',
    });
    await expect
      .poll(
        async () =>
          (await master<Property>(world.url, null, 'properties', listing.id).catch(() => null))
            ?.location,
        SYNC_WAIT,
      )
      .toEqual({ latitude: 24.671, longitude: 102.912, accuracy_m: 100, public_exact: false });
    const visitor = await world.launch();
    const visitorPage = await visitor.openPage(
      `${world.url}/properties/${listing.id}`,
      VIEWPORTS.mobile,
    );
    const detail = new PropertyDetailPage(visitorPage);
    await detail.locationPoint
      .filter({ hasText: '北纬 24.671°，东经 102.912°' })
      .waitFor(SYNC_WAIT);
    await visitorPage.getByText(LOCATION_MESSAGES.approximate(100)).waitFor();
    await detail.locationPoint.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await saveScreenshot(visitorPage, 'location-detail-visitor-mobile', { fullPage: false });
    expect(await visitorPage.content()).not.toMatch(/24\.6712|102\.9123/);
  });

  it('says so when the position is refused, or outside the county', async () => {
    // A phone of its own, never asked for its position before, and an account of its own (no
    // draft of another test's on the form).
    const phone = await world.launch();
    const { context } = phone;
    const page = await world.signedIn(phone, await world.register(), {
      viewport: VIEWPORTS.mobile,
      path: '/publish/property',
    });
    const form = new PublishPropertyPage(page);
    await form.fillThroughStep3(`定位被拒 ${Date.now() % 100000}`);
    await form.useCurrentPosition();
    await form.locationProblem.filter({ hasText: LOCATION_MESSAGES.denied }).waitFor(UI_WAIT);
    expect(await form.locationValue.count()).toBe(0);

    // 昆明, not 澄江.
    await context.grantPermissions(['geolocation'], { origin: world.url });
    await context.setGeolocation({ latitude: 25.04, longitude: 102.71, accuracy: 10 });
    await form.useCurrentPosition();
    await form.locationProblem
      .filter({ hasText: LOCATION_MESSAGES.outsideCounty })
      .waitFor(UI_WAIT);
    expect(await form.locationValue.count()).toBe(0);
  });
});
