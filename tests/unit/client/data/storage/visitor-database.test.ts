import { describe, expect, it } from 'vitest';
import { COLLECTION_NAMES, VISITOR_COLLECTIONS } from '@client/data/storage/database';

describe('the visitor database', () => {
  it('opens the collections a visitor pulls and the device-only ones, nothing private', () => {
    expect([...VISITOR_COLLECTIONS].sort()).toEqual(
      ['counter_queue', 'news', 'properties', 'recent', 'refused', 'settings'].sort(),
    );
  });

  it('leaves a signed-in database every collection', () => {
    expect(COLLECTION_NAMES).toEqual(
      expect.arrayContaining(['demands', 'favorites', 'users', 'oplog']),
    );
  });
});
