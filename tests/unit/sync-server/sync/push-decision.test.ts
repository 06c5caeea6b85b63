/**
 * The decision on one pushed row, as a table: given the caller, the row, the current stored
 * version and what the cap allows, the row is refused with a code (always one of ErrorCode's),
 * answered as a conflict, accepted unchanged or written; and the decision asks for the operator,
 * the settings or a place under the cap only when a write policy runs.
 */
import { describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '@couchdb/model/errors';
import { FAVORITE_MESSAGES } from '@couchdb/model/favorite-facts';
import { resolveSettings } from '@couchdb/model/setting-facts';
import { SYNC_DOC_MAX_BYTES, SYNC_MESSAGES, type SyncCollection } from '@couchdb/model/sync';
import { ACCESS_MESSAGES } from '@couchdb/rules/access';
import { buildDemand, buildFavorite, buildNews, buildProperty } from '@tests/fixtures/builders';
import type { StoredDoc } from '../../../../sync-server/services/sync/projection';
import {
  decideRow,
  sentDocument,
  type RowDecision,
  type SentRow,
} from '../../../../sync-server/services/sync/push-decision';

const alice = { id: 'u-alice', role: 'user' as const };
const bob = { id: 'u-bob', role: 'user' as const };
type Caller = typeof alice;

/** A model document as the store holds it, at `rev` (deleted: its tombstone). */
function stored(doc: Record<string, unknown>, rev: string): StoredDoc {
  const { id, ...rest } = doc;
  return { _id: String(id), _rev: rev, ...rest };
}

function withoutId(doc: Record<string, unknown>): Record<string, unknown> {
  const { id: _id, ...rest } = doc;
  return rest;
}

/** The device's copy of a stored version, as RxDB sends it back as the assumed state. */
function deviceCopy(doc: StoredDoc): Record<string, unknown> {
  const { _id, _rev, ...rest } = doc;
  return { id: _id, server_rev: _rev, ...rest };
}

interface Case {
  name: string;
  collection: SyncCollection;
  caller: Caller;
  row: SentRow;
  current: StoredDoc | null;
  /** Whether the owner's cap has room for a new document. */
  capRoom?: boolean;
  expected: Partial<RowDecision> & { kind: RowDecision['kind'] };
  /** Whether the decision may ask for the operator, the settings or the cap (a policy ran). */
  asks: boolean;
}

const favorite = buildFavorite({ user_id: alice.id, property_id: 'p-1' });
const storedFavorite = stored(favorite, '2-b');
const listing = buildProperty({ user_id: alice.id });
const storedListing = stored(listing, '2-b');

const CASES: Case[] = [
  {
    name: 'a document over the size limit is refused',
    collection: 'favorites',
    caller: alice,
    row: { newDocumentState: { ...favorite, note: 'x'.repeat(SYNC_DOC_MAX_BYTES) } },
    current: null,
    expected: { kind: 'refuse', code: 'payload_too_large', message: SYNC_MESSAGES.docTooLarge },
    asks: false,
  },
  {
    name: 'someone else’s document the caller cannot see is refused without showing it',
    collection: 'favorites',
    caller: bob,
    row: {
      assumedMasterState: deviceCopy(storedFavorite),
      newDocumentState: deviceCopy(storedFavorite),
    },
    current: storedFavorite,
    expected: {
      kind: 'refuse',
      code: 'forbidden',
      message: ACCESS_MESSAGES.ownFavoritesOnly,
    },
    asks: false,
  },
  {
    name: 'an assumption older than the stored version is a conflict',
    collection: 'favorites',
    caller: alice,
    row: {
      assumedMasterState: { ...deviceCopy(storedFavorite), server_rev: '1-a' },
      newDocumentState: { ...deviceCopy(storedFavorite), server_rev: '1-a' },
    },
    current: storedFavorite,
    expected: { kind: 'conflict', relog: null, maybeResent: false },
    asks: false,
  },
  {
    name: 'a row with no assumption over a live document is a conflict, maybe a re-sent copy',
    collection: 'favorites',
    caller: alice,
    row: { newDocumentState: deviceCopy(storedFavorite) },
    current: storedFavorite,
    expected: { kind: 'conflict', relog: null, maybeResent: true },
    asks: false,
  },
  {
    name: 'a pulled copy of a document deleted since does not bring it back',
    collection: 'favorites',
    caller: alice,
    row: { newDocumentState: { ...favorite, server_rev: '1-a' } },
    current: { _id: favorite.id, _rev: '2-b', _deleted: true },
    expected: { kind: 'conflict', relog: null, maybeResent: true },
    asks: false,
  },
  {
    name: 'the owner’s listing write the store already holds is logged again',
    collection: 'properties',
    caller: alice,
    row: {
      assumedMasterState: { ...listing, server_rev: '1-a' },
      newDocumentState: { ...listing, server_rev: '1-a' },
    },
    current: storedListing,
    expected: {
      kind: 'conflict',
      relog: { before: { _id: listing.id, ...withoutId(listing) }, after: storedListing },
      maybeResent: false,
    },
    asks: false,
  },
  {
    name: 'someone else’s copy of that listing is not logged in their name',
    collection: 'properties',
    caller: bob,
    row: {
      assumedMasterState: { ...listing, server_rev: '1-a' },
      newDocumentState: { ...listing, server_rev: '1-a' },
    },
    current: storedListing,
    expected: { kind: 'conflict', relog: null, maybeResent: false },
    asks: false,
  },
  {
    name: 'a write the rules refuse is refused with their code',
    collection: 'news',
    caller: alice,
    row: { newDocumentState: buildNews() },
    current: null,
    expected: { kind: 'refuse', code: 'forbidden', message: ACCESS_MESSAGES.newsAdminOnly },
    asks: true,
  },
  {
    name: 'a new document past the owner’s cap is too_many',
    collection: 'favorites',
    caller: alice,
    row: { newDocumentState: favorite },
    current: null,
    capRoom: false,
    expected: { kind: 'refuse', code: 'too_many', message: FAVORITE_MESSAGES.tooMany },
    asks: true,
  },
  {
    name: 'a document the write schema refuses is validation_failed',
    collection: 'favorites',
    caller: alice,
    row: { newDocumentState: { ...favorite, property_id: 42 } },
    current: null,
    expected: { kind: 'refuse', code: 'validation_failed' },
    asks: true,
  },
  {
    name: 'deleting a document the store does not hold is not_found',
    collection: 'favorites',
    caller: alice,
    row: { newDocumentState: { id: favorite.id, _deleted: true } },
    current: null,
    expected: { kind: 'refuse', code: 'not_found', message: ERROR_MESSAGES.not_found },
    asks: true,
  },
  {
    name: 'a new document within the cap is written as new',
    collection: 'favorites',
    caller: alice,
    row: { newDocumentState: favorite },
    current: null,
    expected: { kind: 'write' },
    asks: true,
  },
];

function decide(c: Case, asked: string[] = []) {
  const sent = sentDocument(c.row);
  if (!sent.ok) throw new Error(`case ${c.name}: the row names no document`);
  return decideRow({
    collection: c.collection,
    viewer: c.caller,
    row: c.row,
    doc: sent.doc,
    current: c.current,
    operator: async () => {
      asked.push('operator');
      return { id: c.caller.id, name: '测试用户', role: c.caller.role };
    },
    settings: async () => {
      asked.push('settings');
      return resolveSettings([]);
    },
    admitNew: async () => {
      asked.push('cap');
      return c.capRoom ?? true;
    },
  });
}

describe('decideRow', () => {
  it.each(CASES)('$name', async (c) => {
    const asked: string[] = [];
    const decision = await decide(c, asked);
    expect(decision).toMatchObject(c.expected);
    if (!c.asks) expect(asked).toEqual([]);
    // Every refusal code is one of the gateway's codes, with its text in one place.
    if (decision.kind === 'refuse') expect(Object.keys(ERROR_MESSAGES)).toContain(decision.code);
  });

  it('writes a new favourite with no revision, its creation time the gateway’s', async () => {
    const decision = await decide(CASES.at(-1)!);
    expect(decision.kind).toBe('write');
    if (decision.kind !== 'write') return;
    expect(decision.doc).toMatchObject({ _id: favorite.id, user_id: alice.id });
    expect(decision.doc.created_at).not.toBe(favorite.created_at);
    expect(decision.doc).not.toHaveProperty('_rev');
  });

  it('writes an update at the live revision, and accepts the same content unchanged', async () => {
    const demand = buildDemand({ user_id: alice.id });
    const create: Case = {
      name: 'a new demand',
      collection: 'demands',
      caller: alice,
      row: { newDocumentState: demand },
      current: null,
      expected: { kind: 'write' },
      asks: true,
    };
    const created = await decide(create);
    if (created.kind !== 'write') throw new Error(`not written: ${JSON.stringify(created)}`);
    const current = { ...created.doc, _rev: '1-a' };
    const copy = deviceCopy(current);
    const again = { ...create, row: { assumedMasterState: copy, newDocumentState: copy }, current };
    expect(await decide(again)).toEqual({ kind: 'unchanged' });
    const asked: string[] = [];
    const edit = {
      ...again,
      row: { ...again.row, newDocumentState: { ...copy, title: '求购两室' } },
    };
    expect(await decide(edit, asked)).toMatchObject({
      kind: 'write',
      doc: { _id: demand.id, _rev: '1-a', title: '求购两室' },
    });
    expect(asked).not.toContain('cap'); // an edit is never counted against the cap
  });
});

describe('sentDocument', () => {
  it.each([
    ['a path', '../x', '../x'],
    ['an id too long', 'a'.repeat(100), 'a'.repeat(64)],
    ['no id', undefined, ''],
    ['a number', 42, ''],
  ])('refuses %s as the row’s id, naming what it can', (_name, id, stubId) => {
    expect(sentDocument({ newDocumentState: { id } })).toEqual({
      ok: false,
      code: 'validation_failed',
      message: SYNC_MESSAGES.idMismatch,
      stubId,
    });
  });

  it('takes a valid id as the document’s', () => {
    expect(sentDocument({ newDocumentState: favorite })).toMatchObject({
      ok: true,
      id: favorite.id,
    });
  });
});
