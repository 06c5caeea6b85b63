/**
 * The service worker's background upload (background-upload-run.ts) on fake-indexeddb and a
 * gateway speaking the resumable-upload protocol: it sends the waiting files of the account the
 * refresh cookie belongs to and marks them uploaded, so the page publishes the listing without
 * sending them again; it renews no session when nothing of a signed-in account waits, leaves
 * another account's files and those kept at a sign-out alone, honours 只在 Wi-Fi 下上传视频, and
 * rejects (so the browser tries again later) when a file could not go yet.
 */
import { createRxDatabase } from 'rxdb';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UPLOAD_MESSAGES } from '@couchdb/model/media-facts';
import {
  uploadInBackground,
  type BackgroundUploadContext,
  type RenewedSession,
} from '@client/data/media/background-upload-run';
import { holdOutboxOf, MediaOutbox, type OutboxListing } from '@client/data/media/media-outbox';
import { openOutboxDb, type OutboxFile } from '@client/data/media/outbox-db';
import type { ConnectionKind } from '@client/data/media/video-network';
import { COLLECTION_SCHEMAS, type DeviceDatabase } from '@client/data/storage/database';
import { syncStatus } from '@client/data/sync/sync-status';
import { buildProperty } from '../../../../fixtures/builders';
import {
  clientOf,
  fakeGateway,
  GATEWAY_URL,
  stubIndexedDb,
  type FakeGateway,
} from './outbox-fakes';

const OWNER = 'u-owner';
const OTHER = 'u-other';

const opened: { db: DeviceDatabase; outbox: MediaOutbox }[] = [];

beforeEach(() => {
  stubIndexedDb();
  vi.stubGlobal('navigator', { onLine: false });
  vi.stubGlobal('window', new EventTarget());
});

afterEach(async () => {
  for (const { db, outbox } of opened.splice(0)) {
    outbox.stop();
    await db.close();
  }
  vi.unstubAllGlobals();
  syncStatus.reset();
});

/** A device of `userId` with its outbox, on `gateway` (offline until the test says otherwise). */
async function device(userId: string, gateway: FakeGateway) {
  const rx = await createRxDatabase({
    name: `background-upload-${Math.random().toString(36).slice(2)}`,
    storage: getRxStorageMemory(),
    multiInstance: false,
  });
  await rx.addCollections({ properties: { schema: COLLECTION_SCHEMAS.properties } });
  const db = rx as unknown as DeviceDatabase;
  const outbox = new MediaOutbox(db, userId, clientOf(gateway));
  opened.push({ db, outbox });
  return { db, outbox };
}

function listing(id: string): OutboxListing {
  const { images: _images, media_items: _media, owner: _owner, ...content } = buildProperty({ id });
  return content;
}

const photo = (name: string) => new File([`bytes of ${name}`], name, { type: 'image/jpeg' });
const video = (name: string) => new File([`bytes of ${name}`], name, { type: 'video/mp4' });

/**
 * How the service worker runs: the cookie's session is `session`'s, on a `connection`, with the
 * app closed unless `inView`.
 */
function worker(
  gateway: FakeGateway,
  session: RenewedSession | null,
  connection: ConnectionKind = 'wifi',
  inView = false,
): BackgroundUploadContext & { renewals: number } {
  const context = {
    renewals: 0,
    appInView: () => Promise.resolve(inView),
    baseUrl: GATEWAY_URL,
    fetch: gateway.fetch,
    connection: () => connection,
    renew: () => {
      context.renewals += 1;
      return Promise.resolve(session);
    },
  };
  return context;
}

const ownerSession: RenewedSession = { userId: OWNER, accessToken: 'token-of-owner' };

async function storedFiles(): Promise<OutboxFile[]> {
  const db = await openOutboxDb();
  try {
    return (await db.getAll('files')).sort((a, b) => a.id.localeCompare(b.id));
  } finally {
    db.close();
  }
}

describe('the background upload', () => {
  it('sends the waiting files with the renewed session, and the page then publishes them', async () => {
    const gateway = fakeGateway();
    const { db, outbox } = await device(OWNER, gateway);
    await outbox.add(listing('p-1'), [photo('客厅.jpg'), photo('卧室.jpg')]);

    // The app is closed; the connection is back.
    await expect(
      uploadInBackground({ videoWifiOnly: false }, worker(gateway, ownerSession)),
    ).resolves.toBe('sent');
    expect(gateway.received).toEqual([
      { name: '客厅.jpg', authorization: 'Bearer token-of-owner' },
      { name: '卧室.jpg', authorization: 'Bearer token-of-owner' },
    ]);
    const files = await storedFiles();
    expect(files.map((f) => [f.name, f.status, f.url?.startsWith('/media/')])).toEqual([
      ['客厅.jpg', 'done', true],
      ['卧室.jpg', 'done', true],
    ]);

    // The app opens: the listing is published with those files, none of them sent again.
    vi.stubGlobal('navigator', { onLine: true });
    await outbox.process();
    const published = await db.properties.findOne('p-1').exec();
    expect(published?.images.map((i) => i.url)).toEqual(files.map((f) => f.url));
    expect(gateway.received).toHaveLength(2);
    expect(await outbox.entries()).toEqual([]);
  });

  it('leaves the files to the app while it is on screen, without renewing its session', async () => {
    const gateway = fakeGateway();
    const { outbox } = await device(OWNER, gateway);
    await outbox.add(listing('p-7'), [photo('客厅.jpg')]);

    const context = worker(gateway, ownerSession, 'wifi', true);
    await expect(uploadInBackground({ videoWifiOnly: false }, context)).resolves.toBe(
      'app-in-view',
    );
    expect(context.renewals).toBe(0);
    expect(gateway.received).toEqual([]);
    expect((await storedFiles()).map((f) => f.status)).toEqual(['pending']);
  });

  it('renews no session when nothing waits', async () => {
    const gateway = fakeGateway();
    const context = worker(gateway, ownerSession);
    await expect(uploadInBackground({ videoWifiOnly: false }, context)).resolves.toBe(
      'nothing-to-send',
    );
    expect(context.renewals).toBe(0);
  });

  it('leaves alone what a sign-out kept, without renewing its session', async () => {
    const gateway = fakeGateway();
    const { outbox } = await device(OWNER, gateway);
    await outbox.add(listing('p-2'), [photo('客厅.jpg')]);
    outbox.stop();
    await holdOutboxOf(OWNER);

    const context = worker(gateway, ownerSession);
    await expect(uploadInBackground({ videoWifiOnly: false }, context)).resolves.toBe(
      'nothing-to-send',
    );
    expect(context.renewals).toBe(0);
    expect(gateway.received).toEqual([]);
    expect((await storedFiles()).map((f) => f.status)).toEqual(['pending']);
  });

  it('stops at a sign-out that keeps the files, after the file under way', async () => {
    let answer = () => undefined as void;
    const gateway = fakeGateway(new Promise<void>((resolve) => (answer = resolve)));
    const { outbox } = await device(OWNER, gateway);
    await outbox.add(listing('p-8'), [photo('客厅.jpg'), photo('卧室.jpg')]);
    outbox.stop();

    const run = uploadInBackground({ videoWifiOnly: false }, worker(gateway, ownerSession));
    await vi.waitFor(async () => expect((await storedFiles())[0]?.status).toBe('uploading'));
    // The app is opened and its user signs out, keeping what is unsent.
    await holdOutboxOf(OWNER);
    answer();
    await expect(run).resolves.toBe('sent');
    expect(gateway.received.map((r) => r.name)).toEqual(['客厅.jpg']);
    expect((await storedFiles()).map((f) => f.status)).toEqual(['done', 'pending']);
  });

  it('sends nothing of another account, nor when the session is over', async () => {
    const gateway = fakeGateway();
    const { outbox } = await device(OTHER, gateway);
    await outbox.add(listing('p-3'), [photo('客厅.jpg')]);

    await expect(
      uploadInBackground({ videoWifiOnly: false }, worker(gateway, ownerSession)),
    ).resolves.toBe('nothing-to-send');
    await expect(uploadInBackground({ videoWifiOnly: false }, worker(gateway, null))).resolves.toBe(
      'signed-out',
    );
    expect(gateway.received).toEqual([]);
    expect((await storedFiles()).map((f) => f.status)).toEqual(['pending']);
  });

  it('keeps a video for Wi-Fi on a mobile network when the device asks so', async () => {
    const gateway = fakeGateway();
    const { outbox } = await device(OWNER, gateway);
    await outbox.add(listing('p-4'), [photo('客厅.jpg'), video('看房.mp4')]);

    await uploadInBackground({ videoWifiOnly: true }, worker(gateway, ownerSession, 'mobile'));
    expect(gateway.received.map((r) => r.name)).toEqual(['客厅.jpg']);
    // The same device without the setting: the video goes on the mobile network too.
    await uploadInBackground({ videoWifiOnly: false }, worker(gateway, ownerSession, 'mobile'));
    expect(gateway.received.map((r) => r.name)).toEqual(['客厅.jpg', '看房.mp4']);
  });

  it('marks a refused file for the user to leave out, and sends the rest', async () => {
    const gateway = fakeGateway();
    const { outbox } = await device(OWNER, gateway);
    await outbox.add(listing('p-5'), [photo('bad.jpg'), photo('good.jpg')]);

    await expect(
      uploadInBackground({ videoWifiOnly: false }, worker(gateway, ownerSession)),
    ).resolves.toBe('sent');
    const [bad, good] = await storedFiles();
    expect([bad?.status, bad?.refused, bad?.error]).toEqual(['failed', true, '文件内容不是图片']);
    expect(good?.status).toBe('done');
  });

  it('rejects when the gateway fails, so the browser tries again, and goes on later', async () => {
    const gateway = fakeGateway();
    const { outbox } = await device(OWNER, gateway);
    await outbox.add(listing('p-6'), [photo('客厅.jpg'), photo('卧室.jpg')]);

    gateway.failing = true;
    await expect(
      uploadInBackground({ videoWifiOnly: false }, worker(gateway, ownerSession)),
    ).rejects.toThrow();
    const [first, second] = await storedFiles();
    // The first file's upload on the gateway is kept, to go on from; the second was not tried.
    expect([first?.status, first?.error, first?.uploadAddress]).toEqual([
      'pending',
      UPLOAD_MESSAGES.serverUnavailable,
      `${GATEWAY_URL}/api/uploads/u1`,
    ]);
    expect([second?.status, second?.uploadAddress]).toEqual(['pending', undefined]);

    gateway.failing = false;
    await expect(
      uploadInBackground({ videoWifiOnly: false }, worker(gateway, ownerSession)),
    ).resolves.toBe('sent');
    expect((await storedFiles()).map((f) => f.status)).toEqual(['done', 'done']);
    expect(gateway.received.map((r) => r.name)).toEqual(['客厅.jpg', '卧室.jpg']);
  });
});
