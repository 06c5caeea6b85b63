import { describe, expect, it } from 'vitest';
import { ACCESS_MESSAGES, createRefusal } from '@couchdb/rules/access';
import {
  ACCESS_ROLES,
  type AccessRole,
  type Collection,
  COLLECTION_ACCESS,
  COLLECTIONS,
  devicePushes,
  GATEWAY_ONLY_FIELDS,
  readScope,
  type ReadScope,
  replicatedCollections,
} from '@couchdb/rules/collection-access';
import { SYNC_COLLECTIONS } from '@couchdb/model/sync';
import { buildProperty } from '@tests/fixtures/builders';

/** architecture §4's table, read column by column: visitor, user, agent, admin. */
const DESIGN_READS: Record<Collection, [ReadScope, ReadScope, ReadScope, ReadScope]> = {
  properties: ['public', 'public+own', 'public+own', 'all'],
  news: ['public', 'public', 'public', 'all'],
  demands: ['none', 'own', 'own', 'all'],
  favorites: ['none', 'own', 'own', 'own'],
  settings: ['all', 'all', 'all', 'all'],
  users: ['none', 'own', 'own', 'all'],
  oplog: ['none', 'none', 'none', 'all'],
  saved_searches: ['none', 'own', 'own', 'own'],
  inbox: ['none', 'own', 'own', 'own'],
};

describe('the access table (architecture §4)', () => {
  it('covers every replicated collection, and the collection list is the sync contract’s', () => {
    expect(COLLECTIONS).toBe(SYNC_COLLECTIONS);
    expect(Object.keys(COLLECTION_ACCESS).sort()).toEqual([...SYNC_COLLECTIONS].sort());
  });

  it.each(COLLECTIONS)('%s has a read and a write entry for every role', (collection) => {
    for (const role of ACCESS_ROLES) {
      expect(COLLECTION_ACCESS[collection].read[role]).toBeDefined();
      expect(COLLECTION_ACCESS[collection].write[role]).toBeDefined();
    }
  });

  it.each(COLLECTIONS)('%s is read as architecture §4 says', (collection) => {
    expect(ACCESS_ROLES.map((role) => readScope(collection, role))).toEqual(
      DESIGN_READS[collection],
    );
  });

  it.each(COLLECTIONS)('%s says what its public and own mean where a scope needs them', (c) => {
    const scopes = ACCESS_ROLES.map((role) => readScope(c, role));
    if (scopes.some((s) => s.includes('public')))
      expect(COLLECTION_ACCESS[c].isPublic).toBeTypeOf('function');
    if (scopes.some((s) => s.includes('own'))) expect(COLLECTION_ACCESS[c].owner).toBeDefined();
  });

  it('visitors write nothing; news and settings are written by admins only; the log by nobody', () => {
    for (const c of COLLECTIONS) expect(COLLECTION_ACCESS[c].write.visitor).toBe('none');
    for (const c of ['news', 'settings'] as const) {
      expect(COLLECTION_ACCESS[c].write).toEqual({
        visitor: 'none',
        user: 'none',
        agent: 'none',
        admin: 'all',
      });
    }
    expect(Object.values(COLLECTION_ACCESS.oplog.write)).toEqual(['none', 'none', 'none', 'none']);
  });

  it('keeps the visibility history fields to the gateway', () => {
    expect([...GATEWAY_ONLY_FIELDS].sort()).toEqual(['ever_public', 'ever_published']);
  });
});

describe('replicatedCollections', () => {
  it.each<[AccessRole, string[], string[]]>([
    ['visitor', ['properties', 'news', 'settings'], []],
    [
      'user',
      [
        'properties',
        'news',
        'demands',
        'favorites',
        'settings',
        'users',
        'saved_searches',
        'inbox',
      ],
      ['properties', 'news', 'demands', 'favorites', 'settings', 'saved_searches', 'inbox'],
    ],
    [
      'agent',
      [
        'properties',
        'news',
        'demands',
        'favorites',
        'settings',
        'users',
        'saved_searches',
        'inbox',
      ],
      ['properties', 'news', 'demands', 'favorites', 'settings', 'saved_searches', 'inbox'],
    ],
    [
      'admin',
      [
        'properties',
        'news',
        'demands',
        'favorites',
        'settings',
        'users',
        'oplog',
        'saved_searches',
        'inbox',
      ],
      ['properties', 'news', 'demands', 'favorites', 'settings', 'saved_searches', 'inbox'],
    ],
  ])('%s pulls %j and pushes %j', (role, pulled, pushed) => {
    const set = replicatedCollections(role);
    expect(set.map((c) => c.name)).toEqual(pulled);
    expect(set.filter((c) => c.push).map((c) => c.name)).toEqual(pushed);
  });

  it('never pushes the operation log, which only the gateway writes', () => {
    for (const role of ACCESS_ROLES) expect(devicePushes('oplog', role)).toBe(false);
  });

  it('never pushes the account document, which changes through the account API only', () => {
    for (const role of ACCESS_ROLES) expect(devicePushes('users', role)).toBe(false);
  });
});

describe('createRefusal', () => {
  const listing = buildProperty({
    audit_status: 'pending',
    is_priority: false,
    is_featured: false,
  });
  const refusal = { ok: false, code: 'forbidden', message: ACCESS_MESSAGES.adminOnlyFields };

  it.each<[string, Record<string, unknown>]>([
    ['priority', { is_priority: true }],
    ['featured', { is_featured: true }],
    ['approved', { audit_status: 'approved' }],
    ['rejected', { audit_status: 'rejected' }],
  ])('refuses a new listing set %s by a user or an agent, accepts it from an admin', (_f, set) => {
    const doc = { ...listing, ...set };
    expect(createRefusal('properties', 'user', doc)).toEqual(refusal);
    expect(createRefusal('properties', 'agent', doc)).toEqual(refusal);
    expect(createRefusal('properties', 'admin', doc)).toBeNull();
  });

  it('accepts a new listing that leaves the admin-only fields out or at their defaults', () => {
    expect(createRefusal('properties', 'user', listing)).toBeNull();
    const { audit_status: _a, is_priority: _p, is_featured: _f, ...bare } = listing;
    expect(createRefusal('properties', 'agent', bare)).toBeNull();
  });

  it('has nothing to refuse in collections without admin-only fields on create', () => {
    expect(createRefusal('demands', 'user', { is_priority: true })).toBeNull();
  });
});
