import { describe, expect, it } from 'vitest';
import { resolveSettings } from '@couchdb/model/setting-facts';
import type { SyncCollection } from '@couchdb/model/sync';
import { COLLECTION_ACCESS } from '@couchdb/rules/collection-access';
import {
  buildDemand,
  buildFavorite,
  buildInboxEntry,
  buildSavedSearch,
  buildNews,
  buildProperty,
  buildSetting,
  buildUser,
} from '@tests/fixtures/builders';
import { WRITE_POLICIES, type WriteContext } from '../../../sync-server/services/sync/policies';
import type { StoredDoc } from '../../../sync-server/services/sync/projection';

const viewer = { id: 'u-admin', role: 'admin' as const };
const NOW = '2026-01-02T03:04:05.000Z';
const FORGED = 'forged-by-the-device';

const samples: Record<Exclude<SyncCollection, 'oplog'>, Record<string, unknown>> = {
  properties: buildProperty({ user_id: viewer.id }),
  demands: buildDemand({ user_id: viewer.id }),
  favorites: buildFavorite({ user_id: viewer.id }),
  news: buildNews(),
  settings: buildSetting(),
  users: buildUser({ id: viewer.id }),
  saved_searches: buildSavedSearch({ user_id: viewer.id }),
  inbox: buildInboxEntry({ user_id: viewer.id }),
};

function context(current: StoredDoc | null, content: Record<string, unknown>): WriteContext {
  return {
    viewer,
    operator: { id: viewer.id, name: '管理员', role: 'admin' },
    current,
    content,
    now: NOW,
    settings: async () => resolveSettings([]),
    admitNew: async () => true,
  };
}

describe('write policies force the access table’s server-owned fields', () => {
  it('has a policy for every collection devices write, and none for the log', () => {
    expect(WRITE_POLICIES.oplog).toBeNull();
    for (const name of Object.keys(samples) as (keyof typeof samples)[])
      expect(WRITE_POLICIES[name]).not.toBeNull();
  });

  it.each(Object.entries(samples))('%s: whatever the device sends', async (name, sample) => {
    const collection = name as keyof typeof samples;
    const serverOwned = COLLECTION_ACCESS[collection].serverOwned;
    const forged = Object.fromEntries(serverOwned.map((f) => [f, FORGED]));
    const { id, ...stored } = sample;
    const current: StoredDoc = { _id: String(id), _rev: '1-a', ...stored };
    for (const before of [null, current]) {
      const prepared = await WRITE_POLICIES[collection]!.prepare(
        context(before, { ...sample, ...forged }),
      );
      expect(prepared.ok).toBe(true);
      if (!prepared.ok) continue;
      for (const field of serverOwned)
        expect([field, prepared.next[field]]).not.toEqual([field, FORGED]);
    }
  });
});
