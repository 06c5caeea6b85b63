/**
 * The media outbox (media-outbox.ts, outbox-db.ts) on fake-indexeddb, with a device database and a
 * gateway answering uploads: a write is acknowledged only once its transaction has committed, on
 * disk (strict durability), and a transaction aborted after its requests succeeded makes the call
 * reject instead of resolving or waiting for ever; an edit's photos whose listing is not on the
 * device are kept, shown, added once the listing is back, and go only when the user discards them;
 * a listing given up while its files upload is not published; what the previous release queued is
 * read as it is.
 */
import { IDBObjectStore, IDBRequest } from 'fake-indexeddb';
import { createRxDatabase } from 'rxdb';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COLLECTION_SCHEMAS, type DeviceDatabase } from '@client/data/storage/database';
import { DraftMedia } from '@client/data/media/draft-media';
import { MediaOutbox, type OutboxListing } from '@client/data/media/media-outbox';
import {
  OUTBOX_DB_NAME,
  OUTBOX_DB_VERSION,
  openOutboxDb,
  type OutboxFile,
  type OutboxPublication,
} from '@client/data/media/outbox-db';
import { setVideoWifiOnly } from '@client/data/media/video-network';
import { syncStatus } from '@client/data/sync/sync-status';
import type { HttpClient } from '@client/lib/http';
import { buildProperty } from '../../../../fixtures/builders';
import { clientOf, fakeGateway, stubIndexedDb } from './outbox-fakes';

const USER = 'u-owner';

let database: DeviceDatabase | null = null;
const outboxes: MediaOutbox[] = [];

beforeEach(() => {
  stubIndexedDb();
  vi.stubGlobal('navigator', { onLine: true });
  vi.stubGlobal('window', new EventTarget());
});

afterEach(async () => {
  for (const outbox of outboxes.splice(0)) outbox.stop();
  await database?.close();
  database = null;
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  syncStatus.reset();
});

async function openDatabase(): Promise<DeviceDatabase> {
  const rx = await createRxDatabase({
    name: `media-outbox-${Date.now()}-${Math.random().toString(36).slice(2)}`,
    storage: getRxStorageMemory(),
    multiInstance: false,
  });
  await rx.addCollections({ properties: { schema: COLLECTION_SCHEMAS.properties } });
  database = rx as unknown as DeviceDatabase;
  return database;
}

/** The fake gateway's client (outbox-fakes.ts), its bytes answered once `hold` resolves. */
const gateway = (hold?: Promise<void>): HttpClient => clientOf(fakeGateway(hold));

async function outboxOn(db: DeviceDatabase, http = gateway()): Promise<MediaOutbox> {
  const outbox = new MediaOutbox(db, USER, http);
  outboxes.push(outbox);
  return outbox;
}

const photo = (name: string) => new File([`bytes of ${name}`], name, { type: 'image/jpeg' });

/** A listing's content as the edit form saves it (without its media). */
function listingContent(id: string): OutboxListing {
  const { images: _images, media_items: _media, owner: _owner, ...content } = buildProperty({ id });
  return content;
}

/**
 * The next `method` request on `store` succeeds, then its transaction aborts, as when the disk is
 * full at the commit: what the request did is not kept.
 */
function abortAfterNext(method: 'put' | 'delete', store: string): void {
  const original = IDBObjectStore.prototype[method] as (...args: unknown[]) => IDBRequest;
  const spy = vi.spyOn(IDBObjectStore.prototype, method).mockImplementation(function (
    this: IDBObjectStore,
    ...args: unknown[]
  ) {
    const request = original.apply(this, args);
    if (this.name === store) {
      spy.mockRestore();
      request.addEventListener('success', () => this.transaction.abort());
    }
    return request;
  } as never);
}

/** How `promise` settled, or 'still waiting' after 2 s (a call that never answers). */
function settled(promise: Promise<unknown>): Promise<unknown> {
  return Promise.race([
    promise.then(
      () => 'resolved',
      (err: unknown) => err,
    ),
    new Promise((resolve) => setTimeout(() => resolve('still waiting'), 2_000)),
  ]);
}

/** The files in the outbox's database, whoever they belong to. */
async function storedFiles(): Promise<OutboxFile[]> {
  const db = await openOutboxDb();
  try {
    return await db.getAll('files');
  } finally {
    db.close();
  }
}

describe('the media outbox’s writes', () => {
  it('does not acknowledge leaving a file out when its transaction aborts after the delete', async () => {
    const db = await openDatabase();
    const listing = buildProperty({ id: 'p-edit-1' });
    await db.properties.insert(listing as never);
    const outbox = await outboxOn(db);
    await outbox.add(listingContent(listing.id), [photo('bad.jpg'), photo('good.jpg')], {
      editOf: listing.id,
      publicationId: 'edit-1',
    });
    await outbox.process();
    const [entry] = await outbox.entries();
    const bad = entry!.files.find((f) => f.name === 'bad.jpg')!;
    expect(bad.status).toBe('failed');

    abortAfterNext('delete', 'files');
    await expect(outbox.removeFile(bad.id)).rejects.toBeDefined();
    // Nothing was left out: the file is still there, shown as failed.
    const [after] = await outbox.entries();
    expect(after!.files.map((f) => [f.name, f.status])).toEqual([
      ['bad.jpg', 'failed'],
      ['good.jpg', 'done'],
    ]);
  });

  it('rejects giving up a listing whose transaction aborts, instead of waiting for ever', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    const db = await openDatabase();
    const outbox = await outboxOn(db);
    await outbox.add(listingContent('p-new-1'), [photo('a.jpg')]);

    abortAfterNext('delete', 'files');
    expect(await settled(outbox.discard('p-new-1'))).toBeInstanceOf(Error);
    // Nothing was given up.
    expect((await outbox.entries()).map((e) => e.files.length)).toEqual([1]);
  });

  it('writes the user’s files and every change to them with strict durability', async () => {
    const db = await openDatabase();
    const listing = buildProperty({ id: 'p-edit-2' });
    await db.properties.insert(listing as never);
    const transaction = vi.spyOn(IDBDatabase.prototype, 'transaction');
    const outbox = await outboxOn(db);
    await outbox.add(listingContent(listing.id), [photo('a.jpg')], {
      editOf: listing.id,
      publicationId: 'edit-2',
    });
    await outbox.process();
    expect(await outbox.entries()).toEqual([]);

    const writes = transaction.mock.calls.filter(([, mode]) => mode === 'readwrite');
    // The files, each upload's state, and the listing leaving the outbox.
    expect(writes.length).toBeGreaterThanOrEqual(4);
    expect(writes.map(([, , options]) => options?.durability)).toEqual(writes.map(() => 'strict'));
  });
});

describe('an edit’s photos whose listing is not on the device', () => {
  it('keeps them, shows them, and deletes them only when the user discards them', async () => {
    const db = await openDatabase();
    const outbox = await outboxOn(db);
    await outbox.add(listingContent('p-gone'), [photo('a.jpg'), photo('b.jpg')], {
      editOf: 'p-gone',
      publicationId: 'edit-3',
    });
    await outbox.process();

    const [entry, ...others] = await outbox.entries();
    expect(others).toEqual([]);
    expect(entry!.publication).toMatchObject({ id: 'edit-3', listingMissing: true });
    expect(entry!.files.map((f) => f.status)).toEqual(['done', 'done']);
    // Not as waiting to send, nor as a stopped upload: staying online would not send them.
    await vi.waitFor(() =>
      expect(syncStatus.get()).toMatchObject({ outbox: 0, outboxStopped: false }),
    );
    // Another run (the next connection) keeps them too.
    await outbox.process();
    expect((await storedFiles()).map((f) => f.name)).toEqual(['a.jpg', 'b.jpg']);

    await outbox.discard('edit-3');
    expect(await outbox.entries()).toEqual([]);
    expect(await storedFiles()).toEqual([]);
  });

  it('adds them to the listing once it is back on the device', async () => {
    const db = await openDatabase();
    const outbox = await outboxOn(db);
    await outbox.add(listingContent('p-later'), [photo('a.jpg')], {
      editOf: 'p-later',
      publicationId: 'edit-4',
    });
    await outbox.process();
    expect((await outbox.entries()).map((e) => e.publication.listingMissing)).toEqual([true]);

    // Its sync brings the listing (a first sync after signing in again).
    await db.properties.insert(buildProperty({ id: 'p-later' }) as never);
    await vi.waitFor(async () => expect(await outbox.entries()).toEqual([]));
    const listing = await db.properties.findOne('p-later').exec();
    expect(listing!.images.map((i) => i.url)).toEqual([
      expect.stringMatching(/^\/media\/p\d+\.jpg$/),
    ]);
    expect(await storedFiles()).toEqual([]);
  });
});

describe('a listing given up while its files upload', () => {
  it('is not published, and none of its files stay on the device', async () => {
    const db = await openDatabase();
    let answer!: () => void;
    const outbox = await outboxOn(db, gateway(new Promise<void>((r) => (answer = r))));
    await outbox.add(listingContent('p-given-up'), [photo('a.jpg')]);
    await vi.waitFor(async () =>
      expect((await outbox.entries())[0]?.files[0]?.status).toBe('uploading'),
    );

    await outbox.discard('p-given-up');
    answer();
    await outbox.process();
    expect(await outbox.entries()).toEqual([]);
    expect(await storedFiles()).toEqual([]);
    expect(await db.properties.findOne('p-given-up').exec()).toBeNull();
  });
});

describe('what the previous release queued', () => {
  /** Writes a waiting listing and its file the way the previous release did (plain IndexedDB). */
  async function queueAsBefore(version: number): Promise<void> {
    const open = indexedDB.open(OUTBOX_DB_NAME, version);
    open.onupgradeneeded = () => {
      const db = open.result;
      db.createObjectStore('publications', { keyPath: 'id' });
      db.createObjectStore('files', { keyPath: 'id' }).createIndex('publication', 'publication');
      if (version >= 2)
        db.createObjectStore('draft_files', { keyPath: 'id' }).createIndex('draft', 'draft');
    };
    const db = await new Promise<globalThis.IDBDatabase>((resolve, reject) => {
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const tx = db.transaction(['publications', 'files'], 'readwrite');
    tx.objectStore('publications').put({
      id: 'p-queued',
      userId: USER,
      listing: listingContent('p-queued'),
      createdAt: '2026-01-01T00:00:00.000Z',
    } satisfies OutboxPublication);
    tx.objectStore('files').put({
      id: 'p-queued:0',
      publication: 'p-queued',
      sort: 0,
      name: 'a.jpg',
      kind: 'image',
      blob: new Blob(['bytes of a.jpg'], { type: 'image/jpeg' }),
      status: 'pending',
      progress: 0,
      attempts: 0,
    } satisfies OutboxFile);
    await new Promise((resolve, reject) => {
      tx.oncomplete = resolve;
      tx.onabort = () => reject(tx.error);
    });
    db.close();
  }

  it.each([1, OUTBOX_DB_VERSION])('reads a listing queued in version %i', async (version) => {
    vi.stubGlobal('navigator', { onLine: false });
    await queueAsBefore(version);
    const outbox = await outboxOn(await openDatabase());
    const [entry] = await outbox.entries();
    expect(entry!.publication.id).toBe('p-queued');
    expect(entry!.files.map((f) => [f.name, f.status])).toEqual([['a.jpg', 'pending']]);
    expect(await entry!.files[0]!.blob.text()).toBe('bytes of a.jpg');
    // The files chosen in a publish form are kept in the same database from then on.
    const draft = new DraftMedia(`${USER}:property`);
    await draft.add([{ id: 'd1', file: photo('b.jpg') }]);
    expect((await draft.load()).map((d) => d.file.name)).toEqual(['b.jpg']);
    draft.close();
  });
});

describe('只在 Wi-Fi 下上传视频', () => {
  /** A phone's connection as Chromium on Android tells it. */
  function phoneOn(type: string): EventTarget & { type: string } {
    const connection = Object.assign(new EventTarget(), { type });
    vi.stubGlobal('navigator', { onLine: true, connection });
    const kept = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => kept.get(key) ?? null,
      setItem: (key: string, value: string) => kept.set(key, value),
      removeItem: (key: string) => kept.delete(key),
    });
    return connection;
  }
  const video = (name: string) => new File([`bytes of ${name}`], name, { type: 'video/mp4' });

  it('holds a video back on a mobile network, and sends it once the phone is on Wi-Fi', async () => {
    const connection = phoneOn('cellular');
    setVideoWifiOnly(true);
    const db = await openDatabase();
    const outbox = await outboxOn(db);
    outbox.start();
    await outbox.add(listingContent('p-video'), [photo('a.jpg'), video('tour.mp4')]);
    await outbox.process();
    // The photo went; the video waits with its tries untouched, and the listing is not out yet.
    const [entry] = await outbox.entries();
    expect(entry!.files.map((f) => [f.status, f.attempts])).toEqual([
      ['done', 1],
      ['pending', 0],
    ]);
    expect(await db.properties.findOne('p-video').exec()).toBeNull();

    connection.type = 'wifi';
    connection.dispatchEvent(new Event('change'));
    await vi.waitFor(async () => expect(await outbox.entries()).toEqual([]));
    const listing = await db.properties.findOne('p-video').exec();
    expect(listing!.media_items.map((m) => m.type)).toEqual(['image', 'video']);
  });

  it('does not hold a video back when the setting is off, or where the network is not told', async () => {
    for (const [type, wifiOnly] of [
      ['cellular', false],
      ['unknown', true],
    ] as const) {
      phoneOn(type);
      setVideoWifiOnly(wifiOnly);
      const db = await openDatabase();
      const outbox = await outboxOn(db);
      await outbox.add(listingContent(`p-${type}`), [photo('a.jpg'), video('tour.mp4')]);
      await outbox.process();
      expect(await outbox.entries()).toEqual([]);
      await db.close();
      database = null;
    }
  });
});
