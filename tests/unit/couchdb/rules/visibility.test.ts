import { describe, expect, it } from 'vitest';
import { couldHaveSeen, visibilityHistory } from '@couchdb/rules/visibility';
import type { Viewer } from '@couchdb/rules/access';
import { buildNews, buildProperty } from '@tests/fixtures/builders';

const visitor: Viewer = null;
const owner: Viewer = { id: 'u-owner', role: 'user' };
const other: Viewer = { id: 'u-other', role: 'agent' };
const admin: Viewer = { id: 'u-admin', role: 'admin' };

describe('visibilityHistory', () => {
  it('marks a public listing and a published article, and keeps a mark once made', () => {
    expect(visibilityHistory('properties', buildProperty())).toEqual({ ever_public: true });
    expect(visibilityHistory('news', buildNews())).toEqual({ ever_published: true });
    const rejected = buildProperty({ audit_status: 'rejected' });
    expect(visibilityHistory('properties', rejected)).toEqual({});
    expect(visibilityHistory('properties', { ...rejected, ever_public: true })).toEqual({
      ever_public: true,
    });
    expect(visibilityHistory('news', buildNews({ status: 'draft' }))).toEqual({});
  });

  it('records nothing for collections that are never public', () => {
    expect(visibilityHistory('demands', { status: 'active', audit_status: 'approved' })).toEqual(
      {},
    );
  });
});

describe('couldHaveSeen', () => {
  const hidden = { id: 'p1', user_id: 'u-owner' };
  const once = { ...hidden, ever_public: true };
  it.each<[string, Parameters<typeof couldHaveSeen>[0], Record<string, unknown>, Viewer, boolean]>([
    ['visitor, never-public listing', 'properties', hidden, visitor, false],
    ['visitor, once-public listing', 'properties', once, visitor, true],
    ['owner, own never-public listing', 'properties', hidden, owner, true],
    ['other, never-public listing', 'properties', hidden, other, false],
    ['admin, any listing', 'properties', hidden, admin, true],
    ['user, never-published article', 'news', { id: 'n1' }, owner, false],
    ['user, once-published article', 'news', { id: 'n1', ever_published: true }, owner, true],
    ['owner, own demand', 'demands', hidden, owner, true],
    ['other, demand', 'demands', hidden, other, false],
    ['admin, someone else’s favourite', 'favorites', hidden, admin, false],
    ['user, own profile', 'users', { id: 'u-owner' }, owner, true],
    ['user, other profile', 'users', { id: 'u-x' }, owner, false],
    ['visitor, setting', 'settings', { id: 'audit_required' }, visitor, true],
    ['user, log entry', 'oplog', { id: 'o1' }, owner, false],
    ['admin, log entry', 'oplog', { id: 'o1' }, admin, true],
  ])('%s → %s', (_case, collection, doc, viewer, expected) => {
    expect(couldHaveSeen(collection, viewer, doc)).toBe(expected);
  });
});
