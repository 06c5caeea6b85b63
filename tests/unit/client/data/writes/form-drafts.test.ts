/**
 * The forms' drafts in IndexedDB (form-drafts.ts) on fake-indexeddb: a draft reads back as saved
 * and is gone once forgotten; a draft the previous release left in localStorage moves over once
 * (read, written, then removed there), a newer one already moved stays, and text that was never
 * a draft is dropped. A burst of changes lands as the last one, a forget after changes wins, and a
 * failing write is reported once while the next changes still land.
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDB } from 'idb';
import { emptyListingForm } from '@couchdb/rules/listing-form';
import { DRAFTS_DB, DraftSaver, readDraft, storeDraft } from '@client/data/writes/form-drafts';
import { listingDraftKey, parseListingDraft } from '@client/features/publish/listing-draft-store';
import { demandDraftKey, parseDemandDraft } from '@client/features/demands/demand-draft-store';
import { demandFormValues } from '@client/features/demands/demand-form-values';

/** localStorage as the previous release left it (Node has none). */
class MemoryStorage {
  readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
}

let legacy: MemoryStorage;
let n = 0;
/** A user of their own for each test: no draft of another test is in the way. */
const nextUser = () => `user-${++n}`;

beforeEach(() => {
  legacy = new MemoryStorage();
  vi.stubGlobal('localStorage', legacy);
});

afterAll(() => {
  vi.unstubAllGlobals();
});

/** What the database itself holds under `key`, read without the module (no move). */
async function stored(key: string): Promise<unknown> {
  const db = await openDB(DRAFTS_DB);
  try {
    return await db.get('drafts', key);
  } finally {
    db.close();
  }
}

const emptyListing = emptyListingForm({ name: '王先生', phone: '13812345678' });

describe('a draft in IndexedDB', () => {
  it('reads back as saved, and nothing once forgotten', async () => {
    const key = listingDraftKey(nextUser());
    expect(await readDraft(key)).toBeUndefined();
    const draft = { step: 2, values: { ...emptyListing, title: '湖景两居室出售' } };
    await storeDraft(key, draft);
    expect(await readDraft(key)).toEqual(draft);
    await storeDraft(key, undefined);
    expect(await readDraft(key)).toBeUndefined();
  });

  it('is kept per user', async () => {
    const [a, b] = [listingDraftKey(nextUser()), listingDraftKey(nextUser())];
    await storeDraft(a, { step: 1, values: { ...emptyListing, title: '甲的草稿' } });
    expect(await readDraft(b)).toBeUndefined();
  });
});

describe("the previous release's draft in localStorage", () => {
  it('moves into IndexedDB once: read over the form as before, then gone from localStorage', async () => {
    const user = nextUser();
    const key = listingDraftKey(user);
    const values = { ...emptyListing, title: '旧版本的草稿', price: '88' };
    legacy.setItem(key, JSON.stringify({ step: 3, values }));
    legacy.setItem('cjfc.list.layout', 'grid');

    expect(parseListingDraft(await readDraft(key), emptyListing)).toEqual({ step: 3, values });
    expect(legacy.getItem(key)).toBeNull();
    expect(await stored(key)).toEqual({ step: 3, values });
    // Another key of the app's stays where it was.
    expect(legacy.getItem('cjfc.list.layout')).toBe('grid');
    // Read again, it comes from IndexedDB.
    expect(parseListingDraft(await readDraft(key), emptyListing)).toEqual({ step: 3, values });
  });

  it('moves a demand draft the same way', async () => {
    const key = demandDraftKey(nextUser());
    const empty = demandFormValues(null, null);
    const values = { ...empty, title: '凤麓街道求租两居室', type: 'rent' as const };
    legacy.setItem(key, JSON.stringify(values));
    expect(parseDemandDraft(await readDraft(key), empty)).toEqual(values);
    expect(legacy.getItem(key)).toBeNull();
  });

  it('leaves a draft already in IndexedDB (newer) as it is, and is removed', async () => {
    const key = listingDraftKey(nextUser());
    const newer = { step: 2, values: { ...emptyListing, title: '新版本写的' } };
    await storeDraft(key, newer);
    legacy.setItem(key, JSON.stringify({ step: 1, values: { ...emptyListing, title: '旧的' } }));
    expect(await readDraft(key)).toEqual(newer);
    expect(legacy.getItem(key)).toBeNull();
  });

  it('is dropped when it is not a draft at all (not JSON)', async () => {
    const key = listingDraftKey(nextUser());
    legacy.setItem(key, '{oops');
    expect(await readDraft(key)).toBeUndefined();
    expect(legacy.getItem(key)).toBeNull();
    expect(await stored(key)).toBeUndefined();
  });

  it('does not stop the read when localStorage refuses to be read', async () => {
    const key = listingDraftKey(nextUser());
    await storeDraft(key, { step: 1, values: emptyListing });
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    });
    expect(await readDraft(key)).toEqual({ step: 1, values: emptyListing });
  });
});

describe('DraftSaver', () => {
  it('lands a burst of changes as the last one', async () => {
    const key = listingDraftKey(nextUser());
    const saver = new DraftSaver(key, () => expect.fail('no write fails'));
    for (const title of ['湖', '湖景', '湖景两', '湖景两居']) saver.save({ title });
    await saver.settled();
    expect(await readDraft(key)).toEqual({ title: '湖景两居' });
  });

  it('forgets after the changes before it, and keeps a change after it', async () => {
    const key = listingDraftKey(nextUser());
    const saver = new DraftSaver(key, () => expect.fail('no write fails'));
    saver.save({ title: '写了' });
    saver.save({ title: '写了又改' });
    await saver.forget();
    expect(await readDraft(key)).toBeUndefined();

    saver.save({ title: '清空后再写' });
    await saver.forget();
    saver.save({ title: '再写一次' });
    await saver.settled();
    expect(await readDraft(key)).toEqual({ title: '再写一次' });
  });

  it('writes what waits at once when flushed, the newest landing last', async () => {
    const key = listingDraftKey(nextUser());
    const saver = new DraftSaver(key, () => expect.fail('no write fails'));
    saver.save({ title: '一' });
    saver.save({ title: '二' });
    saver.flush();
    saver.save({ title: '三' });
    saver.flush();
    await saver.settled();
    expect(await readDraft(key)).toEqual({ title: '三' });
  });

  it('reports a failing write once, and the next changes still land', async () => {
    const key = listingDraftKey(nextUser());
    const failures: unknown[] = [];
    const saver = new DraftSaver(key, (err) => failures.push(err));
    saver.save({ title: '能存' });
    await saver.settled();
    // A value IndexedDB cannot keep (as a full disk refuses one): the write fails.
    saver.save({ title: '存不了', keep: () => undefined });
    await saver.settled();
    saver.save({ title: '还是存不了', keep: () => undefined });
    await saver.settled();
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ name: 'DataCloneError' });
    expect(await readDraft(key)).toEqual({ title: '能存' });

    saver.save({ title: '又能存了' });
    await saver.settled();
    expect(await readDraft(key)).toEqual({ title: '又能存了' });
    saver.save({ keep: () => undefined });
    await saver.settled();
    expect(failures).toHaveLength(2);
  });
});
