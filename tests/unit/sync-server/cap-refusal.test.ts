/**
 * The per-user cap on creates (sync/policies/cap-refusal.ts), and the five write policies that
 * count a user's documents against it: listings, demands, favourites, saved searches, inbox.
 */
import { describe, expect, it, vi } from 'vitest';
import { DEMAND_MAX, DEMAND_MESSAGES } from '@couchdb/model/demand-facts';
import { FAVORITE_MAX, FAVORITE_MESSAGES } from '@couchdb/model/favorite-facts';
import { LISTING_MAX, PROPERTY_MESSAGES } from '@couchdb/model/property-facts';
import {
  INBOX_MAX,
  INBOX_MESSAGES,
  SAVED_SEARCH_MAX,
  SAVED_SEARCH_MESSAGES,
} from '@couchdb/model/saved-search-facts';
import { resolveSettings } from '@couchdb/model/setting-facts';
import {
  buildDemand,
  buildFavorite,
  buildInboxEntry,
  buildNewListing,
  buildSavedSearch,
} from '@tests/fixtures/builders';
import { WRITE_POLICIES, type WriteContext } from '../../../sync-server/services/sync/policies';
import { capRefusal } from '../../../sync-server/services/sync/policies/cap-refusal';
import type { StoredDoc } from '../../../sync-server/services/sync/projection';

const stored: StoredDoc = { _id: 'd1', _rev: '1-a' };

describe('the cap on a user’s creates', () => {
  it('never counts an edit', async () => {
    const admitNew = vi.fn(async () => false);
    expect(await capRefusal({ current: stored, admitNew }, 5, '已达上限')).toBeNull();
    expect(admitNew).not.toHaveBeenCalled();
  });

  it('lets a create through while the owner is within the cap', async () => {
    const admitNew = vi.fn(async () => true);
    expect(await capRefusal({ current: null, admitNew }, 5, '已达上限')).toBeNull();
    expect(admitNew).toHaveBeenCalledWith(5);
  });

  it('refuses a create past the cap as too_many, with the collection’s message', async () => {
    expect(await capRefusal({ current: null, admitNew: async () => false }, 5, '已达上限')).toEqual(
      { ok: false, code: 'too_many', message: '已达上限' },
    );
  });
});

const user = { id: 'u-owner', role: 'user' as const };

describe.each([
  [
    'properties',
    buildNewListing(user.id),
    LISTING_MAX.user,
    PROPERTY_MESSAGES.tooMany(LISTING_MAX.user),
  ],
  ['demands', buildDemand({ user_id: user.id }), DEMAND_MAX, DEMAND_MESSAGES.tooMany],
  ['favorites', buildFavorite({ user_id: user.id }), FAVORITE_MAX, FAVORITE_MESSAGES.tooMany],
  [
    'saved_searches',
    buildSavedSearch({ user_id: user.id }),
    SAVED_SEARCH_MAX,
    SAVED_SEARCH_MESSAGES.tooMany,
  ],
  ['inbox', buildInboxEntry({ user_id: user.id }), INBOX_MAX, INBOX_MESSAGES.tooMany],
] as const)('%s', (collection, sample, cap, message) => {
  const write = (current: StoredDoc | null, admitNew: WriteContext['admitNew']) =>
    WRITE_POLICIES[collection]!.prepare({
      viewer: user,
      operator: { id: user.id, name: '业主', role: 'user' },
      current,
      content: { ...sample },
      now: '2026-01-02T03:04:05.000Z',
      settings: async () => resolveSettings([]),
      admitNew,
    });

  it(`refuses a create past ${cap} a user`, async () => {
    const admitNew = vi.fn(async () => false);
    expect(await write(null, admitNew)).toEqual({ ok: false, code: 'too_many', message });
    expect(admitNew).toHaveBeenCalledWith(cap);
  });

  it('never counts an edit', async () => {
    const { id, ...fields } = sample;
    const admitNew = vi.fn(async () => false);
    const prepared = await write({ _id: String(id), _rev: '1-a', ...fields }, admitNew);
    expect(prepared.ok).toBe(true);
    expect(admitNew).not.toHaveBeenCalled();
  });
});
